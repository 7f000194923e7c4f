/** The Users screen's calls (admin): the list, creating an officer account, changing a role, (de)activating. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, UpdateUserRequest, User } from '@portal/contract';
import { api } from '../../../lib/api-client';

// Shares the officer screens' key so that a change shows wherever users are listed.
const usersKey = ['users'] as const;

export function useUserList() {
  return useQuery({ queryKey: [...usersKey, 'all'], queryFn: () => api.get<User[]>('/users') });
}

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
