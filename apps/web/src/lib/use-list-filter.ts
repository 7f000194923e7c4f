/** The state of a searchable list: the search text, the status filter, the items they leave, and clearing both. */
import { useMemo, useState } from 'react';
import { ALL_STATUSES, filterByNumberAndStatus, isFiltered } from './list-filter';

/** `numberOf` must be stable (declare it outside the component). */
export function useListFilter<T extends { status: string }, S extends string>(
  items: readonly T[] | undefined,
  numberOf: (item: T) => string,
) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<S | typeof ALL_STATUSES>(ALL_STATUSES);
  const visible = useMemo(
    () => filterByNumberAndStatus(items ?? [], numberOf, search, status),
    [items, numberOf, search, status],
  );
  const clear = () => {
    setSearch('');
    setStatus(ALL_STATUSES);
  };
  return { search, setSearch, status, setStatus, visible, filtered: isFiltered(search, status), clear };
}
