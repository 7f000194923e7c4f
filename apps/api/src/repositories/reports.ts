/** Report rows of each type, filtered in SQL. Timestamps are filtered by calendar day in the corporation's time
 * zone, so a report "to 22 Nov" includes everything made on 22 Nov as the officers' clocks read it. */
import { and, desc, eq, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '@portal/contract';
import type { Database } from '../db/client';
import { toAsset } from './assets';
import { allotments, applicants, applications, assets, invoices, payments } from '../db/schema';

export interface ReportFilter {
  fromDate?: string;
  toDate?: string;
  status?: string;
  zone?: string;
}

export type ReportRow = Record<string, unknown>;

/** The start of a calendar day in the business zone, as an instant. */
const startOfDay = (day: string) => sql`(${day}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
const startOfNextDay = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

function instantRange(column: AnyColumn, filter: ReportFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.fromDate) conditions.push(sql`${column} >= ${startOfDay(filter.fromDate)}`);
  if (filter.toDate) conditions.push(sql`${column} < ${startOfNextDay(filter.toDate)}`);
  return conditions;
}

function dayRange(column: AnyColumn, filter: ReportFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.fromDate) conditions.push(gte(column, filter.fromDate));
  if (filter.toDate) conditions.push(lte(column, filter.toDate));
  return conditions;
}

const zoneIs = (zone: string | undefined): SQL[] => (zone ? [sql`lower(${assets.zone}) = lower(${zone})`] : []);
const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function applicationReportRows(db: Database, filter: ReportFilter): Promise<ReportRow[]> {
  const conditions = [
    // Drafts are the applicant's own until submitted.
    sql`${applications.status} <> 'draft'`,
    ...instantRange(applications.createdAt, filter),
    ...(filter.status ? [sql`${applications.status} = ${filter.status}`] : []),
    ...zoneIs(filter.zone),
  ];
  const rows = await db
    .select({
      id: applications.id,
      application_number: applications.applicationNumber,
      organization_name: applicants.organizationName,
      application_type: applications.applicationType,
      status: applications.status,
      current_stage: applications.currentStage,
      asset_code: assets.assetCode,
      zone: assets.zone,
      estimated_investment: applications.estimatedInvestment,
      employment_generation: applications.employmentGeneration,
      created_at: applications.createdAt,
      submitted_at: applications.submittedAt,
    })
    .from(applications)
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .innerJoin(assets, eq(assets.id, applications.assetId))
    .where(and(...conditions))
    .orderBy(desc(applications.createdAt), desc(applications.applicationNumber));
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at), submitted_at: iso(row.submitted_at) }));
}

export async function assetReportRows(db: Database, filter: ReportFilter): Promise<ReportRow[]> {
  const conditions = [
    ...instantRange(assets.createdAt, filter),
    ...(filter.status ? [sql`${assets.status} = ${filter.status}`] : []),
    ...zoneIs(filter.zone),
  ];
  const rows = await db
    .select()
    .from(assets)
    .where(and(...conditions))
    .orderBy(desc(assets.createdAt), assets.assetCode);
  return rows.map(toAsset);
}

export async function paymentReportRows(db: Database, filter: ReportFilter): Promise<ReportRow[]> {
  const conditions = [
    ...instantRange(payments.paymentDate, filter),
    ...(filter.status ? [sql`${payments.status} = ${filter.status}`] : []),
    ...zoneIs(filter.zone),
  ];
  const rows = await db
    .select({
      id: payments.id,
      receipt_number: payments.receiptNumber,
      invoice_number: invoices.invoiceNumber,
      application_number: applications.applicationNumber,
      zone: assets.zone,
      amount: payments.amount,
      payment_date: payments.paymentDate,
      payment_method: payments.paymentMethod,
      transaction_reference: payments.transactionReference,
      status: payments.status,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(assets, eq(assets.id, applications.assetId))
    .where(and(...conditions))
    .orderBy(desc(payments.paymentDate), desc(payments.receiptNumber));
  return rows.map((row) => ({ ...row, payment_date: iso(row.payment_date) }));
}

export async function allotmentReportRows(db: Database, filter: ReportFilter): Promise<ReportRow[]> {
  const conditions = [
    ...dayRange(allotments.allotmentDate, filter),
    ...(filter.status ? [sql`${allotments.status} = ${filter.status}`] : []),
    ...zoneIs(filter.zone),
  ];
  return db
    .select({
      id: allotments.id,
      allotment_number: allotments.allotmentNumber,
      application_number: applications.applicationNumber,
      asset_code: assets.assetCode,
      zone: assets.zone,
      allotment_type: allotments.allotmentType,
      allotment_date: allotments.allotmentDate,
      expiry_date: allotments.expiryDate,
      status: allotments.status,
      letter_generated: allotments.letterGenerated,
    })
    .from(allotments)
    .innerJoin(applications, eq(applications.id, allotments.applicationId))
    .innerJoin(assets, eq(assets.id, allotments.assetId))
    .where(and(...conditions))
    .orderBy(desc(allotments.allotmentDate), desc(allotments.allotmentNumber));
}
