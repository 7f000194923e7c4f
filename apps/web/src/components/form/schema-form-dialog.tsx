/** A schema form in a dialog (see ./schema-form): the dialog's code stays out of pages that have no dialog. */
import type { SubmitHandler } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, type FormDialogProps } from '../ui/form-dialog';
import { FormRefusal, type AnyObjectSchema, type SchemaForm } from './schema-form';

export interface SchemaFormDialogProps<Schema extends AnyObjectSchema> extends Omit<
  FormDialogProps,
  'formId' | 'onSubmit' | 'errors' | 'errorsFocusKey'
> {
  form: SchemaForm<Schema>;
  onValid: SubmitHandler<z.output<Schema>>;
  /** The server's refusal of the last try, in words. */
  refusal?: string;
}

/** A form dialog over a schema form. Closing it puts the form back to its defaults. */
export function SchemaFormDialog<Schema extends AnyObjectSchema>({
  form,
  onValid,
  refusal,
  onOpenChange,
  children,
  ...dialog
}: SchemaFormDialogProps<Schema>) {
  return (
    <FormDialog
      {...dialog}
      onOpenChange={(next) => {
        if (!next && dialog.busy) return;
        if (!next) form.reset();
        onOpenChange(next);
      }}
      formId={`${form.idPrefix}form`}
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      errors={form.summary}
      errorsFocusKey={form.formState.submitCount}
    >
      <FormRefusal focusKey={form.formState.submitCount}>{refusal}</FormRefusal>
      {children}
    </FormDialog>
  );
}
