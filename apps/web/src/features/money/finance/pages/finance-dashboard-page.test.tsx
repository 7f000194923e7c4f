// The finance dashboard: totals from the stats call with each card opening the invoices it counts, invoice search,
// status filter and paging on the server (never a whole collection), rows that open the application, one page of the
// ten latest payments, and the spec's toast when loading fails.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  CollectionsReport,
  FinanceSummary,
  Invoice,
  OfficerStats,
  Payment,
  ReceivablesAgeing,
} from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

const APP_A = '11111111-1111-4111-8111-111111111111';
const APP_B = '22222222-2222-4222-8222-222222222222';

function invoice(number: string, status: Invoice['status'], applicationId = APP_A, amount = 11_800): Invoice {
  return {
    id: crypto.randomUUID(),
    invoice_number: number,
    application_id: applicationId,
    invoice_type: 'processing_fee',
    service_request_id: null,
    amount,
    due_date: '2026-03-01',
    status,
    generated_at: '2026-01-30T10:00:00.000Z',
    paid_at: status === 'paid' ? '2026-02-01T10:00:00.000Z' : null,
    allotment_id: null,
    financial_year: null,
    interest: 0,
    amount_due: status === 'paid' ? 0 : amount,
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
  waiting_on_me: 2,
  waiting_on_me_capped: false,
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

/** The reports as the server answers them: three days, the middle one with nothing. */
function collectionsFor(from: string, to: string): CollectionsReport {
  return {
    from,
    to,
    days: [
      { date: from, online: 11_800, neft_rtgs: 200_000, total: 211_800 },
      { date: '2026-11-25', online: 0, neft_rtgs: 0, total: 0 },
      { date: to, online: 1_012.5, neft_rtgs: 0, total: 1_012.5 },
    ],
    modes: [
      { mode: 'online', count: 2, amount: 12_812.5 },
      { mode: 'neft_rtgs', count: 1, amount: 200_000 },
    ],
    total: { count: 3, amount: 212_812.5 },
  };
}

const AGEING: ReceivablesAgeing = {
  as_of: '2026-11-26',
  bands: [
    { code: 'd0_30', count: 3, amount: 35_400 },
    { code: 'd31_90', count: 1, amount: 200_000 },
    { code: 'd91_180', count: 0, amount: 0 },
    { code: 'd180_plus', count: 2, amount: 510_000.75 },
  ],
  total: { count: 6, amount: 745_400.75 },
};

const SUMMARY: FinanceSummary = {
  refunds: [
    { status: 'prepared', count: 2, amount: 400_000 },
    { status: 'approved', count: 1, amount: 200_000 },
    { status: 'paid', count: 5, amount: 1_000_000 },
    { status: 'rejected', count: 1, amount: 200_000 },
  ],
  unmatched_credits: { count: 4, amount: 123_456.78 },
  settlements_awaiting_checker: { count: 1, amount: 11_800 },
  gateway: { mismatch: 1, pending_over_15_min: 2 },
};

/** The reports' answers, or undefined for another call. */
function reportResponse(url: string): Response | undefined {
  if (url.startsWith('/api/finance/collections')) {
    const query = queryOf(url);
    return jsonResponse(200, collectionsFor(query.from!, query.to!));
  }
  if (url.startsWith('/api/finance/receivables-ageing')) return jsonResponse(200, AGEING);
  if (url.startsWith('/api/finance/summary')) return jsonResponse(200, SUMMARY);
  return undefined;
}

/** Answers like the server: invoices filtered on status and searched on the number, one page of payments. */
function stubFinance(overrides: { invoices?: Response } = {}) {
  return stubFetch((url) => {
    if (url.startsWith('/api/dashboard/stats')) return jsonResponse(200, STATS);
    if (url.startsWith('/api/invoices')) {
      if (overrides.invoices) return overrides.invoices;
      const query = queryOf(url);
      const found = INVOICES.filter(
        (row) =>
          (!query.status || query.status.split(',').includes(row.status)) &&
          (!query.q || row.invoice_number.toLowerCase().includes(query.q.toLowerCase())),
      );
      return pageResponse(found);
    }
    const report = reportResponse(url);
    if (report) return report;
    if (url.startsWith('/api/payments')) {
      const newest = [...PAYMENTS].sort((a, b) => b.payment_date.localeCompare(a.payment_date));
      return pageResponse(newest.slice(0, Number(queryOf(url).limit)), { total: PAYMENTS.length });
    }
    return pageResponse([]);
  });
}

/** The search reaches the server after its pause; give a busy machine time. */
const SLOW = { timeout: 15_000 };

const calls = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(path));

/** Waits until every part has come: while loading, placeholders stand in, marked aria-busy. */
async function openFinance() {
  signedInAs('finance');
  const rendered = renderApp('/finance');
  await screen.findByRole('heading', { level: 1, name: 'Finance Dashboard' }, { timeout: 15_000 });
  await screen.findByRole('heading', { level: 2, name: 'Recent Payments' }, { timeout: 15_000 });
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 15_000 });
  return rendered;
}

