/** The "Right now" card at the top of the applicant's application: what is happening (from the contract's
 * rightNow, so the officer's card tells the same story), whom it waits on, by when, what comes next, and the one
 * thing to do as a button. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreditCard, FileUp, MessageSquareReply, Upload } from 'lucide-react';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatRupees,
  statusLabel,
  type ApplicationStatus,
  type ClosingReason,
  type RightNow,
  type RightNowAction,
} from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { statusHelpPath } from '../../../../components/ui/status-badge';

export interface RightNowCardProps {
  now: RightNow;
  /** Called with the card's action; an action the page cannot take right now is left out. */
  onAction: (action: RightNowAction) => void;
  available: Record<RightNowAction, boolean>;
  /** The application's status: the card links to what it means in the help. */
  status?: ApplicationStatus;
}

const ICONS = {
  pay: CreditCard,
  upload_documents: Upload,
  answer_query: MessageSquareReply,
  upload_lease_deed: FileUp,
} as const;

export function RightNowCard({ now, onAction, available, status }: RightNowCardProps) {
  const { t } = useTranslation('applications');
  const documents = now.documents.map((type) => t(`documentTypes.${type}`)).join(', ');
  const params = {
    amount: formatRupees(now.amount),
    invoice: now.invoiceNumber ?? '',
    invoiceAmount: formatRupees(now.invoiceAmount),
    invoiceDue: formatDate(now.invoiceDueOn),
    date: formatDate(now.dueOn),
    documents,
  };
  const sentence = t(`rightNow.codes.${now.code}`, {
    ...params,
    context: now.code === 'pay_invoices' && now.amount === null ? 'unknown' : undefined,
  });
  const alsoPay = now.amount !== null && now.code !== 'pay_invoices' && now.action === 'pay';
  // A draft still missing documents asks for them, so it offers the upload as well.
  const offered = now.action ?? (now.code === 'submit_draft' && now.documents.length > 0 ? 'upload_documents' : null);
  const action = offered && available[offered] ? offered : null;
  const Icon = action ? ICONS[action] : null;

  return (
    <section
      aria-labelledby="right-now-title"
      className="mb-6 rounded-lg border border-slate-200 border-l-4 border-l-brand-700 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="right-now-title" className="text-lg font-semibold text-slate-900">
        {t('rightNow.title')}
      </h2>
      <div aria-live="polite" className="mt-2 space-y-2 text-slate-800">
        <p>{sentence}</p>
        {now.documents.length > 0 && now.code === 'submit_draft' && <p>{t('rightNow.stillToUpload', { documents })}</p>}
        {alsoPay && <p>{t('rightNow.alsoPay', params)}</p>}
        {/* The sentence and the button pay the first invoice; the others are counted, not added in. */}
        {now.invoiceNumber !== null && now.moreUnpaid > 0 && (
          <p>{t('rightNow.moreUnpaid', { count: now.moreUnpaid })}</p>
        )}
        <ClockWords now={now} />
        <SchemeCloseWords now={now} />
        <ReasonWords reason={now.reason} />
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-slate-600">{t('rightNow.waitingOnLabel')}</dt>
          <dd className="font-medium text-slate-900">{t(`rightNow.waitingOn.${now.waitingOn ?? 'nobody'}`)}</dd>
        </div>
        {now.next && (
          <div className="flex gap-1">
            <dt className="text-slate-600">{t('rightNow.nextLabel')}</dt>
            <dd className="font-medium text-slate-900">{t(`statuses.${now.next}`)}</dd>
          </div>
        )}
      </dl>
      {status && (
        <p className="mt-2 text-sm">
          <Link to={statusHelpPath(status)} className="font-medium text-brand-700 underline underline-offset-2">
            {t('ui:statusHelp', { status: t(`ui:status.${status}`, { defaultValue: statusLabel(status) }) })}
          </Link>
        </p>
      )}
      {action && Icon && (
        <Button
          className="mt-4"
          icon={<Icon aria-hidden="true" className="h-4 w-4" />}
          onClick={() => onAction(action)}
        >
          {t(`rightNow.actions.${action === 'upload_documents' ? now.code : action}`, params)}
        </Button>
      )}
    </section>
  );
}

/** The clock in words: by when the applicant should act, or by when the corporation aims to finish. */
function ClockWords({ now }: { now: RightNow }) {
  const { t } = useTranslation('applications');
  if (!now.dueOn || !now.waitingOn) return null;
  const date = formatDate(now.dueOn);
  if (now.code === 'answer_query') return <p className="font-medium">{t('rightNow.clock.replyBy', { date })}</p>;
  const yours = now.waitingOn === 'entrepreneur';
  const key = yours ? (now.overdue ? 'yoursLate' : 'yours') : now.overdue ? 'oursLate' : 'ours';
  return <p className="font-medium">{t(`rightNow.clock.${key}`, { date })}</p>;
}

/** Why a rejected or withdrawn application ended, in the reader's words (a scheme's rule, the committee's or an
 * officer's remarks, the applicant's own reason). */
export function useClosingReasonText(): (reason: ClosingReason) => string {
  const { t } = useTranslation('applications');
  return (reason) => {
    const { scheme_number, rank, note } = reason.params;
    return t(`closingReasons.${reason.code}`, {
      scheme: scheme_number ?? '',
      rank: typeof rank === 'number' ? formatNumber(rank) : '',
      note: note ?? '',
      context: note ? 'note' : undefined,
    });
  };
}

export function ReasonWords({ reason }: { reason: RightNow['reason'] }) {
  const { t } = useTranslation('applications');
  const text = useClosingReasonText();
  if (!reason) return null;
  return (
    <p data-testid="right-now-reason">
      <span className="font-medium">{t('rightNow.reasonLabel')}</span> {text(reason)}
    </p>
  );
}

/** A scheme's application not yet qualified: the close decides, and what happens if it comes first. */
export function SchemeCloseWords({ now }: { now: RightNow }) {
  const { t } = useTranslation('applications');
  if (!now.schemeClosesAt) return null;
  return (
    <p className="font-medium" data-testid="right-now-scheme-close">
      {t('rightNow.schemeClose', { closes: formatDateTime(now.schemeClosesAt) })}
    </p>
  );
}
