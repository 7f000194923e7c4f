/** Invoices. Stored as pending, paid or cancelled (decision 023); an unpaid invoice past its due date reads as
 * overdue. */
import { and, eq, inArray, isNull, like, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  amountDueOn,
  INVOICE_LIST,
  roundRupees,
  type Invoice,
  type InvoiceCancellationRule,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceType,
} from '@portal/contract';
import type { Database } from '../db/client';
import { businessTodayIso } from '../core/dates';
import { invoiceOverdue, isInvoiceOverdue } from '../core/invoice-overdue';
import {
  dateRange,
  idIn,
  likePattern,
  numberPattern,
  type Page,
  pageOfTable,
  type SortExpression,
} from '../core/list-page';
import { invoices, serviceRequests } from '../db/schema';
import { applicationsMatching, applicationsOwnedBy } from './applications';
import { invoiceTotalParts } from './summaries';
import { clock } from '../core/clock';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Paid or cancelled, or pending until the business day after its due date, then overdue. `today` is the business
 * today. */
export function invoiceStatusOn(
  row: Pick<InvoiceRow, 'status' | 'dueDate'>,
  today: string = businessTodayIso(),
): InvoiceStatus {
  if (row.status !== 'pending') return row.status;
  return isInvoiceOverdue(row, today) ? 'overdue' : 'pending';
}

function amountsOf(row: InvoiceRow, today: string = businessTodayIso()): { interest: number; amount_due: number } {
  if (row.status !== 'pending') return { interest: 0, amount_due: 0 };
  const due = amountDueOn({ ...row, interestWaived: row.interestWaivedAt !== null }, today);
  return { interest: due.interest, amount_due: due.total };
}

export function toInvoice(row: InvoiceRow, today?: string): Invoice {
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    application_id: row.applicationId,
    invoice_type: row.invoiceType,
    service_request_id: row.serviceRequestId,
    amount: row.amount,
    due_date: row.dueDate,
    status: invoiceStatusOn(row, today),
    generated_at: row.generatedAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    allotment_id: row.allotmentId,
    financial_year: row.financialYear,
    ...amountsOf(row, today),
    cancelled_at: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    cancellation_reason: row.cancellationReason,
    cancellation_rule: row.cancellationRule,
  };
}

export interface NewInvoice {
  applicationId: string;
  invoiceType: InvoiceType;
  amount: number;
  dueDate: string;
  invoiceNumber: string;
}

/** Inserts an invoice unless one of that type already exists for the application (answers undefined then).
 * Service request fees are not made here (they are one per request, not one per type). */
export async function insertInvoice(db: Database, values: NewInvoice): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({
      target: [invoices.applicationId, invoices.invoiceType],
      where: sql`service_request_id is null and financial_year is null`,
    })
    .returning();
  return row;
}

/** The invoices of one application (a handful), in the order they were made. */
export async function listInvoices(db: Database, filter: { applicationId: string }): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.applicationId, filter.applicationId))
    .orderBy(invoices.generatedAt, invoices.invoiceNumber);
}

/** Whose an invoice is (decisions 014 and 016): one billed to someone (yearly dues, to the holder when billed) is
 * theirs; a service fee is the one who asked for the service (after a transfer, the new holder, though the invoice
 * is billed to the application); any other invoice is the application's applicant's. */
export function invoicesOwnedBy(userId: string): SQL {
  // Each of the three read by its own index: as one OR the planner read every invoice to test it.
  return idIn(
    invoices.id,
    sql`select ${invoices.id} from ${invoices} where ${invoices.billedTo} = ${userId}`,
    sql`select ${invoices.id} from ${invoices} where ${invoices.billedTo} is null and ${invoices.serviceRequestId} is null and ${invoices.applicationId} in (${applicationsOwnedBy(userId)})`,
    sql`select ${invoices.id} from ${invoices} where ${invoices.serviceRequestId} in (select ${serviceRequests.id} from ${serviceRequests} where ${serviceRequests.userId} = ${userId})`,
  );
}

export interface InvoiceSearch {
  /** Only invoices of this user's applications (an entrepreneur's own list). */
  ownerUserId?: string;
  /** The business day `overdue` is read against (YYYY-MM-DD, businessTodayIso), passed to SQL as a parameter. */
  today: string;
  query: InvoiceListQuery;
}

const INVOICE_SORT_COLUMNS = {
  generated_at: invoices.generatedAt,
  due_date: invoices.dueDate,
  amount: invoices.amount,
  invoice_number: invoices.invoiceNumber,
  // The stored status (pending, paid): overdue is a reading of it, not something an index could order by.
  status: invoices.status,
} satisfies Record<(typeof INVOICE_LIST.sort)[number], SortExpression>;

/** The shown statuses as conditions on a stored status and due date (of invoices, or of the invoice_totals rows). */
function statusCondition(
  statuses: readonly InvoiceStatus[],
  today: string,
  columns: { status: AnyColumn; dueDate: AnyColumn },
): SQL | undefined {
  const parts = statuses.map((status) =>
    status === 'paid' || status === 'cancelled'
      ? sql`${columns.status} = ${status}`
      : status === 'overdue'
        ? invoiceOverdue(columns, today)
        : sql`(${columns.status} = 'pending' and ${columns.dueDate} >= ${today})`,
  );
  return or(...parts);
}

