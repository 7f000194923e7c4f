/** The officer application list: search by number and the spec's status filter (both on the client), and the cards. */
import { useTranslation } from 'react-i18next';
import type { Application } from '@portal/contract';
import { useApplications } from '../../../api/applications';
import { FilteredListResults } from '../../../components/filtered-list-results';
import { ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useListFilter } from '../../../lib/use-list-filter';
import { OfficerApplicationCard } from '../components/officer-application-card';
import { OFFICER_STATUS_FILTER, type OfficerStatusFilter } from '../lib/filter-applications';
import { useFailureToast } from '../../../lib/use-failure-toast';

const applicationNumber = (application: Application) => application.application_number;

export default function OfficerApplicationsPage() {
  const { t } = useTranslation('officer-applications');
  const applications = useApplications();
  const filter = useListFilter<Application, OfficerStatusFilter>(applications.data, applicationNumber);

  useFailureToast(applications.isError, t('list.loadFailed'), 'officer-applications-load-failed');

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} />
      <ListToolbar
        searchId="officer-application-search"
        statusId="officer-application-status"
        searchLabel={t('list.search')}
        searchPlaceholder={t('list.searchPlaceholder')}
        statusLabel={t('list.statusFilter')}
        search={filter.search}
        onSearchChange={filter.setSearch}
        status={filter.status}
        onStatusChange={filter.setStatus}
        statusOptions={OFFICER_STATUS_FILTER.map((value) => ({ value, label: t(`statuses.${value}`) }))}
      />
      <QueryState query={applications} errorMessage={t('list.loadFailed')}>
        {() => (
          <FilteredListResults
            count={filter.visible.length}
            countText={t('list.count', { count: filter.visible.length })}
            emptyMessage={t('list.empty')}
            onClearFilters={filter.filtered ? filter.clear : undefined}
            clearFiltersLabel={t('list.clearFilters')}
          >
            <ul className="space-y-3" aria-label={t('list.listLabel')}>
              {filter.visible.map((application) => (
                <OfficerApplicationCard key={application.id} application={application} />
              ))}
            </ul>
          </FilteredListResults>
        )}
      </QueryState>
    </>
  );
}
