/** Choosing one record out of many: one select of the records the server sent. Only when there are more than it holds
 * does a search box appear above it (asking the server after the pause), so a short list is one field, not two. The
 * chosen record stays a choice while another search hides it. */
import { useRef } from 'react';
import { DebouncedInput } from './debounced-input';
import { Field } from './ui/field';
import { Select } from './ui/input';

export interface SearchSelectOption {
  value: string;
  label: string;
}

export interface SearchSelectProps {
  /** The select's id; the search box's is `${id}-search`. */
  id: string;
  label: string;
  searchLabel: string;
  /** The empty choice ("None"). */
  noneLabel: string;
  value: string;
  onChange: (value: string) => void;
  search: string;
  onSearch: (search: string) => void;
  options: readonly SearchSelectOption[];
  /** More records match than the select holds: the search box is offered. */
  hasMore?: boolean;
  optional?: boolean;
  disabled?: boolean;
  /** A line under the select, e.g. "Showing 20 of 312: search to narrow". */
  hint?: string;
  error?: string;
}

export function SearchSelect({
  id,
  label,
  searchLabel,
  noneLabel,
  value,
  onChange,
  search,
  onSearch,
  options,
  hasMore = false,
  optional,
  disabled,
  hint,
  error,
}: SearchSelectProps) {
  const seen = useRef(new Map<string, string>());
  for (const option of options) seen.current.set(option.value, option.label);
  const chosen = value && !options.some((option) => option.value === value) ? seen.current.get(value) : undefined;
  // Once searched, the box stays while its words do, so clearing them brings the first records back.
  const searchable = hasMore || search !== '';
  return (
    <div className="space-y-3">
      {searchable && (
        <Field id={`${id}-search`} label={searchLabel} optional>
          <DebouncedInput type="search" value={search} maxLength={100} onCommit={onSearch} />
        </Field>
      )}
      <Field id={id} label={label} optional={optional} hint={hint} error={error}>
        <Select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          <option value="">{noneLabel}</option>
          {chosen !== undefined && <option value={value}>{chosen}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
