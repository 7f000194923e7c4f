/** The words of a refused action, shown inside its form (never also as a toast): the spec's failure message, then
 * the server's reason in the reader's language when it gave one. */
import type { TFunction } from 'i18next';
import { errorDetail } from '../../../../lib/api-client';

export function refusalText(t: TFunction<'applications'>, failed: string, error: unknown): string {
  const detail = errorDetail(error, failed);
  return detail === failed ? failed : t('refused', { failed, detail });
}
