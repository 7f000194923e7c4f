/** The toolbar above a searchable list: a search box (by number) beside a status filter. */
import { Search } from 'lucide-react';
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
}: ListToolbarProps<S>) {
  return (
    <div className="mb-4 grid gap-4 sm:grid-cols-[2fr_1fr]">
      <div className="space-y-1">
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
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </div>
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
    </div>
  );
}
