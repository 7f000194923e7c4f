/** The Users screen's writes (admin): creating an officer account, changing a role, (de)activating; the list is in
 * api/. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, UpdateUserRequest, User } from '@portal/contract';
import { userKeys } from '../../../api/users';
import { api } from '../../../lib/api-client';

// The shared key, so that a change shows wherever users are listed.
const usersKey = userKeys.all;

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => api.post<User>('/users', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateUserRequest & { id: string }) => api.patch<User>(`/users/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
