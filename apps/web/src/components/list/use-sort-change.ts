/** A table's onSortChange for a list's URL state: the same function from one key typed to the next, so a table kept
 * with React.memo is not drawn again for a new callback. */
import { useCallback } from 'react';

export function useSortChange<S extends string>(setSort: (sort: S) => void): (sort: string) => void {
  // The table offers only the sorts of its columns, which are the list's own.
  return useCallback((sort: string) => setSort(sort as S), [setSort]);
}
