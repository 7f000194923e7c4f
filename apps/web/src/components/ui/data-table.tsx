/** Tables that scroll sideways on a phone rather than squash: TableScroll for hand-made tables, DataTable from columns. */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from './cn';

export interface TableScrollProps {
  /** The table's accessible name (also its <caption>, visually hidden unless showCaption). */
  caption: string;
  children: ReactNode;
  className?: string;
}

/** Whether the element's content is wider than the element, kept up to date as either changes size. */
function useOverflowsSideways(element: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(target.scrollWidth > target.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    if (target.firstElementChild) observer.observe(target.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [element]);
  return overflows;
}

/** A focusable, labelled region that scrolls a wide <table> sideways; when it does not fit (a phone), a hint says
 * that more columns lie to the side, and a shade marks the edge. */
export function TableScroll({ caption, children, className }: TableScrollProps) {
  const { t } = useTranslation('ui');
  const region = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsSideways(region);
  return (
    <div className={cn('relative', className)}>
      {overflows && (
        <p className="mb-1 text-sm text-slate-700" data-testid="table-scroll-hint">
          {t('tableScrollHint')} <span aria-hidden="true">→</span>
        </p>
      )}
      <div
        ref={region}
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
      >
        {children}
      </div>
      {overflows && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute right-0 bottom-0 h-[calc(100%-1.75rem)] w-6 rounded-r-lg bg-gradient-to-l from-slate-900/10 to-transparent"
        />
      )}
    </div>
  );
}

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-aligns numbers and money. */
  numeric?: boolean;
  className?: string;
  /** The list's sort column this header sorts by (with `sort` and `onSortChange` on the table). */
  sortBy?: string;
  /** The first click sorts descending (dates, amounts: newest or largest first). */
  sortDescendingFirst?: boolean;
}

export interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Makes each row open something (click or Enter); put a real link in a cell too where you can. */
  onRowClick?: (row: Row) => void;
  showCaption?: boolean;
  /** The current sort (`column` or `-column`); headers with `sortBy` become sort buttons with aria-sort. */
  sort?: string;
  onSortChange?: (sort: string) => void;
}

function SortHeader<Row>({
  column,
  sort,
  onSortChange,
}: {
  column: Column<Row> & { sortBy: string };
  sort: string | undefined;
  onSortChange: (sort: string) => void;
}) {
  const ascending = sort === column.sortBy;
  const descending = sort === `-${column.sortBy}`;
  const next = ascending
    ? `-${column.sortBy}`
    : descending
      ? column.sortBy
      : column.sortDescendingFirst
        ? `-${column.sortBy}`
        : column.sortBy;
  const Icon = ascending ? ArrowUp : descending ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={() => onSortChange(next)}
      className={cn(
        'inline-flex min-h-11 items-center gap-1 rounded font-semibold text-slate-700 hover:text-brand-800',
        column.numeric && 'flex-row-reverse',
      )}
    >
      {column.header}
      <Icon aria-hidden="true" className={cn('h-4 w-4', !ascending && !descending && 'text-slate-400')} />
    </button>
  );
}

function ariaSort(sort: string | undefined, column: string): 'ascending' | 'descending' | 'none' {
  if (sort === column) return 'ascending';
  if (sort === `-${column}`) return 'descending';
  return 'none';
}

/** A table built from column definitions, inside a TableScroll. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  onRowClick,
  showCaption,
  sort,
  onSortChange,
}: DataTableProps<Row>) {
  const onKeyDown = (row: Row) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && onRowClick) onRowClick(row);
  };
  return (
    <TableScroll caption={caption}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className={showCaption ? 'p-3 text-left font-semibold' : 'sr-only'}>{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => {
              const sortable = column.sortBy !== undefined && onSortChange !== undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sortable ? ariaSort(sort, column.sortBy!) : undefined}
                  className={cn(
                    'whitespace-nowrap px-4 font-semibold text-slate-700',
                    sortable ? 'py-1' : 'py-3',
                    column.numeric && 'text-right',
                    column.className,
                  )}
                >
                  {sortable ? (
                    <SortHeader
                      column={column as Column<Row> & { sortBy: string }}
                      sort={sort}
                      onSortChange={onSortChange}
                    />
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onKeyDown={onRowClick ? onKeyDown(row) : undefined}
              tabIndex={onRowClick ? 0 : undefined}
              className={cn(onRowClick && 'cursor-pointer hover:bg-brand-50 focus:bg-brand-50')}
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={cn(
                    'whitespace-nowrap px-4 py-3 text-slate-800',
                    column.numeric && 'text-right tabular-nums',
                    column.className,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
