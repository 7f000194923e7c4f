/** The officers' decisions on an application: status updates (with their side effects) and document verification.
 * Each one reads the current state and writes the next in one transaction, through conditional updates. */
import {
  isApplicant,
  REASON_MIN,
  lacksReason,
  manualEventFor,
  stageFitsStatus,
  stageOfText,
  type Stage,
  type Application,
  type ApplicationDocument,
  type TimelineEvent,
  type UpdateStatusRequest,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { badRequest, conflict, HttpError, notFound } from '../../../core/http-error';
import { actorOf, type CurrentUser } from '../../../plugins/auth';
import { lockApplication, toApplication } from '../../../repositories/applications';
import {
  findDocument,
  setDocumentVerificationIfPending,
  toDocument,
  type DocumentDecision,
} from '../../../repositories/documents';
import { recordEvent } from '../../../case/events';
import { transition, transitionNotAllowed } from '../rules/transition';
import { findUserById } from '../../../repositories/users';
import { APPLICATION_NOT_FOUND } from '../../../case/access';

export { LOST_RACE, WRONG_STATE } from '../rules/transition';
export type { DocumentDecision } from '../../../repositories/documents';

export async function updateStatus(
  db: Database,
  user: CurrentUser,
  id: string,
  request: UpdateStatusRequest,
): Promise<Application> {
  // A stage that does not go with its status is a malformed request (400), whatever its reason.
  if (request.stage && !stageFitsStatus(request.stage, request.status)) throw stageMismatch(request.stage, request);
  if (lacksReason(request)) throw reasonRequired(request);
  if (request.assigned_to) await assertAssignable(db, request.assigned_to);
  return db.transaction(async (tx) => {
    // The row lock queues racing updates of one application; the conditional update in transition catches them too.
    const current = await lockApplication(tx, id);
    // A draft is the applicant's own until submitted: staff are told it does not exist, as when they open it.
    if (!current || current.status === 'draft') throw notFound(APPLICATION_NOT_FOUND);
    const from = current.status;
    const to = request.status;
    const event = from === to && from === 'pending_committee' ? 'record_committee_note' : manualEventFor(from, to);
    if (!event) throw transitionNotAllowed(from, to);
    const updated = await transition(tx, current, {
      event,
      to,
      stage: stageOfRequest(request),
      by: { user, isOwner: false },
      ...(request.assigned_to !== undefined && { also: { assignedTo: request.assigned_to } }),
    });

    if (request.assigned_to && request.assigned_to !== current.assignedTo) {
      const assignee = await findUserById(tx, request.assigned_to);
      await recordEvent(tx, actorOf(user), {
        applicationId: id,
        code: 'application_assigned',
        params: { assignee_name: assignee?.fullName ?? null },
        entityType: 'application',
        entityId: id,
      });
    }
    return toApplication(updated);
  });
}

/** 422 reason_required: a rejection tells the applicant why (the committee's note, or the officer's own words as
 * the stage), so one without a reason is refused before anything is read or written. */
function reasonRequired(request: UpdateStatusRequest): HttpError {
  const path = request.stage ? 'body.stage.params.note' : 'body.current_stage';
  const message = `Give the reason, at least ${REASON_MIN} characters`;
  return new HttpError(
    422,
    `A move to ${request.status} needs its reason: ${message.toLowerCase()}`,
    'reason_required',
    {
      errors: [{ path, message }],
    },
  );
}

function stageMismatch(stage: Stage, request: UpdateStatusRequest) {
  return badRequest(`The stage ${stage.code} does not go with the status ${request.status}`);
}

/** The stage a status update writes: the code it names, the status's own stage when the text is that stage's
 * English (the spec's client sends text only), and otherwise the officer's words as typed. */
function stageOfRequest(request: UpdateStatusRequest): Stage | { words: string } {
  if (request.stage) {
    return request.stage; // checked against the status in updateStatus
  }
  return stageOfText(request.status, request.current_stage) ?? { words: request.current_stage };
}

async function assertAssignable(db: Database, userId: string): Promise<void> {
  const assignee = await findUserById(db, userId);
  if (!assignee || !assignee.isActive || isApplicant(assignee)) {
    throw badRequest('The application can be assigned only to an active officer');
  }
}

/** Verifies a pending document, or rejects it with the reason the applicant is shown (and re-uploads against). */
export async function verifyDocument(
  db: Database,
  user: CurrentUser,
  applicationId: string,
  documentId: string,
  decision: DocumentDecision,
): Promise<ApplicationDocument> {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (!application || application.status === 'draft') throw notFound(APPLICATION_NOT_FOUND);
    const document = await findDocument(tx, applicationId, documentId);
    if (!document) throw notFound('Document not found');
    if (document.replacedAt) throw conflict('This document was replaced by a newer upload');
    if (document.verificationStatus !== 'pending')
      throw conflict(`This document has already been ${document.verificationStatus}`);
    const updated = await setDocumentVerificationIfPending(tx, documentId, decision, user.id);
    if (!updated) throw conflict('This document was decided by someone else at the same time');
    await recordEvent(tx, actorOf(user), {
      applicationId,
      code: decision.status === 'verified' ? 'document_verified' : 'document_rejected',
      params: {
        document_type: document.documentType,
        file_name: document.fileName,
        ...(decision.status === 'rejected' && { reason: decision.reason }),
      },
      entityType: 'document',
      entityId: documentId,
    });
    return toDocument(updated);
  });
}

/** An officer's note on a case for other officers: an internal timeline entry the applicant never receives. */
export async function addInternalNote(
  db: Database,
  user: CurrentUser,
  applicationId: string,
  message: string,
): Promise<TimelineEvent> {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    // Drafts are the applicant's own until submitted: staff do not see them, so they cannot note on them either.
    if (!application || application.status === 'draft') throw notFound(APPLICATION_NOT_FOUND);
    return recordEvent(tx, actorOf(user), {
      applicationId,
      code: 'internal_note',
      params: { message },
      entityType: 'application',
      entityId: applicationId,
    });
  });
}
