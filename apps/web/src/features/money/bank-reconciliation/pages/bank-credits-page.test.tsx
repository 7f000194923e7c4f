// Unmatched credits (finance): each credit's status and why it was not matched; Settle choosing the invoice by its
// number and saying why; Approve and Reject offered only to someone other than the settlement's maker, the server's
// maker-checker refusal worded in the dialog; Set aside with a reason; and no such screen for an entrepreneur.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  BANK_CREDIT_STATUSES,
  BANK_CREDIT_UNMATCHED_REASONS,
  STATEMENT_ROW_ERRORS,
  type BankCredit,
  type Invoice,
} from '@portal/contract';
import {
  jsonResponse,
  pageResponse,
  queryOf,
  renderApp,
  signedInAs,
  stubFetch,
  userFor,
} from '../../../../test/render-app';
import catalogue from '../i18n/en.json';

const UNMATCHED: BankCredit = {
  id: 'b1000000-0000-4000-8000-000000000001',
  import_id: 'b0000000-0000-4000-8000-000000000001',
  bank_reference: 'HDFC0412345678',
  value_date: '2026-04-06',
  amount: 200000,
  narration: 'NEFT KRISHNA CASTINGS EMD',
  quoted_reference: null,
  status: 'unmatched',
  unmatched_reason: 'no_reference',
  challan_id: null,
  payment_id: null,
  settle_invoice_id: null,
  settle_invoice_number: null,
  settle_note: null,
  settle_prepared_by: null,
  settle_prepared_by_name: null,
  settle_prepared_at: null,
  settle_approved_by: null,
  settle_approved_by_name: null,
  settle_approved_at: null,
  settle_rejected_at: null,
  settle_rejected_reason: null,
  set_aside_by_name: null,
  set_aside_at: null,
  set_aside_reason: null,
  created_at: '2026-04-07T06:00:00.000Z',
};

const OTHER_MAKER = 'f0000000-0000-4000-8000-000000000009';
const pending = (maker: string, reference: string, id: string): BankCredit => ({
  ...UNMATCHED,
  id,
  bank_reference: reference,
  status: 'settlement_pending',
  unmatched_reason: null,
  settle_invoice_id: 'd0000000-0000-4000-8000-000000000002',
  settle_invoice_number: 'INV-2026-000002',
  settle_note: 'The payer wrote to us naming the invoice',
  settle_prepared_by: maker,
  settle_prepared_by_name: 'Somebody',
  settle_prepared_at: '2026-04-08T06:00:00.000Z',
});
const MINE = pending(userFor('finance').id, 'UTIB0000000001', 'b1000000-0000-4000-8000-000000000002');
const THEIRS = pending(OTHER_MAKER, 'SBIN0000000002', 'b1000000-0000-4000-8000-000000000003');

const EMD: Invoice = {
  id: 'd0000000-0000-4000-8000-000000000002',
  invoice_number: 'INV-2026-000002',
  application_id: 'c0000000-0000-4000-8000-000000000001',
  invoice_type: 'emd',
  service_request_id: null,
  amount: 200000,
  due_date: '2026-05-03',
  status: 'pending',
  generated_at: '2026-04-01T10:00:00Z',
  paid_at: null,
  allotment_id: null,
  financial_year: null,
  interest: 0,
  amount_due: 200000,
};

function stubCredits({ approve }: { approve?: () => Response } = {}) {
  const fetchMock = stubFetch((url, init) => {
    if (url.startsWith('/api/bank-credits?')) return pageResponse([UNMATCHED, MINE, THEIRS]);
    if (url.startsWith('/api/invoices?')) return pageResponse([EMD]);
    if (init.method === 'POST' && url.endsWith('/settlement/approve'))
      return approve?.() ?? jsonResponse(200, { ...THEIRS, status: 'settled' });
    if (init.method === 'POST' && url.endsWith('/settlement'))
      return jsonResponse(200, pending(userFor('finance').id, UNMATCHED.bank_reference, UNMATCHED.id));
    if (init.method === 'POST' && url.endsWith('/set-aside'))
      return jsonResponse(200, { ...UNMATCHED, status: 'set_aside' });
    return pageResponse([]);
  });
  const posts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => [String(url), JSON.parse(String(init?.body ?? '{}'))] as const);
  return { fetchMock, posts };
}

