/** /officer/schemes (zonal managers, the head office, the committee, admins): every scheme a page at a time, by
 * status and mode, searched by number or title, sorted by closing or publishing date. The head office and admins
 * publish a new one from here. */
import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  can,
  formatDateTime,
  formatNumber,
  ROUTES,
  SCHEME_LIST,
  SCHEME_MODES,
  SCHEME_STATUSES,
  type SchemeSummary,
} from '@portal/contract';
import { ChoiceFilter } from '../../../../components/choice-filter';
import { ListToolbar } from '../../../../components/list-toolbar';
import { useSortChange } from '../../../../components/list/use-sort-change';
import { PagedList } from '../../../../components/paged-list';
import { buttonClasses } from '../../../../components/ui/button';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { useAuth } from '../../../../lib/auth';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { ALL_CHOICE, useListParams } from '../../../../lib/use-list-params';
import { useSchemesPage } from '../../../../api/schemes';
import { SchemeStatusBadge, schemePaths, useSchemeWords } from '../components/scheme-bits';

const SchemesTable = memo(function SchemesTable({
  rows,
  sort,
  onSortChange,
}: {
  rows: SchemeSummary[];
  sort: string;
  onSortChange: (sort: string) => void;
}) {
  const { t } = useTranslation('schemes');
  const words = useSchemeWords();
  const columns: Column<SchemeSummary>[] = [
    {
      key: 'number',
      header: t('columns.scheme'),
      card: 'title',
      wrap: true,
      cell: (scheme) => (
        <span>
          <Link className="font-medium text-brand-700 underline" to={schemePaths.officerDetail(scheme.id)}>
            {scheme.scheme_number}
          </Link>
          <span className="block text-sm text-slate-700">{scheme.title}</span>
        </span>
      ),
    },
    { key: 'mode', header: t('columns.mode'), cell: (scheme) => words.mode(scheme.mode) },
    { key: 'status', header: t('columns.status'), cell: (scheme) => <SchemeStatusBadge status={scheme.status} /> },
    {
      key: 'closes',
      header: t('columns.closes'),
      sortBy: 'closes_at',
      wrap: true,
      cell: (scheme) => formatDateTime(scheme.closes_at),
    },
    { key: 'plots', header: t('columns.plots'), numeric: true, cell: (scheme) => formatNumber(scheme.plot_count) },
    {
      key: 'applications',
      header: t('columns.applications'),
      numeric: true,
      cell: (scheme) => formatNumber(scheme.application_count),
    },
    {
      key: 'published',
      header: t('columns.published'),
      sortBy: 'created_at',
      sortDescendingFirst: true,
      wrap: true,
      cell: (scheme) => formatDateTime(scheme.created_at),
    },
  ];
  return (
    <DataTable
      caption={t('officer.caption')}
      columns={columns}
      rows={rows}
      rowKey={(scheme) => scheme.id}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

export default function OfficerSchemesPage() {
  const { t } = useTranslation('schemes');
  const { user } = useAuth();
  const words = useSchemeWords();
  const list = useListParams(SCHEME_LIST);
  const sortBy = useSortChange(list.setSort);
  const schemes = useSchemesPage(list.query);
  useFailureToast(schemes.isError, t('loadFailed'), 'schemes-load-failed');
  const mayPublish = user ? can(user.role, 'manage:schemes') : false;
  return (
    <>
      <PageHeader
        title={t('officer.title')}
        subtitle={t('officer.subtitle')}
        actions={
          mayPublish && (
            <Link to={ROUTES.newScheme.path} className={buttonClasses('primary')}>
              {t('officer.publish')}
            </Link>
          )
        }
      />
      <ListToolbar
        searchId="schemes-search"
        statusId="schemes-status"
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        statusLabel={t('filters.status')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={list.choice('status', SCHEME_STATUSES)}
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('filters.allStatuses') },
          ...SCHEME_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
        ]}
      >
        <ChoiceFilter
          id="schemes-mode"
          label={t('filters.mode')}
          allLabel={t('filters.allModes')}
          value={list.choice('mode', SCHEME_MODES)}
          choices={SCHEME_MODES}
          labelOf={words.mode}
          onChange={(value) => list.setChoice('mode', value)}
        />
      </ListToolbar>
      <PagedList
        query={schemes}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={list.isFiltered ? t('filters.empty') : t('officer.empty')}
        clearFiltersLabel={t('filters.clear')}
      >
        {(items) => <SchemesTable rows={items} sort={list.sort} onSortChange={sortBy} />}
      </PagedList>
    </>
  );
}
