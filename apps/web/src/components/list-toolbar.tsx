/** The toolbar above a searchable list: a search box beside a status filter, and optionally more filters and a sort. */
import type { ReactNode } from 'react';
import { Search } from 'lucide-react';
import { cn } from './ui/cn';
import { Field } from './ui/field';
import { Input, Select } from './ui/input';

export interface ListToolbarProps<S extends string> {
  /** The search box's id; the status filter's is `statusId`. */
  searchId: string;
  statusId: string;
  searchLabel: string;
  searchPlaceholder: string;
  statusLabel: string;
  search: string;
  onSearchChange: (search: string) => void;
  status: S;
  onStatusChange: (status: S) => void;
  /** The status filter's choices, in order (usually 'all' first). */
  statusOptions: readonly { value: S; label: string }[];
  /** A line under the search box saying what it searches. */
  searchHint?: string;
  /** More filters and a sort select, each a <Field>, after the status filter. */
  children?: ReactNode;
}

export function ListToolbar<S extends string>({
  searchId,
  statusId,
  searchLabel,
  searchPlaceholder,
  statusLabel,
  search,
  onSearchChange,
  status,
  onStatusChange,
  statusOptions,
  searchHint,
  children,
}: ListToolbarProps<S>) {
  const wide = children !== undefined;
  return (
    <div
      className={cn(
        'mb-4 grid gap-4',
        wide ? 'sm:grid-cols-2 lg:grid-cols-[2fr_repeat(auto-fit,minmax(10rem,1fr))]' : 'sm:grid-cols-[2fr_1fr]',
      )}
    >
      <div className={cn('space-y-1', wide && 'sm:col-span-2 lg:col-span-1')}>
        <label htmlFor={searchId} className="block font-medium text-slate-900">
          {searchLabel}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={searchPlaceholder}
            value={search}
            aria-describedby={searchHint ? `${searchId}-hint` : undefined}
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </div>
        {searchHint && (
          <p id={`${searchId}-hint`} className="text-sm text-slate-600">
            {searchHint}
          </p>
        )}
      </div>
      <Field id={statusId} label={statusLabel}>
        <Select value={status} onChange={(event) => onStatusChange(event.target.value as S)}>
          {statusOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      {children}
    </div>
  );
}
