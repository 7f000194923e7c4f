/** The audit trail (admin): a page of entries, and the CSV export of every entry under the same filters. */
import type { AuditEntry } from '@portal/contract';
import { usePageQuery } from '../../../api/page-query';
import { api, buildUrl, listQuery, type ListParams } from '../../../lib/api-client';
import { readToken } from '../../../lib/session-storage';

export const auditKeys = { all: ['audit'] as const };

export function useAuditPage(params: ListParams) {
  return usePageQuery<AuditEntry>(auditKeys.all, '/audit', params);
}

/** Downloads the CSV of the entries the filters select (paging and sort left out: the file holds them all). */
export async function downloadAuditCsv(params: ListParams): Promise<{ blob: Blob; fileName: string | undefined }> {
  const { limit: _limit, offset: _offset, sort: _sort, ...filters } = params;
  const query = listQuery(filters as ListParams);
  const response = await fetch(buildUrl('/audit/export.csv', query), {
    headers: { Accept: 'text/csv', Authorization: `Bearer ${readToken() ?? ''}` },
  });
  if (!response.ok) {
    // A refusal: ask once more through the shared client, which reads its detail (and signs out on a 401).
    await api.get('/audit/export.csv', { query });
    throw new Error(`Export failed (${response.status})`);
  }
  return {
    blob: await response.blob(),
    fileName: response.headers.get('Content-Disposition')?.match(/filename="([^"]+)"/)?.[1],
  };
}
