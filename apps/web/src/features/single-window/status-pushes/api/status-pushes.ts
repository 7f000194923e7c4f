/** The single window's status pushes (finance, admin): a page of them, and sending a failed one again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SingleWindowOutboxItem } from '@portal/contract';
import { usePageQuery } from '../../../../api/page-query';
import { api, type ListParams } from '../../../../lib/api-client';

export const statusPushKeys = { all: ['single-window-outbox'] as const };

/** One page of SINGLE_WINDOW_OUTBOX_LIST: newest first, by state, searched by CAF id or application number. */
export function useStatusPushPage(params: ListParams) {
  return usePageQuery<SingleWindowOutboxItem>(statusPushKeys.all, '/single-window/outbox', params);
}

export function useRetryStatusPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<SingleWindowOutboxItem>(`/single-window/outbox/${id}/retry`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusPushKeys.all }),
  });
}
