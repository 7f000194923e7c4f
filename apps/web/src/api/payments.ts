/** Payments as every feature reads them: the query keys, the fetchers and the query hooks. */
import { useQuery } from '@tanstack/react-query';
import type { Payment } from '@portal/contract';
import { api, type ListParams } from '../lib/api-client';
import { usePageQuery } from './page-query';

export const paymentKeys = {
  all: ['payments'] as const,
  forApplication: (applicationId: string) => ['payments', { application_id: applicationId }] as const,
};

/** One application's payments (a whole collection is only ever read a page at a time). */
export const fetchPayments = (applicationId: string) =>
  api.get<Payment[]>('/payments', { query: { application_id: applicationId } });

/** One page of the payments the caller may see (PAYMENT_LIST's sort, filters and search). */
export function usePaymentPage(params: ListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return usePageQuery<Payment>(paymentKeys.all, '/payments', params, { enabled });
}

/** One application's payments. */
export function usePayments(applicationId: string) {
  return useQuery({ queryKey: paymentKeys.forApplication(applicationId), queryFn: () => fetchPayments(applicationId) });
}