/** A response the test lets through when it chooses. */
function held() {
  let answer!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => (answer = resolve));
  return { response, answer };
}

const invoiceNumbers = () =>
  within(screen.getByRole('region', { name: /^Invoices;/ }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

// Typing waits for the search pause, and the machine may be busy.
describe('finance dashboard', { timeout: 20_000 }, () => {
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

  it('makes each invoice card a link to the invoices it counts', async () => {
    const fetchMock = stubFinance();
    const { router } = await openFinance();
    const cards = screen.getByRole('region', { name: 'Invoice and payment totals' });
    expect(within(cards).getByRole('link', { name: /^Total Invoices/ })).toHaveAttribute('href', '/finance');
    expect(within(cards).getByRole('link', { name: /^Pending Invoices/ })).toHaveAttribute(
      'href',
      '/finance?status=pending',
    );
    expect(within(cards).getByRole('link', { name: /^Paid Invoices/ })).toHaveAttribute('href', '/finance?status=paid');
    await userEvent.setup().click(within(cards).getByRole('link', { name: /^Overdue Invoices/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=overdue'));
    expect(screen.getByLabelText('Status')).toHaveValue('overdue');
    await waitFor(() => expect(invoiceNumbers()).toEqual(['INV-2026-000203']));
    expect(queryOf(calls(fetchMock, '/api/invoices').at(-1)!)).toMatchObject({ status: 'overdue' });
  });

  it('asks the server for one page of invoices, then searches there by the number', async () => {
    const fetchMock = stubFinance();
    await openFinance();
    expect(invoiceNumbers()).toHaveLength(4);
    expect(queryOf(calls(fetchMock, '/api/invoices')[0]!)).toEqual({ limit: '50', sort: '-generated_at' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by invoice number'), 'inv-2026-0001');
    await waitFor(() => expect(invoiceNumbers()).toEqual(['INV-2026-000101', 'INV-2026-000102']), SLOW);
    expect(queryOf(calls(fetchMock, '/api/invoices').at(-1)!)).toMatchObject({ q: 'inv-2026-0001' });
    // Every call is a page: none asks for the whole collection.
    expect(calls(fetchMock, '/api/invoices').every((url) => queryOf(url).limit === '50')).toBe(true);
  });

  it('filters on status on the server (all, pending, paid, overdue, cancelled), combined with the search', async () => {
    const fetchMock = stubFinance();
    await openFinance();
    const user = userEvent.setup();
    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Pending', 'Paid', 'Overdue', 'Cancelled']);
    await user.selectOptions(status, 'pending');
    await waitFor(() => expect(invoiceNumbers()).toEqual(['INV-2026-000101', 'INV-2025-000999']), SLOW);
    await user.type(screen.getByLabelText('Search by invoice number'), '2025');
    await waitFor(() => expect(invoiceNumbers()).toEqual(['INV-2025-000999']), SLOW);
    expect(queryOf(calls(fetchMock, '/api/invoices').at(-1)!)).toMatchObject({ status: 'pending', q: '2025' });
    await user.selectOptions(status, 'paid');
    expect(await screen.findByText('No invoices found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    await waitFor(() => expect(invoiceNumbers()).toHaveLength(4));
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

  it('lists the ten most recent payments from one page of ten, newest first', async () => {
    const fetchMock = stubFinance();
    await openFinance();
    const table = await screen.findByRole('region', { name: 'The ten most recent payments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(calls(fetchMock, '/api/payments').map(queryOf)).toEqual([{ limit: '10', sort: '-payment_date' }]);
    const dates = PAYMENTS.map((payment) => payment.payment_date)
      .sort()
      .reverse();
    const newest = PAYMENTS.find((payment) => payment.payment_date === dates[0])!;
    expect(rows[0]).toHaveTextContent(newest.receipt_number);
    expect(within(table).getAllByText('SUCCESS')[0]).toHaveClass('text-green-800');
  });

  it('keeps the room of the totals and the invoices while they load, and draws the payments once the invoices are in', async () => {
    const stats = held();
    const invoices = held();
    stubFetch((url) => {
      if (url.startsWith('/api/dashboard/stats')) return stats.response;
      if (url.startsWith('/api/invoices')) return invoices.response;
      const report = reportResponse(url);
      if (report) return report;
      return pageResponse(PAYMENTS.slice(0, 10), { total: PAYMENTS.length });
    });
    signedInAs('finance');
    renderApp('/finance');
    const cards = await screen.findByRole('region', { name: 'Invoice and payment totals' }, { timeout: 15_000 });
    // The five cards the figures will fill, with their labels, no figures yet, and busy for screen readers.
    expect(cards).toHaveAttribute('aria-busy', 'true');
    expect(within(cards).getByText('Loading...')).toBeInTheDocument();
    const labels = ['Total Invoices', 'Pending Invoices', 'Paid Invoices', 'Total Payments', 'Overdue Invoices'];
    for (const label of labels) expect(within(cards).getByText(label)).toBeInTheDocument();
    expect(cards).not.toHaveTextContent(/\d/);
    // Grey rows under the table's headings; the payments, whose place depends on the invoices, wait for them.
    const table = screen.getByRole('region', { name: /^Invoices;/ });
    expect(table.closest('[aria-busy="true"]')).not.toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.queryByRole('heading', { name: 'Recent Payments' })).not.toBeInTheDocument();

    stats.answer(jsonResponse(200, STATS));
    await waitFor(() => expect(cards).not.toHaveAttribute('aria-busy'));
    expect(within(cards).getByText('Total Invoices').parentElement!.parentElement).toHaveTextContent(/4\s*₹2,89,400/);
    invoices.answer(pageResponse(INVOICES));
    expect(await screen.findByRole('heading', { name: 'Recent Payments' })).toBeInTheDocument();
    await waitFor(() => expect(invoiceNumbers()).toHaveLength(INVOICES.length));
  });

  it('shows the overdue card with none overdue too, so the cards never change in number', async () => {
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/dashboard/stats')
        ? jsonResponse(200, { ...STATS, overdue_invoices: 0 })
        : (reportResponse(url) ?? pageResponse([], { total: 0 })),
    );
    await openFinance();
    const cards = screen.getByRole('region', { name: 'Invoice and payment totals' });
    const overdue = within(cards).getByRole('link', { name: /^Overdue Invoices/ });
    expect(overdue).toHaveAttribute('href', '/finance?status=overdue');
    expect(overdue).toHaveTextContent(/0\s*0 overdue/);
    expect(within(overdue).getByText('0 overdue')).not.toHaveClass('text-red-800');
    expect(calls(fetchMock, '/api/dashboard/stats')).toHaveLength(1);
  });

  it("toasts 'Failed to load finance data' when a call fails", async () => {
    stubFinance({ invoices: jsonResponse(403, { detail: 'nope' }) });
    signedInAs('finance');
    renderApp('/finance');
    expect(
      await screen.findByText('Failed to load finance data', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});

describe('finance reports', { timeout: 20_000 }, () => {
  const tableOf = (name: RegExp) =>
    within(screen.getByRole('region', { name }))
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));

  it('shows collections as a chart with a summary, and as a table holding the same figures, a day with none at zero', async () => {
    const fetchMock = stubFinance();
    await openFinance();
    const chart = await screen.findByRole('img', { name: /₹2,12,812.50 collected in 3 payments/ });
    expect(chart.getAttribute('aria-label')).toMatch(/online ₹12,812.50, NEFT\/RTGS ₹2,00,000/);
    // The last 30 days, today included.
    const [url] = calls(fetchMock, '/api/finance/collections');
    const query = queryOf(url!);
    expect((Date.parse(query.to!) - Date.parse(query.from!)) / 86_400_000).toBe(29);

    const collections = screen.getByRole('heading', { name: 'Collections' }).closest('section')!;
    await userEvent.click(within(collections).getByRole('button', { name: 'Show as table' }));
    const rows = tableOf(/^Collections by day and payment mode/);
    expect(rows.slice(1)).toEqual([
      [expect.any(String), '₹11,800', '₹2,00,000', '₹2,11,800'],
      ['25 Nov 2026', '₹0', '₹0', '₹0'],
      [expect.any(String), '₹1,012.50', '₹0', '₹1,012.50'],
    ]);
    expect(within(collections).queryByRole('img')).toBeNull();
    await userEvent.click(within(collections).getByRole('button', { name: 'Show as chart' }));
    expect(within(collections).getByRole('img')).toBeInTheDocument();
  });

  it('asks for another period when one is chosen, and exports that period', async () => {
    const fetchMock = stubFinance();
    await openFinance();
    await screen.findByRole('img', { name: /collected in 3 payments/ });
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await waitFor(() => expect(calls(fetchMock, '/api/finance/collections')).toHaveLength(2));
    const query = queryOf(calls(fetchMock, '/api/finance/collections')[1]!);
    expect((Date.parse(query.to!) - Date.parse(query.from!)) / 86_400_000).toBe(6);
    expect(screen.getByRole('button', { name: 'Export CSV: collections' })).toBeInTheDocument();
  });

  it('shows receivables ageing per band, its table the same figures, and opens the overdue invoices', async () => {
    stubFinance();
    await openFinance();
    const chart = await screen.findByRole('img', { name: /6 overdue invoices, ₹7,45,400.75/ });
    expect(chart.getAttribute('aria-label')).toMatch(/Over 180 days: ₹5,10,000.75/);
    const ageing = screen.getByRole('heading', { name: 'Receivables ageing' }).closest('section')!;
    await userEvent.click(within(ageing).getByRole('button', { name: 'Show as table' }));
    expect(tableOf(/^Unpaid invoices past due/).slice(1)).toEqual([
      ['0–30 days', '3', '₹35,400'],
      ['31–90 days', '1', '₹2,00,000'],
      ['91–180 days', '0', '₹0'],
      ['Over 180 days', '2', '₹5,10,000.75'],
      ['All overdue', '6', '₹7,45,400.75'],
    ]);
    expect(within(ageing).getByRole('link', { name: '6' })).toHaveAttribute('href', '/finance?status=overdue');
    expect(within(ageing).getByRole('button', { name: 'Export CSV: overdue invoices' })).toBeInTheDocument();
  });

  it('shows refunds due and paid, unmatched credits and gateway orders, each linked to its list where there is one', async () => {
    stubFinance();
    await openFinance();
    const heading = await screen.findByRole('heading', { name: 'Waiting on finance' });
    const waiting = heading.closest('section')!;
    const figure = (label: string) => within(waiting).getByText(label).parentElement!;
    // The section's heading is drawn before its figures arrive.
    await waitFor(() => expect(figure('Refunds due (prepared or approved)')).toHaveTextContent(/3\s*₹6,00,000/));
    expect(figure('Refunds paid')).toHaveTextContent(/5\s*₹10,00,000/);
    expect(figure('Unmatched bank credits')).toHaveTextContent(/4\s*₹1,23,456.78/);
    expect(figure('Gateway orders needing attention')).toHaveTextContent(/3\s*1 mismatched, 2 pending over 15 minutes/);
    expect(within(figure('Refunds due (prepared or approved)')).getByRole('link')).toHaveAttribute(
      'href',
      '/finance/refunds',
    );
    expect(within(figure('Unmatched bank credits')).getByRole('link')).toHaveAttribute(
      'href',
      '/finance/bank-credits?status=unmatched',
    );
    expect(within(figure('Gateway orders needing attention')).queryByRole('link')).toBeNull();
  });
});
