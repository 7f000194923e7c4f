/** User accounts as more than one feature reads them: the query keys and a page of the list. */
import type { User } from '@portal/contract';
import type { ListParams } from '../lib/api-client';
import { usePageQuery } from './page-query';

export const userKeys = { all: ['users'] as const };

/** One page of the accounts (USER_LIST's sort, role filter and search by name or email). */
export function useUserPage(params: ListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return usePageQuery<User>(userKeys.all, '/users', params, { enabled });
}
