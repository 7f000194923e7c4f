/** How a show-cause step's refusal is said: a refused field beside the field (nothing in the dialog), anything else
 * as the step's failure with the server's reason when it gave one. */
import { useTranslation } from 'react-i18next';
import { errorDetail } from '../../../../lib/api-client';

export function useShowCauseRefusal(form: { setServerErrors: (error: unknown) => boolean }) {
  const { t } = useTranslation('show-causes');
  return (error: unknown): string | undefined => {
    if (form.setServerErrors(error)) return undefined;
    const reason = errorDetail(error, '');
    return reason ? t('failedBecause', { reason }) : t('failed');
  };
}
