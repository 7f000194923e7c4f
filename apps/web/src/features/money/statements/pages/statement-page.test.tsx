// The statement of account screen: balances and the entries with their running balance, a period typed as
// dd/mm/yyyy asked of the server as YYYY-MM-DD (and the PDF of that period), the pages of a long statement, and the
// no-dues certificate: offered only at a nil balance (the reason shown otherwise), issued with its code and PDF, a
// refusal worded with the balance; in Hindi too.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NoDuesCertificate, Statement } from '@portal/contract';
import { changeLanguage } from '../../../../lib/i18n';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

const APPLICATION_ID = 'a1000000-0000-4000-8000-000000000001';
const ALLOTMENT_ID = 'b1000000-0000-4000-8000-000000000001';

function statement(overrides: Partial<Statement> = {}): Statement {
  return {
    account: {
      application_id: APPLICATION_ID,
      application_number: 'APP-2026-000042',
      allotment_id: ALLOTMENT_ID,
      allotment_number: 'ALT-2026-000007',
      holder_name: 'Godavari Ledger Works',
      asset_code: 'HYD-PL-007',
    },
    from: null,
    to: null,
    opening_balance: 0,
    closing_balance: 200000,
    total_debit: 211800,
    total_credit: 11800,
    current_balance: 200000,
    unpaid_invoices: 1,
    entry_count: 3,
    entries: [
      {
        id: 1,
        posted_at: '2026-04-01T05:00:00.000Z',
        entry_type: 'invoice',
        reference: 'INV-2026-000101',
        debit: 11800,
        credit: 0,
        balance: 11800,
      },
      {
        id: 2,
        posted_at: '2026-04-01T05:00:00.000Z',
        entry_type: 'invoice',
        reference: 'INV-2026-000102',
        debit: 200000,
        credit: 0,
        balance: 211800,
      },
      {
        id: 3,
        posted_at: '2026-04-02T06:00:00.000Z',
        entry_type: 'payment',
        reference: 'RCP-2026-000055',
        debit: 0,
        credit: 11800,
        balance: 200000,
      },
    ],
    ...overrides,
  };
}

const CLEAR = statement({ closing_balance: 0, current_balance: 0, unpaid_invoices: 0 });

const CERTIFICATE: NoDuesCertificate = {
  id: 'c1000000-0000-4000-8000-000000000001',
  allotment_id: ALLOTMENT_ID,
  document_number: 'NDC-2026-000003',
  verification_code: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01',
  as_on: '2026-11-26',
  issued_at: '2026-11-26T10:00:00.000Z',
  holder_name: 'Godavari Ledger Works',
};

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(async () => {
  await changeLanguage('en');
});

const row = (reference: string) => screen.getByRole('cell', { name: reference }).closest('tr')!;

