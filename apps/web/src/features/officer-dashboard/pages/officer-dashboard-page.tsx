/** The officer dashboard: it opens on "Waiting on me" (the officer's inbox, oldest due first, filtered in the URL),
 * then four figures (what waits on the caller, the inbox's own total, for every role), each opening the list it counts
 * where the role may open it, the pendency charts (officers: by stage and age, late by zone and officer, a 12-week
 * trend), and the five most recent applications (one page), each opening the officer detail.
 *
 * Nothing moves as the calls answer: the figures show their cards with grey bars in place of the numbers and the
 * recent applications five grey rows, and both, whose place depends on how many rows the inbox brings, are drawn only
 * once the inbox's first page is in, a screen's height of room keeping the footer out of sight until then. */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRight, CircleCheck, ClipboardList, Hourglass, Inbox, LandPlot } from 'lucide-react';
import {
  APPROVED_OR_LATER_STATUSES,
  can,
  formatDate,
  formatNumber,
  OFFICER_PENDING_REVIEW_STATUSES,
  statusesWaitingOn,
  RECENT_APPLICATIONS_ON_DASHBOARD,
  ROUTES,
  type ApplicationStatus,
  type OfficerStats,
  type Role,
} from '@portal/contract';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatCard } from '../../../components/ui/stat-card';
import { StageText } from '../../../components/ui/stage-text';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useAuth } from '../../../lib/auth';
import { useOfficerStats, useRecentApplications } from '../api/officer-dashboard';
import { InboxCard, useInbox } from '../components/inbox-card';
import { LoadingLabel, Placeholder } from '../../../components/ui/placeholder';
import { StatLink } from '../components/stat-link';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { WhenNearView } from '../../../components/ui/when-near-view';

/** The pendency charts come with the chart library in their own chunk (as the finance dashboard's reports do), loaded
 * when their place comes near the screen: the first screen (the inbox and the figures) is drawn without them. */
const PendencyCharts = lazy(() => import('../components/pendency-charts'));

const applicationsWith = (statuses: readonly ApplicationStatus[]) =>
  `${ROUTES.officerApplications.path}?status=${statuses.join(',')}`;

/** The spec's four figures (Pending Committee in place of Pending Review for the committee) and, first, what waits on
 * the caller; without `stats` (still loading) the same cards with grey bars for the numbers. */
function Figures({ stats, role }: { stats?: OfficerStats; role: Role }) {
  const { t } = useTranslation('officer-dashboard');
  const committee = role === 'committee';
  const figure = (value: number | undefined) => (stats ? value : <Placeholder />);
  const assetsCard = (
    <StatCard label={t('cards.availableAssets')} value={figure(stats?.available_assets)} icon={<LandPlot />} />
  );
  const mayOpenAssets = (ROUTES.assets.roles as readonly Role[]).includes(role);
  return (
    <section
      aria-label={t('cards.label')}
      aria-busy={stats ? undefined : true}
      className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5"
    >
      {!stats && <LoadingLabel />}
      {/* The inbox's own total (the server counts it by the inbox's conditions), so the figure and "Nothing is
          waiting on you" never disagree; it opens the inbox above. */}
      <StatLink to="#officer-inbox-title">
        <StatCard
          label={t('cards.waitingOnMe')}
          value={
            stats
              ? t(stats.waiting_on_me_capped ? 'cards.countCapped' : 'cards.count', {
                  count: formatNumber(stats.waiting_on_me),
                })
              : figure(undefined)
          }
          icon={<Inbox />}
        />
      </StatLink>
      <StatLink to={ROUTES.officerApplications.path}>
        <StatCard
          label={t('cards.totalApplications')}
          value={figure(stats?.total_applications)}
          icon={<ClipboardList />}
        />
      </StatLink>
      {/* Every case at these statuses, whoever's move it awaits (a query can hand one to the applicant): the
          figure above counts only the caller's own. */}
      <StatLink to={applicationsWith(committee ? statusesWaitingOn('committee') : OFFICER_PENDING_REVIEW_STATUSES)}>
        <StatCard
          label={committee ? t('cards.pendingCommittee') : t('cards.pendingReview')}
          value={figure(committee ? stats?.pending_committee : stats?.pending_review)}
          icon={<Hourglass />}
        />
      </StatLink>
      <StatLink to={applicationsWith(APPROVED_OR_LATER_STATUSES)}>
        <StatCard label={t('cards.approved')} value={figure(stats?.approved)} icon={<CircleCheck />} />
      </StatLink>
      {mayOpenAssets ? <StatLink to={`${ROUTES.assets.path}?status=available`}>{assetsCard}</StatLink> : assetsCard}
    </section>
  );
}

