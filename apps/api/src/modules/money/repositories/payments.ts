/** Payments against invoices. At most one successful payment per invoice (a partial unique index). */
import { eq, ilike, inArray, like, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_LIST, type Payment, type PaymentListQuery, type PaymentMethod } from '@portal/contract';
import type { Database } from '../../../db/client';
import { invoices, paymentTotals, payments } from '../../../db/schema';
import { invoicesOwnedBy } from '../../../repositories/invoices';
import {
  idIn,
  likePattern,
  numberPattern,
  type Page,
  pageOfTable,
  type SortExpression,
  timestampRange,
} from '../../../core/list-page';
import { applicationsMatching } from '../../../repositories/applications';

export type PaymentRow = typeof payments.$inferSelect;

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    receipt_number: row.receiptNumber,
    application_id: row.applicationId,
    invoice_id: row.invoiceId,
    amount: row.amount,
    payment_date: row.paymentDate.toISOString(),
    payment_method: row.paymentMethod,
    transaction_reference: row.transactionReference,
    status: row.status,
  };
}

export interface NewPayment {
  receiptNumber: string;
  applicationId: string;
  invoiceId: string;
  amount: number;
  paymentMethod: PaymentMethod;
  transactionReference: string;
  paidBy: string | null;
  interest?: number;
  gatewayOrderId?: string | null;
  bankCreditId?: string | null;
}

export async function insertPayment(db: Database, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, status: 'success' })
    .returning();
  return row!;
}

export interface PaymentSearch {
  /** Only payments on this user's applications (an entrepreneur's own list). */
  ownerUserId?: string;
  query: PaymentListQuery;
}

const PAYMENT_SORT_COLUMNS = {
  payment_date: payments.paymentDate,
  amount: payments.amount,
  receipt_number: payments.receiptNumber,
} satisfies Record<(typeof PAYMENT_LIST.sort)[number], SortExpression>;

function paymentConditions(search: PaymentSearch): SQL[] {
  const { query } = search;
  const conditions: SQL[] = [];
  if (query.application_id) conditions.push(eq(payments.applicationId, query.application_id));
  if (search.ownerUserId) {
    // A payment is its invoice's owner's (a service fee is the one who asked for the service).
    conditions.push(
      sql`${payments.invoiceId} in (select ${invoices.id} from ${invoices} where ${invoicesOwnedBy(search.ownerUserId)})`,
    );
  }
  if (query.status?.length) conditions.push(inArray(payments.status, query.status));
  conditions.push(...timestampRange(payments.paymentDate, query.from, query.to));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      idIn(
        payments.id,
        sql`select ${payments.id} from ${payments} where ${like(payments.receiptNumber, numberPattern(query.q))}`,
        sql`select ${payments.id} from ${payments} where ${ilike(payments.transactionReference, pattern)}`,
        sql`select ${payments.id} from ${payments} where ${payments.applicationId} in (${applicationsMatching(pattern)})`,
      ),
    );
  }
  return conditions;
}

/** Only the status (or nothing) narrows the list: payment_totals knows the total. */
function countsFromSummary(search: PaymentSearch): boolean {
  const { query } = search;
  return !search.ownerUserId && !query.application_id && !query.from && !query.to && !query.q;
}

async function summaryTotal(db: Database, search: PaymentSearch): Promise<number> {
  const statuses = search.query.status;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${paymentTotals.count}), 0)::int` })
    .from(paymentTotals)
    .where(statuses?.length ? inArray(paymentTotals.status, statuses) : undefined);
  return Number(row?.total ?? 0);
}

/** One page of payments in the requested order, with its total. */
export async function searchPayments(db: Database, search: PaymentSearch): Promise<Page<PaymentRow>> {
  const conditions = paymentConditions(search);
  return pageOfTable(db, {
    table: payments,
    request: search.query,
    sortColumns: PAYMENT_SORT_COLUMNS,
    conditions,
    total: countsFromSummary(search) ? { known: () => summaryTotal(db, search) } : 'capped',
  });
}
