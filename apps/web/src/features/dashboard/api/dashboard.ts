/** The entrepreneur dashboard's calls: their figures and their applications. */
import { useQuery } from '@tanstack/react-query';
import type { Application, EntrepreneurStats } from '@portal/contract';
import { api } from '../../../lib/api-client';

export function useEntrepreneurStats() {
  return useQuery({ queryKey: ['dashboard', 'stats'], queryFn: () => api.get<EntrepreneurStats>('/dashboard/stats') });
}

export function useMyApplications() {
  return useQuery({ queryKey: ['applications'], queryFn: () => api.get<Application[]>('/applications') });
}
