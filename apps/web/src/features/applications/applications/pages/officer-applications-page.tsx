/** The officer application list: search, the spec's status filter, zone and asset type, and a sort (due date
 * included), all on the server and kept in the URL; the cards (with organisation, asset, zone and service clock) and
 * the pager. */
import { useTranslation } from 'react-i18next';
import { APPLICATION_LIST, APPLICATION_STATUSES, ASSET_TYPES } from '@portal/contract';
import { useApplicationListPage } from '../../../../api/applications';
import { DebouncedInput } from '../../../../components/debounced-input';
import { ChoiceFilter } from '../../../../components/choice-filter';
import { ListToolbar } from '../../../../components/list-toolbar';
import { PagedList } from '../../../../components/paged-list';
import { SortSelect } from '../../../../components/sort-select';
import { Field } from '../../../../components/ui/field';
import { PageHeader } from '../../../../components/ui/page-header';
import { ALL_CHOICE, useListParams } from '../../../../lib/use-list-params';
import { OfficerApplicationCard } from '../components/officer-application-card';
import {
  OFFICER_SORTS,
  OFFICER_STATUS_FILTER,
  type OfficerSort,
  type OfficerStatusFilter,
} from '../lib/filter-applications';
import { useFailureToast } from '../../../../lib/use-failure-toast';

export default function OfficerApplicationsPage() {
  const { t } = useTranslation('applications');
  const list = useListParams(APPLICATION_LIST);
  const applications = useApplicationListPage(list.query);

  useFailureToast(applications.isError, t('list.loadFailed'), 'officer-applications-load-failed');

  const statusOptions: { value: string; label: string }[] = OFFICER_STATUS_FILTER.map((value) => ({
    value,
    label: t(`statuses.${value}`),
  }));
  const urlStatus = list.filters.status ?? '';
  const urlStatuses = urlStatus.split(',').filter(Boolean);
  let status: string = ALL_CHOICE;
  if ((OFFICER_STATUS_FILTER as readonly string[]).includes(urlStatus)) {
    status = urlStatus as OfficerStatusFilter;
  } else if (urlStatuses.length > 1 && urlStatuses.every((value) => APPLICATION_STATUSES.includes(value as never))) {
    // A dashboard card opens the list on several statuses at once: the select names them rather than saying All.
    status = urlStatus;
    statusOptions.push({ value: urlStatus, label: urlStatuses.map((value) => t(`statuses.${value}`)).join(', ') });
  }
  const assetType = list.choice('asset_type', ASSET_TYPES);
  const sort = list.sort in OFFICER_SORTS ? (list.sort as OfficerSort) : '-created_at';

  return (
    <>
      <PageHeader title={t('list.title', { context: 'staff' })} subtitle={t('list.subtitle', { context: 'staff' })} />
      <ListToolbar
        searchId="officer-application-search"
        statusId="officer-application-status"
        searchLabel={t('list.search')}
        searchPlaceholder={t('list.searchPlaceholder')}
        searchHint={t('list.searchHint')}
        statusLabel={t('list.statusFilter')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={status}
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={statusOptions}
      >
        <Field id="officer-application-zone" label={t('list.zoneFilter')}>
          <DebouncedInput
            value={list.filters.zone ?? ''}
            placeholder={t('list.zonePlaceholder')}
            maxLength={60}
            onCommit={(zone) => list.setFilter('zone', zone)}
          />
        </Field>
        <ChoiceFilter
          id="officer-application-type"
          label={t('list.typeFilter')}
          allLabel={t('list.allTypes')}
          value={assetType}
          choices={ASSET_TYPES}
          labelOf={(value) => t(`assetTypes.${value}`)}
          onChange={(value) => list.setChoice('asset_type', value)}
        />
        <SortSelect
          id="officer-application-sort"
          value={sort}
          onChange={list.setSort}
          options={(Object.keys(OFFICER_SORTS) as OfficerSort[]).map((value) => ({
            value,
            label: t(OFFICER_SORTS[value]),
          }))}
        />
      </ListToolbar>
      <PagedList
        query={applications}
        list={list}
        errorMessage={t('list.loadFailed')}
        emptyMessage={t('list.empty')}
        clearFiltersLabel={t('list.clearFilters')}
      >
        {(items) => (
          <ul className="space-y-3" aria-label={t('list.listLabel')}>
            {items.map((application) => (
              <OfficerApplicationCard key={application.id} application={application} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