const ROW = 'flex min-h-11 items-center justify-between gap-4 py-3';
const PLACEHOLDER_ROWS = Array.from({ length: RECENT_APPLICATIONS_ON_DASHBOARD }, (_, index) => index);

/** A grey row of the same two lines for each recent application to come. */
function RecentPlaceholder() {
  return (
    <div aria-busy="true">
      <LoadingLabel />
      <ul aria-hidden="true" className="divide-y divide-slate-100">
        {PLACEHOLDER_ROWS.map((row) => (
          <li key={row} className={ROW}>
            <span className="min-w-0">
              <Placeholder className="block w-36" />
              <span className="block text-sm">
                <Placeholder className="w-48" />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function OfficerDashboardPage() {
  const { t } = useTranslation('officer-dashboard');
  const { user } = useAuth();
  const inbox = useInbox();
  const stats = useOfficerStats();
  const recent = useRecentApplications();
  const role = user?.role ?? 'zonal_manager';

  const failed = stats.isError || recent.isError;
  useFailureToast(failed, t('loadFailed'), 'officer-dashboard-load-failed');

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('welcome', { name: user?.full_name ?? '' })} />
      <InboxCard admin={role === 'admin'} {...inbox} />
      {inbox.inbox.isPending ? (
        <div aria-hidden="true" className="min-h-screen" />
      ) : (
        <>
          {/* The same cards while loading and loaded, so they are filled in rather than drawn again. */}
          {stats.isError ? (
            <QueryState query={stats} errorMessage={t('loadFailed')}>
              {(data) => <Figures stats={data} role={role} />}
            </QueryState>
          ) : (
            <Figures stats={stats.data} role={role} />
          )}
          {can(role, 'read:pendency') && (
            <WhenNearView placeholderClassName="min-h-96">
              <Suspense fallback={<div aria-hidden="true" className="min-h-96" />}>
                <PendencyCharts />
              </Suspense>
            </WhenNearView>
          )}
          <Card
            title={t('recent.title')}
            action={
              <Link to="/officer/applications" className="font-medium text-brand-700 underline underline-offset-2">
                {t('recent.viewAll')}
              </Link>
            }
          >
            {recent.isPending ? (
              <RecentPlaceholder />
            ) : (
              <QueryState
                query={recent}
                errorMessage={t('loadFailed')}
                isEmpty={(page) => page.items.length === 0}
                empty={<EmptyState message={t('recent.empty')} />}
              >
                {({ items: applications }) => (
                  <ul aria-label={t('recent.label')} className="divide-y divide-slate-100">
                    {applications.map((application) => (
                      <li key={application.id}>
                        <Link
                          to={`/officer/applications/${application.id}`}
                          className={`${ROW} hover:bg-brand-50 focus:bg-brand-50`}
                        >
                          <span className="min-w-0">
                            <span className="block font-semibold text-slate-900">{application.application_number}</span>
                            <span className="block text-sm text-slate-600">
                              <StageText application={application} /> ·{' '}
                              {t('recent.created', { date: formatDate(application.created_at) })}
                            </span>
                          </span>
                          <span className="flex shrink-0 items-center gap-2">
                            <StatusBadge status={application.status} />
                            <ChevronRight aria-hidden="true" className="h-4 w-4 text-slate-500" />
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </QueryState>
            )}
          </Card>
        </>
      )}
    </>
  );
}
