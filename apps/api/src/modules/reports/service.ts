/** Reports of applications, assets, payments and allotments, with validated date, status and zone filters. */
import { REPORT_STATUS_FILTERS, REPORT_TYPES, type Report, type ReportQuery, type ReportType } from '@portal/contract';
import type { Database } from '../../db/client';
import { notFound, unprocessable } from '../../lib/http-error';
import {
  allotmentReportRows,
  applicationReportRows,
  assetReportRows,
  paymentReportRows,
  type ReportFilter,
  type ReportRow,
} from '../../repositories/reports';

const ROWS_OF: Record<ReportType, (db: Database, filter: ReportFilter) => Promise<ReportRow[]>> = {
  applications: applicationReportRows,
  assets: assetReportRows,
  payments: paymentReportRows,
  allotments: allotmentReportRows,
};

function isReportType(type: string): type is ReportType {
  return (REPORT_TYPES as readonly string[]).includes(type);
}

export async function generateReport(
  db: Database,
  type: string,
  query: ReportQuery,
  now: Date = new Date(),
): Promise<Report> {
  if (!isReportType(type)) throw notFound(`No such report: ${type}. Reports: ${REPORT_TYPES.join(', ')}`);
  if (query.from_date && query.to_date && query.from_date > query.to_date) {
    throw unprocessable('from_date: The start date must be on or before the end date');
  }
  const statuses = REPORT_STATUS_FILTERS[type];
  if (query.status && !statuses.includes(query.status)) {
    throw unprocessable(`status: A ${type} report can be filtered on ${statuses.join(', ')}`);
  }
  const data = await ROWS_OF[type](db, {
    fromDate: query.from_date,
    toDate: query.to_date,
    status: query.status,
    zone: query.zone,
  });
  const filters: ReportQuery = {
    ...(query.from_date && { from_date: query.from_date }),
    ...(query.to_date && { to_date: query.to_date }),
    ...(query.status && { status: query.status }),
    ...(query.zone && { zone: query.zone }),
  };
  return { report_type: type, generated_at: now.toISOString(), filters, count: data.length, data };
}
