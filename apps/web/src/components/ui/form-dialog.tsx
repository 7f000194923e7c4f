/** A dialog around one form: error summary first, the fields, the consequence sentence last, and a Cancel / Confirm
 * footer whose confirm button submits the form and shows its busy text while the call runs. */
import type { FormEvent, ReactNode } from 'react';
import { Info } from 'lucide-react';
import { Button, type ButtonVariant } from './button';
import { Dialog, type DialogProps } from './dialog';
import { ErrorSummary, type FieldError } from './error-summary';

export interface FormDialogProps extends Pick<
  DialogProps,
  'open' | 'onOpenChange' | 'title' | 'description' | 'trigger' | 'size'
> {
  /** The form's id (the footer's confirm button submits it from outside the form). */
  formId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formClassName?: string;
  cancelLabel: string;
  submitLabel: string;
  busy: boolean;
  busyText: string;
  submitVariant?: ButtonVariant;
  /** The errors of the last failed submit, summarised at the top; `errorsFocusKey` refocuses on each attempt. */
  errors?: FieldError[];
  errorsFocusKey?: unknown;
  /** What will happen if the user goes ahead, shown after the fields. */
  consequence?: string;
  children: ReactNode;
}

export function FormDialog({
  formId,
  onSubmit,
  formClassName = 'space-y-4',
  cancelLabel,
  submitLabel,
  busy,
  busyText,
  submitVariant,
  errors,
  errorsFocusKey,
  consequence,
  children,
  ...dialog
}: FormDialogProps) {
  return (
    <Dialog
      {...dialog}
      footer={
        <>
          <Button variant="secondary" onClick={() => dialog.onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} busy={busy} busyText={busyText}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className={formClassName}>
        {errors && <ErrorSummary errors={errors} focusKey={errorsFocusKey} />}
        {children}
        {consequence && <Consequence>{consequence}</Consequence>}
      </form>
    </Dialog>
  );
}

/** The sentence a decision dialog shows before its confirm button: what will happen if the user goes ahead. */
export function Consequence({ children }: { children: string }) {
  return (
    <p
      className="flex items-start gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-slate-800"
      aria-live="polite"
    >
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <span>{children}</span>
    </p>
  );
}
