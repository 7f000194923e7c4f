/** The applicant profile calls: read (404 → none), create, update. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Applicant, ApplicantProfileRequest, ApplicantProfileUpdate } from '@portal/contract';
import { api, ApiError } from '../../../lib/api-client';

const profileKey = ['applicants', 'me'] as const;

/** The profile, or null when there is none yet (a failed look-up counts as none). */
export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: async () => {
      try {
        return await api.get<Applicant>('/applicants/me');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw error;
        return null;
      }
    },
    retry: false,
    staleTime: 0,
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exists, body }: { exists: boolean; body: ApplicantProfileRequest }): Promise<Applicant> => {
      if (exists) {
        const { pan_number: _unchangeable, ...update } = body;
        return api.put<Applicant>('/applicants/me', update satisfies ApplicantProfileUpdate);
      }
      return api.post<Applicant>('/applicants', body);
    },
    onSuccess: (saved) => queryClient.setQueryData(profileKey, saved),
  });
}
