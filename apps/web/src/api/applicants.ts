/** Applicant profiles as more than one feature reads them: the query keys, the fetchers and the query hooks. */
import { useQuery } from '@tanstack/react-query';
import type { Applicant } from '@portal/contract';
import { api } from '../lib/api-client';
import { orNone } from './or-none';

export const applicantKeys = {
  me: ['applicants', 'me'] as const,
  detail: (id: string) => ['applicants', id] as const,
};

/** The caller's profile, or null when there is none (or the look-up failed: the spec counts that as none). */
export function useMyProfile() {
  return useQuery({
    queryKey: applicantKeys.me,
    queryFn: () => orNone(api.get<Applicant>('/applicants/me')),
    retry: false,
    staleTime: 0,
  });
}

/** One applicant's profile, or null; a failure is tolerated (the letters show N/A). */
export function useApplicant(id: string | undefined) {
  return useQuery({
    queryKey: applicantKeys.detail(id ?? ''),
    queryFn: () => orNone(api.get<Applicant>(`/applicants/${id}`)),
    enabled: Boolean(id),
    retry: false,
  });
}
