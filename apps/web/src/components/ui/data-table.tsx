/** Tables that scroll sideways on a phone rather than squash: TableScroll for hand-made tables, DataTable from columns. */
import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from './cn';

export interface TableScrollProps {
  /** The table's accessible name (also its <caption>, visually hidden unless showCaption). */
  caption: string;
  children: ReactNode;
  className?: string;
}

/** A focusable, labelled region that scrolls a wide <table> sideways. */
export function TableScroll({ caption, children, className }: TableScrollProps) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={cn('overflow-x-auto rounded-lg border border-slate-200 bg-white', className)}
    >
      {children}
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
}

export interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Makes each row open something (click or Enter); put a real link in a cell too where you can. */
  onRowClick?: (row: Row) => void;
  showCaption?: boolean;
}

/** A table built from column definitions, inside a TableScroll. */
export function DataTable<Row>({ caption, columns, rows, rowKey, onRowClick, showCaption }: DataTableProps<Row>) {
  const onKeyDown = (row: Row) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && onRowClick) onRowClick(row);
  };
  return (
    <TableScroll caption={caption}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className={showCaption ? 'p-3 text-left font-semibold' : 'sr-only'}>{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  'whitespace-nowrap px-4 py-3 font-semibold text-slate-700',
                  column.numeric && 'text-right',
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
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
