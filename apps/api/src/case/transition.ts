/** The one way an application's status changes: `transition` fires a named event of the contract's lifecycle
 * inside the caller's transaction. It checks the current status, who fires it and the event's guards, writes the
 * next status with a fresh service clock through a conditional update, and appends the timeline entry. */
import {
  APPLICATION_EVENTS,
  DOCUMENT_TYPE_NAMES,
  mayFire,
  stageTarget,
  stageToParams,
  startStageClock,
  statusStage,
  statusLabel,
  type ApplicationEventName,
  type ApplicationStatus,
  type LifecycleEvent,
  type LifecycleGuard,
  type Stage,
  type StageFacts,
  type TimelineCode,
  type TimelineParams,
} from '@portal/contract';
import type { Database } from '../db/client';
import { CALENDAR } from '../lib/business-calendar';
import { conflict, forbidden, wrongState, type HttpError } from '../lib/http-error';
import { actorOf, type CurrentUser } from '../plugins/auth';
import { stageColumns, updateApplicationIfStatus, type ApplicationRow } from '../repositories/applications';
import { requiredDocumentStates } from '../repositories/documents';
import { countUnpaidInvoices } from '../repositories/invoices';
import { latestLeaseDeedStatusOfApplication } from '../repositories/lease-deeds';
import { countOpenQueries } from '../repositories/queries';
import { recordEvent, SYSTEM_ACTOR } from '../repositories/timeline';

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
}

/** Fires `request.event` on `application` (read under a row lock by the caller) and answers the moved row. */
export async function transition(
  tx: Database,
  application: ApplicationRow,
  request: TransitionRequest,
): Promise<ApplicationRow> {
  const event: LifecycleEvent = APPLICATION_EVENTS[request.event];
  const from = application.status;
  const to = request.to ?? event.to[0]!;
  if (!event.from.includes(from) || !event.to.includes(to)) throw transitionNotAllowed(from, to);
  if (request.by === 'system') {
    if (event.by.kind !== 'system') throw new Error(`The event ${request.event} is not fired by the portal`);
  } else if (!mayFire(request.event, request.by.user.role, request.by.isOwner)) {
    throw forbidden(
      event.by.kind === 'staff' && event.by.permission === 'record:decision'
        ? 'Only the committee, head office or an administrator can record a committee decision'
        : 'Your role cannot do this',
    );
  }
  for (const guard of event.guards) await checkGuard(tx, application.id, guard);

  const now = new Date();
  const clock =
    from === to
      ? {}
      : {
          ...startStageClock(to, now, request.facts, CALENDAR),
          pausedWorkingDays: 0,
          // A new stage starts its own clock: paused from now if a query still waits on the applicant and the stage
          // has a clock at all, running otherwise.
          clockPausedAt:
            application.clockPausedAt &&
            stageTarget(to, request.facts) &&
            (await countOpenQueries(tx, application.id)) > 0
              ? now
              : null,
        };
  const stage = !request.stage ? statusStage(to) : 'words' in request.stage ? null : request.stage;
  const words = request.stage && 'words' in request.stage ? request.stage.words : '';
  const moved = await updateApplicationIfStatus(tx, application.id, [from], {
    status: to,
    ...stageColumns(stage, words),
    ...clock,
    ...request.also,
  });
  if (!moved) throw conflict(LOST_RACE);

  const actor = request.by === 'system' ? SYSTEM_ACTOR : actorOf(request.by.user);
  const params: TimelineParams = {
    event: request.event,
    from,
    to,
    ...(request.stage ? { stage: moved.currentStage, ...stageToParams(stage) } : { stage: null }),
  };
  await recordEvent(tx, actor, {
    applicationId: application.id,
    code: request.timelineCode ?? (from === to ? 'committee_note' : 'status_changed'),
    params,
    entityType: 'application',
    entityId: application.id,
  });
  return moved;
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
  }
}
