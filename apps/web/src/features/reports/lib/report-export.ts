/** Report files: the JSON of the whole report and a CSV of its rows, named by type and date
 * (applications-report-2026-11-22.json), handed to the browser as downloads. */
import { REPORT_COLUMNS, todayIso, type Report, type ReportType } from '@portal/contract';
import { saveFile } from '../../../lib/save-file';

export function reportFileName(type: ReportType, extension: 'json' | 'csv', now: Date = new Date()): string {
  return `${type}-report-${todayIso(now)}.${extension}`;
}

export function reportJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A text cell starting with = + - @ would run as a formula in a spreadsheet.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every row (not only the 50 shown), in the type's column order, CRLF line ends. */
export function reportCsv(report: Report): string {
  const columns = REPORT_COLUMNS[report.report_type];
  const lines = [
    columns.join(','),
    ...report.data.map((row) => columns.map((column) => csvCell(row[column])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function downloadText(fileName: string, text: string, type: string): void {
  saveFile(new Blob([text], { type }), fileName);
}
