/** The status line at the top of the application: the badge, the stage text, and one sentence of what happens next
 * and who it waits on. */
import { useTranslation } from 'react-i18next';
import type { Application, LeaseDeed } from '@portal/contract';
import { StatusBadge } from '../../../components/ui/status-badge';

/** A final allotment waits on the applicant's lease deed until the deed is approved, then on possession. */
function nextStepKey(application: Application, leaseDeed: LeaseDeed | null | undefined): string {
  if (application.status === 'final_allotment' && leaseDeed?.verification_status === 'approved') {
    return 'nextStep.final_allotment_deedApproved';
  }
  return `nextStep.${application.status}`;
}

export function StatusLine({ application, leaseDeed }: { application: Application; leaseDeed?: LeaseDeed | null }) {
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
        {t(nextStepKey(application, leaseDeed))}
      </p>
    </section>
  );
}
