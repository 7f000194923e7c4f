/** The applicant's side of the case loop: the document checklist, the queries an officer raised and the answers. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApplicationQuery, DocumentChecklist, QueryResponseRequest } from '@portal/contract';
import { applicationKeys } from '../../../api/applications';
import { api } from '../../../lib/api-client';
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

export function useAnswerQuery(applicationId: string) {
  const refresh = useRefreshApplication(applicationId);
  return useMutation({
    mutationFn: ({ queryId, ...body }: QueryResponseRequest & { queryId: string }) =>
      api.post<ApplicationQuery>(`/queries/${queryId}/response`, body),
    onSuccess: () => refresh(),
  });
}
