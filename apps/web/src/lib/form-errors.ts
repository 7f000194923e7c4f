/** Turns react-hook-form errors into the error summary's list, in the fields' on-screen order. */
import type { FieldErrors, FieldValues, Path } from 'react-hook-form';
import type { FieldError } from '../components/ui/error-summary';

/** `idPrefix` is put before each field name to give its control's id (e.g. 'asset-' for asset-zone). */
export function summaryOf<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  order: ReadonlyArray<Path<Values>>,
  idPrefix = '',
): FieldError[] {
  return order.flatMap((name) => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message ? [{ fieldId: `${idPrefix}${name}`, message }] : [];
  });
}
