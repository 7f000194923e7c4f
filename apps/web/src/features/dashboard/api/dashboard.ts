/** The entrepreneur dashboard's own call: their figures (their applications come from api/). */
import { useQuery } from '@tanstack/react-query';
import type { EntrepreneurStats } from '@portal/contract';
import { api } from '../../../lib/api-client';

export function useEntrepreneurStats() {
  return useQuery({ queryKey: ['dashboard', 'stats'], queryFn: () => api.get<EntrepreneurStats>('/dashboard/stats') });
}
