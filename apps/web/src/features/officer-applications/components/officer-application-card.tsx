/** One card of the officer list: number, status, stage, type, investment and submitted date; opens the detail. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupees, type Application } from '@portal/contract';
import { StatusBadge } from '../../../components/ui/status-badge';

export function OfficerApplicationCard({ application }: { application: Application }) {
  const { t } = useTranslation('officer-applications');
  return (
    <li>
      <Link
        to={`/officer/applications/${application.id}`}
        className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 hover:bg-brand-50"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-lg font-semibold text-brand-800">{application.application_number}</span>
          <StatusBadge status={application.status} />
        </div>
        <p className="mt-1 text-slate-700">
          <span className="sr-only">{t('list.stage')}: </span>
          {application.current_stage}
        </p>
        <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">{t('list.type')}</dt>
            <dd className="font-medium">{t(`applicationTypes.${application.application_type}`)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('list.investment')}</dt>
            <dd className="font-medium tabular-nums">{formatRupees(application.estimated_investment)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('list.submitted')}</dt>
            <dd className="font-medium">
              {application.submitted_at ? formatDate(application.submitted_at) : t('list.notSubmitted')}
            </dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}
