/** The signed-in user's notifications: the unread count the bell polls, the latest few, a page of the list, and
 * marking one or all read. Every other feature's successful write may have notified someone, so the bell refreshes
 * the count after any mutation (useRefreshCountAfterWrites). */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@portal/contract';
import { usePageQuery } from '../../../api/page-query';
import { api, type ListParams } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  latest: ['notifications', 'latest'] as const,
};

/** How often the bell asks for the unread count while the tab is open. */
export const UNREAD_POLL_MS = 60_000;
/** How many notifications the bell's panel shows. */
export const LATEST_COUNT = 10;

/** The count from GET /notifications/unread-count; anything else (an older server) reads as none. */
function readCount(body: unknown): number {
  if (body && typeof body === 'object' && 'count' in body) {
    const { count } = body as { count: unknown };
    if (typeof count === 'number' && Number.isFinite(count) && count >= 0) return count;
  }
  return 0;
}

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: async ({ signal }) => readCount(await api.get('/notifications/unread-count', { signal })),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}

/** The newest notifications for the bell's panel, read afresh each time it opens. */
export function useLatestNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) =>
      api.page<Notification>('/notifications', { limit: LATEST_COUNT, sort: '-created_at' }, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** One page of the notifications screen (NOTIFICATION_LIST: newest first, `unread=true` for the unread only). */
export function useNotificationPage(params: ListParams) {
  return usePageQuery<Notification>(notificationKeys.all, '/notifications', params);
}

function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

export function useMarkRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`/notifications/${id}/read`),
    onSuccess: refresh,
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: () => api.post<void>('/notifications/read-all'),
    onSuccess: () => {
      // The bell reads none at once, before the refetch answers.
      queryClient.setQueryData(notificationKeys.unreadCount, 0);
      return refresh();
    },
  });
}

/** Asks for the unread count again whenever any write of the app succeeds: the write may have notified the user
 * (a decision, an answered query). One cheap request; the lists are read again only when opened. */
export function useRefreshCountAfterWrites() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success')
          void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
      }),
    [queryClient],
  );
}
