/** One appeal for the appellate officer (admins read it): the application and applicant, the ground and the stage
 * appealed against, the statement, the appeal's own clock, the hearing and the order; the head office records the
 * hearing and gives the order here while the appeal is filed. */
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  APPEAL_ACTIONS,
  APPEAL_EVENTS,
  APPEAL_OPEN_STATUSES,
  can,
  caseEventsOffered,
  formatDate,
  formatDateTime,
  ROUTES,
} from '@portal/contract';
import { AppealStatusBadge } from '../../components/appeal-case/appeal-case-card';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { QueryState } from '../../../../components/ui/query-state';
import { useAppeal } from '../../../../api/appeals';
import { useAuth } from '../../../../lib/auth';
import { HearingDialog, OrderDialog } from '../components/appeal-dialogs';

export default function AppealDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('appeals');
  const { user } = useAuth();
  const appeal = useAppeal(id);
  return (
    <QueryState query={appeal} errorMessage={t('detail.loadFailed')}>
      {(found) => {
        const stage = t(`ui:status.${found.stage_status}`);
        const open = APPEAL_OPEN_STATUSES.includes(found.status);
        // The appeal's table (contract case-kinds.ts) says what this user may do now: hear it and order it while it
        // waits for its order.
        const orders = user ? caseEventsOffered(APPEAL_EVENTS, found.status, { role: user.role }) : [];
        const hears = user
          ? can(user.role, 'decide:appeal') && APPEAL_ACTIONS.record_hearing.in.includes(found.status)
          : false;
        return (
          <>
            <PageHeader
              title={t('detail.title', { number: found.appeal_number })}
              badge={<AppealStatusBadge status={found.status} />}
              subtitle={t(`detail.subtitle.${found.ground}`, { stage })}
              actions={
                hears || orders.length > 0 ? (
                  <div className="flex flex-wrap gap-2">
                    {hears && <HearingDialog appeal={found} />}
                    {orders.length > 0 && <OrderDialog appeal={found} />}
                  </div>
                ) : undefined
              }
            />
            <div className="grid gap-6 lg:grid-cols-2">
              <Card title={t('detail.case')}>
                <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
                  <dt className="font-medium text-slate-700">{t('detail.application')}</dt>
                  <dd>
                    <Link
                      className="text-brand-700 underline"
                      to={ROUTES.officerApplicationDetail.path.replace(':id', found.application_id)}
                    >
                      {found.application_number}
                    </Link>
                  </dd>
                  <dt className="font-medium text-slate-700">{t('detail.applicant')}</dt>
                  <dd>{found.organization_name ?? '—'}</dd>
                  <dt className="font-medium text-slate-700">{t('detail.ground')}</dt>
                  <dd>{t(`grounds.${found.ground}`)}</dd>
                  <dt className="font-medium text-slate-700">{t('detail.stage')}</dt>
                  <dd>{stage}</dd>
                  <dt className="font-medium text-slate-700">{t('detail.filed')}</dt>
                  <dd>{formatDateTime(found.filed_at)}</dd>
                  <dt className="font-medium text-slate-700">{t('detail.due')}</dt>
                  <dd className={found.overdue ? 'font-semibold text-red-800' : undefined}>
                    {formatDate(found.due_on)} {found.overdue && t('overdue')}
                  </dd>
                </dl>
              </Card>
              <Card title={t('detail.statement')}>
                <p className="whitespace-pre-line text-slate-900">{found.statement}</p>
              </Card>
              <Card title={t('detail.hearing')}>
                {found.hearing_note ? (
                  <>
                    <p className="whitespace-pre-line text-slate-900">{found.hearing_note}</p>
                    {found.heard_at && (
                      <p className="mt-2 text-sm text-slate-700">
                        {t('detail.heardAt', { at: formatDateTime(found.heard_at) })}
                      </p>
                    )}
                  </>
                ) : (
                  <p className="text-slate-700">{t('detail.noHearing')}</p>
                )}
              </Card>
              <Card title={t('detail.order')}>
                {open ? (
                  <p className="text-slate-700">{t('detail.noOrder', { date: formatDate(found.due_on) })}</p>
                ) : (
                  <>
                    <p className="font-medium text-slate-900">
                      {t(`detail.orderGiven.${found.status}`, {
                        name: found.decided_by_name ?? '',
                        at: found.decided_at ? formatDateTime(found.decided_at) : '',
                      })}
                    </p>
                    {found.order_text && <p className="mt-2 whitespace-pre-line text-slate-900">{found.order_text}</p>}
                    {found.directed_due_on && (
                      <p className="mt-2 text-slate-900">
                        {t('detail.directed', { stage, date: formatDate(found.directed_due_on) })}
                      </p>
                    )}
                  </>
                )}
              </Card>
            </div>
          </>
        );
      }}
    </QueryState>
  );
}
