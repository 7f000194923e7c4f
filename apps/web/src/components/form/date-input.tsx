/** Date fields that take and show dd/mm/yyyy whatever the browser's locale (a text field with a clear hint, not the
 * browser's date control, which follows the browser's language). Forms keep the typed text; `inputDate()` in the
 * schema turns it into the API's YYYY-MM-DD. */
import { useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { parseInputDate, toInputDate } from '@portal/contract';
import type { Path } from 'react-hook-form';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { FormField, type AnyObjectSchema, type SchemaForm } from './schema-form';

/** The schema of a date field: the typed text in, the YYYY-MM-DD day out (or '' when optional and left empty).
 * Its reasons: 'required' and 'invalid_date'. */
export function inputDate({ optional = false }: { optional?: boolean } = {}) {
  return z.string().transform((text, context) => {
    if (text.trim() === '') {
      if (optional) return '';
      context.addIssue({ code: 'custom', message: 'required' });
      return z.NEVER;
    }
    const day = parseInputDate(text);
    if (!day) {
      context.addIssue({ code: 'custom', message: 'invalid_date' });
      return z.NEVER;
    }
    return day;
  });
}

/** A text input for a day, with the dd/mm/yyyy placeholder. Register it like any input; put it in a field whose
 * hint is `dateHint`. */
export function DateInput(props: ComponentProps<'input'>) {
  const { t } = useTranslation('form');
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder={t('date.placeholder')}
      className="max-w-48"
      {...props}
    />
  );
}

/** The hint under every date field: the order of day, month and year, with an example. */
export function useDateHint(): string {
  const { t } = useTranslation('form');
  return t('date.hint');
}

export interface DateFilterFieldProps {
  id: string;
  label: string;
  /** The day as YYYY-MM-DD, or ''. */
  value: string;
  onChange: (day: string) => void;
  className?: string;
}

/** A date in a filter bar: the list changes as soon as a whole day is typed (or the field is emptied); a text
 * that is no day says so when the field is left, and the filter keeps its last day. */
export function DateFilterField({ id, label, value, onChange, className }: DateFilterFieldProps) {
  const { t } = useTranslation('form');
  const [text, setText] = useState(() => toInputDate(value));
  const [invalid, setInvalid] = useState(false);

  // Follow a change made elsewhere (a link, the back button, a Clear filters button).
  useEffect(() => {
    setText((current) =>
      parseInputDate(current) === value || (current.trim() === '' && !value) ? current : toInputDate(value),
    );
  }, [value]);

  return (
    <Field
      id={id}
      label={label}
      hint={t('date.hint')}
      error={invalid ? t('validation.invalid_date') : undefined}
      className={className}
    >
      <DateInput
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next.trim() === '') {
            setInvalid(false);
            if (value) onChange('');
            return;
          }
          const day = parseInputDate(next);
          if (day) {
            setInvalid(false);
            if (day !== value) onChange(day);
          }
        }}
        onBlur={() => setInvalid(text.trim() !== '' && parseInputDate(text) === null)}
      />
    </Field>
  );
}

export interface FormDateFieldProps<Schema extends AnyObjectSchema> {
  form: SchemaForm<Schema>;
  name: Path<z.input<Schema>>;
  label: string;
  /** Said before the format hint, e.g. when the answer is due. */
  hint?: string;
  optional?: boolean;
}

/** A date field of a schema form: label, the format hint, the error, and the dd/mm/yyyy input. */
export function FormDateField<Schema extends AnyObjectSchema>({
  form,
  name,
  label,
  hint,
  optional,
}: FormDateFieldProps<Schema>) {
  const formatHint = useDateHint();
  return (
    <FormField
      form={form}
      name={name}
      label={label}
      optional={optional}
      hint={hint ? `${hint} ${formatHint}` : formatHint}
    >
      <DateInput {...form.register(name)} />
    </FormField>
  );
}
