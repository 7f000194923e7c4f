/** The officers' side of the case loop: the document checklist, rejecting a document with its reason, and the
 * queries (raise, list, close). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationDocument, ApplicationQuery, CreateQueryRequest, DocumentChecklist } from '@portal/contract';
import { applicationKeys } from '../../../api/applications';
import { api } from '../../../lib/api-client';

export const caseKeys = {
  // Under the application's key, so a refresh of the application refreshes these too.
  checklist: (id: string) => [...applicationKeys.detail(id), 'checklist'] as const,
  queries: (id: string) => [...applicationKeys.detail(id), 'queries'] as const,
};

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

/** One row per document type: missing, or the state of its current document. */
export function useDocumentChecklist(id: string) {
  return useQuery({
    queryKey: caseKeys.checklist(id),
    queryFn: () => api.get<DocumentChecklist>(`/applications/${id}/documents/checklist`),
  });
}

export function useApplicationQueries(id: string) {
  return useQuery({
    queryKey: caseKeys.queries(id),
    queryFn: () => api.get<ApplicationQuery[]>(`/applications/${id}/queries`),
  });
}

/** Rejects a document; the reason is shown to the applicant. */
export function useRejectDocument(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ documentId, reason }: { documentId: string; reason: string }) =>
      api.put<ApplicationDocument>(
        `/applications/${id}/documents/${documentId}/verify`,
        { reason },
        { query: { verified: false } },
      ),
    onSuccess: refresh,
  });
}

export function useRaiseQuery(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateQueryRequest) => api.post<ApplicationQuery>(`/applications/${id}/queries`, body),
    onSuccess: refresh,
  });
}

export function useCloseQuery() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (queryId: string) => api.post<ApplicationQuery>(`/queries/${queryId}/close`),
    onSuccess: refresh,
  });
}
