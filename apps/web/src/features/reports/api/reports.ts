/** GET /reports/{type} with the chosen filters (status only when it is not 'all'; empty filters left out), and the
 * streamed exports GET /reports/{type}/export.csv|json read chunk by chunk so the page can show their progress. */
import { useMutation } from '@tanstack/react-query';
import type { Report, ReportExportFormat, ReportType } from '@portal/contract';
import { api, ApiError, buildUrl } from '../../../lib/api-client';
import { readToken } from '../../../lib/session-storage';

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

export interface ExportProgress {
  bytes: number;
  /** Rows received so far (counted by line ends, so an estimate until the end). */
  rows: number;
  /** Every row of the export, from the X-Total-Count header; null when the server did not say. */
  total: number | null;
}

export interface DownloadedExport {
  blob: Blob;
  /** The name the server gave the file, when it gave one. */
  fileName: string | undefined;
  rows: number;
}

const NEWLINE = 10;

function fileNameOf(disposition: string | null): string | undefined {
  return disposition?.match(/filename="([^"]+)"/)?.[1];
}

/** Downloads an export of the report as it streams, calling onProgress as chunks arrive. */
export async function downloadReportExport(
  request: ReportRequest,
  format: ReportExportFormat,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadedExport> {
  const path = `/reports/${request.type}/export.${format}`;
  const query = reportQuery(request);
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers: { Accept: format === 'csv' ? 'text/csv' : 'application/json', Authorization: `Bearer ${token ?? ''}` },
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, undefined, undefined);
  }
  if (!response.ok || !response.body) {
    // A refusal is small and answered before any file byte: ask once more through the shared client, which reads
    // its detail and signs out on a 401 the same way as every other call.
    await api.get(path, { query, signal });
    throw new ApiError(response.status, undefined, undefined);
  }

  const header = response.headers.get('X-Total-Count');
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  // The CSV's first line is its header; the JSON's rows each start a line of their own.
  const headerLines = format === 'csv' ? 1 : 0;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  const rowsSoFar = () => {
    const rows = Math.max(0, lines - headerLines);
    return total === null ? rows : Math.min(rows, total);
  };
  onProgress({ bytes, rows: 0, total });
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    for (const byte of value) if (byte === NEWLINE) lines++;
    onProgress({ bytes, rows: rowsSoFar(), total });
  }
  const rows = total ?? rowsSoFar();
  onProgress({ bytes, rows, total });
  const type = format === 'csv' ? 'text/csv' : 'application/json';
  return {
    blob: new Blob(chunks as BlobPart[], { type }),
    fileName: fileNameOf(response.headers.get('Content-Disposition')),
    rows,
  };
}
