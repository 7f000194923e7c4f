/** A form field: label above, optional hint, "(optional)" marker, error message; wires ids and aria onto its control. */
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export interface FieldProps {
  /** The control's id (the error summary links to it). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The message shown beside the field after a failed submit. */
  error?: string;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  className?: string;
  /** One control (<Input>, <Select>, <Textarea>, or any element taking id/aria props). */
  children: ReactElement<Record<string, unknown>>;
}

/** Label + hint + error around one control; the control gets id, aria-describedby and aria-invalid. */
export function Field({ id, label, hint, error, optional, className, children }: FieldProps) {
  const { t } = useTranslation();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })
    : children;
  return (
    <div className={cn('space-y-1', error && 'border-l-4 border-red-700 pl-3', className)}>
      <label htmlFor={id} className="block font-medium text-slate-900">
        {label}
        {optional && <span className="font-normal text-slate-600"> {t('optional')}</span>}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {control}
    </div>
  );
}
