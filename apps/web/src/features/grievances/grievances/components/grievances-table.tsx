/** Grievances as a table (a card each on a phone): number and what it is about, category, status, raised, promised
 * day (marked when past it); the complainant's own list and the officers' inbox share it. */
import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, ROUTES, type GrievanceStatus, type GrievanceSummary } from '@portal/contract';
import { DataTable, type Column } from '../../../../components/ui/data-table';

export const grievancePath = (id: string) => ROUTES.grievanceDetail.path.replace(':id', id);

// 800-on-100 pairs, as the status badges: all above 4.5:1 contrast.
const TONES: Record<GrievanceStatus, string> = {
  open: 'bg-blue-100 text-blue-800 ring-blue-700/30',
  detail_asked: 'bg-amber-100 text-amber-900 ring-amber-700/30',
  resolved: 'bg-green-100 text-green-800 ring-green-700/30',
};

/** The status in the viewer's words: the complainant reads whom it waits on, the officer the step. */
export function GrievanceStatusBadge({ status, officer }: { status: GrievanceStatus; officer: boolean }) {
  const { t } = useTranslation('grievances');
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ring-1 ring-inset ${TONES[status]}`}
    >
      {t(`${officer ? 'statusesOfficer' : 'statuses'}.${status}`)}
    </span>
  );
}

export const GrievancesTable = memo(function GrievancesTable({
  rows,
  sort,
  onSortChange,
  officer,
}: {
  rows: GrievanceSummary[];
  sort: string;
  onSortChange: (sort: string) => void;
  officer: boolean;
}) {
  const { t } = useTranslation('grievances');
  const columns: Column<GrievanceSummary>[] = [
    {
      key: 'number',
      header: t('columns.grievance'),
      card: 'title',
      cell: (row) => (
        <span>
          <Link className="font-medium text-brand-700 underline" to={grievancePath(row.id)}>
            {row.grievance_number}
          </Link>
          {row.subject && (
            <span className="block text-sm text-slate-700">
              {t(`subjects.${row.subject}`, { number: row.subject_number ?? '' })}
            </span>
          )}
        </span>
      ),
    },
    ...(officer
      ? [
          {
            key: 'complainant',
            header: t('columns.complainant'),
            wrap: true,
            cell: (row: GrievanceSummary) => row.complainant_name,
          },
        ]
      : []),
    { key: 'category', header: t('columns.category'), wrap: true, cell: (row) => t(`categories.${row.category}`) },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (row) => <GrievanceStatusBadge status={row.status} officer={officer} />,
    },
    {
      key: 'raised',
      header: t('columns.raised'),
      sortBy: 'raised_at',
      sortDescendingFirst: true,
      wrap: true,
      cell: (row) => formatDateTime(row.raised_at),
    },
    {
      key: 'due',
      header: t('columns.due'),
      sortBy: 'due_on',
      cell: (row) => (
        <span className={row.overdue ? 'font-semibold text-red-800' : undefined}>
          {formatDate(row.due_on)}
          {row.overdue && <span className="block text-sm">{t('overdue')}</span>}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t(officer ? 'inbox.caption' : 'mine.caption')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});
