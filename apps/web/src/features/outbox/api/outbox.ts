/** The mail outbox (admin): the header figures, a page of messages, and sending a failed message again. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessage, OutboxSummary } from '@portal/contract';
import { usePageQuery } from '../../../api/page-query';
import { api, type ListParams } from '../../../lib/api-client';

export const outboxKeys = {
  all: ['outbox'] as const,
  summary: ['outbox', 'summary'] as const,
};

export function useOutboxSummary() {
  return useQuery({
    queryKey: outboxKeys.summary,
    queryFn: ({ signal }) => api.get<OutboxSummary>('/outbox/summary', { signal }),
  });
}

/** One page of OUTBOX_LIST: newest first, by status and template, searched by recipient. */
export function useOutboxPage(params: ListParams) {
  return usePageQuery<OutboxMessage>(outboxKeys.all, '/outbox', params);
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`/outbox/${id}/retry`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
