/** Reports of applications, assets, payments and allotments, with validated date, status and zone filters: the
 * figures and first rows as one answer, and every row as a CSV or JSON file written page by page. */
import {
  REPORT_COLUMNS,
  REPORT_STATUS_FILTERS,
  REPORT_TABLE_ROWS,
  REPORT_TYPES,
  type Report,
  type ReportExportFormat,
  type ReportQuery,
  type ReportType,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { businessTodayIso } from '../../core/dates';
import { csvLine } from '../../lib/csv';
import { notFound, unprocessable } from '../../core/http-error';
import {
  reportPage,
  reportPages,
  reportSummary,
  type ReportFilter,
  type ReportRow,
  type ReportSummary,
} from '../../repositories/reports';
import { clock } from '../../core/clock';

/** Rows read per query while exporting: memory stays at one page whatever the report's size. */
export const EXPORT_PAGE_SIZE = 1000;

export interface CheckedReport {
  type: ReportType;
  filter: ReportFilter;
  /** The filters as given, empty ones left out, echoed in the answer. */
  filters: ReportQuery;
}

function isReportType(type: string): type is ReportType {
  return (REPORT_TYPES as readonly string[]).includes(type);
}

/** Refuses an unknown type (404), a reversed date range or a status foreign to the type (422). */
export function checkReport(type: string, query: ReportQuery): CheckedReport {
  if (!isReportType(type)) throw notFound(`No such report: ${type}. Reports: ${REPORT_TYPES.join(', ')}`);
  if (query.from_date && query.to_date && query.from_date > query.to_date) {
    throw unprocessable('from_date: The start date must be on or before the end date');
  }
  const statuses = REPORT_STATUS_FILTERS[type];
  if (query.status && !statuses.includes(query.status)) {
    throw unprocessable(`status: A ${type} report can be filtered on ${statuses.join(', ')}`);
  }
  return {
    type,
    filter: { fromDate: query.from_date, toDate: query.to_date, status: query.status, zone: query.zone },
    filters: {
      ...(query.from_date && { from_date: query.from_date }),
      ...(query.to_date && { to_date: query.to_date }),
      ...(query.status && { status: query.status }),
      ...(query.zone && { zone: query.zone }),
    },
  };
}

function envelope(checked: CheckedReport, summary: ReportSummary, now: Date): Omit<Report, 'data'> {
  return {
    report_type: checked.type,
    generated_at: now.toISOString(),
    filters: checked.filters,
    count: summary.count,
    totals: { count: summary.count, ...(summary.amount !== undefined && { amount: summary.amount }) },
    groups: summary.groups,
  };
}

export async function generateReport(
  db: Database,
  type: string,
  query: ReportQuery,
  now: Date = clock.now(),
): Promise<Report> {
  const checked = checkReport(type, query);
  const summary = await reportSummary(db, checked.type, checked.filter);
  const first = await reportPage(db, checked.type, checked.filter, REPORT_TABLE_ROWS);
  return { ...envelope(checked, summary, now), data: first.rows };
}

/** applications-report-2026-11-22.csv, dated as the corporation's calendar reads today. */
export function exportFileName(type: ReportType, format: ReportExportFormat, now: Date = clock.now()): string {
  return `${type}-report-${businessTodayIso(now)}.${format}`;
}

/** Shared with the other exports (the estate register's). */
export { csvCell } from '../../lib/csv';

/** The CSV file: a header of the type's columns, then every row, one page of text at a time. */
export async function* exportCsv(
  db: Database,
  checked: CheckedReport,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  const columns = REPORT_COLUMNS[checked.type];
  yield columns.join(',') + '\r\n';
  for await (const rows of reportPages(db, checked.type, checked.filter, pageSize)) {
    yield rows.map((row) => csvLine(columns.map((column) => row[column]))).join('');
  }
}

/** The JSON file: the report's envelope with every row in `data`, one row a line, one page of text at a time. */
export async function* exportJson(
  db: Database,
  checked: CheckedReport,
  summary: ReportSummary,
  now: Date = clock.now(),
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  const head = JSON.stringify(envelope(checked, summary, now));
  yield `${head.slice(0, -1)},"data":[`;
  let first = true;
  for await (const rows of reportPages(db, checked.type, checked.filter, pageSize)) {
    const text = rows.map((row: ReportRow) => JSON.stringify(row)).join(',\n');
    yield (first ? '\n' : ',\n') + text;
    first = false;
  }
  yield '\n]}\n';
}
