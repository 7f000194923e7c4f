/** Service requests: an entrepreneur raises them (the fee comes from the contract's table, and a request with a fee
 * names the application it is billed to) and sees only their own; staff who read requests see all, and officers
 * who work them move them on, billing the fee when they approve. */
import type { z } from 'zod';
import {
  canReadAnyServiceRequest,
  canWorkServiceRequests,
  formatRupees,
  serviceRequestFee,
  serviceRequestRemarksProblem,
  serviceRequestTransitionProblem,
  type createServiceRequestSchema,
  type ServiceRequest,
  type ServiceRequestListQuery,
  type updateServiceRequestSchema,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { loadOwnApplication } from '../../case/access';
import { conflict, forbidden, notFound, unprocessable } from '../../core/http-error';
import type { Page } from '../../core/list-page';
import { actorOf, type CurrentUser } from '../../plugins/auth';
import { nextNumber } from '../../repositories/counters';
import {
  findOwnAllotmentApplicationId,
  findServiceFeeInvoiceIds,
  findServiceRequestById,
  insertServiceRequest,
  searchServiceRequests,
  toServiceRequest,
  updateServiceRequestIfStatus,
  type ServiceRequestRow,
} from '../../repositories/service-requests';
import { recordEvent } from '../../case/events';
import { raiseServiceFee } from '../../case/invoices';

export type CreateServiceRequestBody = z.output<typeof createServiceRequestSchema>;
export type UpdateServiceRequestBody = z.output<typeof updateServiceRequestSchema>;

export const SERVICE_REQUEST_NOT_FOUND = 'Service request not found';

const typeWords = (type: string) => type.replace(/_/g, ' ');

/** Everyone's requests for staff who may read them, the caller's own for an entrepreneur. */
export async function listServiceRequests(
  db: Database,
  user: CurrentUser,
  query: ServiceRequestListQuery,
): Promise<Page<ServiceRequest>> {
  let userId: string | undefined;
  if (user.role === 'entrepreneur') userId = user.id;
  else if (!canReadAnyServiceRequest(user.role)) throw forbidden();
  const page = await searchServiceRequests(db, { userId, query });
  const invoiceIds = await findServiceFeeInvoiceIds(
    db,
    page.items.map((row) => row.id),
  );
  return { ...page, items: page.items.map((row) => toServiceRequest(row, invoiceIds.get(row.id) ?? null)) };
}

/** A request the caller may see: an entrepreneur's own (another's answers 404, never revealing it), any for staff
 * who read requests. */
async function loadVisibleServiceRequest(db: Database, user: CurrentUser, id: string): Promise<ServiceRequestRow> {
  if (user.role !== 'entrepreneur' && !canReadAnyServiceRequest(user.role)) throw forbidden();
  const row = await findServiceRequestById(db, id);
  if (!row || (user.role === 'entrepreneur' && row.userId !== user.id)) throw notFound(SERVICE_REQUEST_NOT_FOUND);
  return row;
}

async function withInvoice(db: Database, row: ServiceRequestRow): Promise<ServiceRequest> {
  const invoiceIds = await findServiceFeeInvoiceIds(db, [row.id]);
  return toServiceRequest(row, invoiceIds.get(row.id) ?? null);
}

export async function getServiceRequest(db: Database, user: CurrentUser, id: string): Promise<ServiceRequest> {
  return withInvoice(db, await loadVisibleServiceRequest(db, user, id));
}

/** The application a request is for: the one it names, or the one of the allotment it names (both must be the
 * caller's; another's answers 404). A request with a fee must name one, since the fee is billed to it. */
async function applicationOfRequest(
  db: Database,
  user: CurrentUser,
  body: CreateServiceRequestBody,
  fee: number,
): Promise<string | null> {
  const applicationId = body.application_id ?? null;
  if (applicationId) await loadOwnApplication(db, user, applicationId);
  let allotmentApplicationId: string | null = null;
  if (body.allotment_id) {
    allotmentApplicationId = (await findOwnAllotmentApplicationId(db, body.allotment_id, user.id)) ?? null;
    if (!allotmentApplicationId) throw notFound('Allotment not found');
  }
  if (applicationId && allotmentApplicationId && applicationId !== allotmentApplicationId) {
    throw unprocessable('The allotment belongs to another application: name the allotment of this application');
  }
  const linked = applicationId ?? allotmentApplicationId;
  if (fee > 0 && !linked) {
    throw unprocessable(
      `A ${typeWords(body.request_type)} request has a fee of ${formatRupees(fee)}: choose the application or allotment it is for, so the fee can be billed to it`,
    );
  }
  return linked;
}

export async function raiseServiceRequest(
  db: Database,
  user: CurrentUser,
  body: CreateServiceRequestBody,
): Promise<ServiceRequest> {
  // The fee is the table's for the type; a fee_amount sent by an older client is ignored.
  const fee = serviceRequestFee(body.request_type);
  const applicationId = await applicationOfRequest(db, user, body, fee);
  return db.transaction(async (tx) => {
    const row = await insertServiceRequest(tx, {
      requestNumber: await nextNumber(tx, 'serviceRequest'),
      userId: user.id,
      requestType: body.request_type,
      applicationId,
      allotmentId: body.allotment_id ?? null,
      description: body.description,
      feeAmount: fee,
    });
    await recordEvent(tx, actorOf(user), {
      applicationId,
      code: 'service_request_raised',
      params: { request_number: row.requestNumber, request_type: row.requestType },
      entityType: 'service_request',
      entityId: row.id,
    });
    return toServiceRequest(row);
  });
}

/** An officer moves a request on. The move is checked against the lifecycle and written only if the request is
 * still where it was read (a second officer's move at the same moment answers 409); approving a request with a
 * fee bills it to the request's application. */
export async function updateServiceRequest(
  db: Database,
  user: CurrentUser,
  id: string,
  body: UpdateServiceRequestBody,
): Promise<ServiceRequest> {
  if (!canWorkServiceRequests(user.role)) throw forbidden();
  const remarksProblem = serviceRequestRemarksProblem(body.status, body.remarks);
  if (remarksProblem) throw unprocessable(remarksProblem);

  return db.transaction(async (tx) => {
    const current = await findServiceRequestById(tx, id);
    if (!current) throw notFound(SERVICE_REQUEST_NOT_FOUND);
    const moveProblem = serviceRequestTransitionProblem(current.status, body.status);
    if (moveProblem) throw conflict(moveProblem);
    const billed = body.status === 'approved' && current.feeAmount > 0;
    if (billed && !current.applicationId) {
      throw conflict('The request names no application to bill its fee to: reject it and ask for a new request');
    }
    const final = body.status === 'approved' || body.status === 'rejected';
    const row = await updateServiceRequestIfStatus(tx, id, current.status, {
      status: body.status,
      remarks: body.remarks ?? current.remarks,
      decidedBy: final ? user.id : current.decidedBy,
    });
    if (!row) {
      throw conflict('Someone else changed this request at the same moment: reload it to see where it is now');
    }
    const actor = actorOf(user);
    await recordEvent(tx, actor, {
      applicationId: row.applicationId,
      code: 'service_request_updated',
      params: { request_number: row.requestNumber, status: row.status, remarks: body.remarks ?? null },
      entityType: 'service_request',
      entityId: row.id,
    });
    if (!billed) return withInvoice(tx, row);

    const invoice = await raiseServiceFee(tx, actor, {
      applicationId: row.applicationId!,
      serviceRequestId: row.id,
      amount: row.feeAmount,
    });
    return toServiceRequest(row, invoice.id);
  });
}
