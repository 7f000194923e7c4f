/** A dialog around one form: error summary first, the fields, the consequence sentence last, and a Cancel / Confirm
 * footer whose confirm button submits the form and shows its busy text while the call runs. A step that cannot be
 * undone has a second step (`review`): the submit only leads to the confirmation in words, whose own button takes
 * the step and whose Go back returns to the fields as they were (decision 024). */
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from './button';
import { ConfirmPanel, Consequence, type Confirmation } from './confirm-step';
import { Dialog, type DialogProps } from './dialog';
import { ErrorSummary, type FieldError } from './error-summary';

export { Consequence };

/** The second step of a form dialog: shown instead of the fields, kept until Go back or the dialog closes. */
export interface ReviewStep extends Confirmation {
  onBack: () => void;
  onConfirm: () => void;
  /** Shown above the confirmation (the server's refusal of the last try). */
  notice?: ReactNode;
}

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
  /** The submit leads to a confirmation first: its button then reads "Review and confirm". */
  reviews?: boolean;
  /** The confirmation being shown (null or absent: the fields). */
  review?: ReviewStep | null;
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
  reviews = false,
  review,
  children,
  ...dialog
}: FormDialogProps) {
  const { t } = useTranslation('ui');
  return (
    <Dialog
      {...dialog}
      footer={
        review ? (
          <>
            <Button variant="secondary" onClick={review.onBack} disabled={busy} data-testid="confirm-step-back">
              {t('confirm.back')}
            </Button>
            <Button
              variant={submitVariant}
              busy={busy}
              busyText={busyText}
              onClick={review.onConfirm}
              data-testid="confirm-step-confirm"
            >
              {submitLabel}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => dialog.onOpenChange(false)}>
              {cancelLabel}
            </Button>
            <Button
              type="submit"
              form={formId}
              variant={reviews ? 'primary' : submitVariant}
              busy={busy}
              busyText={busyText}
            >
              {reviews ? t('confirm.review') : submitLabel}
            </Button>
          </>
        )
      }
    >
      {review && (
        <ConfirmPanel statement={review.statement} consequence={review.consequence} details={review.details}>
          {review.notice}
        </ConfirmPanel>
      )}
      {/* Kept while the confirmation shows, so Go back finds the fields as they were. */}
      <form id={formId} noValidate onSubmit={onSubmit} className={formClassName} hidden={Boolean(review)}>
        {errors && <ErrorSummary errors={errors} focusKey={errorsFocusKey} />}
        {children}
        {consequence && <Consequence>{consequence}</Consequence>}
      </form>
    </Dialog>
  );
}
