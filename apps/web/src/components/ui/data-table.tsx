/** Tables that scroll sideways on a phone rather than squash: TableScroll for hand-made tables; DataTable from columns,
 * which below the `md` width shows each row as a card instead, so nothing hides off a phone's screen. */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from './cn';
import { MD_UP, useMediaQuery } from './use-media-query';

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
  /** Lets the cell's words wrap (long text, dates with times), so a wide table fits a desk screen instead of scrolling
   * sideways; other cells keep to one line. */
  wrap?: boolean;
  className?: string;
  /** The list's sort column this header sorts by (with `sort` and `onSortChange` on the table). */
  sortBy?: string;
  /** The first click sorts descending (dates, amounts: newest or largest first). */
  sortDescendingFirst?: boolean;
  /** On a phone's card: `title` heads the card (else the first column does), `actions` (buttons, links) sit
   * full-width at its foot without a label; every other column is a "label: value" line. */
  card?: 'title' | 'actions';
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
  /** Narrower gaps between the columns, for a wide table that must still fit a desk screen. */
  compact?: boolean;
}

function SortHeader<Row>({
  column,
  sort,
  onSortChange,
  children,
}: {
  column: Column<Row> & { sortBy: string };
  sort: string | undefined;
  onSortChange: (sort: string) => void;
  /** Said after the header (the card view's sort state, which a table says with aria-sort). */
  children?: ReactNode;
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
      {children}
      <Icon aria-hidden="true" className={cn('h-4 w-4', !ascending && !descending && 'text-slate-400')} />
    </button>
  );
}

function ariaSort(sort: string | undefined, column: string): 'ascending' | 'descending' | 'none' {
  if (sort === column) return 'ascending';
  if (sort === `-${column}`) return 'descending';
  return 'none';
}

/** A table built from column definitions, inside a TableScroll; below the `md` width, one card per row. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  // Without a way to ask (jsdom), the table: what a desktop shows and what unit tests query by role.
  const wide = useMediaQuery(MD_UP, true);
  return wide ? <TableView {...props} /> : <CardList {...props} />;
}

function TableView<Row>({
  caption,
  columns,
  rows,
  rowKey,
  onRowClick,
  showCaption,
  sort,
  onSortChange,
  compact,
}: DataTableProps<Row>) {
  const gap = compact ? 'px-2.5' : 'px-4';
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
                    column.wrap ? 'whitespace-normal' : 'whitespace-nowrap',
                    'font-semibold text-slate-700',
                    gap,
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
                    column.wrap ? 'whitespace-normal' : 'whitespace-nowrap',
                    'py-3 text-slate-800',
                    gap,
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

const isBlank = (value: ReactNode) => value === null || value === undefined || value === false || value === '';

/** A phone's view of the table: a list named by the caption, one card per row with the title column at its head,
 * every other column as a label beside its value, and the row's actions full-width at its foot. Sortable columns
 * become a row of sort buttons above the cards. */
function CardList<Row>({
  caption,
  columns,
  rows,
  rowKey,
  onRowClick,
  showCaption,
  sort,
  onSortChange,
}: DataTableProps<Row>) {
  const { t } = useTranslation('ui');
  const captionId = useId();
  const title = columns.find((column) => column.card === 'title') ?? columns.find((column) => !column.card);
  const actions = columns.filter((column) => column.card === 'actions');
  const details = columns.filter((column) => column !== title && column.card !== 'actions');
  const sortable = onSortChange
    ? columns.filter((column): column is Column<Row> & { sortBy: string } => column.sortBy !== undefined)
    : [];
  const onKeyDown = (row: Row) => (event: KeyboardEvent<HTMLLIElement>) => {
    // Only the card itself: Enter on a button or link inside it does that control's own thing.
    if (event.key === 'Enter' && event.target === event.currentTarget && onRowClick) onRowClick(row);
  };
  return (
    <div className="space-y-3">
      {showCaption && (
        <p id={captionId} className="font-semibold">
          {caption}
        </p>
      )}
      {sortable.length > 0 && onSortChange && (
        <div role="group" aria-label={t('cards.sortBy')} className="flex flex-wrap items-center gap-x-3">
          <span aria-hidden="true" className="text-sm text-slate-700">
            {t('cards.sortBy')}
          </span>
          {sortable.map((column) => {
            const state = ariaSort(sort, column.sortBy);
            return (
              <span key={column.key} className="text-sm">
                <SortHeader column={column} sort={sort} onSortChange={onSortChange}>
                  {state !== 'none' && <span className="sr-only"> ({t(`cards.sorted.${state}`)})</span>}
                </SortHeader>
              </span>
            );
          })}
        </div>
      )}
      <ul
        aria-label={showCaption ? undefined : caption}
        aria-labelledby={showCaption ? captionId : undefined}
        className="space-y-3"
      >
        {rows.map((row) => {
          const footer = actions
            .map((column) => ({ column, value: column.cell(row) }))
            .filter(({ value }) => !isBlank(value));
          return (
            // A card opens on Enter or Space as the table's row does; it stays a list item, as a role would end the list.
            /* eslint-disable jsx-a11y-x/no-noninteractive-element-interactions, jsx-a11y-x/no-noninteractive-tabindex */
            <li
              key={rowKey(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onKeyDown={onRowClick ? onKeyDown(row) : undefined}
              tabIndex={onRowClick ? 0 : undefined}
              className={cn(
                'rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800',
                onRowClick && 'cursor-pointer hover:bg-brand-50 focus:bg-brand-50',
              )}
            >
              {/* eslint-enable jsx-a11y-x/no-noninteractive-element-interactions, jsx-a11y-x/no-noninteractive-tabindex */}
              {title && <p className="text-base font-semibold break-words text-slate-900">{title.cell(row)}</p>}
              {details.length > 0 && (
                <dl className="mt-2 space-y-1.5">
                  {details.map((column) => {
                    const value = column.cell(row);
                    return (
                      <div key={column.key} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3">
                        <dt className="text-slate-600 break-words">{column.header}</dt>
                        {/* A cell's minimum width is for a table's column; on a card the value wraps instead. */}
                        <dd
                          className={cn(
                            'min-w-0 [overflow-wrap:anywhere] [&_*]:min-w-0!',
                            column.numeric && 'tabular-nums',
                          )}
                        >
                          {isBlank(value) ? '—' : value}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              )}
              {footer.length > 0 && (
                <div className="mt-3 flex flex-col gap-2 [&_a]:w-full [&_button]:w-full">
                  {footer.map(({ column, value }) => (
                    <div key={column.key}>{value}</div>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
