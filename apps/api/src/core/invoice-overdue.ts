/** When an invoice is overdue, in one place for SQL and for a row in hand: still pending on the business day after
 * its due date. `today` is a business day (YYYY-MM-DD), passed to SQL as a parameter or a prepared placeholder. */
import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';

type InvoiceColumn = AnyColumn | SQL;

/** The condition over an invoice's (or an invoice_totals row's) stored status and due date. For raw SQL over an
 * alias, pass the columns as `sql.raw('i.status')` and `sql.raw('i.due_date')`. */
export function invoiceOverdue(
  columns: { status: InvoiceColumn; dueDate: InvoiceColumn },
  today: string | Placeholder,
): SQL {
  return sql`(${columns.status} = 'pending' and ${columns.dueDate} < ${today}::date)`;
}

/** The same reading of a row already read. */
export const isInvoiceOverdue = (row: { status: string; dueDate: string }, today: string): boolean =>
  row.status === 'pending' && row.dueDate < today;
