/** Allotments as every feature reads them (with their lease deed and possession, and the register's counts): query
 * keys, fetchers, hooks. */
import { useQuery } from '@tanstack/react-query';
import type { Allotment, AllotmentSummary, LeaseDeed, Possession } from '@portal/contract';
import { api, type ListParams } from '../lib/api-client';
import { usePageQuery } from './page-query';
import { orNone } from './or-none';

export const allotmentKeys = {
  all: ['allotments'] as const,
  forApplication: (applicationId: string) => ['allotments', { application_id: applicationId }] as const,
  leaseDeed: (allotmentId: string) => ['allotments', allotmentId, 'lease-deed'] as const,
  possession: (allotmentId: string) => ['allotments', allotmentId, 'possession'] as const,
  summary: (zone: string | undefined) => ['allotments', 'summary', { zone: zone ?? null }] as const,
};

/** One application's allotments (a whole collection is only ever read a page at a time). */
export const fetchAllotments = (applicationId: string) =>
  api.get<Allotment[]>('/allotments', { query: { application_id: applicationId } });

/** One page of the allotments the caller may see (ALLOTMENT_LIST's sort, filters and search). */
export function useAllotmentPage(params: ListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return usePageQuery<Allotment>(allotmentKeys.all, '/allotments', params, { enabled });
}

/** The active one first, else the first, else null. */
function currentAllotment(list: Allotment[] | null): Allotment | null {
  return list?.find((allotment) => allotment.status === 'active') ?? list?.[0] ?? null;
}

/** The application's allotment (the active one first), or null. With `failureAsNone` a failed look-up counts as none
 * instead of showing as an error. */
export function useAllotment(applicationId: string, { failureAsNone = false }: { failureAsNone?: boolean } = {}) {
  return useQuery({
    queryKey: allotmentKeys.forApplication(applicationId),
    queryFn: async () => {
      const call = fetchAllotments(applicationId);
      return currentAllotment(failureAsNone ? await orNone(call) : await call);
    },
  });
}

/** The latest lease deed, or null (none yet, or the fetch failed: the spec treats both as none). */
export function useLeaseDeed(allotmentId: string | undefined) {
  return useQuery({
    queryKey: allotmentKeys.leaseDeed(allotmentId ?? ''),
    queryFn: () => orNone(api.get<LeaseDeed>(`/allotments/${allotmentId}/lease-deed`)),
    enabled: Boolean(allotmentId),
    retry: false,
  });
}

/** The possession record, or null (none yet, or the fetch failed). */
export function usePossession(allotmentId: string | undefined) {
  return useQuery({
    queryKey: allotmentKeys.possession(allotmentId ?? ''),
    queryFn: () => orNone(api.get<Possession>(`/allotments/${allotmentId}/possession`)),
    enabled: Boolean(allotmentId),
    retry: false,
  });
}

/** The register's counts (staff): allotments by status and those late on each milestone, in one zone or all. */
export function useAllotmentSummary(zone: string | undefined) {
  return useQuery({
    queryKey: allotmentKeys.summary(zone),
    queryFn: ({ signal }) => api.get<AllotmentSummary>('/allotments/summary', { query: { zone }, signal }),
  });
}
