/** The finance dashboard's own call: the figures (GET /dashboard/stats, finance names); invoices and payments are in api/. */
import { useQuery } from '@tanstack/react-query';
import type { OfficerStats } from '@portal/contract';
import { api } from '../../../lib/api-client';

export function useFinanceStats() {
  return useQuery({ queryKey: ['dashboard', 'stats'], queryFn: () => api.get<OfficerStats>('/dashboard/stats') });
}
