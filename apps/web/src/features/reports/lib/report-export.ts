/** Report files are named by type and date (applications-report-2026-11-22.csv) when the server names none. */
import { businessToday, type ReportExportFormat, type ReportType } from '@portal/contract';

export function reportFileName(type: ReportType, extension: ReportExportFormat, now: Date = new Date()): string {
  return `${type}-report-${businessToday(now)}.${extension}`;
}
