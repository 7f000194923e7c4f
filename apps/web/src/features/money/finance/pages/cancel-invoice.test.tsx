// Proposing an invoice's cancellation from the finance dashboard's invoices (decision 023): offered on unpaid rows
// only, a cancelled invoice shown as such, the reason required before anything is sent, the
// proposal sent as the maker-checker's adjustment, the row's own link not followed, and a refusal said in the dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, OfficerStats } from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

const APP = '11111111-1111-4111-8111-111111111111';

function invoice(number: string, status: Invoice['status']): Invoice {
  return {
    id: crypto.randomUUID(),
    invoice_number: number,
    application_id: APP,
    invoice_type: 'emd',
    service_request_id: null,
    amount: 6_131.6,
    due_date: '2026-03-01',
    status,
    generated_at: '2026-01-30T10:00:00.000Z',
    paid_at: status === 'paid' ? '2026-02-01T10:00:00.000Z' : null,
    allotment_id: null,
    financial_year: null,
    interest: 0,
    amount_due: status === 'pending' ? 6_131.6 : 0,
    cancelled_at: status === 'cancelled' ? '2026-02-02T10:00:00.000Z' : null,
    cancellation_reason: status === 'cancelled' ? 'Raised twice in error' : null,
    cancellation_rule: null,
  };
}

const OWED = invoice('INV-2026-000101', 'pending');
const INVOICES = [OWED, invoice('INV-2026-000102', 'paid'), invoice('INV-2026-000103', 'cancelled')];

const STATS: OfficerStats = {
  waiting_on_me: 2,
  waiting_on_me_capped: false,
  total_applications: 1,
  pending_review: 0,
  pending_committee: 0,
  approved: 0,
  available_assets: 0,
  total_invoices: 3,
  pending_invoices: 1,
  paid_invoices: 1,
  overdue_invoices: 0,
  total_invoices_amount: 18_394.8,
  pending_invoices_amount: 6_131.6,
  paid_invoices_amount: 6_131.6,
  total_payments: 0,
  total_payments_amount: 0,
};

/** The dashboard's calls, and POST /ledger-adjustments answered by `proposal`. */
function stubFinance(proposal: () => Response) {
  return stubFetch((url, init) => {
    if (url.startsWith('/api/ledger-adjustments') && init.method === 'POST') return proposal();
    if (url.startsWith('/api/dashboard/stats')) return jsonResponse(200, STATS);
    if (url.startsWith('/api/invoices')) return pageResponse(INVOICES);
    if (url.startsWith('/api/finance/collections')) {
      const query = queryOf(url);
      const none = { count: 0, amount: 0 };
      return jsonResponse(200, { from: query.from, to: query.to, days: [], modes: [], total: none });
    }
    if (url.startsWith('/api/finance/receivables-ageing')) {
      return jsonResponse(200, { as_of: '2026-11-26', bands: [], total: { count: 0, amount: 0 } });
    }
    if (url.startsWith('/api/finance/summary')) {
      return jsonResponse(200, {
        refunds: [],
        unmatched_credits: { count: 0, amount: 0 },
        settlements_awaiting_checker: { count: 0, amount: 0 },
        gateway: { mismatch: 0, pending_over_15_min: 0 },
      });
    }
    return pageResponse([]);
  });
}

async function openFinance() {
  signedInAs('finance');
  const rendered = renderApp('/finance');
  // A page's lazily loaded chunk may take long on a loaded machine.
  await screen.findByRole('heading', { level: 1, name: 'Finance Dashboard' }, { timeout: 15_000 });
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 15_000 });
  const table = screen.getByRole('region', { name: /^Invoices;/ });
  await within(table).findByText('INV-2026-000103', {}, { timeout: 15_000 });
  return { ...rendered, table };
}

const rowOf = (table: HTMLElement, number: string) => within(table).getByText(number).closest('tr')!;
const proposals = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).startsWith('/api/ledger-adjustments') && init?.method === 'POST',
  );

afterEach(() => vi.unstubAllGlobals());

describe('proposing an invoice cancellation', { timeout: 40_000 }, () => {
  it('is offered on an unpaid invoice only, and a cancelled one reads as cancelled', async () => {
    stubFinance(() => jsonResponse(201, {}));
    const { table } = await openFinance();
    expect(
      within(rowOf(table, 'INV-2026-000101')).getByRole('button', {
        name: 'Cancel invoice INV-2026-000101',
      }),
    ).toBeInTheDocument();
    expect(within(rowOf(table, 'INV-2026-000102')).queryByRole('button')).toBeNull();
    const cancelled = rowOf(table, 'INV-2026-000103');
    expect(within(cancelled).queryByRole('button')).toBeNull();
    expect(within(cancelled).getByText('CANCELLED')).toBeInTheDocument();
  });

  it('asks for a reason, then sends the proposal for another officer to approve, staying on the dashboard', async () => {
    const fetchMock = stubFinance(() => jsonResponse(201, { id: crypto.randomUUID(), status: 'pending' }));
    const { table, router } = await openFinance();
    const user = userEvent.setup();
    await user.click(within(rowOf(table, 'INV-2026-000101')).getByRole('button', { name: /^Cancel invoice INV/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invoice INV-2026-000101?' });
    expect(dialog).toHaveTextContent('₹6,131.60');
    expect(dialog).toHaveTextContent('Another finance officer or an admin must approve it');
    await user.click(within(dialog).getByRole('button', { name: 'Propose cancellation' }));
    expect(await within(dialog).findAllByText('Give the reason for cancelling it.')).not.toHaveLength(0);
    expect(proposals(fetchMock)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Raised twice in error');
    await user.click(within(dialog).getByRole('button', { name: 'Propose cancellation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Cancellation of INV-2026-000101 proposed for approval.')).toBeInTheDocument();
    const [[, init]] = proposals(fetchMock) as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      application_id: APP,
      kind: 'invoice_cancellation',
      invoice_id: OWED.id,
      reason: 'Raised twice in error',
    });
    expect(router.state.location.pathname).toBe('/finance');
  });

  it('says a refusal in the dialog, in words, and keeps it open', async () => {
    stubFinance(() =>
      jsonResponse(409, { detail: 'Only an unpaid invoice can be cancelled', code: 'invoice_not_cancellable' }),
    );
    const { table } = await openFinance();
    const user = userEvent.setup();
    await user.click(within(rowOf(table, 'INV-2026-000101')).getByRole('button', { name: /^Cancel invoice INV/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Raised twice in error');
    await user.click(within(dialog).getByRole('button', { name: 'Propose cancellation' }));
    expect(
      await within(dialog).findByText(/This invoice cannot be cancelled: it is paid or cancelled already/),
    ).toBeInTheDocument();
  });
});
