/** My Applications: search (by number), a status filter and a sort, all on the server and kept in the URL; cards,
 * the pager, and the empty state; and what came of an eSign whose answer named no application. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { APPLICATION_LIST, APPLICATION_STATUSES, type ApplicationStatus } from '@portal/contract';
import { useApplicationPage } from '../../../../api/applications';
import { ListToolbar } from '../../../../components/list-toolbar';
import { PagedList } from '../../../../components/paged-list';
import { SortSelect } from '../../../../components/sort-select';
import { buttonClasses } from '../../../../components/ui/button';
import { PageHeader } from '../../../../components/ui/page-header';
import { ALL_CHOICE, useListParams } from '../../../../lib/use-list-params';
import { ApplicationCard } from '../components/application-card';
import { EsignResultNotice } from '../components/esign-result-notice';
import { useFailureToast } from '../../../../lib/use-failure-toast';

type StatusChoice = ApplicationStatus | typeof ALL_CHOICE;
type SortChoice = (typeof SORTS)[number];
const SORTS = ['-created_at', 'created_at', '-updated_at', 'application_number'] as const;
const SORT_WORDS: Record<SortChoice, string> = {
  '-created_at': 'list.sortNewest',
  created_at: 'list.sortOldest',
  '-updated_at': 'list.sortUpdated',
  application_number: 'list.sortNumber',
};

export default function MyApplicationsPage() {
  const { t } = useTranslation('applications');
  const list = useListParams(APPLICATION_LIST);
  const applications = useApplicationPage(list.query);

  useFailureToast(applications.isError, t('list.loadFailed'), 'applications-load-failed');

  const statusOptions: { value: StatusChoice; label: string }[] = [
    { value: ALL_CHOICE, label: t('list.allStatuses') },
    ...APPLICATION_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
  ];
  const status = list.choice('status', APPLICATION_STATUSES);
  const sort = (SORTS as readonly string[]).includes(list.sort) ? (list.sort as SortChoice) : SORTS[0];
  const newApplication = (
    <Link to="/applications/new" className={buttonClasses('primary')}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {t('list.newApplication')}
    </Link>
  );

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={newApplication} />
      {/* An eSign answer that named no application of the portal's is told here (decision 035). */}
      <EsignResultNotice />
      <ListToolbar
        searchId="application-search"
        statusId="application-status"
        searchLabel={t('list.search')}
        searchPlaceholder={t('list.searchPlaceholder')}
        statusLabel={t('list.statusFilter')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={status}
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={statusOptions}
      >
        <SortSelect
          id="application-sort"
          value={sort}
          onChange={list.setSort}
          options={SORTS.map((value) => ({ value, label: t(SORT_WORDS[value]) }))}
        />
      </ListToolbar>
      <PagedList
        query={applications}
        list={list}
        errorMessage={t('list.loadFailed')}
        emptyMessage={t('list.empty')}
        clearFiltersLabel={t('list.clearFilters')}
        emptyAction={
          <Link to="/applications/new" className={buttonClasses('primary')}>
            {t('list.createFirst')}
          </Link>
        }
      >
        {(items) => (
          <ul className="space-y-3" aria-label={t('list.listLabel')}>
            {items.map((application) => (
              <ApplicationCard key={application.id} application={application} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
