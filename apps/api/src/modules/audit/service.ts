/** The audit trail for admins: one page of entries, or every entry under the filter as a CSV file. */
import { AUDIT_EXPORT_COLUMNS, type AuditEntry, type AuditListQuery } from '@portal/contract';
import type { Database } from '../../db/client';
import { businessTodayIso } from '../../core/dates';
import type { Page } from '../../core/list-page';
import { auditPages, searchAuditLog, type AuditFilter } from '../../repositories/audit';
import { clock } from '../../core/clock';

export const AUDIT_EXPORT_PAGE_SIZE = 1000;

/** One CSV cell; a text starting with = + - @ (or a tab or carriage return) is defused for spreadsheets. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function listAuditEntries(db: Database, query: AuditListQuery): Promise<Page<AuditEntry>> {
  return searchAuditLog(db, query);
}

export function auditExportFileName(now: Date = clock.now()): string {
  return `audit-trail-${businessTodayIso(now)}.csv`;
}

/** A header, then every entry oldest first, one page of text at a time: memory stays at one page. */
export async function* exportAuditCsv(
  db: Database,
  filter: AuditFilter,
  pageSize = AUDIT_EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  yield AUDIT_EXPORT_COLUMNS.join(',') + '\r\n';
  for await (const entries of auditPages(db, filter, pageSize)) {
    yield entries
      .map((entry) => `${AUDIT_EXPORT_COLUMNS.map((column) => csvCell(entry[column])).join(',')}\r\n`)
      .join('');
  }
}
