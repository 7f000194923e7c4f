/** The case loop on one application, both sides of it: the document checklist; the officer rejecting a document with
 * its reason; the queries (officers raise, close and extend a lapsed one's date, the applicant answers). */
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ApplicationDocument,
  ApplicationQuery,
  CreateQueryRequest,
  DocumentChecklist,
  ExtendQueryRequest,
  QueryResponseRequest,
  TimelineEvent,
} from '@portal/contract';
import { applicationKeys } from '../../../../api/applications';
import { api } from '../../../../lib/api-client';
import { useRefreshApplication } from './applications';

export const caseKeys = {
  // Under the application's key, so every refresh of the application refreshes these too.
  checklist: (id: string) => [...applicationKeys.detail(id), 'checklist'] as const,
  queries: (id: string) => [...applicationKeys.detail(id), 'queries'] as const,
};

/** One row per document type: missing, or the state of its current document (and why it was rejected). */
export function useDocumentChecklist(id: string) {
  return useQuery({
    queryKey: caseKeys.checklist(id),
    queryFn: () => api.get<DocumentChecklist>(`/applications/${id}/documents/checklist`),
  });
}

/** Every query on the application, as the server orders them. */
export function useApplicationQueries(id: string) {
  return useQuery({
    queryKey: caseKeys.queries(id),
    queryFn: () => api.get<ApplicationQuery[]>(`/applications/${id}/queries`),
  });
}

/** The applicant's answer to an open query. */
export function useAnswerQuery(applicationId: string) {
  const refresh = useRefreshApplication(applicationId);
  return useMutation({
    mutationFn: ({ queryId, ...body }: QueryResponseRequest & { queryId: string }) =>
      api.post<ApplicationQuery>(`/queries/${queryId}/response`, body),
    onSuccess: () => refresh(),
  });
}

/** Rejects a document; the reason is shown to the applicant. */
export function useRejectDocument(applicationId: string) {
  const refresh = useRefreshApplication(applicationId);
  return useMutation({
    mutationFn: ({ documentId, reason }: { documentId: string; reason: string }) =>
      api.put<ApplicationDocument>(
        `/applications/${applicationId}/documents/${documentId}/verify`,
        { reason },
        { query: { verified: false } },
      ),
    onSuccess: () => refresh(),
  });
}

export function useRaiseQuery(applicationId: string) {
  const refresh = useRefreshApplication(applicationId);
  return useMutation({
    mutationFn: (body: CreateQueryRequest) =>
      api.post<ApplicationQuery>(`/applications/${applicationId}/queries`, body),
    onSuccess: () => refresh(),
  });
}

/** Extends a lapsed query's reply-by date (once). */
export function useExtendQuery(applicationId: string) {
  const refresh = useRefreshApplication(applicationId);
  return useMutation({
    mutationFn: ({ queryId, ...body }: ExtendQueryRequest & { queryId: string }) =>
      api.post<ApplicationQuery>(`/queries/${queryId}/extend`, body),
    onSuccess: () => refresh(),
  });
}

export function useCloseQuery(applicationId: string) {
  const refresh = useRefreshApplication(applicationId);
  return useMutation({
    mutationFn: (queryId: string) => api.post<ApplicationQuery>(`/queries/${queryId}/close`),
    onSuccess: () => refresh(),
  });
}

/** An officer's internal note: a timeline entry for staff only. */
export function useAddInternalNote(applicationId: string) {
  const refresh = useRefreshApplication(applicationId);
  return useMutation({
    mutationFn: (message: string) => api.post<TimelineEvent>(`/applications/${applicationId}/notes`, { message }),
    onSuccess: () => refresh(),
  });
}
