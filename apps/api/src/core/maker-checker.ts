/** Maker is not checker: a step that needs a second person (a refund's approval, an adjustment's, a bank credit's
 * settlement, and deciding them either way) is refused to the one who prepared it, 403 maker_cannot_check. */
import { forbidden } from './http-error';

/** What the maker prepared, as the refusal names it. */
export type CheckedRecord = 'refund' | 'adjustment' | 'settlement';

export function refuseMakerAsChecker(
  preparedBy: string | null | undefined,
  checkerId: string,
  record: CheckedRecord,
  step: 'approved' | 'decided',
): void {
  if (preparedBy === checkerId) {
    throw forbidden(
      `The ${record} must be ${step} by someone other than the person who prepared it`,
      'maker_cannot_check',
    );
  }
}
