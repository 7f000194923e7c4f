/** The officers' decisions on an application: status updates (with their side effects) and document verification.
 * Each one reads the current state and writes the next in one transaction, through conditional updates. */
import {
  can,
  DEFAULT_STAGE,
  DOCUMENT_TYPE_NAMES,
  FEES,
  isAllowedStatusUpdate,
  roundRupees,
  statusLabel,
  statusUpdatePermission,
  type Application,
  type ApplicationDocument,
  type ApplicationStatus,
  type UpdateStatusRequest,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { addDays, isoDay } from '../../lib/dates';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { actorOf, type CurrentUser } from '../../plugins/auth';
import {
  lockApplication,
  toApplication,
  updateApplicationIfStatus,
  type ApplicationRow,
} from '../../repositories/applications';
import { findAssetById } from '../../repositories/assets';
import { nextNumber } from '../../repositories/counters';
import { findDocument, setDocumentVerificationIfPending, toDocument } from '../../repositories/documents';
import { countUnpaidInvoices, insertInvoice } from '../../repositories/invoices';
import { recordEvent, SYSTEM_ACTOR } from '../../repositories/timeline';
import { findUserById } from '../../repositories/users';
import { APPLICATION_NOT_FOUND } from '../../lib/access';

export const WRONG_STATE = (from: ApplicationStatus, to: ApplicationStatus) =>
  `An application in status ${statusLabel(from)} cannot be moved to ${statusLabel(to)}`;
/** The timeline's words for a status change, in the status's plain name ('Status changed to Pending committee'). */
export const statusChangedAction = (to: ApplicationStatus) => `Status changed to ${DEFAULT_STAGE[to]}`;
export const LOST_RACE = 'The application was changed by someone else at the same time. Please reload and try again.';

export async function updateStatus(
  db: Database,
  user: CurrentUser,
  id: string,
  request: UpdateStatusRequest,
): Promise<Application> {
  if (request.assigned_to) await assertAssignable(db, request.assigned_to);
  return db.transaction(async (tx) => {
    // The row lock queues racing updates of one application; the conditional update below would catch them anyway.
    const current = await lockApplication(tx, id);
    if (!current) throw notFound(APPLICATION_NOT_FOUND);
    const from = current.status;
    const to = request.status;
    const permission = statusUpdatePermission(from, to);
    if (!permission || !isAllowedStatusUpdate(from, to)) throw conflict(WRONG_STATE(from, to));
    if (!can(user.role, permission))
      throw forbidden('Only the committee, head office or an administrator can record a committee decision');

    const updated = await updateApplicationIfStatus(tx, id, [from], {
      status: to,
      currentStage: request.current_stage,
      ...(request.assigned_to !== undefined && { assignedTo: request.assigned_to }),
    });
    if (!updated) throw conflict(LOST_RACE);

    const actor = actorOf(user);
    await recordEvent(tx, actor, {
      applicationId: id,
      action: from === to ? 'Committee decision recorded' : statusChangedAction(to),
      details:
        from === to
          ? request.current_stage
          : `Moved from ${DEFAULT_STAGE[from]} to ${DEFAULT_STAGE[to]}. Stage: ${request.current_stage}`,
      entityType: 'application',
      entityId: id,
    });
    if (request.assigned_to && request.assigned_to !== current.assignedTo) {
      const assignee = await findUserById(tx, request.assigned_to);
      await recordEvent(tx, actor, {
        applicationId: id,
        action: 'Application assigned',
        details: `Assigned to ${assignee?.fullName ?? 'an officer'}`,
        entityType: 'application',
        entityId: id,
      });
    }
    const final = to === 'pending_payment' ? await enterPendingPayment(tx, updated) : updated;
    return toApplication(final);
  });
}

async function assertAssignable(db: Database, userId: string): Promise<void> {
  const assignee = await findUserById(db, userId);
  if (!assignee || !assignee.isActive || assignee.role === 'entrepreneur') {
    throw badRequest('The application can be assigned only to an active officer');
  }
}

/** Entering pending_payment raises the first premium instalment; if nothing is left to pay, payment is verified. */
async function enterPendingPayment(tx: Database, application: ApplicationRow): Promise<ApplicationRow> {
  const asset = await findAssetById(tx, application.assetId);
  if (asset) {
    const now = new Date();
    const invoice = await insertInvoice(tx, {
      applicationId: application.id,
      invoiceType: 'premium_instalment',
      amount: roundRupees(asset.valuation * FEES.premiumInstalmentRateOfValuation),
      dueDate: isoDay(addDays(now, FEES.invoiceDueDays)),
      invoiceNumber: await nextNumber(tx, 'invoice', now),
    });
    if (invoice) {
      await recordEvent(tx, SYSTEM_ACTOR, {
        applicationId: application.id,
        action: 'Invoice generated',
        details: `Premium instalment invoice ${invoice.invoiceNumber} generated`,
        entityType: 'invoice',
        entityId: invoice.id,
      });
    }
  }
  if ((await countUnpaidInvoices(tx, application.id)) > 0) return application;
  const verified = await updateApplicationIfStatus(tx, application.id, ['pending_payment'], {
    status: 'payment_verified',
    currentStage: DEFAULT_STAGE.payment_verified,
  });
  if (!verified) return application;
  await recordEvent(tx, SYSTEM_ACTOR, {
    applicationId: application.id,
    action: statusChangedAction('payment_verified'),
    details: 'All invoices are paid',
    entityType: 'application',
    entityId: application.id,
  });
  return verified;
}

export async function verifyDocument(
  db: Database,
  user: CurrentUser,
  applicationId: string,
  documentId: string,
  verified: boolean,
): Promise<ApplicationDocument> {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    const document = await findDocument(tx, applicationId, documentId);
    if (!document) throw notFound('Document not found');
    if (application.status === 'draft')
      throw conflict('Documents are verified only after the application is submitted');
    if (document.verificationStatus !== 'pending')
      throw conflict(`This document has already been ${document.verificationStatus}`);
    const updated = await setDocumentVerificationIfPending(tx, documentId, verified ? 'verified' : 'rejected', user.id);
    if (!updated) throw conflict('This document was decided by someone else at the same time');
    await recordEvent(tx, actorOf(user), {
      applicationId,
      action: verified ? 'Document verified' : 'Document rejected',
      details: `${DOCUMENT_TYPE_NAMES[document.documentType]}: ${document.fileName}`,
      entityType: 'document',
      entityId: documentId,
    });
    return toDocument(updated);
  });
}
