/** A list filter as a labelled select: "all" first, then one option per value, each with its words. */
import { Field } from './ui/field';
import { Select } from './ui/input';
import { ALL_CHOICE } from '../lib/use-list-params';

export interface ChoiceFilterProps<C extends string> {
  id: string;
  label: string;
  allLabel: string;
  value: C | typeof ALL_CHOICE;
  choices: readonly C[];
  labelOf: (choice: C) => string;
  onChange: (value: string) => void;
}

export function ChoiceFilter<C extends string>({
  id,
  label,
  allLabel,
  value,
  choices,
  labelOf,
  onChange,
}: ChoiceFilterProps<C>) {
  return (
    <Field id={id} label={label}>
      <Select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value={ALL_CHOICE}>{allLabel}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labelOf(choice)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
