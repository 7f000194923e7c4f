/** The officer dashboard's calls: the officer figures, one page of the officer's inbox, and one page of the most
 * recent applications. */
import { useQuery } from '@tanstack/react-query';
import { pendencySchema, RECENT_APPLICATIONS_ON_DASHBOARD, type OfficerStats, type Pendency } from '@portal/contract';
import { useApplicationListPage, useApplicationPage } from '../../../api/applications';
import { api, type ListParams } from '../../../lib/api-client';

export function useOfficerStats() {
  return useQuery({ queryKey: ['dashboard', 'stats'], queryFn: () => api.get<OfficerStats>('/dashboard/stats') });
}

const RECENT = { limit: RECENT_APPLICATIONS_ON_DASHBOARD, sort: '-created_at' } as const;

export function useRecentApplications() {
  return useApplicationPage(RECENT);
}

/** What the inbox always asks for, whatever the filters: what waits on the caller, the oldest due date first. */
export const INBOX_FIXED: ListParams = { inbox: 'true', sort: 'stage_due_on' };
export const INBOX_PAGE_SIZE = 10;

/** One page of "Waiting on me" under the screen's filters (from useListParams with INBOX_FIXED). */
export function useInboxPage(params: ListParams) {
  return useApplicationListPage(params);
}

/** The officers' pendency figures (GET /pendency): a zonal manager with a zone gets that zone's. Read through the
 * contract's schema: an answer of another shape is the charts' error state, not a page that fails to draw. */
export function usePendency() {
  return useQuery({
    queryKey: ['pendency'],
    queryFn: async (): Promise<Pendency> => pendencySchema.parse(await api.get<unknown>('/pendency')),
  });
}
