/** The officer dashboard: it opens on "Waiting on me" (the officer's inbox, oldest due first, filtered in the URL),
 * then four figures (Pending Committee in place of Pending Review for the committee), each opening the list it counts
 * where the role may open it, and the five most recent applications (one page), each opening the officer detail. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRight, CircleCheck, ClipboardList, Hourglass, LandPlot } from 'lucide-react';
import {
  APPROVED_OR_LATER_STATUSES,
  formatDate,
  OFFICER_PENDING_REVIEW_STATUSES,
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
import { StatusBadge } from '../../../components/ui/status-badge';
import { useAuth } from '../../../lib/auth';
import { useOfficerStats, useRecentApplications } from '../api/officer-dashboard';
import { InboxCard } from '../components/inbox-card';
import { StatLink } from '../components/stat-link';
import { useFailureToast } from '../../../lib/use-failure-toast';

const applicationsWith = (statuses: readonly ApplicationStatus[]) =>
  `${ROUTES.officerApplications.path}?status=${statuses.join(',')}`;

function Figures({ stats, role }: { stats: OfficerStats; role: Role }) {
  const { t } = useTranslation('officer-dashboard');
  const committee = role === 'committee';
  const assetsCard = <StatCard label={t('cards.availableAssets')} value={stats.available_assets} icon={<LandPlot />} />;
  const mayOpenAssets = (ROUTES.assets.roles as readonly Role[]).includes(role);
  return (
    <section aria-label={t('cards.label')} className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatLink to={ROUTES.officerApplications.path}>
        <StatCard label={t('cards.totalApplications')} value={stats.total_applications} icon={<ClipboardList />} />
      </StatLink>
      <StatLink to={applicationsWith(committee ? ['pending_committee'] : OFFICER_PENDING_REVIEW_STATUSES)}>
        <StatCard
          label={committee ? t('cards.pendingCommittee') : t('cards.pendingReview')}
          value={committee ? stats.pending_committee : stats.pending_review}
          icon={<Hourglass />}
        />
      </StatLink>
      <StatLink to={applicationsWith(APPROVED_OR_LATER_STATUSES)}>
        <StatCard label={t('cards.approved')} value={stats.approved} icon={<CircleCheck />} />
      </StatLink>
      {mayOpenAssets ? <StatLink to={`${ROUTES.assets.path}?status=available`}>{assetsCard}</StatLink> : assetsCard}
    </section>
  );
}

export default function OfficerDashboardPage() {
  const { t } = useTranslation('officer-dashboard');
  const { user } = useAuth();
  const stats = useOfficerStats();
  const recent = useRecentApplications();

  const failed = stats.isError || recent.isError;
  useFailureToast(failed, t('loadFailed'), 'officer-dashboard-load-failed');

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('welcome', { name: user?.full_name ?? '' })} />
      <InboxCard admin={user?.role === 'admin'} />
      <QueryState query={stats} errorMessage={t('loadFailed')}>
        {(data) => <Figures stats={data} role={user?.role ?? 'zonal_manager'} />}
      </QueryState>
      <Card
        title={t('recent.title')}
        action={
          <Link to="/officer/applications" className="font-medium text-brand-700 underline underline-offset-2">
            {t('recent.viewAll')}
          </Link>
        }
      >
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
                    className="flex min-h-11 items-center justify-between gap-4 py-3 hover:bg-brand-50 focus:bg-brand-50"
                  >
                    <span className="min-w-0">
                      <span className="block font-semibold text-slate-900">{application.application_number}</span>
                      <span className="block text-sm text-slate-600">
                        {application.current_stage} ·{' '}
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
      </Card>
    </>
  );
}
