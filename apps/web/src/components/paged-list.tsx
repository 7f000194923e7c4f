/** What a paged list shows under its toolbar: the four states (loading, error with retry, empty, content) and the
 * pager. While the next page loads the current one stays, marked aria-busy, under a bar that says it is loading. Not
 * dimmed: rows at part opacity fell below AA contrast, so an accessibility scan (or a reader) caught the list
 * unreadable while it loaded.
 *
 * A new answer's rows are drawn in a render React may interrupt (useDeferredValue): fifty new rows take longer than a
 * frame to build, and built in one piece they froze the page for that long just after a search's answer came back.
 * Built in slices, the page keeps drawing frames and answering keys; the previous rows stay (still dimmed) until the
 * new ones are ready and then replace them in one step, pager and total with them. */
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../lib/api-client';
import { Pager } from './pager';
import { Button } from './ui/button';
import { cn } from './ui/cn';
import { EmptyState } from './ui/empty-state';
import { QueryState, type QueryLike } from './ui/query-state';

export interface PagedListProps<T> {
  query: QueryLike<Page<T>> & { isPlaceholderData?: boolean };
  /** The list's URL state (useListParams). */
  list: {
    page: number;
    limit: number;
    maxPage: number;
    setPage: (page: number) => void;
    isFiltered: boolean;
    clear: () => void;
  };
  errorMessage?: string;
  loadingLabel?: string;
  /** The spec's empty text. */
  emptyMessage: ReactNode;
  /** The empty state's action (a search or filter that left the list empty is offered to be cleared beside it). */
  emptyAction?: ReactNode;
  clearFiltersLabel?: string;
  /** Wraps the empty state (a card, say). */
  emptyFrame?: (empty: ReactNode) => ReactNode;
  /** The pager's landmark name when a screen has more than one. */
  pagerLabel?: string;
  className?: string;
  children: (items: T[]) => ReactNode;
}

/** A thin bar along the list's top edge while its next page loads (pulsing unless the reader asked for less motion);
 * the words underneath keep their full contrast. */
function LoadingBar() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-x-0 top-0 z-10 h-1 rounded bg-brand-600 motion-safe:animate-pulse"
    />
  );
}

export function PagedList<T>({
  query,
  list,
  errorMessage,
  loadingLabel,
  emptyMessage,
  emptyAction,
  clearFiltersLabel,
  emptyFrame = (empty) => empty,
  pagerLabel,
  className,
  children,
}: PagedListProps<T>) {
  const { t } = useTranslation('list');
  const placeholder = Boolean(query.isPlaceholderData);
  // The rows and their busy state move together, so the dimming ends in the same step the new rows appear; it starts
  // at once, when the next page is asked for.
  const current = useMemo(() => ({ data: query.data, busy: placeholder }), [query.data, placeholder]);
  const deferred = useDeferredValue(current);
  // The first answer (nothing shown before it) is drawn at once: there is no earlier page to keep showing.
  const shown = deferred.data === undefined ? current : deferred;
  const busy = placeholder || shown.busy;
  // Named one by one, not spread: a query result tracks the fields read, and a spread would read them all, drawing the
  // page again on every change of any of them.
  const shownQuery: QueryLike<Page<T>> = {
    data: shown.data,
    isPending: query.isPending,
    isError: query.isError,
    refetch: query.refetch,
    get isRefetching() {
      return query.isRefetching;
    },
  };
  return (
    <QueryState query={shownQuery} errorMessage={errorMessage} loadingLabel={loadingLabel}>
      {(page) => {
        const pager = (
          <Pager
            page={list.page}
            limit={list.limit}
            total={page.total}
            totalCapped={page.totalCapped}
            itemCount={page.items.length}
            maxPage={list.maxPage}
            onPageChange={list.setPage}
            label={pagerLabel}
          />
        );
        if (page.items.length === 0) {
          const action = list.isFiltered ? (
            <div className="flex flex-wrap justify-center gap-3">
              <Button variant="secondary" onClick={list.clear}>
                {clearFiltersLabel ?? t('clearFilters')}
              </Button>
              {emptyAction}
            </div>
          ) : (
            emptyAction
          );
          return (
            <div aria-busy={busy || undefined} className={cn('relative', className)}>
              {busy && <LoadingBar />}
              {emptyFrame(<EmptyState message={emptyMessage} action={action} />)}
              {list.page > 1 && pager}
            </div>
          );
        }
        return (
          <div aria-busy={busy || undefined} className={cn('relative', className)}>
            {children(page.items)}
            {pager}
            {/* Takes the clicks on rows that are about to go. Not pointer-events on the list itself: that property is
                inherited, so setting it restyled every row's every element (a frame of its own on a long list). */}
            {busy && (
              <div aria-hidden="true" className="absolute inset-0">
                <LoadingBar />
              </div>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
