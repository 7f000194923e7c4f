/** Payments as every feature reads them: the query keys, the fetchers and the query hooks. */
import { useQuery } from '@tanstack/react-query';
import type { Payment } from '@portal/contract';
import { api } from '../lib/api-client';

export const paymentKeys = {
  all: ['payments'] as const,
  forApplication: (applicationId: string) => ['payments', { application_id: applicationId }] as const,
};

export const fetchPayments = (applicationId?: string) =>
  api.get<Payment[]>('/payments', applicationId === undefined ? {} : { query: { application_id: applicationId } });

/** Every payment the caller may see. */
export function useAllPayments() {
  return useQuery({ queryKey: paymentKeys.all, queryFn: () => fetchPayments() });
}

/** One application's payments. */
export function usePayments(applicationId: string) {
  return useQuery({ queryKey: paymentKeys.forApplication(applicationId), queryFn: () => fetchPayments(applicationId) });
}
