/** The status line at the top of the application: the badge, the stage text, and one sentence of what happens next. */
import { useTranslation } from 'react-i18next';
import type { Application } from '@portal/contract';
import { StatusBadge } from '../../../components/ui/status-badge';

export function StatusLine({ application }: { application: Application }) {
  const { t } = useTranslation('officer-applications');
  return (
    <section aria-label={t('detail.statusLine')} className="mb-4 rounded-lg border border-brand-200 bg-brand-50 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={application.status} />
        <p className="font-semibold text-slate-900">
          <span className="sr-only">{t('detail.stage')}: </span>
          <span>{application.current_stage}</span>
        </p>
      </div>
      <p className="mt-2 text-slate-800">
        <span className="sr-only">{t('detail.next')}: </span>
        {t(`nextStep.${application.status}`)}
      </p>
    </section>
  );
}
