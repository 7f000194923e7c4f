/** The entrepreneur dashboard: welcome, New Application, four figures, the five most recent applications (one page).
 * Nothing moves as the calls answer: grey bars stand in for the figures and five grey rows for the applications. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Clock, FileText, MapPinned, Plus } from 'lucide-react';
import { RECENT_APPLICATIONS_ON_DASHBOARD } from '@portal/contract';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatCard } from '../../../components/ui/stat-card';
import { StageText } from '../../../components/ui/stage-text';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useAuth } from '../../../lib/auth';
import { useEntrepreneurStats, useRecentApplications } from '../api/dashboard';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { LoadingLabel, Placeholder } from '../../../components/ui/placeholder';

const ROW = 'flex min-h-11 flex-wrap items-center justify-between gap-2 px-2 py-3';
const PLACEHOLDER_ROWS = Array.from({ length: RECENT_APPLICATIONS_ON_DASHBOARD }, (_, index) => index);

/** A grey row of the same two lines for each recent application to come. */
function RecentPlaceholder() {
  return (
    <div aria-busy="true">
      <LoadingLabel />
      <ul aria-hidden="true" className="divide-y divide-slate-200">
        {PLACEHOLDER_ROWS.map((row) => (
          <li key={row} className={ROW}>
            <span>
              <Placeholder className="block w-36" />
              <Placeholder className="w-44 text-sm" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const stats = useEntrepreneurStats();
  const applications = useRecentApplications();

  useFailureToast(stats.isError || applications.isError, t('loadFailed'), 'dashboard-load-failed');

  const newApplication = (
    <Link to="/applications/new" className={buttonClasses('primary')}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {t('newApplication')}
    </Link>
  );
  const figure = (value: number | undefined) => (stats.isPending ? <Placeholder /> : (value ?? '—'));

  return (
    <>
      <PageHeader
        title={t('welcome', { name: user?.full_name ?? '' })}
        subtitle={t('subtitle')}
        actions={newApplication}
      />
      <section
        aria-label={t('stats.label')}
        aria-busy={stats.isPending || undefined}
        className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4"
      >
        {stats.isPending && <LoadingLabel />}
        <StatCard
          label={t('stats.total')}
          value={figure(stats.data?.total_applications)}
          icon={<FileText className="h-5 w-5" />}
        />
        <StatCard
          label={t('stats.pending')}
          value={figure(stats.data?.pending_applications)}
          icon={<Clock className="h-5 w-5" />}
        />
        <StatCard
          label={t('stats.approved')}
          value={figure(stats.data?.approved_applications)}
          icon={<CheckCircle2 className="h-5 w-5" />}
        />
        <StatCard
          label={t('stats.allotments')}
          value={figure(stats.data?.allotments)}
          icon={<MapPinned className="h-5 w-5" />}
          note={
            stats.data?.allotments ? (
              <Link to="/allotments" className="font-medium text-brand-700 underline underline-offset-2">
                {t('stats.seePlots')}
              </Link>
            ) : undefined
          }
        />
      </section>
      {stats.isError && (
        <div
          role="alert"
          className="mb-6 flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-white p-3"
        >
          <p className="text-red-800">{t('loadFailed')}</p>
          <Button variant="secondary" size="sm" busy={stats.isRefetching} onClick={() => void stats.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      <Card
        title={t('recent')}
        action={
          <Link
            to="/applications"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2"
          >
            {t('viewAll')}
          </Link>
        }
      >
        {applications.isPending ? (
          <RecentPlaceholder />
        ) : (
          <QueryState
            query={applications}
            errorMessage={t('loadFailed')}
            isEmpty={(page) => page.items.length === 0}
            empty={
              <EmptyState
                message={t('empty')}
                action={
                  <Link to="/applications/new" className={buttonClasses('primary')}>
                    {t('startFirst')}
                  </Link>
                }
              />
            }
          >
            {({ items }) => (
              <ul className="divide-y divide-slate-200">
                {items.map((application) => (
                  <li key={application.id}>
                    <Link to={`/applications/${application.id}`} className={`${ROW} hover:bg-brand-50`}>
                      <span>
                        <span className="block font-semibold text-brand-800">{application.application_number}</span>
                        <span className="text-sm text-slate-600">
                          {t('stage')}: <StageText application={application} />
                        </span>
                      </span>
                      <StatusBadge status={application.status} />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        )}
      </Card>
    </>
  );
}
