/** The show-cause pieces of the officer register: a row's action (issue a notice on an active allotment in
 * possession, or open the one it has), the dialogs those open (issue, the notices with their replies and documents,
 * decide), and the "show-cause pending reply" count that sets the register's late filter. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  businessToday,
  can,
  caseEventsOffered,
  caseEventsOpen,
  formatDate,
  formatNumber,
  SHOW_CAUSE_EVENTS,
  showCauseGuardHolds,
  type Allotment,
  type Role,
  type ShowCause,
} from '@portal/contract';
import { useAllotmentSummary } from '../../../../api/allotments';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../components/ui/cn';
import { Dialog } from '../../../../components/ui/dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { useAuth } from '../../../../lib/auth';
import { useShowCauses } from '../../../../api/show-causes';
import { DecideShowCauseDialog } from './decide-show-cause-dialog';
import { IssueShowCauseDialog } from './issue-show-cause-dialog';
import { ShowCauseDetails } from './show-cause-details';

/** What a register row's action opened. */
export type ShowCauseTarget =
  | { kind: 'issue'; allotment: Allotment }
  | { kind: 'view'; allotment: Allotment }
  | { kind: 'decide'; notice: ShowCause };

/** A show-cause notice may be issued on an active allotment whose possession is recorded. */
export function showCauseMayApply(allotment: Allotment): boolean {
  return allotment.status === 'active' && Boolean(allotment.possession_date);
}

/** What an officer may do about a notice's order: make it now, wait for the reply or its day, or nothing (the
 * notice is decided, or the role orders none). Read from the contract's SHOW_CAUSE_EVENTS and their guards. */
function orderStep(
  notice: ShowCause,
  allotment: Allotment,
  role: Role,
  today = businessToday(),
): 'now' | 'later' | null {
  if (caseEventsOffered(SHOW_CAUSE_EVENTS, notice.status, { role }).length === 0) return null;
  const facts = { status: notice.status, reply_by: notice.reply_by, allotment_status: allotment.status };
  const open = caseEventsOpen(SHOW_CAUSE_EVENTS, notice.status, { role }, (guard) =>
    showCauseGuardHolds(guard, facts, today),
  );
  return open.length > 0 ? 'now' : 'later';
}

/** The row's button: "Show-cause notice" when one is open, else "Issue show-cause notice" for the officers who may. */
export function ShowCauseRowAction({
  allotment,
  onOpen,
}: {
  allotment: Allotment;
  onOpen: (target: ShowCauseTarget) => void;
}) {
  const { t } = useTranslation('show-causes');
  const { user } = useAuth();
  const mayIssue = Boolean(user && can(user.role, 'issue:show-cause'));
  const plot = allotment.asset_code ?? allotment.allotment_number;
  if (!showCauseMayApply(allotment)) return null;
  if (allotment.open_show_cause_id) {
    return (
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('register.viewFor', { plot })}
        onClick={(event) => {
          event.stopPropagation();
          onOpen({ kind: 'view', allotment });
        }}
      >
        {t('register.view')}
      </Button>
    );
  }
  if (!mayIssue) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={t('register.issueFor', { plot })}
      onClick={(event) => {
        event.stopPropagation();
        onOpen({ kind: 'issue', allotment });
      }}
    >
      {t('register.issue')}
    </Button>
  );
}

/** An allotment's notices, newest first, each with its reply, documents and order; the open one offers Decide to the
 * officers who may order. */
function ShowCauseViewDialog({
  allotment,
  onClose,
  onDecide,
}: {
  allotment: Allotment | undefined;
  onClose: () => void;
  onDecide: (notice: ShowCause) => void;
}) {
  const { t } = useTranslation('show-causes');
  const { user } = useAuth();
  const notices = useShowCauses(allotment?.id, { enabled: allotment !== undefined });
  const plot = allotment?.asset_code ?? allotment?.allotment_number ?? '';
  return (
    <Dialog
      open={allotment !== undefined}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('view.title', { plot })}
      description={t('view.description', {
        number: allotment?.allotment_number ?? '',
        holder: allotment?.holder_name ?? '—',
      })}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {notices.isPending ? (
        <Spinner label={t('view.loading')} />
      ) : notices.isError ? (
        <p role="alert" className="text-slate-800">
          {t('view.loadFailed')}
        </p>
      ) : notices.data.length === 0 ? (
        <p className="text-slate-700">{t('view.none')}</p>
      ) : (
        <ol className="space-y-6">
          {notices.data.map((notice) => {
            const step = user && allotment ? orderStep(notice, allotment, user.role) : null;
            return (
              <li key={notice.id} className="rounded-md border border-slate-200 p-4">
                <ShowCauseDetails notice={notice}>
                  {step === 'now' ? (
                    <Button onClick={() => onDecide(notice)}>{t('view.decide')}</Button>
                  ) : step === 'later' ? (
                    <p className="text-slate-700">{t('view.decideAfter', { date: formatDate(notice.reply_by) })}</p>
                  ) : null}
                </ShowCauseDetails>
              </li>
            );
          })}
        </ol>
      )}
    </Dialog>
  );
}

/** The dialogs a row's action opens, one at a time. */
export function ShowCauseRegisterDialogs({
  target,
  onChange,
}: {
  target: ShowCauseTarget | undefined;
  onChange: (target: ShowCauseTarget | undefined) => void;
}) {
  const close = () => onChange(undefined);
  return (
    <>
      <IssueShowCauseDialog allotment={target?.kind === 'issue' ? target.allotment : undefined} onClose={close} />
      <ShowCauseViewDialog
        allotment={target?.kind === 'view' ? target.allotment : undefined}
        onClose={close}
        onDecide={(notice) => onChange({ kind: 'decide', notice })}
      />
      <DecideShowCauseDialog notice={target?.kind === 'decide' ? target.notice : undefined} onClose={close} />
    </>
  );
}

/** The register's state of the show-cause dialogs. */
export function useShowCauseTarget() {
  return useState<ShowCauseTarget | undefined>();
}

/** The "show-cause pending reply" count, in the zone chosen or all: a button that sets the register's late filter to
 * the allotments whose notice awaits the reply (pressed while it is set). */
export function ShowCausePendingChip({
  zone,
  pressed,
  onPress,
}: {
  zone: string | undefined;
  pressed: boolean;
  onPress: () => void;
}) {
  const { t } = useTranslation('show-causes');
  const summary = useAllotmentSummary(zone);
  const count = summary.data?.show_cause_awaiting;
  if (count === undefined) return null;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onPress}
      className={cn(
        'mb-4 inline-flex min-h-11 items-center gap-2 rounded-md border bg-white px-3 py-2 text-left hover:bg-slate-50',
        pressed ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200',
      )}
    >
      <span className={cn('text-2xl font-semibold tabular-nums', count > 0 ? 'text-red-800' : 'text-slate-900')}>
        {formatNumber(count)}
      </span>{' '}
      <span className="text-sm text-slate-700">{t('register.pendingReply')}</span>
    </button>
  );
}
