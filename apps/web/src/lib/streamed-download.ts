/** A streamed file download (an export the server writes page by page): fetched with the session, read chunk by chunk
 * so that the screen can show its progress, and answered as a Blob to save. A refusal is read through the shared
 * client, so its detail and a 401's sign-out work as everywhere else. */
import { api, ApiError, buildUrl } from './api-client';
import { readToken } from './session-storage';

export type StreamedFormat = 'csv' | 'json';

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

/** Downloads `path` with `query` as it streams, calling onProgress as chunks arrive. */
export async function downloadStreamedExport(
  path: string,
  query: Record<string, string | undefined>,
  format: StreamedFormat,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadedExport> {
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
