/** The one place an allotment row is made, with its timeline entry. */
import type { Database } from '../../../db/client';
import { notFound, conflict } from '../../../core/http-error';
import { APPLICATION_NOT_FOUND } from '../../../case/access';
import { findApplicantUserId, insertAllotment, type AllotmentRow } from '../../../repositories/allotments';
import { nextNumber } from '../../../repositories/counters';
import type { Actor } from '../../../repositories/timeline';
import { recordEvent } from '../../../case/events';

export const ASSET_TAKEN = 'This asset is already held by another allotment';

/** The allotment of an application just moved to an allotment status, with its timeline entry: the officers' allot
 * and a scheme winner's allotment by the portal (decision 018) both make it here. The caller holds the asset. */
export async function recordAllotment(
  tx: Database,
  actor: Actor,
  input: {
    applicationId: string;
    asset: { id: string; assetCode: string };
    type: 'provisional' | 'final';
    allotmentDate: string;
    expiryDate: string | null;
    createdBy: string | null;
  },
): Promise<AllotmentRow> {
  const holderUserId = await findApplicantUserId(tx, input.applicationId);
  if (!holderUserId) throw notFound(APPLICATION_NOT_FOUND);
  const allotment = await insertAllotment(tx, {
    holderUserId,
    allotmentNumber: await nextNumber(tx, 'allotment'),
    applicationId: input.applicationId,
    assetId: input.asset.id,
    allotmentType: input.type,
    allotmentDate: input.allotmentDate,
    expiryDate: input.expiryDate,
    createdBy: input.createdBy,
  });
  if (!allotment) throw conflict(ASSET_TAKEN);
  await recordEvent(tx, actor, {
    applicationId: input.applicationId,
    code: 'allotment_created',
    params: {
      allotment_number: allotment.allotmentNumber,
      allotment_type: input.type,
      asset_code: input.asset.assetCode,
    },
    entityType: 'allotment',
    entityId: allotment.id,
  });
  return allotment;
}
