/** A list screen's state in the URL: the page, the sort, the search and the list's filters, read against the
 * contract's list definition (an unknown or invalid value is ignored, never a crash). A link or the back button
 * therefore restores the view. Changing the sort, a filter or the search goes back to page 1; the search box shows what
 * is typed at once and reaches the URL, and so the server, SEARCH_DEBOUNCE_MS after the last keystroke. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_LIMITS, sortValues } from '@portal/contract';
import type { ListParams } from './api-client';

export const SEARCH_DEBOUNCE_MS = 300;

/** The choice of a filter's select that means "no filter". */
export const ALL_CHOICE = 'all';

/** Runs `commit` after the pause unless the browser has moved to another page meanwhile: a lazily loaded next page
 * keeps this one mounted while it loads, and a late commit would put this list's search on that page's address.
 * Returns the cancel function for an effect's cleanup. */
export function afterPause(commit: () => void, delay = SEARCH_DEBOUNCE_MS): () => void {
  const path = window.location.pathname;
  const timer = setTimeout(() => {
    if (window.location.pathname === path) commit();
  }, delay);
  return () => clearTimeout(timer);
}

/** The part of the contract's list definition (listing.ts) this hook reads. */
export interface ListShape<Sort extends string, Filter extends string> {
  sort: readonly [Sort, ...Sort[]];
  defaultSort: Sort | `-${Sort}`;
  filters: Record<Filter, { safeParse(value: unknown): { success: boolean } }>;
  defaultLimit?: number;
}

export interface ListParamsOptions {
  /** Put before every parameter name when one screen keeps two lists in its URL (`pending_page`). */
  prefix?: string;
  limit?: number;
  /** Sent with every request but not kept in the URL (a screen's fixed filter, e.g. status=pending_committee). */
  fixed?: ListParams;
}

type Change = Record<string, string | undefined>;

function parsePage(raw: string | null, maxPage: number): number {
  if (!raw || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= maxPage ? page : 1;
}

export function useListParams<Sort extends string, Filter extends string>(
  definition: ListShape<Sort, Filter>,
  { prefix = '', limit: limitOption, fixed }: ListParamsOptions = {},
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const name = useCallback((param: string) => `${prefix}${param}`, [prefix]);
  const limit = limitOption ?? definition.defaultLimit ?? LIST_LIMITS.defaultLimit;
  // Offsets stop at maxOffset; the pager does not go further.
  const maxPage = Math.floor(LIST_LIMITS.maxOffset / limit) + 1;

  const page = parsePage(searchParams.get(name('page')), maxPage);
  const rawSort = searchParams.get(name('sort'));
  const sort: Sort | `-${Sort}` =
    rawSort && (sortValues(definition.sort) as string[]).includes(rawSort)
      ? (rawSort as Sort | `-${Sort}`)
      : definition.defaultSort;
  const q = (searchParams.get(name('q')) ?? '').trim().slice(0, LIST_LIMITS.maxSearchLength);

  // The filters' part of searchParams, so other parameters leave the object as it was.
  const filterKey = new URLSearchParams(
    (Object.keys(definition.filters) as Filter[]).map((filter) => [filter, searchParams.get(name(filter)) ?? '']),
  ).toString();
  const filters = useMemo(() => {
    const given = new URLSearchParams(filterKey);
    const valid: Partial<Record<Filter, string>> = {};
    for (const filter of Object.keys(definition.filters) as Filter[]) {
      const raw = given.get(filter);
      if (raw && definition.filters[filter].safeParse(raw).success) valid[filter] = raw;
    }
    return valid;
  }, [filterKey, definition]);

  const update = useCallback(
    (change: Change, { resetPage = true, replace = false }: { resetPage?: boolean; replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [param, value] of Object.entries(change)) {
            if (value === undefined || value === '') next.delete(name(param));
            else next.set(name(param), value);
          }
          if (resetPage) next.delete(name('page'));
          return next;
        },
        { replace },
      );
    },
    [setSearchParams, name],
  );

  // The search box's own text: shown at once, sent after the pause.
  const [searchText, setSearchText] = useState(q);
  const committed = useRef(q);
  useEffect(() => {
    // The URL's q changed from outside (back button, a link): show it in the box.
    if (q !== committed.current) {
      committed.current = q;
      setSearchText(q);
    }
  }, [q]);
  useEffect(() => {
    const wanted = searchText.trim().slice(0, LIST_LIMITS.maxSearchLength);
    if (wanted === committed.current) return undefined;
    return afterPause(() => {
      committed.current = wanted;
      update({ q: wanted }, { replace: true });
    });
  }, [searchText, update]);

  const setPage = useCallback(
    (next: number) => update({ page: next > 1 ? String(Math.min(next, maxPage)) : undefined }, { resetPage: false }),
    [update, maxPage],
  );
  const setSort = useCallback(
    (next: Sort | `-${Sort}`) => update({ sort: next === definition.defaultSort ? undefined : next }),
    [update, definition.defaultSort],
  );
  const setFilter = useCallback((filter: Filter, value: string | undefined) => update({ [filter]: value }), [update]);
  /** Sets several filters in one step (both bounds of a range): one history entry, one request. */
  const setFilters = useCallback(
    (change: Partial<Record<Filter, string | undefined>>) => update(change as Change),
    [update],
  );
  /** A select's current choice for a filter: its value when it is one of `choices`, otherwise ALL_CHOICE. */
  const choice = useCallback(
    <C extends string>(filter: Filter, choices: readonly C[]): C | typeof ALL_CHOICE => {
      const value = filters[filter];
      return value !== undefined && (choices as readonly string[]).includes(value) ? (value as C) : ALL_CHOICE;
    },
    [filters],
  );
  /** Sets a filter from a select, where ALL_CHOICE removes it. */
  const setChoice = useCallback(
    (filter: Filter, value: string) => setFilter(filter, value === ALL_CHOICE ? undefined : value),
    [setFilter],
  );
  const clear = useCallback(() => {
    committed.current = '';
    setSearchText('');
    const change: Change = { q: undefined };
    for (const filter of Object.keys(definition.filters)) change[filter] = undefined;
    update(change);
  }, [update, definition.filters]);

  const offset = (page - 1) * limit;
  const query = useMemo<ListParams>(
    () => ({ limit, ...(offset ? { offset } : {}), sort, ...(q ? { q } : {}), ...filters, ...fixed }),
    [limit, offset, sort, q, filters, fixed],
  );

  return {
    page,
    limit,
    offset,
    maxPage,
    sort,
    /** The search as sent to the server. */
    q,
    /** The search box's text (what was typed, before the pause). */
    searchText,
    setSearchText,
    filters,
    /** Whether the search or a filter narrows the list (the empty state then offers to clear them). */
    isFiltered: q !== '' || Object.keys(filters).length > 0,
    setPage,
    setSort,
    setFilter,
    setFilters,
    choice,
    setChoice,
    clear,
    /** The request's parameters: limit, offset, sort, q, the filters and the fixed ones. */
    query,
  };
}

export type ListParamsState<Sort extends string = string, Filter extends string = string> = ReturnType<
  typeof useListParams<Sort, Filter>
>;
