/** Dashboard figures, each counted by the database in one query rather than by reading lists. */
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  APPLICANT_PENDING_STATUSES,
  APPROVED_OR_LATER_STATUSES,
  OFFICER_PENDING_REVIEW_STATUSES,
  type EntrepreneurStats,
  type OfficerStats,
} from '@portal/contract';
import type { Database } from '../db/client';
import { allotments, applicants, applications, assets, invoices, payments } from '../db/schema';

const count = (condition?: ReturnType<typeof sql> | undefined) =>
  condition ? sql<number>`count(*) filter (where ${condition})::int` : sql<number>`count(*)::int`;
const amount = (column: unknown, condition?: ReturnType<typeof sql>) =>
  condition
    ? sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)::float8`
    : sql<number>`coalesce(sum(${column}), 0)::float8`;

export async function entrepreneurStats(db: Database, userId: string): Promise<EntrepreneurStats> {
  const [figures] = await db
    .select({
      total_applications: count(),
      pending_applications: count(sql`${inArray(applications.status, [...APPLICANT_PENDING_STATUSES])}`),
      approved_applications: count(sql`${inArray(applications.status, [...APPROVED_OR_LATER_STATUSES])}`),
    })
    .from(applications)
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(eq(applicants.userId, userId));
  const [held] = await db
    .select({ allotments: count() })
    .from(allotments)
    .innerJoin(applications, eq(applications.id, allotments.applicationId))
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(and(eq(applicants.userId, userId), ne(allotments.status, 'cancelled')));
  return {
    total_applications: figures?.total_applications ?? 0,
    pending_applications: figures?.pending_applications ?? 0,
    approved_applications: figures?.approved_applications ?? 0,
    allotments: held?.allotments ?? 0,
  };
}

/** Staff figures. `today` (YYYY-MM-DD) decides which unpaid invoices read as overdue, as the invoice list does. */
export async function officerStats(db: Database, today: string): Promise<OfficerStats> {
  const [applicationFigures] = await db
    .select({
      total_applications: count(),
      pending_review: count(sql`${inArray(applications.status, [...OFFICER_PENDING_REVIEW_STATUSES])}`),
      pending_committee: count(sql`${eq(applications.status, 'pending_committee')}`),
      approved: count(sql`${inArray(applications.status, [...APPROVED_OR_LATER_STATUSES])}`),
    })
    .from(applications)
    // Drafts are the applicant's own until submitted.
    .where(ne(applications.status, 'draft'));
  const [assetFigures] = await db
    .select({ available_assets: count() })
    .from(assets)
    .where(eq(assets.status, 'available'));
  const unpaid = sql`${eq(invoices.status, 'pending')}`;
  const paid = sql`${eq(invoices.status, 'paid')}`;
  const [invoiceFigures] = await db
    .select({
      total_invoices: count(),
      pending_invoices: count(unpaid),
      paid_invoices: count(paid),
      overdue_invoices: count(sql`${and(eq(invoices.status, 'pending'), lt(invoices.dueDate, today))}`),
      total_invoices_amount: amount(invoices.amount),
      pending_invoices_amount: amount(invoices.amount, unpaid),
      paid_invoices_amount: amount(invoices.amount, paid),
    })
    .from(invoices);
  const [paymentFigures] = await db
    .select({ total_payments: count(), total_payments_amount: amount(payments.amount) })
    .from(payments)
    .where(eq(payments.status, 'success'));
  return {
    total_applications: applicationFigures?.total_applications ?? 0,
    pending_review: applicationFigures?.pending_review ?? 0,
    pending_committee: applicationFigures?.pending_committee ?? 0,
    approved: applicationFigures?.approved ?? 0,
    available_assets: assetFigures?.available_assets ?? 0,
    total_invoices: invoiceFigures?.total_invoices ?? 0,
    pending_invoices: invoiceFigures?.pending_invoices ?? 0,
    paid_invoices: invoiceFigures?.paid_invoices ?? 0,
    overdue_invoices: invoiceFigures?.overdue_invoices ?? 0,
    total_invoices_amount: Number(invoiceFigures?.total_invoices_amount ?? 0),
    pending_invoices_amount: Number(invoiceFigures?.pending_invoices_amount ?? 0),
    paid_invoices_amount: Number(invoiceFigures?.paid_invoices_amount ?? 0),
    total_payments: paymentFigures?.total_payments ?? 0,
    total_payments_amount: Number(paymentFigures?.total_payments_amount ?? 0),
  };
}
