/** Service requests: an entrepreneur raises them and sees only their own; a linked application or allotment
 * must be theirs too. */
import type { z } from 'zod';
import {
  roundRupees,
  type createServiceRequestSchema,
  type ServiceRequest,
  type ServiceRequestListQuery,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { loadOwnApplication } from '../../lib/access';
import { notFound } from '../../lib/http-error';
import type { Page } from '../../lib/list-page';
import { actorOf, type CurrentUser } from '../../plugins/auth';
import { nextNumber } from '../../repositories/counters';
import {
  findOwnAllotmentApplicationId,
  insertServiceRequest,
  searchServiceRequests,
  toServiceRequest,
} from '../../repositories/service-requests';
import { recordEvent } from '../../repositories/timeline';

export type CreateServiceRequestBody = z.output<typeof createServiceRequestSchema>;

export async function listOwnServiceRequests(
  db: Database,
  user: CurrentUser,
  query: ServiceRequestListQuery,
): Promise<Page<ServiceRequest>> {
  const page = await searchServiceRequests(db, { userId: user.id, query });
  return { ...page, items: page.items.map(toServiceRequest) };
}

export async function raiseServiceRequest(
  db: Database,
  user: CurrentUser,
  body: CreateServiceRequestBody,
): Promise<ServiceRequest> {
  const applicationId = body.application_id ?? null;
  const allotmentId = body.allotment_id ?? null;
  if (applicationId) await loadOwnApplication(db, user, applicationId);
  let allotmentApplicationId: string | undefined;
  if (allotmentId) {
    allotmentApplicationId = await findOwnAllotmentApplicationId(db, allotmentId, user.id);
    if (!allotmentApplicationId) throw notFound('Allotment not found');
  }
  return db.transaction(async (tx) => {
    const row = await insertServiceRequest(tx, {
      requestNumber: await nextNumber(tx, 'serviceRequest'),
      userId: user.id,
      requestType: body.request_type,
      applicationId,
      allotmentId,
      description: body.description,
      feeAmount: roundRupees(body.fee_amount),
    });
    await recordEvent(tx, actorOf(user), {
      applicationId: applicationId ?? allotmentApplicationId ?? null,
      action: 'Service request raised',
      details: `${row.requestNumber}: ${body.request_type.replace(/_/g, ' ')}`,
      entityType: 'service_request',
      entityId: row.id,
    });
    return toServiceRequest(row);
  });
}
