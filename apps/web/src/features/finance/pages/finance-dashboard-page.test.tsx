// The finance dashboard: totals from the stats call, invoice search and status filter on the client, rows that open
// the application, the ten latest payments, and the spec's toast when loading fails.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Invoice, OfficerStats, Payment } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

const APP_A = '11111111-1111-4111-8111-111111111111';
const APP_B = '22222222-2222-4222-8222-222222222222';

function invoice(number: string, status: Invoice['status'], applicationId = APP_A, amount = 11_800): Invoice {
  return {
    id: crypto.randomUUID(),
    invoice_number: number,
    application_id: applicationId,
    invoice_type: 'processing_fee',
    amount,
    due_date: '2026-03-01',
    status,
    generated_at: '2026-01-30T10:00:00.000Z',
    paid_at: status === 'paid' ? '2026-02-01T10:00:00.000Z' : null,
  };
}

const INVOICES = [
  invoice('INV-2026-000101', 'pending', APP_A),
  invoice('INV-2026-000102', 'paid', APP_A),
  invoice('INV-2026-000203', 'overdue', APP_B, 255_000),
  invoice('INV-2025-000999', 'pending', APP_B),
];

const PAYMENTS: Payment[] = Array.from({ length: 12 }, (_, index) => ({
  id: crypto.randomUUID(),
  receipt_number: `RCP-2026-${String(index + 1).padStart(6, '0')}`,
  application_id: APP_A,
  invoice_id: crypto.randomUUID(),
  amount: 1000 * (index + 1),
  // Out of order on purpose: the page sorts newest first.
  payment_date: new Date(Date.UTC(2026, 1, 1 + ((index * 5) % 12))).toISOString(),
  payment_method: 'online',
  transaction_reference: `MOCK-${index}`,
  status: 'success',
}));

const STATS: OfficerStats = {
  total_applications: 4,
  pending_review: 2,
  pending_committee: 1,
  approved: 0,
  available_assets: 30,
  total_invoices: 4,
  pending_invoices: 3,
  paid_invoices: 1,
  overdue_invoices: 1,
  total_invoices_amount: 289_400,
  pending_invoices_amount: 277_600,
  paid_invoices_amount: 11_800,
  total_payments: 12,
  total_payments_amount: 78_000,
};

function stubFinance(overrides: { invoices?: Response } = {}) {
  return stubFetch((url) => {
    if (url.startsWith('/api/dashboard/stats')) return jsonResponse(200, STATS);
    if (url.startsWith('/api/invoices')) return overrides.invoices ?? jsonResponse(200, INVOICES);
    if (url.startsWith('/api/payments')) return jsonResponse(200, PAYMENTS);
    return jsonResponse(200, []);
  });
}

async function openFinance() {
  signedInAs('finance');
  const rendered = renderApp('/finance');
  await screen.findByRole('heading', { level: 1, name: 'Finance Dashboard' }, { timeout: 5000 });
  await screen.findByRole('region', { name: /^Invoices;/ }, { timeout: 5000 });
  return rendered;
}

const invoiceNumbers = () =>
  within(screen.getByRole('region', { name: /^Invoices;/ }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('finance dashboard', () => {
  it('shows the invoice and payment totals as counts and rupee sums', async () => {
    stubFinance();
    await openFinance();
    const cards = screen.getByRole('region', { name: 'Invoice and payment totals' });
    expect(within(cards).getByText('Total Invoices').parentElement!.parentElement).toHaveTextContent(/4\s*₹2,89,400/);
    expect(within(cards).getByText('Pending Invoices').parentElement!.parentElement).toHaveTextContent('₹2,77,600');
    expect(within(cards).getByText('1 overdue')).toBeInTheDocument();
    expect(within(cards).getByText('Paid Invoices').parentElement!.parentElement).toHaveTextContent('₹11,800');
    expect(within(cards).getByText('Total Payments').parentElement!.parentElement).toHaveTextContent(/12\s*₹78,000/);
  });

  it('finds invoices by any part of the number, ignoring case', async () => {
    stubFinance();
    await openFinance();
    expect(invoiceNumbers()).toHaveLength(4);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by invoice number'), 'inv-2026-0001');
    expect(invoiceNumbers()).toEqual(['INV-2026-000101', 'INV-2026-000102']);
    await user.clear(screen.getByLabelText('Search by invoice number'));
    await user.type(screen.getByLabelText('Search by invoice number'), '999');
    expect(invoiceNumbers()).toEqual(['INV-2025-000999']);
    expect(screen.getByText('1 invoice')).toBeInTheDocument();
  });

  it('filters on status exactly (all, pending, paid, overdue) and combines with the search', async () => {
    stubFinance();
    await openFinance();
    const user = userEvent.setup();
    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Pending', 'Paid', 'Overdue']);
    await user.selectOptions(status, 'overdue');
    expect(invoiceNumbers()).toEqual(['INV-2026-000203']);
    await user.selectOptions(status, 'pending');
    expect(invoiceNumbers()).toEqual(['INV-2026-000101', 'INV-2025-000999']);
    await user.type(screen.getByLabelText('Search by invoice number'), '2025');
    expect(invoiceNumbers()).toEqual(['INV-2025-000999']);
    await user.selectOptions(status, 'paid');
    expect(screen.getByText('No invoices found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(invoiceNumbers()).toHaveLength(4);
  });

  it('shows overdue in red and paid in green badges', async () => {
    stubFinance();
    await openFinance();
    expect(screen.getByText('OVERDUE')).toHaveClass('text-red-800');
    expect(within(screen.getByRole('region', { name: /^Invoices;/ })).getByText('PAID')).toHaveClass('text-green-800');
  });

  it('opens the officer application detail from a row', async () => {
    stubFinance();
    const { router } = await openFinance();
    const row = screen.getByRole('link', { name: 'Open the application of invoice INV-2026-000203' }).closest('tr')!;
    await userEvent.setup().click(within(row).getByText('₹2,55,000'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/officer/applications/${APP_B}`));
  });

  it('lists the ten most recent payments, newest first', async () => {
    stubFinance();
    await openFinance();
    const table = await screen.findByRole('region', { name: 'The ten most recent payments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    const dates = PAYMENTS.map((payment) => payment.payment_date)
      .sort()
      .reverse();
    const newest = PAYMENTS.find((payment) => payment.payment_date === dates[0])!;
    expect(rows[0]).toHaveTextContent(newest.receipt_number);
    expect(within(table).getAllByText('SUCCESS')[0]).toHaveClass('text-green-800');
  });

  it("toasts 'Failed to load finance data' when a call fails", async () => {
    stubFinance({ invoices: jsonResponse(403, { detail: 'nope' }) });
    signedInAs('finance');
    renderApp('/finance');
    expect(
      await screen.findByText('Failed to load finance data', { selector: '[data-title]' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
