/** The finance dashboard's reports: collections by day and mode over a period, receivables ageing and what waits on
 * finance (refunds, unmatched credits, gateway orders). Every figure is the server's sum. */
import { useQuery } from '@tanstack/react-query';
import {
  addCalendarDays,
  businessToday,
  type CollectionsReport,
  type FinanceSummary,
  type ReceivablesAgeing,
} from '@portal/contract';
import { api } from '../../../../lib/api-client';

/** The business days from and to of the last `days` days, today included. */
export function periodOf(days: number, today: string = businessToday()): { from: string; to: string } {
  return { from: addCalendarDays(today, -(days - 1)), to: today };
}

export const collectionsPath = (period: { from: string; to: string }, file = false) =>
  `/finance/collections${file ? '.csv' : ''}?${new URLSearchParams(period).toString()}`;

export function useCollections(period: { from: string; to: string }) {
  return useQuery({
    queryKey: ['finance', 'collections', period.from, period.to],
    queryFn: () => api.get<CollectionsReport>(collectionsPath(period)),
  });
}

export function useReceivablesAgeing() {
  return useQuery({
    queryKey: ['finance', 'receivables-ageing'],
    queryFn: () => api.get<ReceivablesAgeing>('/finance/receivables-ageing'),
  });
}

export function useFinanceSummary() {
  return useQuery({ queryKey: ['finance', 'summary'], queryFn: () => api.get<FinanceSummary>('/finance/summary') });
}
