/** The finance dashboard's own calls: the figures (GET /dashboard/stats, finance names) and the ten latest payments;
 * the invoice pages come from api/. */
import { useQuery } from '@tanstack/react-query';
import { RECENT_PAYMENTS_ON_FINANCE_DASHBOARD, type OfficerStats } from '@portal/contract';
import { usePaymentPage } from '../../../../api/payments';
import { api } from '../../../../lib/api-client';

export function useFinanceStats() {
  return useQuery({ queryKey: ['dashboard', 'stats'], queryFn: () => api.get<OfficerStats>('/dashboard/stats') });
}

const RECENT = { limit: RECENT_PAYMENTS_ON_FINANCE_DASHBOARD, sort: '-payment_date' } as const;

export function useRecentPayments() {
  return usePaymentPage(RECENT);
}
