/** POST /auth/change-password: the signed-in user's new password; the server ends the user's other sessions. */
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@portal/contract';
import { api } from '../../../lib/api-client';

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.post<void>('/auth/change-password', body),
  });
}
