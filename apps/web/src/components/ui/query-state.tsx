/** The four states of a screen fed by a query: loading (spinner), error (message + retry), empty, and content. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Spinner } from './spinner';

/** The part of a TanStack Query result this helper reads. */
export interface QueryLike<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  isRefetching?: boolean;
}

export interface QueryStateProps<Data> {
  query: QueryLike<Data>;
  /** The content for loaded data. */
  children: (data: Data) => ReactNode;
  /** Whether loaded data counts as empty (default: an empty array). */
  isEmpty?: (data: Data) => boolean;
  /** What to show when empty: the spec's empty text and its action (usually an <EmptyState>). */
  empty?: ReactNode;
  /** The inline error line (default "Failed to load data"). */
  errorMessage?: string;
  loadingLabel?: string;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/** Renders the right one of the four states for a query. */
export function QueryState<Data>({
  query,
  children,
  isEmpty = emptyArray,
  empty,
  errorMessage,
  loadingLabel,
}: QueryStateProps<Data>) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError || query.data === undefined) {
    return (
      <EmptyState
        message={<span className="text-red-800">{errorMessage ?? t('loadFailed')}</span>}
        action={
          <Button variant="secondary" busy={query.isRefetching} onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
