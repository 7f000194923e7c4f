/** A page of grievances with its search, status and category filters (and, for the officers, past the promised day),
 * shared by the complainant's own list and the officers' inbox. */
import { useTranslation } from 'react-i18next';
import { GRIEVANCE_CATEGORY_CODES, GRIEVANCE_LIST, GRIEVANCE_STATUSES, type GrievanceSummary } from '@portal/contract';
import { ChoiceFilter } from '../../../../components/choice-filter';
import { ListToolbar } from '../../../../components/list-toolbar';
import { useSortChange } from '../../../../components/list/use-sort-change';
import { PagedList } from '../../../../components/paged-list';
import { Checkbox } from '../../../../components/ui/input';
import type { ListParams, Page } from '../../../../lib/api-client';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { ALL_CHOICE, useListParams } from '../../../../lib/use-list-params';
import type { QueryLike } from '../../../../components/ui/query-state';
import { GrievancesTable } from './grievances-table';

export function GrievanceList({
  officer,
  usePage,
}: {
  officer: boolean;
  usePage: (params: ListParams) => QueryLike<Page<GrievanceSummary>> & { isPlaceholderData?: boolean };
}) {
  const { t } = useTranslation('grievances');
  const list = useListParams(GRIEVANCE_LIST);
  const sortBy = useSortChange(list.setSort);
  const page = usePage(list.query);
  useFailureToast(page.isError, t('loadFailed'), 'grievances-load-failed');
  const statuses = officer ? 'statusesOfficer' : 'statuses';
  return (
    <>
      <ListToolbar
        searchId="grievances-search"
        statusId="grievances-status"
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        statusLabel={t('filters.status')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={list.choice('status', GRIEVANCE_STATUSES)}
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('filters.allStatuses') },
          ...GRIEVANCE_STATUSES.map((value) => ({ value, label: t(`${statuses}.${value}`) })),
        ]}
      >
        <ChoiceFilter
          id="grievances-category"
          label={t('filters.category')}
          allLabel={t('filters.allCategories')}
          value={list.choice('category', GRIEVANCE_CATEGORY_CODES)}
          choices={GRIEVANCE_CATEGORY_CODES}
          labelOf={(category) => t(`categories.${category}`)}
          onChange={(value) => list.setChoice('category', value)}
        />
      </ListToolbar>
      {officer && (
        <div className="mb-4">
          <Checkbox
            id="grievances-overdue-only"
            label={t('filters.overdueOnly')}
            checked={list.filters.overdue === 'true'}
            onChange={(event) => list.setFilter('overdue', event.target.checked ? 'true' : undefined)}
          />
        </div>
      )}
      <PagedList
        query={page}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={list.isFiltered ? t('filters.empty') : t(officer ? 'inbox.empty' : 'mine.empty')}
        clearFiltersLabel={t('filters.clear')}
      >
        {(items) => <GrievancesTable rows={items} sort={list.sort} onSortChange={sortBy} officer={officer} />}
      </PagedList>
    </>
  );
}
