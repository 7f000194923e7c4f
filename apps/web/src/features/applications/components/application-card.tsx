/** One application in the list: number, badge, stage, type, investment, created date and jobs; opens the detail. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupees, type Application } from '@portal/contract';
import { StatusBadge } from '../../../components/ui/status-badge';

export function ApplicationCard({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  return (
    <li>
      <Link
        to={`/applications/${application.id}`}
        className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 hover:bg-brand-50"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-lg font-semibold text-brand-800">{application.application_number}</span>
          <StatusBadge status={application.status} />
        </div>
        <p className="mt-1 text-slate-700">
          <span className="text-slate-600">{t('list.stage')}: </span>
          {application.current_stage}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-600">{t('list.type')}</dt>
            <dd className="font-medium">{t(`applicationTypes.${application.application_type}`)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('list.investment')}</dt>
            <dd className="font-medium tabular-nums">{formatRupees(application.estimated_investment)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('list.created')}</dt>
            <dd className="font-medium tabular-nums">{formatDate(application.created_at)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('list.employment')}</dt>
            <dd className="font-medium tabular-nums">{t('list.jobs', { count: application.employment_generation })}</dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}
