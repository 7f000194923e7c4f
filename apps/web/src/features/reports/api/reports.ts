/** GET /reports/{type} with the chosen filters (status only when it is not 'all'; empty filters left out), and the
 * streamed exports GET /reports/{type}/export.csv|json read chunk by chunk so the page can show their progress. */
import { useMutation } from '@tanstack/react-query';
import type { Report, ReportExportFormat, ReportType } from '@portal/contract';
import { api } from '../../../lib/api-client';
import { downloadStreamedExport, type DownloadedExport, type ExportProgress } from '../../../lib/streamed-download';

export interface ReportRequest {
  type: ReportType;
  from_date: string;
  to_date: string;
  status: string;
  zone: string;
}

export function reportQuery(request: ReportRequest): Record<string, string | undefined> {
  return {
    from_date: request.from_date || undefined,
    to_date: request.to_date || undefined,
    status: request.type === 'applications' && request.status !== 'all' ? request.status : undefined,
    zone: request.zone.trim() || undefined,
  };
}

export function useGenerateReport() {
  return useMutation({
    mutationFn: (request: ReportRequest) =>
      api.get<Report>(`/reports/${request.type}`, { query: reportQuery(request) }),
  });
}

export type { ExportProgress, DownloadedExport };

/** Downloads an export of the report as it streams, calling onProgress as chunks arrive. */
export function downloadReportExport(
  request: ReportRequest,
  format: ReportExportFormat,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadedExport> {
  return downloadStreamedExport(
    `/reports/${request.type}/export.${format}`,
    reportQuery(request),
    format,
    onProgress,
    signal,
  );
}
