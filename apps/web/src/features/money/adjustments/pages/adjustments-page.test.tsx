// Adjustments (maker-checker): the late yearly dues with their interest and Waive interest preparing a waiver with a
// reason; Approve and Reject offered only on another maker's adjustment, the server's maker-checker refusal worded;
// a debit prepared for an application found by its number; every kind and stage worded; in Hindi too.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADJUSTMENT_KINDS, APPROVAL_STATUSES, type Invoice, type LedgerAdjustment } from '@portal/contract';
import { changeLanguage } from '../../../../lib/i18n';
import { jsonResponse, pageResponse, renderApp, signedInAs, stubFetch, userFor } from '../../../../test/render-app';
import catalogue from '../i18n/en.json';

const LATE: Invoice = {
  id: '88888888-8888-4888-8888-888888888881',
  invoice_number: 'INV-2026-000101',
  application_id: '33333333-3333-4333-8333-333333333333',
  invoice_type: 'lease_rent',
  service_request_id: null,
  amount: 1000,
  due_date: '2026-05-01',
  status: 'overdue',
  generated_at: '2026-04-01T00:00:00.000Z',
  paid_at: null,
  allotment_id: '44444444-4444-4444-8444-444444444444',
  financial_year: 2026,
  interest: 68.38,
  amount_due: 1068.38,
};

const adjustment = (overrides: Partial<LedgerAdjustment>): LedgerAdjustment => ({
  id: '77777777-7777-4777-8777-777777777771',
  adjustment_number: 'ADJ-2026-000001',
  kind: 'interest_waiver',
  status: 'pending',
  application_id: LATE.application_id,
  application_number: 'APP-2026-000042',
  invoice_id: LATE.id,
  invoice_number: LATE.invoice_number,
  amount: 68.38,
  reason: 'Possession was delayed',
  maker_id: '00000000-0000-4000-8000-00000000abcd',
  maker_name: 'Second Finance Officer',
  made_at: '2026-11-20T05:00:00.000Z',
  checker_id: null,
  checker_name: null,
  checked_at: null,
  rejection_reason: null,
  ...overrides,
});

const THEIRS = adjustment({});
const MINE = adjustment({
  id: '77777777-7777-4777-8777-777777777772',
  adjustment_number: 'ADJ-2026-000002',
  kind: 'credit',
  invoice_id: null,
  invoice_number: null,
  amount: 100,
  maker_id: userFor('finance').id,
  maker_name: userFor('finance').full_name,
});