function invoiceConditions(search: InvoiceSearch): SQL[] {
  const { query } = search;
  const conditions: SQL[] = [];
  if (query.application_id) conditions.push(eq(invoices.applicationId, query.application_id));
  if (search.ownerUserId) {
    conditions.push(invoicesOwnedBy(search.ownerUserId));
  }
  if (query.status?.length) {
    const condition = statusCondition(query.status, search.today, invoices);
    if (condition) conditions.push(condition);
  }
  if (query.invoice_type?.length) conditions.push(inArray(invoices.invoiceType, query.invoice_type));
  conditions.push(...dateRange(invoices.dueDate, query.from, query.to));
  if (query.q) {
    conditions.push(
      idIn(
        invoices.id,
        sql`select ${invoices.id} from ${invoices} where ${like(invoices.invoiceNumber, numberPattern(query.q))}`,
        sql`select ${invoices.id} from ${invoices} where ${invoices.applicationId} in (${applicationsMatching(likePattern(query.q))})`,
      ),
    );
  }
  return conditions;
}

/** Status and due date are all that narrow the list: invoice_totals (per status and due date) knows the total. */
function countsFromSummary(search: InvoiceSearch): boolean {
  const { query } = search;
  return !search.ownerUserId && !query.application_id && !query.invoice_type?.length && !query.q;
}

async function summaryTotal(db: Database, search: InvoiceSearch): Promise<number> {
  const { query } = search;
  const parts = invoiceTotalParts(db);
  const conditions: SQL[] = [...dateRange(parts.dueDate, query.from, query.to)];
  if (query.status?.length) {
    const condition = statusCondition(query.status, search.today, parts);
    if (condition) conditions.push(condition);
  }
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${parts.count}), 0)::int` })
    .from(parts)
    .where(conditions.length ? and(...conditions) : undefined);
  return Number(row?.total ?? 0);
}

/** One page of invoices in the requested order, with its total. */
export async function searchInvoices(db: Database, search: InvoiceSearch): Promise<Page<InvoiceRow>> {
  const conditions = invoiceConditions(search);
  return pageOfTable(db, {
    table: invoices,
    request: search.query,
    sortColumns: INVOICE_SORT_COLUMNS,
    conditions,
    total: countsFromSummary(search) ? { known: () => summaryTotal(db, search) } : 'capped',
  });
}

export async function findInvoiceById(db: Database, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** Marks the invoice paid only if it is still unpaid; undefined means it was already paid. */
export async function markInvoicePaidIfUnpaid(db: Database, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ status: 'paid', paidAt: clock.now() })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'pending')))
    .returning();
  return row;
}

/** Cancels an unpaid invoice (decision 023); undefined when it is paid or cancelled already. */
export async function cancelInvoiceIfUnpaid(
  db: Database,
  id: string,
  why: { at: Date; reason: string | null; rule: InvoiceCancellationRule | null },
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ status: 'cancelled', cancelledAt: why.at, cancellationReason: why.reason, cancellationRule: why.rule })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'pending')))
    .returning();
  return row;
}

/** An application's unpaid invoices of these types (its own, not a service request's fee or yearly dues). */
export async function unpaidApplicationInvoices(
  db: Database,
  applicationId: string,
  types: readonly InvoiceType[],
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.applicationId, applicationId),
        eq(invoices.status, 'pending'),
        inArray(invoices.invoiceType, [...types]),
        isNull(invoices.serviceRequestId),
        isNull(invoices.financialYear),
      ),
    )
    .orderBy(invoices.generatedAt, invoices.invoiceNumber);
}

/** The application's invoices the portal cancelled by this rule. */
export async function invoicesCancelledByRule(
  db: Database,
  applicationId: string,
  rule: InvoiceCancellationRule,
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.applicationId, applicationId),
        eq(invoices.status, 'cancelled'),
        eq(invoices.cancellationRule, rule),
      ),
    );
}

/** Owed again (an allowed appeal undoes the rejection that cancelled it), due on `dueDate`; undefined when it is no
 * longer cancelled. */
export async function reinstateInvoiceIfCancelled(
  db: Database,
  id: string,
  dueDate: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ status: 'pending', dueDate, cancelledAt: null, cancellationReason: null, cancellationRule: null })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'cancelled')))
    .returning();
  return row;
}

/** Unpaid invoices of the application itself; a service request's fee does not hold up its payment step. */
export async function countUnpaidInvoices(db: Database, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(eq(invoices.applicationId, applicationId), eq(invoices.status, 'pending'), isNull(invoices.serviceRequestId)),
    );
  return row?.count ?? 0;
}

/** The rupees an application still owes on its unpaid invoices (set off against a surrender's refund). */
export async function sumUnpaidInvoices(db: Database, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${invoices.amount}), 0)::text` })
    .from(invoices)
    .where(and(eq(invoices.applicationId, applicationId), eq(invoices.status, 'pending')));
  return Number(row?.total ?? 0);
}

/** What is owed, interest included, on the applications' invoices past their due date (decision 020: an invoice not
 * yet due blocks no service), by application, to the paise. */
export async function sumOverdueDues(
  db: Database,
  applicationIds: readonly string[],
  today: string = businessTodayIso(),
): Promise<Map<string, number>> {
  const owed = new Map<string, number>();
  if (applicationIds.length === 0) return owed;
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.applicationId, [...applicationIds]), invoiceOverdue(invoices, today)));
  for (const row of rows) {
    const due = amountsOf(row, today).amount_due;
    owed.set(row.applicationId, roundRupees((owed.get(row.applicationId) ?? 0) + due));
  }
  return owed;
}

/** The rupees paid on an application's invoices of one type (the premium paid, for a surrender's refund). */
export async function sumPaidInvoices(db: Database, applicationId: string, type: InvoiceType): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${invoices.amount}), 0)::text` })
    .from(invoices)
    .where(and(eq(invoices.applicationId, applicationId), eq(invoices.invoiceType, type), eq(invoices.status, 'paid')));
  return Number(row?.total ?? 0);
}
