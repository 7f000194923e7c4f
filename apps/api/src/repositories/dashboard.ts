/** Dashboard figures. Staff figures read only the summary views of migration 0001 (base rows plus the deltas its
 * statement-level triggers append with every write), so they cost the same at ten thousand applications as at a
 * million; an entrepreneur's figures count their own rows through the applicant index. */
import { and, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  APPLICANT_PENDING_STATUSES,
  APPROVED_OR_LATER_STATUSES,
  ENDED_ALLOTMENT_STATUSES,
  OFFICER_PENDING_REVIEW_STATUSES,
  roundRupees,
  type EntrepreneurStats,
  type OfficerStats,
} from '@portal/contract';
import type { Database } from '../db/client';
import {
  allotments,
  applicants,
  applicationStatusCounts,
  applications,
  assetStatusCounts,
  paymentTotals,
} from '../db/schema';
import { invoiceOverdue } from '../core/invoice-overdue';
import { preparedPerHandle } from '../core/prepared-query';
import { invoiceTotalParts } from './summaries';

const count = (condition?: SQL) =>
  condition ? sql<number>`count(*) filter (where ${condition})::int` : sql<number>`count(*)::int`;
/** A sum of a summary column (a count or an amount), zero when no row matches. */
const total = (column: unknown, condition?: SQL) =>
  condition
    ? sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)::float8`
    : sql<number>`coalesce(sum(${column}), 0)::float8`;

export async function entrepreneurStats(db: Database, userId: string): Promise<EntrepreneurStats> {
  // One applicant profile per user (unique user_id), then index scans on applications (applicant_id, created_at)
  // and allotments (holder_user_id): the cost follows the caller's own rows, not the table sizes.
  const ownApplication = eq(
    applications.applicantId,
    sql`(select ${applicants.id} from ${applicants} where ${applicants.userId} = ${userId})`,
  );
  const [figures] = await db
    .select({
      total_applications: count(),
      pending_applications: count(inArray(applications.status, [...APPLICANT_PENDING_STATUSES])),
      approved_applications: count(inArray(applications.status, [...APPROVED_OR_LATER_STATUSES])),
    })
    .from(applications)
    .where(ownApplication);
  // The allotments the user holds (allotments_holder_idx), less those ended by cancellation or surrender.
  const [held] = await db
    .select({ allotments: count() })
    .from(allotments)
    .where(and(eq(allotments.holderUserId, userId), notInArray(allotments.status, [...ENDED_ALLOTMENT_STATUSES])));
  return {
    total_applications: figures?.total_applications ?? 0,
    pending_applications: figures?.pending_applications ?? 0,
    approved_applications: figures?.approved_applications ?? 0,
    allotments: held?.allotments ?? 0,
  };
}

/** The staff figures' four reads, prepared once per handle: planning the summary views cost more than reading
 * them. */
const staffFigureQueries = preparedPerHandle((db) => {
  const status = applicationStatusCounts.status;
  const invoiceParts = invoiceTotalParts(db);
  return {
    applications: db
      .select({
        // Drafts are the applicant's own until submitted.
        total_applications: total(applicationStatusCounts.count, ne(status, 'draft')),
        pending_review: total(applicationStatusCounts.count, inArray(status, [...OFFICER_PENDING_REVIEW_STATUSES])),
        pending_committee: total(applicationStatusCounts.count, eq(status, 'pending_committee')),
        approved: total(applicationStatusCounts.count, inArray(status, [...APPROVED_OR_LATER_STATUSES])),
      })
      .from(applicationStatusCounts)
      .prepare('staff_figures_applications'),
    assets: db
      .select({ available_assets: total(assetStatusCounts.count) })
      .from(assetStatusCounts)
      .where(eq(assetStatusCounts.status, 'available'))
      .prepare('staff_figures_assets'),
    invoices: db
      .select({
        total_invoices: total(invoiceParts.count),
        pending_invoices: total(invoiceParts.count, eq(invoiceParts.status, 'pending')),
        paid_invoices: total(invoiceParts.count, eq(invoiceParts.status, 'paid')),
        overdue_invoices: total(invoiceParts.count, invoiceOverdue(invoiceParts, sql.placeholder('today'))),
        total_invoices_amount: total(invoiceParts.amount),
        pending_invoices_amount: total(invoiceParts.amount, eq(invoiceParts.status, 'pending')),
        paid_invoices_amount: total(invoiceParts.amount, eq(invoiceParts.status, 'paid')),
      })
      .from(invoiceParts)
      .prepare('staff_figures_invoices'),
    payments: db
      .select({ total_payments: total(paymentTotals.count), total_payments_amount: total(paymentTotals.amount) })
      .from(paymentTotals)
      .where(eq(paymentTotals.status, 'success'))
      .prepare('staff_figures_payments'),
  };
});

/** Staff figures. `today` (the business day, YYYY-MM-DD, a query parameter rather than current_date) decides which unpaid invoices read as overdue, as the invoice list does. */
export async function officerStats(
  db: Database,
  today: string,
): Promise<Omit<OfficerStats, 'waiting_on_me' | 'waiting_on_me_capped'>> {
  const queries = staffFigureQueries(db);
  const [applicationFigures, assetFigures, invoiceFigures, paymentFigures] = await Promise.all([
    queries.applications.execute(),
    queries.assets.execute(),
    queries.invoices.execute({ today }),
    queries.payments.execute(),
  ]);
  const figure = (value: number | string | undefined) => Number(value ?? 0);
  const money = (value: number | string | undefined) => roundRupees(Number(value ?? 0));
  return {
    total_applications: figure(applicationFigures[0]?.total_applications),
    pending_review: figure(applicationFigures[0]?.pending_review),
    pending_committee: figure(applicationFigures[0]?.pending_committee),
    approved: figure(applicationFigures[0]?.approved),
    available_assets: figure(assetFigures[0]?.available_assets),
    total_invoices: figure(invoiceFigures[0]?.total_invoices),
    pending_invoices: figure(invoiceFigures[0]?.pending_invoices),
    paid_invoices: figure(invoiceFigures[0]?.paid_invoices),
    overdue_invoices: figure(invoiceFigures[0]?.overdue_invoices),
    total_invoices_amount: money(invoiceFigures[0]?.total_invoices_amount),
    pending_invoices_amount: money(invoiceFigures[0]?.pending_invoices_amount),
    paid_invoices_amount: money(invoiceFigures[0]?.paid_invoices_amount),
    total_payments: figure(paymentFigures[0]?.total_payments),
    total_payments_amount: money(paymentFigures[0]?.total_payments_amount),
  };
}
