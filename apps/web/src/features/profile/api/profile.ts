/** The applicant profile's save (create, update); reading it (404 → none) is api/applicants.ts's useMyProfile. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Applicant, ApplicantProfileRequest, ApplicantProfileUpdate } from '@portal/contract';
import { applicantKeys } from '../../../api/applicants';
import { api } from '../../../lib/api-client';

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
    onSuccess: (saved) => queryClient.setQueryData(applicantKeys.me, saved),
  });
}
