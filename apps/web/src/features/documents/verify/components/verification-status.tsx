/** The document's status, plain at a glance: valid in green, superseded in amber (saying what replaced it), revoked
 * in red. Colour is never the only sign: each says its status in words, with an icon. */
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { formatDate, formatDateTime, type VerifiedDocument } from '@portal/contract';
import { cn } from '../../../../components/ui/cn';

const TONES = {
  valid: { box: 'border-green-700 bg-green-50 text-green-900', Icon: CheckCircle2 },
  superseded: { box: 'border-amber-600 bg-amber-50 text-amber-950', Icon: AlertTriangle },
  revoked: { box: 'border-red-700 bg-red-50 text-red-900', Icon: XCircle },
} as const;

export function VerificationStatus({ document }: { document: VerifiedDocument }) {
  const { t } = useTranslation('verify');
  const { box, Icon } = TONES[document.status];
  const replacement = document.superseded_by;
  let text = t('statusText.valid');
  if (document.status === 'revoked') text = t('statusText.revoked', { date: formatDateTime(document.revoked_at) });
  if (document.status === 'superseded' && replacement) {
    const params = { kind: t(`kinds.${replacement.kind}`).toLowerCase(), number: replacement.document_number };
    text = replacement.issued_at
      ? t('statusText.superseded', { ...params, date: formatDate(replacement.issued_at) })
      : t('statusText.supersededPending', params);
  }
  return (
    <section
      aria-labelledby="verify-status"
      data-status={document.status}
      className={cn('flex items-start gap-3 rounded-lg border-2 p-4', box)}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-7 w-7 shrink-0" />
      <div>
        <h2 id="verify-status" className="text-xl font-bold">
          {t(`status.${document.status}`)}
        </h2>
        <p className="mt-1">{text}</p>
      </div>
    </section>
  );
}
