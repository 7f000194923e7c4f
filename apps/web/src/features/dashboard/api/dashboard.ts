/** The entrepreneur dashboard's own calls: their figures, and one page of their most recent applications. */
import { useQuery } from '@tanstack/react-query';
import { RECENT_APPLICATIONS_ON_DASHBOARD, type EntrepreneurStats } from '@portal/contract';
import { useApplicationPage } from '../../../api/applications';
import { api } from '../../../lib/api-client';

export function useEntrepreneurStats() {
  return useQuery({ queryKey: ['dashboard', 'stats'], queryFn: () => api.get<EntrepreneurStats>('/dashboard/stats') });
}

const RECENT = { limit: RECENT_APPLICATIONS_ON_DASHBOARD, sort: '-created_at' } as const;

export function useRecentApplications() {
  return useApplicationPage(RECENT);
}
