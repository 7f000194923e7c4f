/** The SMS outbox (admin): its figures with the segments sent per day, and a page of messages. */
import { useQuery } from '@tanstack/react-query';
import type { SmsMessage, SmsSummary } from '@portal/contract';
import { usePageQuery } from '../../../api/page-query';
import { api, type ListParams } from '../../../lib/api-client';

export const smsOutboxKeys = {
  all: ['sms-outbox'] as const,
  summary: ['sms-outbox', 'summary'] as const,
};

export function useSmsSummary() {
  return useQuery({
    queryKey: smsOutboxKeys.summary,
    queryFn: ({ signal }) => api.get<SmsSummary>('/sms/outbox/summary', { signal }),
  });
}

/** One page of SMS_OUTBOX_LIST: newest first, by delivery and template, searched by the number's digits. */
export function useSmsPage(params: ListParams) {
  return usePageQuery<SmsMessage>(smsOutboxKeys.all, '/sms/outbox', params);
}
