/** A schema form in a dialog (see ./schema-form): the dialog's code stays out of pages that have no dialog. */
import { useState } from 'react';
import type { SubmitHandler } from 'react-hook-form';
import type { z } from 'zod';
import type { Confirmation } from '../ui/confirm-step';
import { FormDialog, type FormDialogProps } from '../ui/form-dialog';
import { FormRefusal, type AnyObjectSchema, type SchemaForm } from './schema-form';

export interface SchemaFormDialogProps<Schema extends AnyObjectSchema> extends Omit<
  FormDialogProps,
  'formId' | 'onSubmit' | 'errors' | 'errorsFocusKey' | 'review' | 'reviews'
> {
  form: SchemaForm<Schema>;
  onValid: SubmitHandler<z.output<Schema>>;
  /** The server's refusal of the last try, in words. */
  refusal?: string;
  /**
   * For a step that cannot be undone (decision 024): what the valid values will do, in words; the submit then shows
   * this confirmation and only its button calls onValid, with the values the words were made from. Null for values
   * whose step can be undone (they are sent at once). The words are made from the submitted values, never from what
   * the fields showed before, so they always name the chosen outcome.
   */
  confirm?: (values: z.output<Schema>) => Confirmation | null;
  /** Whether the values now in the fields will need the confirmation (the first button's words); by default
   * whenever `confirm` is given. */
  confirmsNow?: boolean;
}

/** A form dialog over a schema form. Closing it puts the form back to its defaults. */
export function SchemaFormDialog<Schema extends AnyObjectSchema>({
  form,
  onValid,
  refusal,
  onOpenChange,
  confirm,
  confirmsNow,
  children,
  ...dialog
}: SchemaFormDialogProps<Schema>) {
  const [pending, setPending] = useState<{ values: z.output<Schema>; confirmation: Confirmation }>();
  // A field the server refused sends the user back to the fields to mend it.
  const reviewing = pending && Object.keys(form.formState.errors).length === 0 ? pending : undefined;
  return (
    <FormDialog
      {...dialog}
      onOpenChange={(next) => {
        if (!next && dialog.busy) return;
        if (!next) {
          form.reset();
          setPending(undefined);
        }
        onOpenChange(next);
      }}
      formId={`${form.idPrefix}form`}
      onSubmit={(event) =>
        void form.handleSubmit((values, submitEvent) => {
          const confirmation = confirm?.(values) ?? null;
          if (confirmation) setPending({ values, confirmation });
          else return onValid(values, submitEvent);
        })(event)
      }
      errors={form.summary}
      errorsFocusKey={form.formState.submitCount}
      reviews={confirmsNow ?? confirm !== undefined}
      review={
        reviewing && {
          ...reviewing.confirmation,
          notice: <FormRefusal>{refusal}</FormRefusal>,
          onBack: () => setPending(undefined),
          onConfirm: () => void onValid(reviewing.values),
        }
      }
    >
      {!reviewing && <FormRefusal focusKey={form.formState.submitCount}>{refusal}</FormRefusal>}
      {children}
    </FormDialog>
  );
}
