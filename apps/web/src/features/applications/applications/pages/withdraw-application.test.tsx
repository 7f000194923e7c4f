// The applicant's withdrawal: Withdraw application offered from submission until allotment (not on a draft nor an
// allotted application), its dialog stating the consequence and sending the optional reason, the server's refusal
// said in the dialog; the application's refunds on its payments tab with the UTR once paid; and the withdrawn
// status's Right now sentence.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Application, ApplicationStatus, Refund } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import { ASSET, PROFILE, application } from '../test/fixtures';

function paidRefund(app: Application): Refund {
  return {
    id: 'd0000000-0000-4000-8000-000000000001',
    refund_number: 'RFD-2026-000001',
    kind: 'emd',
    status: 'paid',
    amount: 200000,
    application_id: app.id,
    application_number: app.application_number,
    allotment_id: null,
    allotment_number: null,
    applicant_id: PROFILE.id,
    payee_user_id: PROFILE.user_id,
    payee_name: 'Ravi Kumar',
    organization_name: PROFILE.organization_name,
    note: null,
    prepared_by: 'f0000000-0000-4000-8000-000000000001',
    prepared_by_name: 'Maker',
    prepared_at: '2026-04-03T06:00:00.000Z',
    approved_by: 'f0000000-0000-4000-8000-000000000002',
    approved_by_name: 'Checker',
    approved_at: '2026-04-04T06:00:00.000Z',
    rejected_by: null,
    rejected_at: null,
    rejection_reason: null,
    paid_by: 'f0000000-0000-4000-8000-000000000001',
    paid_at: '2026-04-05T00:00:00.000+05:30',
    utr: 'SBIN26040512345',
    bank: null,
  };
}

async function openApplication(
  status: ApplicationStatus,
  extra: { refunds?: Refund[]; withdraw?: () => Response } = {},
) {
  const app = application({ status, submitted_at: status === 'draft' ? null : '2026-04-01T10:00:00Z' });
  signedInAs('entrepreneur');
  const fetchMock = stubFetch((url, init) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    if (key === `GET /api/applications/${app.id}`) return jsonResponse(200, app);
    if (key === `GET /api/assets/${ASSET.id}`) return jsonResponse(200, ASSET);
    if (key === 'GET /api/applicants/me') return jsonResponse(200, PROFILE);
    if (key.startsWith('GET /api/refunds?')) return jsonResponse(200, extra.refunds ?? []);
    if (key === `POST /api/applications/${app.id}/withdraw`)
      return extra.withdraw?.() ?? jsonResponse(200, { ...app, status: 'withdrawn' });
    return jsonResponse(200, []);
  });
  renderApp(`/applications/${app.id}`);
  await screen.findByRole('heading', { level: 1, name: app.application_number });
  const posts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => [String(url), JSON.parse(String(init?.body ?? '{}'))] as const);
  return { app, posts };
}

describe("the applicant's withdrawal", () => {
  it('is offered after submission and before allotment only', async () => {
    for (const status of ['submitted', 'pending_payment'] as const) {
      const { app } = await openApplication(status);
      expect(screen.getByRole('button', { name: 'Withdraw application' })).toBeInTheDocument();
      screen.getByRole('heading', { level: 1, name: app.application_number });
      document.body.innerHTML = '';
    }
    for (const status of ['draft', 'provisional_allotment', 'withdrawn'] as const) {
      await openApplication(status);
      expect(screen.queryByRole('button', { name: 'Withdraw application' })).not.toBeInTheDocument();
      document.body.innerHTML = '';
    }
  });

  it('states the consequence and sends the reason; a refusal is said in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { app, posts } = await openApplication('under_scrutiny', {
      withdraw: () =>
        refuse
          ? jsonResponse(409, {
              detail: 'An application in status Allotted cannot be moved to Withdrawn',
              code: 'wrong_state',
            })
          : jsonResponse(200, {}),
    });
    await user.click(screen.getByRole('button', { name: 'Withdraw application' }));
    const dialog = await screen.findByRole('dialog', { name: `Withdraw application ${app.application_number}?` });
    expect(
      within(dialog).getByText(/If you paid the EMD, it will be refunded to the bank account/),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'We found land elsewhere');
    // Said in words first (decision 024); only Withdraw application there sends it.
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    expect(within(dialog).getByRole('region', { name: 'Check before you confirm' })).toHaveTextContent(
      `Application ${app.application_number} will be WITHDRAWN.`,
    );
    expect(posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));
    expect(
      await within(dialog).findByText('An application in status Allotted cannot be moved to Withdrawn'),
    ).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()).toEqual([
      [`/api/applications/${app.id}/withdraw`, { reason: 'We found land elsewhere' }],
      [`/api/applications/${app.id}/withdraw`, { reason: 'We found land elsewhere' }],
    ]);
  });

  it('says what happens next on a withdrawn application and shows its refund with the UTR once paid', async () => {
    const user = userEvent.setup();
    const app = application({ status: 'withdrawn' });
    const { app: shown } = await openApplication('withdrawn', { refunds: [paidRefund(app)] });
    expect(
      within(screen.getByRole('region', { name: 'Right now' })).getByText(
        /You withdrew this application\. If you paid the EMD, it will be refunded to your bank account/,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    const refunds = await screen.findByRole('region', { name: 'Refunds on this application' });
    expect(within(refunds).getByText('RFD-2026-000001')).toBeInTheDocument();
    expect(within(refunds).getByText('₹2,00,000')).toBeInTheDocument();
    expect(within(refunds).getByText(/Paid on 5 Apr 2026; bank reference \(UTR\) SBIN26040512345/)).toBeInTheDocument();
    expect(shown.status).toBe('withdrawn');
  });
});
