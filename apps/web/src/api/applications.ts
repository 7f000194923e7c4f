/** Applications as every feature reads them: the query keys, the fetchers and the query hooks. */
import { useQuery } from '@tanstack/react-query';
import type { Application, ApplicationDocument, ApplicationListItem, TimelineEvent } from '@portal/contract';
import { api, type ListParams } from '../lib/api-client';
import { usePageQuery } from './page-query';

export const applicationKeys = {
  all: ['applications'] as const,
  detail: (id: string) => ['applications', id] as const,
  documents: (id: string) => ['applications', id, 'documents'] as const,
  timeline: (id: string) => ['applications', id, 'timeline'] as const,
};

export const fetchApplication = (id: string) => api.get<Application>(`/applications/${id}`);
export const fetchDocuments = (id: string) => api.get<ApplicationDocument[]>(`/applications/${id}/documents`);
/** Latest first, as the spec shows it (the list protocol's default is time order). */
export const fetchTimeline = (id: string) =>
  api.get<TimelineEvent[]>(`/applications/${id}/timeline`, { query: { sort: '-timestamp' } });

/** One page of the caller's applications (APPLICATION_LIST's sort, filters and search), each with its asset code and
 * zone (an older answer may lack them). */
export function useApplicationPage(params: ListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return usePageQuery<Application & Partial<ApplicationListItem>>(applicationKeys.all, '/applications', params, {
    enabled,
  });
}

/** One page of the staff list or inbox: each row with its organisation, asset code and zone. */
export function useApplicationListPage(params: ListParams) {
  return usePageQuery<ApplicationListItem>(applicationKeys.all, '/applications', params);
}

/** One application; `retry: false` lets a 404 show at once. */
export function useApplication(id: string, { retry }: { retry?: boolean } = {}) {
  return useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: () => fetchApplication(id),
    ...(retry === undefined ? {} : { retry }),
  });
}

export function useDocuments(id: string) {
  return useQuery({ queryKey: applicationKeys.documents(id), queryFn: () => fetchDocuments(id) });
}

export function useTimeline(id: string) {
  return useQuery({ queryKey: applicationKeys.timeline(id), queryFn: () => fetchTimeline(id) });
}
