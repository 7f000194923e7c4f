/** The sort of a card list (a table sorts by its column headers instead): a labelled select of the list's orders. */
import { useTranslation } from 'react-i18next';
import { Field } from './ui/field';
import { Select } from './ui/input';

export interface SortSelectProps<S extends string> {
  id: string;
  value: S;
  onChange: (value: S) => void;
  options: readonly { value: S; label: string }[];
  label?: string;
}

export function SortSelect<S extends string>({ id, value, onChange, options, label }: SortSelectProps<S>) {
  const { t } = useTranslation('list');
  return (
    <Field id={id} label={label ?? t('sort.label')}>
      <Select value={value} onChange={(event) => onChange(event.target.value as S)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
