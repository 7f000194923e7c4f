/** Report rows of each type, filtered, counted and grouped in SQL. Timestamps are filtered by calendar day in the
 * corporation's time zone, so a report "to 22 Nov" includes everything made on 22 Nov as the officers' clocks read
 * it. Rows come newest first in pages that continue after the last row read (keyset), so an export of any size reads
 * one page at a time and holds no transaction open between pages. */
import { and, desc, eq, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { roundRupees, type ReportGroup, type ReportType } from '@portal/contract';
import type { Database } from '../db/client';
import { CALENDAR } from '../core/business-calendar';
import { stageOfRow } from './applications';
import { toAsset } from './assets';
import {
  allotmentReportBase,
  allotmentReportDeltas,
  allotments,
  applicants,
  applicationReportBase,
  applicationReportDeltas,
  applications,
  assetReportBase,
  assetReportDeltas,
  assets,
  invoices,
  paymentReportBase,
  paymentReportDeltas,
  payments,
} from '../db/schema';

export interface ReportFilter {
  fromDate?: string;
  toDate?: string;
  status?: string;
  zone?: string;
}

export type ReportRow = Record<string, unknown>;

/** Where the previous page stopped: its last row's sort value (as PostgreSQL text, keeping microseconds) and id. */
export interface ReportCursor {
  at: string;
  id: string;
}

export interface ReportPage {
  rows: ReportRow[];
  /** Absent when this page was the last. */
  next?: ReportCursor;
}

export interface ReportSummary {
  count: number;
  /** The sum of the type's money column, absent for a type without one. */
  amount?: number;
  groups: { status: ReportGroup[]; zone: ReportGroup[] };
}

/** The start of a calendar day in the business zone, as an instant (the zone is a query parameter). */
const startOfDay = (day: string) => sql`(${day}::date::timestamp at time zone ${CALENDAR.timeZone})`;
const startOfNextDay = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${CALENDAR.timeZone})`;

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
const statusIs = (column: AnyColumn, status: string | undefined): SQL[] => (status ? [sql`${column} = ${status}`] : []);
const iso = (value: Date | null) => (value ? value.toISOString() : null);

interface GroupedRow {
  status: string;
  zone: string | null;
  count: number;
  amount: string | number | null;
}

/** How one report type reads its table: the sort key, its filters, one page of rows and the grouped figures. */
interface ReportSource {
  sortKey: AnyColumn;
  sortType: 'timestamptz' | 'date';
  id: AnyColumn;
  hasAmount: boolean;
  conditions(filter: ReportFilter): SQL[];
  /** Rows matching `where`, newest first, at most `limit`, each with `cursor_at` (the sort key as text). */
  page(db: Database, where: SQL | undefined, limit: number): Promise<(ReportRow & { cursor_at: string })[]>;
  /** Count and amount per status and zone of the rows matching `where`. */
  grouped(db: Database, where: SQL | undefined): Promise<GroupedRow[]>;
}

const count = sql<number>`count(*)::int`;
const sumOf = (column: AnyColumn) => sql<string>`sum(${column})`;
const cursorOf = (column: AnyColumn) => sql<string>`${column}::text`;

const SOURCES: Record<ReportType, ReportSource> = {
  applications: {
    sortKey: applications.createdAt,
    sortType: 'timestamptz',
    id: applications.id,
    hasAmount: true,
    conditions: (filter) => [
      // Drafts are the applicant's own until submitted.
      sql`${applications.status} <> 'draft'`,
      ...instantRange(applications.createdAt, filter),
      ...statusIs(applications.status, filter.status),
      ...zoneIs(filter.zone),
    ],
    async page(db, where, limit) {
      const rows = await db
        .select({
          id: applications.id,
          application_number: applications.applicationNumber,
          organization_name: applicants.organizationName,
          application_type: applications.applicationType,
          status: applications.status,
          current_stage: applications.currentStage,
          stage_code: applications.stageCode,
          stage_params: applications.stageParams,
          asset_code: assets.assetCode,
          zone: assets.zone,
          estimated_investment: applications.estimatedInvestment,
          employment_generation: applications.employmentGeneration,
          created_at: applications.createdAt,
          submitted_at: applications.submittedAt,
          cursor_at: cursorOf(applications.createdAt),
        })
        .from(applications)
        .innerJoin(applicants, eq(applicants.id, applications.applicantId))
        .innerJoin(assets, eq(assets.id, applications.assetId))
        .where(where)
        .orderBy(desc(applications.createdAt), desc(applications.id))
        .limit(limit);
      // The stage as its code too (beside its English), so a screen words it in the reader's language.
      return rows.map(({ stage_code: stageCode, stage_params: stageParams, ...row }) => ({
        ...row,
        stage: stageOfRow({ stageCode, stageParams }),
        created_at: iso(row.created_at),
        submitted_at: iso(row.submitted_at),
      }));
    },
    grouped: (db, where) =>
      db
        .select({
          status: applications.status,
          zone: assets.zone,
          count,
          amount: sumOf(applications.estimatedInvestment),
        })
        .from(applications)
        .innerJoin(assets, eq(assets.id, applications.assetId))
        .where(where)
        .groupBy(applications.status, assets.zone),
  },
  assets: {
    sortKey: assets.createdAt,
    sortType: 'timestamptz',
    id: assets.id,
    hasAmount: true,
    conditions: (filter) => [
      ...instantRange(assets.createdAt, filter),
      ...statusIs(assets.status, filter.status),
      ...zoneIs(filter.zone),
    ],
    async page(db, where, limit) {
      const rows = await db
        .select({ asset: assets, cursor_at: cursorOf(assets.createdAt) })
        .from(assets)
        .where(where)
        .orderBy(desc(assets.createdAt), desc(assets.id))
        .limit(limit);
      return rows.map((row) => ({ ...toAsset(row.asset), cursor_at: row.cursor_at }));
    },
    grouped: (db, where) =>
      db
        .select({ status: assets.status, zone: assets.zone, count, amount: sumOf(assets.valuation) })
        .from(assets)
        .where(where)
        .groupBy(assets.status, assets.zone),
  },
  payments: {
    sortKey: payments.paymentDate,
    sortType: 'timestamptz',
    id: payments.id,
    hasAmount: true,
    conditions: (filter) => [
      ...instantRange(payments.paymentDate, filter),
      ...statusIs(payments.status, filter.status),
      ...zoneIs(filter.zone),
    ],
    async page(db, where, limit) {
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
          cursor_at: cursorOf(payments.paymentDate),
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .innerJoin(applications, eq(applications.id, payments.applicationId))
        .innerJoin(assets, eq(assets.id, applications.assetId))
        .where(where)
        .orderBy(desc(payments.paymentDate), desc(payments.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, payment_date: iso(row.payment_date) }));
    },
    grouped: (db, where) =>
      db
        .select({ status: payments.status, zone: assets.zone, count, amount: sumOf(payments.amount) })
        .from(payments)
        .innerJoin(applications, eq(applications.id, payments.applicationId))
        .innerJoin(assets, eq(assets.id, applications.assetId))
        .where(where)
        .groupBy(payments.status, assets.zone),
  },
  allotments: {
    sortKey: allotments.allotmentDate,
    sortType: 'date',
    id: allotments.id,
    hasAmount: false,
    conditions: (filter) => [
      ...dayRange(allotments.allotmentDate, filter),
      ...statusIs(allotments.status, filter.status),
      ...zoneIs(filter.zone),
    ],
    page: (db, where, limit) =>
      db
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
          cursor_at: cursorOf(allotments.allotmentDate),
        })
        .from(allotments)
        .innerJoin(applications, eq(applications.id, allotments.applicationId))
        .innerJoin(assets, eq(assets.id, allotments.assetId))
        .where(where)
        .orderBy(desc(allotments.allotmentDate), desc(allotments.id))
        .limit(limit),
    grouped: (db, where) =>
      db
        .select({ status: allotments.status, zone: assets.zone, count, amount: sql<null>`null` })
        .from(allotments)
        .innerJoin(assets, eq(assets.id, allotments.assetId))
        .where(where)
        .groupBy(allotments.status, assets.zone),
  },
};

function whereOf(source: ReportSource, filter: ReportFilter, after?: ReportCursor): SQL | undefined {
  const conditions = source.conditions(filter);
  if (after) {
    // Row comparison: strictly after the last row read in (sort key, id) descending order.
    const at = source.sortType === 'date' ? sql`${after.at}::date` : sql`${after.at}::timestamptz`;
    conditions.push(sql`(${source.sortKey}, ${source.id}) < (${at}, ${after.id}::uuid)`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of report rows, newest first, continuing after `after` when given. */
export async function reportPage(
  db: Database,
  type: ReportType,
  filter: ReportFilter,
  limit: number,
  after?: ReportCursor,
): Promise<ReportPage> {
  const source = SOURCES[type];
  const found = await source.page(db, whereOf(source, filter, after), limit);
  const rows = found.map(({ cursor_at: _cursor, ...row }) => row);
  const last = found.at(-1);
  return {
    rows,
    ...(found.length === limit && last && { next: { at: last.cursor_at, id: String(last.id) } }),
  };
}

/** Every matching row, page by page: the caller holds one page at a time. */
export async function* reportPages(
  db: Database,
  type: ReportType,
  filter: ReportFilter,
  pageSize: number,
): AsyncGenerator<ReportRow[]> {
  let after: ReportCursor | undefined;
  do {
    const page = await reportPage(db, type, filter, pageSize, after);
    if (page.rows.length > 0) yield page.rows;
    after = page.next;
  } while (after);
}

const money = roundRupees;

function groupsBy(rows: GroupedRow[], key: 'status' | 'zone', hasAmount: boolean): ReportGroup[] {
  const groups = new Map<string | null, { count: number; amount: number }>();
  for (const row of rows) {
    const group = groups.get(row[key]) ?? { count: 0, amount: 0 };
    group.count += row.count;
    group.amount += Number(row.amount ?? 0);
    groups.set(row[key], group);
  }
  return [...groups.entries()]
    .map(([value, group]) => ({
      value,
      count: group.count,
      ...(hasAmount && { amount: money(group.amount) }),
    }))
    .sort((a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value)));
}

type ReportSummaryTable = PgTable & {
  status: AnyColumn;
  zone: AnyColumn;
  day: AnyColumn;
  count: AnyColumn;
  amount: AnyColumn;
};

/** Each type's figures per status, zone and day (migration 0018), kept by triggers: base rows and pending deltas. */
const SUMMARY_TABLES: Record<ReportType, [ReportSummaryTable, ReportSummaryTable]> = {
  applications: [applicationReportBase, applicationReportDeltas],
  assets: [assetReportBase, assetReportDeltas],
  payments: [paymentReportBase, paymentReportDeltas],
  allotments: [allotmentReportBase, allotmentReportDeltas],
};

/** The summary tables key their days in Asia/Kolkata: a deployment on another calendar counts the tables instead. */
export const REPORT_SUMMARY_TIME_ZONE = 'Asia/Kolkata';

/** The grouped figures from the summary rows: a sum over some thousands of (status, zone, day) rows whatever the
 * size of the table, with the same filters as the rows (days as the corporation's calendar reads them). */
async function summaryGroups(db: Database, type: ReportType, filter: ReportFilter): Promise<GroupedRow[]> {
  const [base, deltas] = SUMMARY_TABLES[type];
  const part = (table: ReportSummaryTable) =>
    sql`select ${table.status} as status, ${table.zone} as zone, ${table.day} as day, ${table.count} as count, ${table.amount} as amount from ${table}`;
  const conditions: SQL[] = [];
  // Drafts are the applicant's own until submitted.
  if (type === 'applications') conditions.push(sql`parts.status <> 'draft'`);
  if (filter.fromDate) conditions.push(sql`parts.day >= ${filter.fromDate}::date`);
  if (filter.toDate) conditions.push(sql`parts.day <= ${filter.toDate}::date`);
  if (filter.status) conditions.push(sql`parts.status = ${filter.status}`);
  if (filter.zone) conditions.push(sql`lower(parts.zone) = lower(${filter.zone})`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = (await db.execute(sql`
    select parts.status, parts.zone, sum(parts.count)::float8 as count, sum(parts.amount)::text as amount
    from (${part(base)} union all ${part(deltas)}) parts ${where}
    group by parts.status, parts.zone having sum(parts.count) <> 0
  `)) as unknown as { rows: { status: string; zone: string; count: number | string; amount: string | null }[] };
  return result.rows.map((row) => ({
    status: row.status,
    zone: row.zone,
    count: Number(row.count),
    amount: SOURCES[type].hasAmount ? row.amount : null,
  }));
}

/** The count, the amount total and the status and zone groups of every matching row: from the summary tables, or
 * (another time zone than theirs, or `from: 'table'` as the benchmark compares) from one grouped query over the
 * table. */
export async function reportSummary(
  db: Database,
  type: ReportType,
  filter: ReportFilter,
  from: 'summary' | 'table' = CALENDAR.timeZone === REPORT_SUMMARY_TIME_ZONE ? 'summary' : 'table',
): Promise<ReportSummary> {
  const source = SOURCES[type];
  const rows =
    from === 'summary' ? await summaryGroups(db, type, filter) : await source.grouped(db, whereOf(source, filter));
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const amount = rows.reduce((sum, row) => sum + Number(row.amount ?? 0), 0);
  return {
    count: total,
    ...(source.hasAmount && { amount: money(amount) }),
    groups: { status: groupsBy(rows, 'status', source.hasAmount), zone: groupsBy(rows, 'zone', source.hasAmount) },
  };
}
