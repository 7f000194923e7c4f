/** Invoices. Stored as pending or paid; an unpaid invoice past its due date reads as overdue. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Invoice, InvoiceStatus, InvoiceType } from '@portal/contract';
import type { Database } from '../db/client';
import { isoDay } from '../lib/dates';
import { applicants, applications, invoices } from '../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

export function invoiceStatusOn(
  row: Pick<InvoiceRow, 'status' | 'dueDate'>,
  today: string = isoDay(new Date()),
): InvoiceStatus {
  if (row.status === 'paid') return 'paid';
  return row.dueDate < today ? 'overdue' : 'pending';
}

export function toInvoice(row: InvoiceRow, today?: string): Invoice {
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    application_id: row.applicationId,
    invoice_type: row.invoiceType,
    amount: row.amount,
    due_date: row.dueDate,
    status: invoiceStatusOn(row, today),
    generated_at: row.generatedAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

export interface NewInvoice {
  applicationId: string;
  invoiceType: InvoiceType;
  amount: number;
  dueDate: string;
  invoiceNumber: string;
}

/** Inserts an invoice unless one of that type already exists for the application (answers undefined then). */
export async function insertInvoice(db: Database, values: NewInvoice): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({ target: [invoices.applicationId, invoices.invoiceType] })
    .returning();
  return row;
}

export interface InvoiceFilter {
  applicationId?: string;
  ownerUserId?: string;
}

export async function listInvoices(db: Database, filter: InvoiceFilter = {}): Promise<InvoiceRow[]> {
  const conditions: SQL[] = [];
  if (filter.applicationId) conditions.push(eq(invoices.applicationId, filter.applicationId));
  if (filter.ownerUserId) {
    conditions.push(
      sql`${invoices.applicationId} in (select ${applications.id} from ${applications} join ${applicants} on ${applicants.id} = ${applications.applicantId} where ${applicants.userId} = ${filter.ownerUserId})`,
    );
  }
  return db
    .select()
    .from(invoices)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(invoices.generatedAt), desc(invoices.invoiceNumber));
}

export async function findInvoiceById(db: Database, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** Marks the invoice paid only if it is still unpaid; undefined means it was already paid. */
export async function markInvoicePaidIfUnpaid(db: Database, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ status: 'paid', paidAt: new Date() })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'pending')))
    .returning();
  return row;
}

export async function countUnpaidInvoices(db: Database, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .where(and(eq(invoices.applicationId, applicationId), eq(invoices.status, 'pending')));
  return row?.count ?? 0;
}
