/** The "Right now" card at the top of the officer's application: the badge and stage, then what is happening from
 * the contract's rightNow (the story the applicant's card tells, in an officer's words), whom it waits on, the
 * service clock and what comes next. */
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupees, type Application, type RightNow } from '@portal/contract';
import { ClockBadge, DaysInStage, EscalatedBadge } from '../../../../components/clock/clock-badge';
import { StageText } from '../../../../components/ui/stage-text';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { ReasonWords, SchemeCloseWords } from './right-now-card';

export function StatusLine({ application, now }: { application: Application; now: RightNow }) {
  const { t } = useTranslation('applications');
  const documents = now.documents.map((type) => t(`documentTypes.${type}`)).join(', ');
  const sentence = t(`rightNow.staff.codes.${now.code}`, {
    amount: formatRupees(now.amount),
    invoice: now.invoiceNumber ?? '',
    date: formatDate(now.dueOn),
    documents,
    context: now.code === 'pay_invoices' && now.amount === null ? 'unknown' : undefined,
  });
  const clocked = now.waitingOn !== null && application.stage_due_on !== null;
  return (
    <section
      aria-labelledby="right-now-title"
      className="mb-4 rounded-lg border border-brand-200 border-l-4 border-l-brand-700 bg-brand-50 p-4"
    >
      <h2 id="right-now-title" className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-800">
        {t('rightNow.title')}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={application.status} helpLink />
        <p className="font-semibold text-slate-900">
          <span className="sr-only">{t('detail.stage')}: </span>
          <span>
            <StageText application={application} />
          </span>
        </p>
        {clocked && <ClockBadge clock={application} />}
        <EscalatedBadge to={application.escalated_to} />
      </div>
      <p className="mt-2 text-slate-800" aria-live="polite">
        <span className="sr-only">{t('detail.next')}: </span>
        {sentence}
      </p>
      <div className="mt-1 space-y-1 text-slate-800">
        <SchemeCloseWords now={now} />
        <ReasonWords reason={now.reason} />
      </div>
      {now.amount !== null && now.code !== 'pay_invoices' && (
        <p className="mt-1 text-slate-800">{t('rightNow.staff.unpaid', { amount: formatRupees(now.amount) })}</p>
      )}
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-slate-600">{t('rightNow.waitingOnLabel')}</dt>
          <dd className="font-medium text-slate-900">{t(`rightNow.staff.waitingOn.${now.waitingOn ?? 'nobody'}`)}</dd>
        </div>
        {now.dueOn && now.waitingOn && (
          <div className="flex gap-1">
            <dt className="text-slate-600">
              {t(now.code === 'answer_query' ? 'rightNow.staff.replyBy' : 'rightNow.staff.dueBy')}
            </dt>
            <dd className="font-medium text-slate-900">{formatDate(now.dueOn)}</dd>
          </div>
        )}
        {clocked && (
          <div className="flex gap-1">
            <dt className="text-slate-600">{t('rightNow.staff.inStage')}</dt>
            <dd className="font-medium text-slate-900">
              <DaysInStage days={application.days_in_stage} />
            </dd>
          </div>
        )}
        {now.next && (
          <div className="flex gap-1">
            <dt className="text-slate-600">{t('rightNow.nextLabel')}</dt>
            <dd className="font-medium text-slate-900">{t(`statuses.${now.next}`)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
