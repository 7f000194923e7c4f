/** What a searchable list shows under its toolbar: the count of matches and the matches, or the empty state (which
 * offers to clear the filters when they are what left the list empty). */
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { EmptyState } from './ui/empty-state';

export interface FilteredListResultsProps {
  count: number;
  countText: string;
  emptyMessage: string;
  /** The empty state's action; without one, `onClearFilters` (when given) offers `clearFiltersLabel`. */
  emptyAction?: ReactNode;
  onClearFilters?: () => void;
  clearFiltersLabel?: string;
  children: ReactNode;
}

export function FilteredListResults({
  count,
  countText,
  emptyMessage,
  emptyAction,
  onClearFilters,
  clearFiltersLabel,
  children,
}: FilteredListResultsProps) {
  if (count === 0) {
    const clear = onClearFilters && (
      <Button variant="secondary" onClick={onClearFilters}>
        {clearFiltersLabel}
      </Button>
    );
    return <EmptyState message={emptyMessage} action={emptyAction ?? clear} />;
  }
  return (
    <>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {countText}
      </p>
      {children}
    </>
  );
}
