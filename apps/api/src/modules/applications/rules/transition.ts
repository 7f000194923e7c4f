/** The one way an application's status changes: `transition` fires a named event of the contract's lifecycle
 * inside the caller's transaction. It checks the move through the engine (engine.ts: the status, who fires it, the
 * event's guards), writes the next status with a fresh service clock and whom it now waits on through a conditional
 * update, records the timeline entry and its notifications, and then the move's side effects: the invoices raised
 * on submit and on entering pending_payment, the payment verified when nothing is left to pay, and the allotment's
 * milestones met when implementation starts or completes (estate.ts). */
import {
  APPLICATION_EVENTS,
  deadlineRuleOf,
  DOCUMENT_TYPE_NAMES,
  mayFire,
  stageTarget,
  stageToParams,
  startStageClock,
  statusStage,
  statusLabel,
  type ApplicationEventName,
  waitingOnOf,
  type ApplicationStatus,
  type LifecycleGuard,
  type Stage,
  type StageFacts,
  type TimelineCode,
  type TimelineParams,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { CALENDAR } from '../../../core/business-calendar';
import { conflict, forbidden, wrongState, type HttpError } from '../../../core/http-error';
import { actorOf, type CurrentUser } from '../../../case/actor';
import {
  findApplicationById,
  stageColumns,
  updateApplicationIfStatus,
  type ApplicationRow,
} from '../../../repositories/applications';
import { requiredDocumentStates } from '../../../repositories/documents';
import { countUnpaidInvoices, type InvoiceRow } from '../../../repositories/invoices';
import { latestLeaseDeedStatusOfApplication } from '../../../repositories/lease-deeds';
import { countOpenQueries } from '../../../repositories/queries';
import { SYSTEM_ACTOR, type Actor } from '../../../repositories/timeline';
import { checkMove } from '../../../case/engine';
import { recordEvent } from '../../../case/events';
import { meetMilestonesOnMove } from '../../estate/rules/estate';
import { raiseInvoicesOnMove } from '../../money/rules/invoices';
import { settleInvoicesOnMove } from '../../money/rules/invoice-cancellation';
import { caseFactsOf } from '../../../case/waiting-on';
import { clock } from '../../../core/clock';

export const WRONG_STATE = (from: ApplicationStatus, to: ApplicationStatus) =>
  `An application in status ${statusLabel(from)} cannot be moved to ${statusLabel(to)}`;
/** The 409 for a move the lifecycle does not have, naming both statuses. */
export const transitionNotAllowed = (from: ApplicationStatus, to: ApplicationStatus): HttpError =>
  wrongState(WRONG_STATE(from, to), 'transition_not_allowed', { from, to });
export const LOST_RACE = 'The application was changed by someone else at the same time. Please reload and try again.';

/** Who fires the event: a signed-in user (the owner or staff), or the portal on its own. */
export type TransitionActor = { user: CurrentUser; isOwner: boolean } | 'system';

export interface TransitionRequest {
  event: ApplicationEventName;
  /** The status to move to, when the event allows several (an allotment is provisional or final). */
  to?: ApplicationStatus;
  /** The stage: a code the portal sets, or an officer's own words; the status's own stage when not given. */
  stage?: Stage | { words: string };
  by: TransitionActor;
  /** Columns written with the move (the submission time, an assignment). */
  also?: { submittedAt?: Date; assignedTo?: string | null };
  facts?: StageFacts;
  /** The timeline entry's code when the move has a name of its own (submitted, payment verified). */
  timelineCode?: TimelineCode;
  /** More parameters of the timeline entry (a withdrawal's reason). */
  params?: TimelineParams;
  /** The portal makes an officer's move because the stage is deemed approved (contract deadlines.ts): allowed only
   * for the move the ladder deems from the current status, and only with `by: 'system'`. */
  deemed?: boolean;
}

/** What a move did: the moved application (after its side effects) and the invoices it raised. */
export interface CaseMove {
  application: ApplicationRow;
  invoices: InvoiceRow[];
}

/** Fires `request.event` on `application` (read under a row lock by the caller) and answers the moved row. */
export async function transition(
  tx: Database,
  application: ApplicationRow,
  request: TransitionRequest,
): Promise<ApplicationRow> {
  return (await fire(tx, application, request)).application;
}

/** As `transition`, answering the invoices the move raised too. */
export async function fire(tx: Database, application: ApplicationRow, request: TransitionRequest): Promise<CaseMove> {
  const from = application.status;
  const by = request.by;
  const to = await checkMove(
    APPLICATION_EVENTS,
    request.event,
    from,
    request.to,
    by === 'system'
      ? request.deemed
        ? { mayFire: deadlineRuleOf(from, application.waitingOn)?.deemed?.event === request.event }
        : 'system'
      : { mayFire: mayFire(request.event, by.user.role, by.isOwner) },
    {
      notAllowed: transitionNotAllowed,
      forbidden: (event) =>
        forbidden(
          event.by.kind === 'staff' && event.by.permission === 'record:decision'
            ? 'Only the committee, head office or an administrator can record a committee decision'
            : 'Your role cannot do this',
        ),
      guard: (guard) => checkGuard(tx, application.id, guard),
    },
  );

  const now = clock.now();
  // The facts beyond the status (queries, documents, lease deed, invoices) do not change with the move: whom the
  // new status waits on is the contract's waitingOnOf of them.
  const facts = { ...(await caseFactsOf(tx, application.id)), ...request.facts };
  const stageClock =
    from === to
      ? {}
      : {
          ...startStageClock(to, now, facts, CALENDAR),
          pausedWorkingDays: 0,
          // A new stage starts its own clock: paused from now if a query still waits on the applicant and the stage
          // has a clock at all, running otherwise.
          clockPausedAt: application.clockPausedAt && stageTarget(to, facts) && facts.openQuery ? now : null,
          // A new stage starts on its own rung of the escalation ladder (decision 017).
          escalatedTo: null,
          escalatedAt: null,
        };
  const stage = !request.stage ? statusStage(to) : 'words' in request.stage ? null : request.stage;
  const words = request.stage && 'words' in request.stage ? request.stage.words : '';
  const moved = await updateApplicationIfStatus(tx, application.id, [from], {
    status: to,
    ...stageColumns(stage, words),
    ...stageClock,
    waitingOn: waitingOnOf(to, facts),
    ...request.also,
  });
  if (!moved) throw conflict(LOST_RACE);

  const actor = request.by === 'system' ? SYSTEM_ACTOR : actorOf(request.by.user);
  const params: TimelineParams = {
    event: request.event,
    from,
    to,
    ...(request.stage ? { stage: moved.currentStage, ...stageToParams(stage) } : { stage: null }),
    ...request.params,
  };
  await recordEvent(tx, actor, {
    applicationId: application.id,
    code: request.timelineCode ?? (from === to ? 'committee_note' : 'status_changed'),
    params,
    entityType: 'application',
    entityId: application.id,
  });
  return afterMove(tx, moved, from, request, actor);
}

/** The move's side effects: entering a status that bills raises its invoices; entering rejected or withdrawn
 * cancels what can no longer be owed (an allowed appeal owes it again); entering pending_payment with nothing left
 * to pay verifies the payment at once. */
async function afterMove(
  tx: Database,
  moved: ApplicationRow,
  from: ApplicationStatus,
  request: TransitionRequest,
  actor: Actor,
): Promise<CaseMove> {
  if (moved.status === from) return { application: moved, invoices: [] };
  const event = request.event;
  await settleInvoicesOnMove(tx, moved, event, request.params);
  // The implementation's moves meet the allotment's milestones in the same transaction (decision 014).
  await meetMilestonesOnMove(tx, moved.id, event, actor);
  const invoices = await raiseInvoicesOnMove(tx, moved, event, actor);
  // An invoice raised changed whom the application waits on (case/events.ts): answer the row as stored.
  const current = invoices.length > 0 ? ((await findApplicationById(tx, moved.id)) ?? moved) : moved;
  const verified = await verifyPaymentIfPaid(tx, current);
  return { application: verified ?? current, invoices };
}

/** When the application waits for payment and its last invoice is paid, the portal verifies the payment: the one
 * place that fires verify_payment (on entering pending_payment, and after each payment). Answers the moved row, or
 * undefined when it stays. */
export async function verifyPaymentIfPaid(
  tx: Database,
  application: ApplicationRow,
): Promise<ApplicationRow | undefined> {
  if (application.status !== 'pending_payment') return undefined;
  if ((await countUnpaidInvoices(tx, application.id)) > 0) return undefined;
  return transition(tx, application, { event: 'verify_payment', by: 'system', timelineCode: 'payment_verified' });
}

/** A failed guard answers 409 naming what is missing. */
async function checkGuard(tx: Database, applicationId: string, guard: LifecycleGuard): Promise<void> {
  switch (guard) {
    case 'required_documents_verified': {
      const notReady = (await requiredDocumentStates(tx, applicationId)).filter((doc) => doc.state !== 'verified');
      if (notReady.length > 0) {
        const names = notReady.map((doc) => `${DOCUMENT_TYPE_NAMES[doc.type]} (${doc.state})`).join(', ');
        throw wrongState(
          `These required documents must be uploaded and verified first: ${names}`,
          'documents_not_verified',
          { documents: notReady.map((doc) => doc.type) },
        );
      }
      return;
    }
    case 'no_open_query':
      if ((await countOpenQueries(tx, applicationId)) > 0)
        throw wrongState("A query is waiting for the applicant's answer", 'query_open');
      return;
    case 'all_invoices_paid':
      if ((await countUnpaidInvoices(tx, applicationId)) > 0)
        throw wrongState('Some invoices are not paid yet', 'invoices_unpaid');
      return;
    case 'lease_deed_approved':
      if ((await latestLeaseDeedStatusOfApplication(tx, applicationId)) !== 'approved')
        throw wrongState('Possession can be recorded only after the lease deed is approved', 'lease_deed_not_approved');
      return;
    case 'not_in_scheme':
      // A scheme's result asks for the premium and allots (decision 018), never an officer.
      if ((await findApplicationById(tx, applicationId))?.schemeId)
        throw conflict("This application is in a scheme: the scheme's result decides its plot", 'scheme_state');
      return;
  }
}
