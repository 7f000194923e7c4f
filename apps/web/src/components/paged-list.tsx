/** What a paged list shows under its toolbar: the four states (loading, error with retry, empty, content) and the
 * pager. While the next page loads the current one stays, dimmed and marked aria-busy. */
import type { ReactNode } from 'react';
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
  const busy = Boolean(query.isPlaceholderData);
  return (
    <QueryState query={query} errorMessage={errorMessage} loadingLabel={loadingLabel}>
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
            <div aria-busy={busy || undefined} className={cn(busy && 'opacity-60', className)}>
              {emptyFrame(<EmptyState message={emptyMessage} action={action} />)}
              {list.page > 1 && pager}
            </div>
          );
        }
        return (
          <div
            aria-busy={busy || undefined}
            className={cn('transition-opacity', busy && 'pointer-events-none opacity-60', className)}
          >
            {children(page.items)}
            {pager}
          </div>
        );
      }}
    </QueryState>
  );
}
