/** The officer dashboard's calls: the officer figures and the most recent applications. */
import { useQuery } from '@tanstack/react-query';
import { RECENT_APPLICATIONS_ON_DASHBOARD, type Application, type OfficerStats } from '@portal/contract';
import { applicationKeys, fetchApplications } from '../../../api/applications';
import { api } from '../../../lib/api-client';

export function useOfficerStats() {
  return useQuery({ queryKey: ['dashboard', 'stats'], queryFn: () => api.get<OfficerStats>('/dashboard/stats') });
}

/** The newest applications first (the list already comes newest first; sorting keeps that true whatever the order). */
export function recentApplications(applications: Application[]): Application[] {
  return [...applications]
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, RECENT_APPLICATIONS_ON_DASHBOARD);
}

export function useRecentApplications() {
  return useQuery({
    queryKey: applicationKeys.all,
    queryFn: fetchApplications,
    select: recentApplications,
  });
}
