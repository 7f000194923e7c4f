// The data table: a table at the `md` width and up (and where the width cannot be asked, as in jsdom); below it one
// card per row, titled by the row's primary field, every other column a "label: value" line and the actions at the
// foot, so a phone shows everything without scrolling sideways; sortable columns become sort buttons above the cards.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './data-table';

interface Invoice {
  id: string;
  number: string;
  amount: string;
  due: string;
  status: string;
}

const INVOICES: Invoice[] = [
  { id: '1', number: 'INV-2026-000001', amount: '₹11,800', due: '16 Dec 2026', status: 'PENDING' },
  { id: '2', number: 'INV-2026-000002', amount: '₹4,65,000', due: '20 Dec 2026', status: 'PAID' },
];

function columns(onPay: (invoice: Invoice) => void): Column<Invoice>[] {
  return [
    { key: 'type', header: 'Type', cell: () => 'Processing fee' },
    { key: 'number', header: 'Invoice number', card: 'title', cell: (invoice) => invoice.number },
    { key: 'amount', header: 'Amount', numeric: true, sortBy: 'amount', cell: (invoice) => invoice.amount },
    { key: 'due', header: 'Due date', sortBy: 'due_date', cell: (invoice) => invoice.due },
    { key: 'status', header: 'Status', cell: (invoice) => invoice.status },
    { key: 'note', header: 'Note', cell: () => null },
    {
      key: 'action',
      header: 'Action',
      card: 'actions',
      cell: (invoice) =>
        invoice.status === 'PAID' ? null : (
          <button type="button" onClick={() => onPay(invoice)}>
            Pay Now {invoice.number}
          </button>
        ),
    },
  ];
}

/** A browser whose window is `width` px wide, answering `(min-width: N px)` queries, that can be resized. */
function screenWidth(width: number) {
  const listeners = new Set<() => void>();
  let current = width;
  const matches = (query: string) => current >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return matches(query);
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return (next: number) => {
    current = next;
    act(() => listeners.forEach((listener) => listener()));
  };
}

function renderInvoices(props: { onPay?: (invoice: Invoice) => void; onRowClick?: (invoice: Invoice) => void } = {}) {
  const onSortChange = vi.fn();
  render(
    <DataTable
      caption="Invoices for this application"
      columns={columns(props.onPay ?? (() => {}))}
      rows={INVOICES}
      rowKey={(invoice) => invoice.id}
      onRowClick={props.onRowClick}
      sort="amount"
      onSortChange={onSortChange}
    />,
  );
  return { onSortChange };
}

describe('data table', () => {
  it('is a table where the width cannot be asked (jsdom), with no cards beside it', () => {
    renderInvoices();
    const table = screen.getByRole('table', { name: 'Invoices for this application' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Type', 'Invoice number', 'Amount', 'Due date', 'Status', 'Note', 'Action']);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('is a table at 768 px and wider', () => {
    screenWidth(1280);
    renderInvoices();
    expect(screen.getByRole('table', { name: 'Invoices for this application' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('below 768 px shows one card per row: the title, every column as label and value, the actions at the foot', async () => {
    screenWidth(375);
    const onPay = vi.fn();
    renderInvoices({ onPay });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Invoices for this application' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const first = cards[0]!;
    // The title column heads the card, even though it is not the first column.
    expect(first.firstElementChild).toHaveTextContent('INV-2026-000001');
    const pairs = within(first)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Type', 'Processing fee'],
      ['Amount', '₹11,800'],
      ['Due date', '16 Dec 2026'],
      ['Status', 'PENDING'],
      ['Note', '—'],
    ]);
    expect(within(first).getAllByRole('definition')).toHaveLength(5);
    // The action has no label of its own and comes after every detail.
    const pay = within(first).getByRole('button', { name: 'Pay Now INV-2026-000001' });
    expect(within(first).queryByText('Action')).not.toBeInTheDocument();
    const lastDetail = within(first).getAllByRole('definition').at(-1)!;
    expect(lastDetail.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.setup().click(pay);
    expect(onPay).toHaveBeenCalledWith(INVOICES[0]);

    // A row whose action cell is empty has no foot.
    expect(within(cards[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('turns into cards and back as the window crosses 768 px', () => {
    const resize = screenWidth(1024);
    renderInvoices();
    expect(screen.getByRole('table')).toBeInTheDocument();
    resize(767);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Invoices for this application' })).toBeInTheDocument();
    resize(768);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('opens a card as it opens a row: a click, or Enter on the card itself', async () => {
    screenWidth(375);
    const onRowClick = vi.fn();
    renderInvoices({ onRowClick });
    const cards = screen.getAllByRole('listitem');
    const user = userEvent.setup();
    await user.click(within(cards[1]!).getByText('PAID'));
    expect(onRowClick).toHaveBeenLastCalledWith(INVOICES[1]);
    cards[0]!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(INVOICES[0]);
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('offers the sortable columns as sort buttons above the cards, saying the current order', async () => {
    screenWidth(375);
    const { onSortChange } = renderInvoices();
    const sortBy = screen.getByRole('group', { name: 'Sort by' });
    expect(
      within(sortBy)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Amount (sorted ascending)', 'Due date']);
    const user = userEvent.setup();
    await user.click(within(sortBy).getByRole('button', { name: /^Amount/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('-amount');
    await user.click(within(sortBy).getByRole('button', { name: 'Due date' }));
    expect(onSortChange).toHaveBeenLastCalledWith('due_date');
  });
});
