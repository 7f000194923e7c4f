/** The Allotments screen: a read-only list (number, status, type, date, expiry) a page at a time, searched, filtered
 * and sorted on the server; each row opens its application. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  ALLOTMENT_LIST,
  ALLOTMENT_STATUSES,
  ALLOTMENT_TYPES,
  formatDate,
  type Allotment,
  type AllotmentStatus,
} from '@portal/contract';
import { useAllotmentPage } from '../../../api/allotments';
import { ChoiceFilter } from '../../../components/choice-filter';
import { ListToolbar } from '../../../components/list-toolbar';
import { useSortChange } from '../../../components/list/use-sort-change';
import { PagedList } from '../../../components/paged-list';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusBadge, type StatusBadgeTone } from '../../../components/ui/status-badge';
import { ALL_CHOICE, useListParams } from '../../../lib/use-list-params';
import { useFailureToast } from '../../../lib/use-failure-toast';

const STATUS_TONES: Record<AllotmentStatus, StatusBadgeTone> = { active: 'green', expired: 'amber', cancelled: 'red' };
const applicationPath = (allotment: Allotment) => `/officer/applications/${allotment.application_id}`;

/** Kept while its rows and sort are the same: each key typed into the search draws the page again, and every row
 * drawn again per key cost most of a frame. */
const AllotmentTable = memo(function AllotmentTable({
  rows,
  sort,
  onSortChange,
}: {
  rows: Allotment[];
  sort: string;
  onSortChange: (sort: string) => void;
}) {
  const { t } = useTranslation('allotments');
  const navigate = useNavigate();
  const columns: Column<Allotment>[] = [
    {
      key: 'number',
      header: t('columns.number'),
      sortBy: 'allotment_number',
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
      cell: (allotment) => allotment.application_number ?? '—',
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortBy: 'status',
      cell: (allotment) => <StatusBadge status={allotment.status} tone={STATUS_TONES[allotment.status]} />,
    },
    { key: 'type', header: t('columns.type'), cell: (allotment) => t(`types.${allotment.allotment_type}`) },
    {
      key: 'date',
      header: t('columns.date'),
      sortBy: 'allotment_date',
      sortDescendingFirst: true,
      cell: (allotment) => formatDate(allotment.allotment_date),
    },
    { key: 'expiry', header: t('columns.expiry'), cell: (allotment) => formatDate(allotment.expiry_date) },
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      rows={rows}
      rowKey={(allotment) => allotment.id}
      onRowClick={(allotment) => void navigate(applicationPath(allotment))}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

export default function AllotmentsPage() {
  const { t } = useTranslation('allotments');
  const list = useListParams(ALLOTMENT_LIST);
  const sortBy = useSortChange(list.setSort);
  const allotments = useAllotmentPage(list.query);

  useFailureToast(allotments.isError, t('loadFailed'), 'allotments-load-failed');

  const status = list.choice('status', ALLOTMENT_STATUSES);
  const type = list.choice('allotment_type', ALLOTMENT_TYPES);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ListToolbar
        searchId="allotment-search"
        statusId="allotment-status-filter"
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        searchHint={t('filters.searchHint')}
        statusLabel={t('filters.status')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={status}
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('filters.allStatuses') },
          ...ALLOTMENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
        ]}
      >
        <ChoiceFilter
          id="allotment-type-filter"
          label={t('filters.type')}
          allLabel={t('filters.allTypes')}
          value={type}
          choices={ALLOTMENT_TYPES}
          labelOf={(value) => t(`types.${value}`)}
          onChange={(value) => list.setChoice('allotment_type', value)}
        />
      </ListToolbar>
      <PagedList
        query={allotments}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={t('empty')}
        clearFiltersLabel={t('filters.clear')}
      >
        {(items) => <AllotmentTable rows={items} sort={list.sort} onSortChange={sortBy} />}
      </PagedList>
    </>
  );
}