function server({ approve }: { approve?: () => Response } = {}) {
  const fetchMock = stubFetch((url, init) => {
    if (url.startsWith('/api/invoices')) return pageResponse([LATE]);
    if (url.startsWith('/api/ledger-adjustments?') && url.includes('status=pending'))
      return pageResponse([MINE, THEIRS]);
    if (url.startsWith('/api/applications?'))
      return pageResponse([{ id: LATE.application_id, application_number: 'APP-2026-000042' }]);
    if (init.method === 'POST' && url.endsWith('/approve'))
      return approve?.() ?? jsonResponse(200, { ...THEIRS, status: 'approved' });
    if (init.method === 'POST' && url === '/api/ledger-adjustments') return jsonResponse(201, THEIRS);
    return pageResponse([]);
  });
  const calls = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === method)
      .map(([url, init]) => [String(url), JSON.parse(String(init?.body ?? '{}'))] as const);
  return { fetchMock, calls };
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('adjustments page', { timeout: 20_000 }, () => {
  it('words every kind and stage of the contract', () => {
    expect(Object.keys(catalogue.kinds).sort()).toEqual([...ADJUSTMENT_KINDS].sort());
    expect(Object.keys(catalogue.lists).sort()).toEqual([...APPROVAL_STATUSES].sort());
    expect(Object.keys(catalogue.approve.consequences).sort()).toEqual([...ADJUSTMENT_KINDS].sort());
  });

  it('lists late dues with their interest and prepares a waiver with its reason', async () => {
    const user = userEvent.setup();
    const { calls, fetchMock } = server();
    signedInAs('finance');
    renderApp('/finance/adjustments?view=late');
    const table = await screen.findByRole(
      'region',
      { name: 'Late yearly dues with interest accrued' },
      { timeout: 15_000 },
    );
    const row = rowOf(table, LATE.invoice_number);
    expect(row).toHaveTextContent('Lease rent');
    expect(row).toHaveTextContent('₹68.38');
    const invoiceUrl = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/invoices'))!;
    expect(invoiceUrl).toContain('status=overdue');
    expect(invoiceUrl).toContain('invoice_type=lease_rent%2Cmaintenance_charge');

    await user.click(within(row).getByRole('button', { name: `Waive interest on invoice ${LATE.invoice_number}` }));
    const dialog = await screen.findByRole('dialog', { name: `Waive interest on invoice ${LATE.invoice_number}` });
    await user.click(within(dialog).getByRole('button', { name: 'Prepare waiver' }));
    expect((await within(dialog).findAllByText('Give the reason for the waiver.')).length).toBeGreaterThan(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Possession was delayed');
    await user.click(within(dialog).getByRole('button', { name: 'Prepare waiver' }));
    await waitFor(() =>
      expect(calls('POST')).toEqual([
        [
          '/api/ledger-adjustments',
          {
            application_id: LATE.application_id,
            kind: 'interest_waiver',
            invoice_id: LATE.id,
            reason: 'Possession was delayed',
          },
        ],
      ]),
    );
  });

  it("offers Approve and Reject only on another maker's adjustment, and words the maker-checker refusal", async () => {
    const user = userEvent.setup();
    const { calls } = server({
      approve: () => jsonResponse(403, { detail: 'maker', code: 'maker_cannot_check' }),
    });
    signedInAs('finance');
    renderApp('/finance/adjustments');
    const table = await screen.findByRole('region', { name: 'Adjustments waiting for a checker' });
    const mine = rowOf(table, MINE.adjustment_number);
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    expect(mine).toHaveTextContent('Waiting for another officer to check');
    const theirs = rowOf(table, THEIRS.adjustment_number);
    expect(
      within(theirs).getByRole('button', { name: `Reject adjustment ${THEIRS.adjustment_number}` }),
    ).toBeInTheDocument();
    await user.click(within(theirs).getByRole('button', { name: `Approve adjustment ${THEIRS.adjustment_number}` }));
    const dialog = await screen.findByRole('dialog', {
      name: `Approve Interest waiver ${THEIRS.adjustment_number}`,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText('You prepared this adjustment, so another officer must approve or reject it.'),
    ).toBeInTheDocument();
    expect(calls('POST').map(([url]) => url)).toEqual([`/api/ledger-adjustments/${THEIRS.id}/approve`]);
  });

  it('prepares a debit for an application found by its number', async () => {
    const user = userEvent.setup();
    const { calls } = server();
    signedInAs('finance');
    renderApp('/finance/adjustments');
    await user.click(await screen.findByRole('button', { name: 'Prepare a debit or credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prepare a debit or credit' });
    await user.type(within(dialog).getByLabelText('Application number'), 'app-2026-000042');
    await user.type(within(dialog).getByLabelText('Amount in rupees'), '250.50');
    await user.type(within(dialog).getByLabelText('Reason'), 'Water charges not billed');
    await user.click(within(dialog).getByRole('button', { name: 'Prepare adjustment' }));
    await waitFor(() =>
      expect(calls('POST')).toEqual([
        [
          '/api/ledger-adjustments',
          {
            application_id: LATE.application_id,
            kind: 'debit',
            amount: 250.5,
            reason: 'Water charges not billed',
          },
        ],
      ]),
    );
  });

  it('speaks Hindi', async () => {
    server();
    signedInAs('finance');
    await changeLanguage('hi');
    try {
      renderApp('/finance/adjustments');
      expect(await screen.findByRole('heading', { level: 1, name: 'समायोजन' })).toBeInTheDocument();
      expect(await screen.findByRole('region', { name: 'जाँचकर्ता की प्रतीक्षा में समायोजन' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
