/** Appeals (the head office, the appellate officer; admins read): every appeal a page at a time, by status, ground and
 * whether its own clock has run out, searched by appeal or application number, sorted by due or filed date. Each row
 * opens the appeal. */
import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  APPEAL_GROUNDS,
  APPEAL_LIST,
  APPEAL_STATUSES,
  formatDate,
  formatDateTime,
  ROUTES,
  type Appeal,
} from '@portal/contract';
import { AppealStatusBadge } from '../../components/appeal-case/appeal-case-card';
import { ChoiceFilter } from '../../../../components/choice-filter';
import { ListToolbar } from '../../../../components/list-toolbar';
import { useSortChange } from '../../../../components/list/use-sort-change';
import { PagedList } from '../../../../components/paged-list';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { Checkbox } from '../../../../components/ui/input';
import { PageHeader } from '../../../../components/ui/page-header';
import { useAppealsPage } from '../../../../api/appeals';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { ALL_CHOICE, useListParams } from '../../../../lib/use-list-params';

export const appealPath = (id: string) => ROUTES.appealDetail.path.replace(':id', id);

const AppealsTable = memo(function AppealsTable({
  rows,
  sort,
  onSortChange,
}: {
  rows: Appeal[];
  sort: string;
  onSortChange: (sort: string) => void;
}) {
  const { t } = useTranslation('appeals');
  const columns: Column<Appeal>[] = [
    {
      key: 'number',
      header: t('columns.appeal'),
      card: 'title',
      cell: (appeal) => (
        <span>
          <Link className="font-medium text-brand-700 underline" to={appealPath(appeal.id)}>
            {appeal.appeal_number}
          </Link>
          <span className="block text-sm text-slate-700">{appeal.application_number}</span>
        </span>
      ),
    },
    {
      key: 'applicant',
      header: t('columns.applicant'),
      wrap: true,
      cell: (appeal) => appeal.organization_name ?? '—',
    },
    {
      key: 'ground',
      header: t('columns.ground'),
      wrap: true,
      cell: (appeal) => (
        <span>
          {t(`grounds.${appeal.ground}`)}
          <span className="block text-sm text-slate-700">{t(`ui:status.${appeal.stage_status}`)}</span>
        </span>
      ),
    },
    { key: 'status', header: t('columns.status'), cell: (appeal) => <AppealStatusBadge status={appeal.status} /> },
    {
      key: 'filed',
      header: t('columns.filed'),
      sortBy: 'filed_at',
      sortDescendingFirst: true,
      wrap: true,
      cell: (appeal) => formatDateTime(appeal.filed_at),
    },
    {
      key: 'due',
      header: t('columns.due'),
      sortBy: 'due_on',
      cell: (appeal) => (
        <span className={appeal.overdue ? 'font-semibold text-red-800' : undefined}>
          {formatDate(appeal.due_on)}
          {appeal.overdue && <span className="block text-sm">{t('overdue')}</span>}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      rows={rows}
      rowKey={(appeal) => appeal.id}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

export default function AppealsPage() {
  const { t } = useTranslation('appeals');
  const list = useListParams(APPEAL_LIST);
  const sortBy = useSortChange(list.setSort);
  const appeals = useAppealsPage(list.query);
  useFailureToast(appeals.isError, t('loadFailed'), 'appeals-load-failed');
  const overdueOnly = list.filters.overdue === 'true';
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ListToolbar
        searchId="appeals-search"
        statusId="appeals-status"
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        statusLabel={t('filters.status')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={list.choice('status', APPEAL_STATUSES)}
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('filters.allStatuses') },
          ...APPEAL_STATUSES.map((value) => ({ value, label: t(`appeal-case:status.${value}`) })),
        ]}
      >
        <ChoiceFilter
          id="appeals-ground"
          label={t('filters.ground')}
          allLabel={t('filters.allGrounds')}
          value={list.choice('ground', APPEAL_GROUNDS)}
          choices={APPEAL_GROUNDS}
          labelOf={(ground) => t(`grounds.${ground}`)}
          onChange={(value) => list.setChoice('ground', value)}
        />
      </ListToolbar>
      <div className="mb-4">
        <Checkbox
          id="appeals-overdue-only"
          label={t('filters.overdueOnly')}
          checked={overdueOnly}
          onChange={(event) => list.setFilter('overdue', event.target.checked ? 'true' : undefined)}
        />
      </div>
      <PagedList
        query={appeals}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={list.isFiltered ? t('filters.empty') : t('empty')}
        clearFiltersLabel={t('filters.clear')}
      >
        {(items) => <AppealsTable rows={items} sort={list.sort} onSortChange={sortBy} />}
      </PagedList>
    </>
  );
}
