/** A file chosen in a schema form: the field holds the chosen File (or null), and the schema asks for one. */
import { z } from 'zod';

/** A `File | null` field that must hold a file when the form is sent; its reason when empty is 'required'
 * (`<messages>.file.required`). The type and size of a file are checked by the chooser when it is picked. */
export function requiredFile() {
  return z
    .instanceof(File)
    .nullable()
    .transform((file, context) => {
      if (!file) {
        context.addIssue({ code: 'custom', message: 'required' });
        return z.NEVER;
      }
      return file;
    });
}

/** The part of a schema form a file chooser needs (typed loosely: each form's `file` field). */
export interface FileFieldForm {
  setValue: (name: 'file', value: File | null) => void;
  setError: (name: 'file', error: { type: string; message: string }) => void;
  clearErrors: (name: 'file') => void;
}

/** What a chooser's onChange does to the form: keeps the file, or, when the chooser refused the file (wrong type,
 * over 5 MB), empties the field and shows the chooser's own message, already in the reader's language. */
export function chooseFile(form: FileFieldForm, file: File | undefined, problem: string | undefined): void {
  form.setValue('file', file ?? null);
  // 'server' is the schema form's type for a message the page words itself.
  if (problem) form.setError('file', { type: 'server', message: problem });
  else form.clearErrors('file');
}
