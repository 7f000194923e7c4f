/** My Applications: search by number and a status filter (both on the client), cards, and the empty state. */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus, Search } from 'lucide-react';
import { toast } from 'sonner';
import { APPLICATION_STATUSES, statusLabel, type Application } from '@portal/contract';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useApplications } from '../api/applications';
import { ApplicationCard } from '../components/application-card';

/** The spec's list filter: case-insensitive substring of the number, exact status, 'all' for none. */
export function filterApplications(list: Application[], search: string, status: string): Application[] {
  const needle = search.trim().toLowerCase();
  return list.filter(
    (application) =>
      (!needle || application.application_number.toLowerCase().includes(needle)) &&
      (status === 'all' || application.status === status),
  );
}

export default function MyApplicationsPage() {
  const { t } = useTranslation('applications');
  const applications = useApplications();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');

  useEffect(() => {
    if (applications.isError) toast.error(t('list.loadFailed'), { id: 'applications-load-failed' });
  }, [applications.isError, t]);

  const visible = useMemo(
    () => filterApplications(applications.data ?? [], search, status),
    [applications.data, search, status],
  );
  const newApplication = (
    <Link to="/applications/new" className={buttonClasses('primary')}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {t('list.newApplication')}
    </Link>
  );

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={newApplication} />
      <div className="mb-4 grid gap-4 sm:grid-cols-[2fr_1fr]">
        <div className="space-y-1">
          <label htmlFor="application-search" className="block font-medium text-slate-900">
            {t('list.search')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id="application-search"
              type="search"
              className="pl-9"
              placeholder={t('list.searchPlaceholder')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <Field id="application-status" label={t('list.statusFilter')}>
          <Select value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="all">{t('list.allStatuses')}</option>
            {APPLICATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <QueryState query={applications} errorMessage={t('list.loadFailed')}>
        {() =>
          visible.length === 0 ? (
            <EmptyState
              message={t('list.empty')}
              action={
                <Link to="/applications/new" className={buttonClasses('primary')}>
                  {t('list.createFirst')}
                </Link>
              }
            />
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-600" aria-live="polite">
                {t('list.count', { count: visible.length })}
              </p>
              <ul className="space-y-3">
                {visible.map((application) => (
                  <ApplicationCard key={application.id} application={application} />
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </>
  );
}
