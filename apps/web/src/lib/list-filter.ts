/** The list filter the spec gives every searchable list: a case-insensitive substring of the item's number, and an
 * exact status match where 'all' means no filter. */

export const ALL_STATUSES = 'all' as const;

export function filterByNumberAndStatus<T extends { status: string }>(
  items: readonly T[],
  numberOf: (item: T) => string,
  search: string,
  status: string,
): T[] {
  const needle = search.trim().toLowerCase();
  return items.filter(
    (item) =>
      (needle === '' || numberOf(item).toLowerCase().includes(needle)) &&
      (status === ALL_STATUSES || item.status === status),
  );
}

/** Whether the search or the status narrows the list (the empty state then offers to clear them). */
export function isFiltered(search: string, status: string): boolean {
  return search.trim() !== '' || status !== ALL_STATUSES;
}
