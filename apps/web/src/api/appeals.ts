/** Appeals to the head office, as more than one screen reads them: an application's appeals and whether its applicant
 * may file one (the applicant's application page), the appellate officer's list and one appeal, and the calls that
 * file one, record a hearing and give the order. Every change refreshes the appeals and the application (an order
 * may move it or its due date). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Appeal,
  AppealHearingRequest,
  AppealOrderRequest,
  ApplicationAppeals,
  FileAppealRequest,
} from '@portal/contract';
import { api, type ListParams } from '../lib/api-client';
import { applicationKeys } from './applications';
import { usePageQuery } from './page-query';

export const appealKeys = {
  all: ['appeals'] as const,
  list: ['appeals', 'list'] as const,
  ofApplication: (applicationId: string) => ['appeals', 'application', applicationId] as const,
  one: (id: string) => ['appeals', 'one', id] as const,
};

export function useApplicationAppeals(applicationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: appealKeys.ofApplication(applicationId),
    queryFn: ({ signal }) => api.get<ApplicationAppeals>(`/applications/${applicationId}/appeals`, { signal }),
    enabled: enabled && Boolean(applicationId),
  });
}

export function useAppealsPage(params: ListParams) {
  return usePageQuery<Appeal>(appealKeys.list, '/appeals', params);
}

export function useAppeal(id: string) {
  return useQuery({
    queryKey: appealKeys.one(id),
    queryFn: ({ signal }) => api.get<Appeal>(`/appeals/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: appealKeys.all }),
      queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
    ]);
}

export function useFileAppeal(applicationId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: FileAppealRequest) => api.post<Appeal>(`/applications/${applicationId}/appeals`, body),
    onSuccess: refresh,
  });
}

export function useRecordHearing(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AppealHearingRequest) => api.post<Appeal>(`/appeals/${id}/hearing`, body),
    onSuccess: refresh,
  });
}

export function useGiveOrder(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AppealOrderRequest) => api.post<Appeal>(`/appeals/${id}/order`, body),
    onSuccess: refresh,
  });
}
