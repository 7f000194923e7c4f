/** GET /allotments/export.csv: the estate register as a CSV file with the register's filters and search (not its
 * page or order), streamed and read chunk by chunk so the page can show its progress. */
import { businessToday } from '@portal/contract';
import { downloadStreamedExport, type DownloadedExport, type ExportProgress } from '../../../../lib/streamed-download';

export const REGISTER_EXPORT_PATH = '/allotments/export.csv';

/** estate-register-2026-11-22.csv when the server names none. */
export function registerExportFileName(now: Date = new Date()): string {
  return `estate-register-${businessToday(now)}.csv`;
}

/** The register's search and filters as the export takes them; empty ones are left out. */
export function registerExportQuery(
  q: string,
  filters: Partial<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  return { ...(q ? { q } : {}), ...filters };
}

export function downloadRegisterExport(
  query: Record<string, string | undefined>,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadedExport> {
  return downloadStreamedExport(REGISTER_EXPORT_PATH, query, 'csv', onProgress, signal);
}
