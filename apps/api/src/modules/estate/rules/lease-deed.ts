/** The one place an allottee's lease deed is submitted, uploaded as a scan or eSigned through an eSign Service
 * Provider (decision 035): the checks that the deed is due now, the move to lease_submitted, the deed's row and its
 * timeline entry (and, through it, the notifications). */
import { eventsOffered } from '@portal/contract';
import type { Database } from '../../../db/client';
import { conflict, notFound } from '../../../core/http-error';
import type { AllotmentRow } from '../../../repositories/allotments';
import { lockApplication, type ApplicationRow } from '../../../repositories/applications';
import { findLatestLeaseDeed, insertLeaseDeed, type LeaseDeedRow } from '../../../repositories/lease-deeds';
import { APPLICATION_NOT_FOUND } from '../../../case/access';
import { actorOf, type CurrentUser } from '../../../case/actor';
import { recordEvent } from '../../../case/events';
import { transition, transitionNotAllowed } from '../../applications/rules/transition';

export const ALLOTMENT_NOT_ACTIVE = 'This allotment is no longer active';

/** The deed file and, when it was eSigned, the name on the signer's certificate. */
export interface SubmittedDeed {
  fileName: string;
  storageKey: string;
  fileSize: number;
  esignedBy?: string;
}

/** Throws unless the owner may submit the allotment's lease deed now: the allotment active, the application at the
 * lease-deed step, and no deed waiting for verification or approved. Read in the caller's transaction. */
export async function assertLeaseDeedDue(
  tx: Database,
  user: CurrentUser,
  allotment: AllotmentRow,
  application: ApplicationRow,
): Promise<LeaseDeedRow | undefined> {
  if (allotment.status !== 'active') throw conflict(ALLOTMENT_NOT_ACTIVE);
  const latest = await findLatestLeaseDeed(tx, allotment.id);
  if (latest && latest.verificationStatus !== 'rejected' && latest.verificationStatus !== 'needs_revision') {
    throw conflict(`A lease deed has already been uploaded and is ${latest.verificationStatus.replace('_', ' ')}`);
  }
  if (!eventsOffered(application.status, user.role, true).includes('submit_lease_deed')) {
    throw transitionNotAllowed(application.status, 'lease_submitted');
  }
  return latest;
}

/** Submits the deed in the caller's transaction: locks the application, checks the deed is due, moves the application
 * to lease_submitted and records the deed and its timeline entry. */
export async function submitLeaseDeed(
  tx: Database,
  user: CurrentUser,
  allotment: AllotmentRow,
  deed: SubmittedDeed,
): Promise<LeaseDeedRow> {
  const application = await lockApplication(tx, allotment.applicationId);
  if (!application) throw notFound(APPLICATION_NOT_FOUND);
  const latest = await assertLeaseDeedDue(tx, user, allotment, application);
  // Moving the application to lease_submitted (transition checks the status) is what two racing submissions queue on.
  await transition(tx, application, { event: 'submit_lease_deed', by: { user, isOwner: true } });
  const row = await insertLeaseDeed(tx, {
    allotmentId: allotment.id,
    fileName: deed.fileName,
    storageKey: deed.storageKey,
    fileSize: deed.fileSize,
  });
  await recordEvent(tx, actorOf(user), {
    applicationId: allotment.applicationId,
    code: 'lease_deed_uploaded',
    params: {
      file_name: deed.fileName,
      revised: Boolean(latest),
      ...(deed.esignedBy !== undefined && { esigned_by: deed.esignedBy }),
    },
    entityType: 'lease_deed',
    entityId: row.id,
  });
  return row;
}
