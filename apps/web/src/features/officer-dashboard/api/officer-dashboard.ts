/** The officer dashboard's calls: the officer figures and one page of the most recent applications. */
import { useQuery } from '@tanstack/react-query';
import { RECENT_APPLICATIONS_ON_DASHBOARD, type OfficerStats } from '@portal/contract';
import { useApplicationPage } from '../../../api/applications';
import { api } from '../../../lib/api-client';

export function useOfficerStats() {
  return useQuery({ queryKey: ['dashboard', 'stats'], queryFn: () => api.get<OfficerStats>('/dashboard/stats') });
}

const RECENT = { limit: RECENT_APPLICATIONS_ON_DASHBOARD, sort: '-created_at' } as const;

export function useRecentApplications() {
  return useApplicationPage(RECENT);
}