describe('statement of account', () => {
  it('shows the balances and each entry with the balance after it; a period asks the server and the PDF for it', async () => {
    const user = userEvent.setup();
    signedInAs('entrepreneur');
    const fetchMock = stubFetch((url) => {
      if (url.startsWith(`/api/applications/${APPLICATION_ID}/statement.pdf`))
        return new Response('%PDF-1.7 statement', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      if (url.startsWith(`/api/applications/${APPLICATION_ID}/statement`)) {
        const query = queryOf(url);
        return jsonResponse(200, query.from ? statement({ from: query.from, opening_balance: 11800 }) : statement());
      }
      return pageResponse([]);
    });
    renderApp(`/statements/applications/${APPLICATION_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Statement of account' })).toBeInTheDocument();
    expect(
      await screen.findByText(/Application APP-2026-000042 · Allotment ALT-2026-000007 · Godavari Ledger Works/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('summary-opening')).toHaveTextContent('₹0, nothing payable');
    expect(screen.getByTestId('summary-closing')).toHaveTextContent('₹2,00,000 payable');
    expect(screen.getByTestId('summary-debit')).toHaveTextContent('₹2,11,800');
    expect(screen.getByTestId('summary-credit')).toHaveTextContent('₹11,800');
    expect(within(row('INV-2026-000102')).getByText('₹2,11,800')).toBeInTheDocument();
    expect(within(row('RCP-2026-000055')).getByText('Payment received')).toBeInTheDocument();
    expect(within(row('RCP-2026-000055')).getByText('₹2,00,000')).toBeInTheDocument();
    // An application's statement offers no certificate: that is the plot's.
    expect(screen.queryByRole('button', { name: 'Get no-dues certificate' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('From'), '02/04/2026');
    await waitFor(() => expect(screen.getByTestId('summary-opening')).toHaveTextContent('₹11,800 payable'));
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/statement?'));
    expect(queryOf(asked.at(-1)!)).toMatchObject({ from: '2026-04-02', limit: '50', offset: '0' });

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['statement-ALT-2026-000007.pdf']));
    expect(
      fetchMock.mock.calls.some(
        ([url]) => String(url) === `/api/applications/${APPLICATION_ID}/statement.pdf?from=2026-04-02`,
      ),
    ).toBe(true);
  });

  it('adds up on its face: every row and balance to the paisa', async () => {
    signedInAs('entrepreneur');
    const entries: Statement['entries'] = [
      {
        id: 1,
        posted_at: '2026-04-01T05:00:00.000Z',
        entry_type: 'invoice',
        reference: 'INV-2026-000201',
        debit: 570.4,
        credit: 0,
        balance: 570.4,
      },
      {
        id: 2,
        posted_at: '2026-04-02T05:00:00.000Z',
        entry_type: 'invoice',
        reference: 'INV-2026-000202',
        debit: 6842.2,
        credit: 0,
        balance: 7412.6,
      },
    ];
    const owed = statement({
      entries,
      entry_count: 2,
      total_debit: 7412.6,
      total_credit: 0,
      closing_balance: 7412.6,
      current_balance: 7412.6,
    });
    stubFetch((url) =>
      url.startsWith(`/api/applications/${APPLICATION_ID}/statement`) ? jsonResponse(200, owed) : pageResponse([]),
    );
    renderApp(`/statements/applications/${APPLICATION_ID}`);
    expect(await screen.findByRole('cell', { name: 'INV-2026-000201' })).toBeInTheDocument();
    expect(within(row('INV-2026-000201')).getAllByText('₹570.40')).toHaveLength(2);
    expect(within(row('INV-2026-000202')).getByText('₹6,842.20')).toBeInTheDocument();
    expect(within(row('INV-2026-000202')).getByText('₹7,412.60')).toBeInTheDocument();
    expect(screen.getByTestId('summary-debit')).toHaveTextContent('₹7,412.60');
    expect(screen.getByTestId('summary-closing')).toHaveTextContent('₹7,412.60 payable');
  });

  it('pages a long statement: the next page asks the next offset', async () => {
    const user = userEvent.setup();
    signedInAs('finance');
    const fetchMock = stubFetch((url) =>
      url.startsWith(`/api/allotments/${ALLOTMENT_ID}/statement`)
        ? jsonResponse(200, statement({ entry_count: 120 }))
        : pageResponse([]),
    );
    renderApp(`/statements/allotments/${ALLOTMENT_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Statement of account of the plot' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Entries (120)' })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages of entries' })).getByRole('button', { name: /Next/ }),
    );
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url).includes('/statement?') && queryOf(String(url)).offset === '50',
        ),
      ).toBe(true),
    );
  });

  it('offers the no-dues certificate only at a nil balance, saying why otherwise', async () => {
    signedInAs('entrepreneur');
    stubFetch((url) =>
      url.startsWith(`/api/allotments/${ALLOTMENT_ID}/statement`) ? jsonResponse(200, statement()) : pageResponse([]),
    );
    renderApp(`/statements/allotments/${ALLOTMENT_ID}`);
    const button = await screen.findByRole('button', { name: 'Get no-dues certificate' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Not available yet: the balance is ₹2,00,000 payable and 1 invoice is unpaid.',
    );
  });

  it('says a balance in credit (a refund approved, not yet paid out) is not nil either', async () => {
    signedInAs('finance');
    stubFetch((url) =>
      url.startsWith(`/api/allotments/${ALLOTMENT_ID}/statement`)
        ? jsonResponse(200, statement({ closing_balance: -5000, current_balance: -5000, unpaid_invoices: 0 }))
        : pageResponse([]),
    );
    renderApp(`/statements/allotments/${ALLOTMENT_ID}`);
    const button = await screen.findByRole('button', { name: 'Get no-dues certificate' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Not available yet: the balance of the account is ₹5,000 in credit, not nil.',
    );
    expect(screen.getByTestId('summary-closing')).toHaveTextContent('₹5,000 in credit');
  });

  it('issues the certificate at zero, with its number, code and PDF', async () => {
    const user = userEvent.setup();
    signedInAs('entrepreneur');
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'POST' && url === `/api/allotments/${ALLOTMENT_ID}/no-dues-certificate`)
        return jsonResponse(201, CERTIFICATE);
      if (url === `/api/allotments/${ALLOTMENT_ID}/no-dues-certificate.pdf`)
        return new Response('%PDF-1.7 ndc', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      if (url.startsWith(`/api/allotments/${ALLOTMENT_ID}/statement`)) return jsonResponse(200, CLEAR);
      return pageResponse([]);
    });
    renderApp(`/statements/allotments/${ALLOTMENT_ID}`);
    const button = await screen.findByRole('button', { name: 'Get no-dues certificate' });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(
      await screen.findByText('No-dues certificate NDC-2026-000003 issued, as on 26 Nov 2026.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Verification code: ABCD-EFGH-JKMN-PQRS-TVWX-YZ01')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Download the certificate (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['no-dues-certificate-NDC-2026-000003.pdf']));
  });

  it('words a refusal with the balance the server names (dues posted since the screen was read), in Hindi', async () => {
    const user = userEvent.setup();
    signedInAs('entrepreneur');
    await changeLanguage('hi');
    stubFetch((url, init) => {
      if (init.method === 'POST')
        return jsonResponse(409, {
          detail: 'Dues are outstanding',
          code: 'dues_outstanding',
          reason: 'dues_outstanding',
          params: { amount: '5000.00' },
        });
      if (url.startsWith(`/api/allotments/${ALLOTMENT_ID}/statement`)) return jsonResponse(200, CLEAR);
      return pageResponse([]);
    });
    renderApp(`/statements/allotments/${ALLOTMENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'भूखंड का खाता विवरण' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'अदेयता प्रमाणपत्र प्राप्त करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('बकाया शेष है: शेष ₹5,000 है। पहले इसका भुगतान करें।');
  });
});
