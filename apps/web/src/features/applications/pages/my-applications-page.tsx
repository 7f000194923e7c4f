/** My Applications: search by number and a status filter (both on the client), cards, and the empty state. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { APPLICATION_STATUSES, statusLabel, type Application, type ApplicationStatus } from '@portal/contract';
import { useApplications } from '../../../api/applications';
import { FilteredListResults } from '../../../components/filtered-list-results';
import { ListToolbar } from '../../../components/list-toolbar';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { ALL_STATUSES } from '../../../lib/list-filter';
import { useListFilter } from '../../../lib/use-list-filter';
import { ApplicationCard } from '../components/application-card';
import { useFailureToast } from '../../../lib/use-failure-toast';

const applicationNumber = (application: Application) => application.application_number;

export default function MyApplicationsPage() {
  const { t } = useTranslation('applications');
  const applications = useApplications();
  const filter = useListFilter<Application, ApplicationStatus>(applications.data, applicationNumber);

  useFailureToast(applications.isError, t('list.loadFailed'), 'applications-load-failed');

  const statusOptions = [
    { value: ALL_STATUSES, label: t('list.allStatuses') },
    ...APPLICATION_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
  ];
  const newApplication = (
    <Link to="/applications/new" className={buttonClasses('primary')}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {t('list.newApplication')}
    </Link>
  );

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={newApplication} />
      <ListToolbar
        searchId="application-search"
        statusId="application-status"
        searchLabel={t('list.search')}
        searchPlaceholder={t('list.searchPlaceholder')}
        statusLabel={t('list.statusFilter')}
        search={filter.search}
        onSearchChange={filter.setSearch}
        status={filter.status}
        onStatusChange={filter.setStatus}
        statusOptions={statusOptions}
      />
      <QueryState query={applications} errorMessage={t('list.loadFailed')}>
        {() => (
          <FilteredListResults
            count={filter.visible.length}
            countText={t('list.count', { count: filter.visible.length })}
            emptyMessage={t('list.empty')}
            emptyAction={
              <Link to="/applications/new" className={buttonClasses('primary')}>
                {t('list.createFirst')}
              </Link>
            }
          >
            <ul className="space-y-3">
              {filter.visible.map((application) => (
                <ApplicationCard key={application.id} application={application} />
              ))}
            </ul>
          </FilteredListResults>
        )}
      </QueryState>
    </>
  );
}
