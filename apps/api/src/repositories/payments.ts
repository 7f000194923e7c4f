/** Payments against invoices. At most one successful payment per invoice (a partial unique index). */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Payment, PaymentMethod } from '@portal/contract';
import type { Database } from '../db/client';
import { applicants, applications, payments } from '../db/schema';

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
  paidBy: string;
}

export async function insertPayment(db: Database, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, status: 'success' })
    .returning();
  return row!;
}

export interface PaymentFilter {
  applicationId?: string;
  ownerUserId?: string;
}

export async function listPayments(db: Database, filter: PaymentFilter = {}): Promise<PaymentRow[]> {
  const conditions: SQL[] = [];
  if (filter.applicationId) conditions.push(eq(payments.applicationId, filter.applicationId));
  if (filter.ownerUserId) {
    conditions.push(
      sql`${payments.applicationId} in (select ${applications.id} from ${applications} join ${applicants} on ${applicants.id} = ${applications.applicantId} where ${applicants.userId} = ${filter.ownerUserId})`,
    );
  }
  return db
    .select()
    .from(payments)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(payments.paymentDate), desc(payments.receiptNumber));
}
