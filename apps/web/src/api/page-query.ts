/** One page of a collection as a query: keyed by its parameters, and keeping the previous page on screen (marked as
 * placeholder data) while the next one loads. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPage, type ListParams } from '../lib/api-client';

export function usePageQuery<T>(
  baseKey: readonly unknown[],
  path: string,
  params: ListParams,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...baseKey, 'page', path, params],
    queryFn: ({ signal }) => getPage<T>(path, params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
