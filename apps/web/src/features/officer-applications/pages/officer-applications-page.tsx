/** The officer application list: search by number and the spec's status filter (both on the client), and the cards. */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useOfficerApplications } from '../api/officer-applications';
import { OfficerApplicationCard } from '../components/officer-application-card';
import { filterApplications, OFFICER_STATUS_FILTER, type OfficerStatusFilter } from '../lib/filter-applications';

export default function OfficerApplicationsPage() {
  const { t } = useTranslation('officer-applications');
  const applications = useOfficerApplications();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OfficerStatusFilter>('all');

  useEffect(() => {
    if (applications.isError) toast.error(t('list.loadFailed'), { id: 'officer-applications-load-failed' });
  }, [applications.isError, t]);

  const visible = useMemo(
    () => filterApplications(applications.data ?? [], search, status),
    [applications.data, search, status],
  );
  const filtered = search.trim() !== '' || status !== 'all';

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} />
      <div className="mb-4 grid gap-4 sm:grid-cols-[2fr_1fr]">
        <div className="space-y-1">
          <label htmlFor="officer-application-search" className="block font-medium text-slate-900">
            {t('list.search')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id="officer-application-search"
              type="search"
              className="pl-9"
              placeholder={t('list.searchPlaceholder')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <Field id="officer-application-status" label={t('list.statusFilter')}>
          <Select value={status} onChange={(event) => setStatus(event.target.value as OfficerStatusFilter)}>
            {OFFICER_STATUS_FILTER.map((value) => (
              <option key={value} value={value}>
                {t(`statuses.${value}`)}
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
                filtered ? (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setSearch('');
                      setStatus('all');
                    }}
                  >
                    {t('list.clearFilters')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-600" aria-live="polite">
                {t('list.count', { count: visible.length })}
              </p>
              <ul className="space-y-3" aria-label={t('list.listLabel')}>
                {visible.map((application) => (
                  <OfficerApplicationCard key={application.id} application={application} />
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </>
  );
}
