// The lease deed's second way (decision 035): the allottee is offered the portal's deed to read and to sign with
// Aadhaar eSign, the start sends the page to the eSign provider with the signed request (or says, in Hindi, that an
// eSign is already under way), the page tells what came back (signed; refused, in Telugu), and the officer's screen
// names the signer.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Allotment, Application, LeaseDeedEsignStart } from '@portal/contract';
import { changeLanguage } from '../../../../lib/i18n';
import { jsonResponse, renderApp, signedInAs, stubFetch, type FetchHandler } from '../../../../test/render-app';
import { ASSET, PROFILE, application } from '../test/fixtures';
import {
  allotment as officerAllotment,
  APP_ID,
  application as officerApplication,
  fakeApi,
  leaseDeed,
} from '../test/officer-fixtures';

const allotted = application({ status: 'provisional_allotment', current_stage: 'Provisional allotment' });
const ALLOTMENT: Allotment = {
  id: '90000000-0000-4000-8000-000000000001',
  application_id: allotted.id,
  asset_id: ASSET.id,
  allotment_number: 'ALT-2026-000001',
  allotment_type: 'provisional',
  allotment_date: '2026-03-01',
  expiry_date: '2026-09-01',
  status: 'active',
  letter_generated: true,
  created_at: '2026-03-01T10:00:00Z',
  holder_user_id: '00000000-0000-4000-8000-000000000001',
  possession_date: null,
  lease_ends_on: null,
  ended_on: null,
  refund_due: null,
  milestones: [],
  services_allowed: [],
  services: [],
};

const STARTED: LeaseDeedEsignStart = {
  esp_url: 'http://127.0.0.1:9/esign/2.1/signdoc',
  esign_request: '<Esign ver="2.1" txn="t-1"></Esign>',
  esign_request_field: 'eSignRequest',
  txn: 't-1',
  txn_field: 'aspTxnId',
  expires_at: '2026-03-10T10:15:00Z',
};

function handler(app: Application, start: () => Response): FetchHandler {
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    if (key === `GET /api/applications/${app.id}`) return jsonResponse(200, app);
    if (key === `GET /api/assets/${ASSET.id}`) return jsonResponse(200, ASSET);
    if (key === 'GET /api/applicants/me') return jsonResponse(200, PROFILE);
    if (key === `GET /api/allotments?application_id=${app.id}`) return jsonResponse(200, [ALLOTMENT]);
    if (key === `GET /api/allotments/${ALLOTMENT.id}/lease-deed`) return jsonResponse(404, { detail: 'No lease deed' });
    if (key === `GET /api/allotments/${ALLOTMENT.id}/possession`) return jsonResponse(404, { detail: 'none' });
    if (key === `POST /api/allotments/${ALLOTMENT.id}/lease-deed/esign`) return start();
    return jsonResponse(200, []);
  };
}

async function open(path: string, start: () => Response = () => jsonResponse(201, STARTED)) {
  signedInAs('entrepreneur');
  const fetchMock = stubFetch(handler(allotted, start));
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: allotted.application_number });
  return { ...rendered, fetchMock, user: userEvent.setup() };
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('signing the lease deed with Aadhaar eSign', { timeout: 20_000 }, () => {
  it('explains the way out to the eSign provider, offers the deed to read, and posts the signed request there', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const { fetchMock, user } = await open(`/applications/${allotted.id}`);
    const card = await screen.findByRole('region', { name: 'Sign the deed with Aadhaar eSign' });
    expect(card).toHaveTextContent("You will be taken to the eSign provider's page.");
    expect(within(card).getByRole('button', { name: 'Download PDF: lease deed ALT-2026-000001' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Sign the deed with Aadhaar eSign' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(
      fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/lease-deed/esign')),
    ).toBe(true);
    const form = submit.mock.instances[0] as unknown as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe(STARTED.esp_url);
    expect(Object.fromEntries(new FormData(form))).toEqual({ eSignRequest: STARTED.esign_request, aspTxnId: 't-1' });
    expect(within(card).getByRole('button', { name: 'Taking you to the eSign provider...' })).toBeDisabled();
    submit.mockRestore();
  });

  it('says in Hindi that an eSign is already under way', async () => {
    await changeLanguage('hi');
    const { user } = await open(`/applications/${allotted.id}`, () =>
      jsonResponse(409, { detail: 'An eSign of this lease deed was started', code: 'esign_pending' }),
    );
    const card = await screen.findByRole('region', { name: 'आधार ई-साइन से विलेख पर हस्ताक्षर करें' });
    await user.click(within(card).getByRole('button', { name: 'आधार ई-साइन से विलेख पर हस्ताक्षर करें' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'आपने 15 मिनट से कम समय पहले इस विलेख का ई-साइन शुरू किया था।',
    );
  });

  it('tells on return that the deed was signed and sent for verification, until closed', async () => {
    const { user, router } = await open(`/applications/${allotted.id}?esign=signed`);
    const notice = await screen.findByRole('status', { name: '' });
    expect(notice).toHaveTextContent(
      'Lease deed signedYour lease deed was signed with Aadhaar eSign and sent to the corporation for verification.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText(/Your lease deed was signed/)).not.toBeInTheDocument();
  });

  it('tells in Telugu why an answer was refused, and that nothing changed', async () => {
    await changeLanguage('te');
    await open(`/applications/${allotted.id}?esign=hash_mismatch`);
    const alert = await screen.findByText('తిరిగి వచ్చిన సంతకం మీ లీజు దస్తావేజుది కాదు, వేరే పత్రానిది.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      'లీజు దస్తావేజుపై సంతకం కాలేదుతిరిగి వచ్చిన సంతకం మీ లీజు దస్తావేజుది కాదు, వేరే పత్రానిది.ఏదీ మారలేదు',
    );
  });

  it("shows the officer who eSigned the deed, by the certificate's name", async () => {
    signedInAs('zonal_manager');
    stubFetch(
      fakeApi({
        application: officerApplication('lease_submitted'),
        allotment: officerAllotment,
        leaseDeed: { ...leaseDeed('pending'), esigned_by: 'Ravi Kumar' },
      }).handler,
    );
    renderApp(`/officer/applications/${APP_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Allotment & Possession' }));
    expect(await screen.findByText('eSigned by Ravi Kumar with Aadhaar eSign')).toBeInTheDocument();
  });
});