async function openCredits() {
  signedInAs('finance');
  renderApp('/finance/bank-credits');
  return screen.findByRole('region', { name: 'Bank credits' });
}

const rowOf = (table: HTMLElement, reference: string) => within(table).getByText(reference).closest('tr')!;

describe('unmatched credits page', () => {
  it('words every status, reason and malformed line of the contract', () => {
    expect(Object.keys(catalogue.statuses).sort()).toEqual([...BANK_CREDIT_STATUSES].sort());
    expect(Object.keys(catalogue.reasons).sort()).toEqual([...BANK_CREDIT_UNMATCHED_REASONS].sort());
    expect(Object.keys(catalogue.errors).sort()).toEqual([...STATEMENT_ROW_ERRORS].sort());
  });

  it('settles an unmatched credit against the invoice found by its number, with the reason', async () => {
    const user = userEvent.setup();
    const { posts, fetchMock } = stubCredits();
    const table = await openCredits();
    const row = rowOf(table, UNMATCHED.bank_reference);
    expect(within(row).getByText('Quotes no challan number')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: `Settle the credit ${UNMATCHED.bank_reference}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle a bank credit' });
    // Submitting empty names both fields.
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(await within(dialog).findAllByText('Choose the invoice this credit pays.')).not.toHaveLength(0);
    const select = await within(dialog).findByRole('combobox', { name: 'Invoice this credit pays' });
    await within(select).findByRole('option', { name: 'INV-2026-000002: ₹2,00,000 due' });
    await user.selectOptions(select, EMD.id);
    await user.type(within(dialog).getByRole('textbox', { name: /Why this invoice/ }), 'The payer named it by letter');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() =>
      expect(posts()).toContainEqual([
        `/api/bank-credits/${UNMATCHED.id}/settlement`,
        { invoice_id: EMD.id, note: 'The payer named it by letter' },
      ]),
    );
    // The invoices offered are the unpaid ones.
    const invoiceCall = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/invoices?'));
    expect(queryOf(invoiceCall!).status).toBe('pending,overdue');
  });

  it("offers Approve and Reject only on another maker's settlement, and words the maker-checker refusal", async () => {
    const user = userEvent.setup();
    const { posts } = stubCredits({
      approve: () =>
        jsonResponse(403, { detail: 'The settlement must be approved by someone else', code: 'maker_cannot_check' }),
    });
    const table = await openCredits();
    const mine = rowOf(table, MINE.bank_reference);
    expect(within(mine).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();

    const theirs = rowOf(table, THEIRS.bank_reference);
    await user.click(
      within(theirs).getByRole('button', { name: `Approve the settlement of ${THEIRS.bank_reference}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve the settlement' });
    expect(within(dialog).getByText(/INV-2026-000002 will be marked paid by NEFT\/RTGS/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    expect(
      await within(dialog).findByText(
        'You prepared this settlement, so another finance officer or an administrator must decide it.',
      ),
    ).toBeInTheDocument();
    expect(posts().map(([url]) => url)).toEqual([`/api/bank-credits/${THEIRS.id}/settlement/approve`]);
  });

  it('sets a credit aside with its reason', async () => {
    const user = userEvent.setup();
    const { posts } = stubCredits();
    const table = await openCredits();
    await user.click(
      within(rowOf(table, UNMATCHED.bank_reference)).getByRole('button', {
        name: `Set aside the credit ${UNMATCHED.bank_reference}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Set the credit aside' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Credited to us by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Set aside' }));
    await waitFor(() =>
      expect(posts()).toContainEqual([
        `/api/bank-credits/${UNMATCHED.id}/set-aside`,
        { reason: 'Credited to us by mistake' },
      ]),
    );
  });

  it('is not a screen for an entrepreneur', async () => {
    stubFetch();
    signedInAs('entrepreneur');
    renderApp('/finance/bank-credits');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Unmatched credits' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Bank credits' })).not.toBeInTheDocument();
  });
});
