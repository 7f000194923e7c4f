/** What came of the allottee's Aadhaar eSign of the lease deed (decision 035), told on the page the eSign provider
 * sends the browser back to (its `esign` query parameter): signed and sent for verification, or why it was not, in
 * plain words. Closing it takes the parameter away. */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CheckCircle2, CircleAlert } from 'lucide-react';
import { ESIGN_RESULT_QUERY, esignResultOf } from '@portal/contract';
import { Button } from '../../../../components/ui/button';

export function EsignResultNotice() {
  const { t } = useTranslation('applications');
  const [params, setParams] = useSearchParams();
  const result = esignResultOf(params.get(ESIGN_RESULT_QUERY));
  if (!result) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ESIGN_RESULT_QUERY);
        return next;
      },
      { replace: true },
    );
  const signed = result === 'signed';
  const Icon = signed ? CheckCircle2 : CircleAlert;
  return (
    <div
      role={signed ? 'status' : 'alert'}
      className={`mb-6 flex flex-wrap items-start gap-3 rounded-md border-l-4 p-4 text-slate-900 ${
        signed ? 'border-green-700 bg-green-50' : 'border-amber-600 bg-amber-50'
      }`}
    >
      <Icon aria-hidden="true" className={`mt-0.5 h-5 w-5 shrink-0 ${signed ? 'text-green-800' : 'text-amber-800'}`} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">
          {t(signed ? 'detail.esign.result.signedTitle' : 'detail.esign.result.notSignedTitle')}
        </p>
        <p>{t(`detail.esign.result.${result}`)}</p>
        {!signed && result !== 'already_completed' && <p>{t('detail.esign.result.tryAgain')}</p>}
      </div>
      <Button variant="secondary" size="sm" onClick={close}>
        {t('detail.esign.result.close')}
      </Button>
    </div>
  );
}
