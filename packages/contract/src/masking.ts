/** Masks for private numbers printed on letters and print views: only the last digits show. */
import { NOT_AVAILABLE } from './format';

/** A bank account number with all but its last four characters as X ("XXXXXXXX9012"); spaces are dropped. A number
 * of four characters or fewer is masked whole, so no short number is shown in full. */
export function maskBankAccount(account: string | null | undefined): string {
  const compact = (account ?? '').replace(/\s+/g, '');
  if (!compact) return NOT_AVAILABLE;
  const shown = compact.length > 4 ? compact.slice(-4) : '';
  return 'X'.repeat(compact.length - shown.length) + shown;
}
