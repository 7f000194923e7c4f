/** The Allotments screen: a read-only list (number, status, type, date, expiry); each row opens its application. */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate, type Allotment, type AllotmentStatus } from '@portal/contract';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge, type StatusBadgeTone } from '../../../components/ui/status-badge';
import { useAllAllotments } from '../../../api/allotments';
import { useApplicationNumbers } from '../api/allotments';
import { useFailureToast } from '../../../lib/use-failure-toast';

const STATUS_TONES: Record<AllotmentStatus, StatusBadgeTone> = { active: 'green', expired: 'amber', cancelled: 'red' };
const applicationPath = (allotment: Allotment) => `/officer/applications/${allotment.application_id}`;

export default function AllotmentsPage() {
  const { t } = useTranslation('allotments');
  const navigate = useNavigate();
  const allotments = useAllAllotments();
  const numbers = useApplicationNumbers();

  useFailureToast(allotments.isError, t('loadFailed'), 'allotments-load-failed');

  const columns: Column<Allotment>[] = [
    {
      key: 'number',
      header: t('columns.number'),
      cell: (allotment) => (
        <Link
          to={applicationPath(allotment)}
          onClick={(event) => event.stopPropagation()}
          aria-label={t('openApplication', { number: allotment.allotment_number })}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          {allotment.allotment_number}
        </Link>
      ),
    },
    {
      key: 'application',
      header: t('columns.application'),
      cell: (allotment) => numbers.data?.get(allotment.application_id) ?? '—',
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (allotment) => <StatusBadge status={allotment.status} tone={STATUS_TONES[allotment.status]} />,
    },
    { key: 'type', header: t('columns.type'), cell: (allotment) => t(`types.${allotment.allotment_type}`) },
    { key: 'date', header: t('columns.date'), cell: (allotment) => formatDate(allotment.allotment_date) },
    { key: 'expiry', header: t('columns.expiry'), cell: (allotment) => formatDate(allotment.expiry_date) },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <QueryState query={allotments} errorMessage={t('loadFailed')} empty={<EmptyState message={t('empty')} />}>
        {(list) => (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {t('count', { count: list.length })}
            </p>
            <DataTable
              caption={t('caption')}
              columns={columns}
              rows={list}
              rowKey={(allotment) => allotment.id}
              onRowClick={(allotment) => void navigate(applicationPath(allotment))}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
