/** The finance dashboard's calls: the figures (GET /dashboard/stats, finance names), every invoice and every payment. */
import { useQuery } from '@tanstack/react-query';
import type { Invoice, OfficerStats, Payment } from '@portal/contract';
import { api } from '../../../lib/api-client';

export const financeKeys = {
  stats: ['dashboard', 'stats'] as const,
  invoices: ['invoices'] as const,
  payments: ['payments'] as const,
};

export function useFinanceStats() {
  return useQuery({ queryKey: financeKeys.stats, queryFn: () => api.get<OfficerStats>('/dashboard/stats') });
}

export function useAllInvoices() {
  return useQuery({ queryKey: financeKeys.invoices, queryFn: () => api.get<Invoice[]>('/invoices') });
}

export function useAllPayments() {
  return useQuery({ queryKey: financeKeys.payments, queryFn: () => api.get<Payment[]>('/payments') });
}
