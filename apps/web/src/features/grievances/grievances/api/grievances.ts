/** Grievances (decision 038) as the screens read and change them: the caller's own page, the officers' inbox, one
 * grievance with its story, and the calls that raise one, act on it and attach a file. Every change refreshes them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Grievance, GrievanceActionRequest, GrievanceSummary, RaiseGrievanceRequest } from '@portal/contract';
import { api, type ListParams } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import { usePageQuery } from '../../../../api/page-query';

export const grievanceKeys = {
  all: ['grievances'] as const,
  mine: ['grievances', 'mine'] as const,
  inbox: ['grievances', 'inbox'] as const,
  one: (id: string) => ['grievances', 'one', id] as const,
};

export function useMyGrievancesPage(params: ListParams) {
  return usePageQuery<GrievanceSummary>(grievanceKeys.mine, '/grievances', params);
}

export function useGrievanceInboxPage(params: ListParams) {
  return usePageQuery<GrievanceSummary>(grievanceKeys.inbox, '/grievances/inbox', params);
}

export function useGrievance(id: string) {
  return useQuery({
    queryKey: grievanceKeys.one(id),
    queryFn: ({ signal }) => api.get<Grievance>(`/grievances/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: grievanceKeys.all });
}

export function useRaiseGrievance() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RaiseGrievanceRequest) => api.post<Grievance>('/grievances', body),
    onSuccess: refresh,
  });
}

export function useGrievanceAction(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: GrievanceActionRequest) => api.post<Grievance>(`/grievances/${id}/actions`, body),
    onSuccess: refresh,
  });
}

export function useAttachToGrievance(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<Grievance>(`/grievances/${id}/attachments`, form);
    },
    onSuccess: refresh,
  });
}

/** Saves one of the grievance's files under its own name. */
export async function downloadGrievanceFile(id: string, fileId: string, fileName: string): Promise<void> {
  saveFile(await api.blob(`/grievances/${id}/attachments/${fileId}/file`), fileName);
}
