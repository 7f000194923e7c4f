/** The finance dashboard's reports: collections by day and mode over a checked period, receivables ageing as of the
 * business today, what waits on finance, and the CSV files of collections and of every unpaid invoice. */
import {
  addCalendarDays,
  calendarDaysBetween,
  COLLECTIONS_CSV_COLUMNS,
  COLLECTIONS_DEFAULT_DAYS,
  COLLECTIONS_MAX_DAYS,
  RECEIVABLES_CSV_COLUMNS,
  type CollectionsQuery,
  type CollectionsReport,
  type FinanceSummary,
  type ReceivablesAgeing,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { businessTodayIso } from '../../../core/dates';
import { unprocessable } from '../../../core/http-error';
import { csvLine } from '../../../lib/csv';
import {
  collectionsBetween,
  countReceivables as countOverdue,
  financeSummary,
  receivablePages,
  receivablesAgeing as ageingByBand,
} from '../repositories/finance-reports';
import { clock } from '../../../core/clock';

/** Unpaid invoices read per query while exporting. */
export const EXPORT_PAGE_SIZE = 1000;

/** The period asked, or the last 30 days to today; refuses a reversed period or one over COLLECTIONS_MAX_DAYS (422). */
export function checkPeriod(query: CollectionsQuery, now: Date = clock.now()): { from: string; to: string } {
  const to =
    query.to ?? (query.from ? addCalendarDays(query.from, COLLECTIONS_DEFAULT_DAYS - 1) : businessTodayIso(now));
  const from = query.from ?? addCalendarDays(to, -(COLLECTIONS_DEFAULT_DAYS - 1));
  if (from > to) throw unprocessable('from: The start day must be on or before the end day');
  if (calendarDaysBetween(from, to) + 1 > COLLECTIONS_MAX_DAYS) {
    throw unprocessable(`to: A period covers at most ${COLLECTIONS_MAX_DAYS} days`);
  }
  return { from, to };
}

export async function collections(db: Database, query: CollectionsQuery): Promise<CollectionsReport> {
  const { from, to } = checkPeriod(query);
  return { from, to, ...(await collectionsBetween(db, from, to)) };
}

export async function receivablesAgeing(db: Database, now: Date = clock.now()): Promise<ReceivablesAgeing> {
  const today = businessTodayIso(now);
  return { as_of: today, ...(await ageingByBand(db, today)) };
}

export const summary = (db: Database): Promise<FinanceSummary> => financeSummary(db);

/** collections-2026-10-28-to-2026-11-26.csv */
export const collectionsFileName = (period: { from: string; to: string }) =>
  `collections-${period.from}-to-${period.to}.csv`;
/** receivables-2026-11-26.csv, dated as the corporation's calendar reads today. */
export const receivablesFileName = (now: Date = clock.now()) => `receivables-${businessTodayIso(now)}.csv`;

/** The collections file: a header, then one line per day of the period (zeros on a day with none). */
export async function* exportCollectionsCsv(
  db: Database,
  period: { from: string; to: string },
): AsyncGenerator<string> {
  yield COLLECTIONS_CSV_COLUMNS.join(',') + '\r\n';
  const { days } = await collectionsBetween(db, period.from, period.to);
  yield days.map((day) => csvLine(COLLECTIONS_CSV_COLUMNS.map((column) => day[column]))).join('');
}

/** The receivables file: every unpaid invoice past due, most overdue first, one page of text at a time. */
export async function* exportReceivablesCsv(
  db: Database,
  now: Date = clock.now(),
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  const today = businessTodayIso(now);
  yield RECEIVABLES_CSV_COLUMNS.join(',') + '\r\n';
  for await (const rows of receivablePages(db, today, pageSize)) {
    yield rows.map((row) => csvLine(RECEIVABLES_CSV_COLUMNS.map((column) => row[column]))).join('');
  }
}

/** Unpaid invoices past due today: the rows receivables.csv holds. */
export const countReceivables = (db: Database, now: Date = clock.now()) => countOverdue(db, businessTodayIso(now));
