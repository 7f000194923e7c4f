/** Turns react-hook-form errors into the error summary's list, in the fields' on-screen order. */
import type { FieldErrors, FieldValues, Path } from 'react-hook-form';
import type { FieldError } from '../../../components/ui/error-summary';

export function summaryOf<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  order: Array<Path<Values>>,
): FieldError[] {
  return order.flatMap((name) => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message ? [{ fieldId: name, message }] : [];
  });
}
