/** Service requests: an entrepreneur raises them (the fee comes from the contract's table, and a request with a fee
 * names the application it is billed to) and sees only their own; staff who read requests see all, and officers
 * who work them move them on, billing the fee when they approve. */
import type { z } from 'zod';
import {
  actorMay,
  caseEventFor,
  isApplicant,
  ALLOTTEE_SERVICES,
  canReadAnyServiceRequest,
  canWorkServiceRequests,
  formatRupees,
  missingServiceParticulars,
  readServiceParticulars,
  serviceFee,
  serviceIsFree,
  serviceRequestRemarksProblem,
  serviceRequestTransitionProblem,
  SERVICE_REQUEST_EVENTS,
  SERVICES_WITHOUT_ALLOTMENT,
  type createServiceRequestSchema,
  type MilestoneKind,
  type supplyServiceParticularsSchema,
  type ServiceParticulars,
  type ServiceRequest,
  type ServiceRequestGuard,
  type ServiceRequestListQuery,
  type ServiceRequestStatus,
  type ServiceRequestType,
  type TransferOffer,
  type updateServiceRequestSchema,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { loadOwnApplication } from '../../../case/access';
import { conflict, forbidden, invalidFields, notFound, unprocessable } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import { actorOf, type CurrentUser } from '../../../plugins/auth';
import { nextNumber } from '../../../repositories/counters';
import {
  findOwnAllotmentApplicationId,
  findRequestPlots,
  findServiceFeeInvoiceIds,
  findOpenServiceRequests,
  acceptTransferIf,
  findServiceRequestById,
  insertServiceRequest,
  searchServiceRequests,
  searchTransferOffers,
  toServiceRequest,
  updateServiceRequestParticularsIf,
  writeServiceRequestMove,
  type ServiceRequestRow,
} from '../repositories/service-requests';
import { moveCase } from '../../../case/engine';
import { recordEvent } from '../../../case/events';
import { applyServiceOnApproval, checkServiceAllowed, organisationOf, serviceRefused } from '../rules/estate';
import { isUniqueViolation } from '../../../db/unique-violation';
import { raiseServiceFee } from '../../money/rules/invoices';
import { findApplicationById } from '../../../repositories/applications';
import { lockAllotment } from '../../../repositories/allotments';
import { findAssetById } from '../../../repositories/assets';
import { findMilestones } from '../../../repositories/allotment-milestones';

export type CreateServiceRequestBody = z.output<typeof createServiceRequestSchema>;
export type UpdateServiceRequestBody = z.output<typeof updateServiceRequestSchema>;
export type SupplyParticularsBody = z.output<typeof supplyServiceParticularsSchema>;

export const SERVICE_REQUEST_NOT_FOUND = 'Service request not found';

const typeWords = (type: string) => type.replace(/_/g, ' ');

/** Everyone's requests for staff who may read them, the caller's own for an entrepreneur. */
export async function listServiceRequests(
  db: Database,
  user: CurrentUser,
  query: ServiceRequestListQuery,
): Promise<Page<ServiceRequest>> {
  let userId: string | undefined;
  if (isApplicant(user)) userId = user.id;
  else if (!canReadAnyServiceRequest(user.role)) throw forbidden();
  const page = await searchServiceRequests(db, { userId, query });
  const invoiceIds = await findServiceFeeInvoiceIds(
    db,
    page.items.map((row) => row.id),
  );
  const plots = await findRequestPlots(db, page.items);
  return {
    ...page,
    items: page.items.map((row) => withPlot(toServiceRequest(row, invoiceIds.get(row.id) ?? null), plots.get(row.id))),
  };
}

/** A request the caller may see: an entrepreneur's own (another's answers 404, never revealing it), any for staff
 * who read requests. */
async function loadVisibleServiceRequest(db: Database, user: CurrentUser, id: string): Promise<ServiceRequestRow> {
  if (!isApplicant(user) && !canReadAnyServiceRequest(user.role)) throw forbidden();
  const row = await findServiceRequestById(db, id);
  // The transferee named by a transfer reads it too (to accept it, and to follow it).
  const own = row && (row.userId === user.id || row.transfereeEmail === user.email.toLowerCase());
  if (!row || (isApplicant(user) && !own)) throw notFound(SERVICE_REQUEST_NOT_FOUND);
  return row;
}

/** The request with the allotment number and plot code it is about, when it names an allotment. */
function withPlot(
  request: ServiceRequest,
  plot: { allotmentNumber: string; assetCode: string } | undefined,
): ServiceRequest {
  return plot ? { ...request, allotment_number: plot.allotmentNumber, asset_code: plot.assetCode } : request;
}

/** One request as the API answers it: its fee invoice and its plot. */
async function withInvoice(db: Database, row: ServiceRequestRow): Promise<ServiceRequest> {
  const invoiceIds = await findServiceFeeInvoiceIds(db, [row.id]);
  const plots = await findRequestPlots(db, [row]);
  return withPlot(toServiceRequest(row, invoiceIds.get(row.id) ?? null), plots.get(row.id));
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
  free: boolean,
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
  if (!free && !linked) {
    const rule = ALLOTTEE_SERVICES[body.request_type].fee;
    const fee = rule.kind === 'fixed' ? ` of ${formatRupees(rule.amount)}` : '';
    throw unprocessable(
      `A ${typeWords(body.request_type)} request has a fee${fee}: choose the application or allotment it is for, so the fee can be billed to it`,
    );
  }
  return linked;
}

/** The fee of a request, from the allottee services table and the valuation of the plot it is about. */
async function feeOf(
  db: Database,
  type: ServiceRequestType,
  applicationId: string | null,
  particulars: ServiceParticulars,
) {
  if (serviceIsFree(type)) return 0;
  const application = applicationId ? await findApplicationById(db, applicationId) : undefined;
  const asset = application ? await findAssetById(db, application.assetId) : undefined;
  return serviceFee(type, asset?.valuation ?? 0, particulars);
}

export async function raiseServiceRequest(
  db: Database,
  user: CurrentUser,
  body: CreateServiceRequestBody,
): Promise<ServiceRequest> {
  // The application and allotment named must be the caller's (another's answers 404) before anything else is said.
  const type = body.request_type;
  const particulars = body.particulars;
  const applicationId = await applicationOfRequest(db, user, body, serviceFee(type, 1, particulars) === 0);
  const service = ALLOTTEE_SERVICES[type];
  if (!body.allotment_id && !SERVICES_WITHOUT_ALLOTMENT.includes(type)) {
    throw unprocessable(`A ${typeWords(type)} request must name the allotment it is for`);
  }
  // The seed's body names no milestone: an extension of time is then for the allotment's next unmet one.
  const milestone =
    service.effect === 'extend_milestone'
      ? (body.milestone ?? (await nextUnmetMilestone(db, body.allotment_id)))
      : undefined;
  if (service.effect === 'extend_milestone' && !milestone) {
    throw unprocessable('An extension of time must name the milestone it is for');
  }
  const transfereeEmail = transfereeOf(user, type, particulars);
  // The fee is the table's for the type, the plot's valuation and the particulars; a fee_amount sent is ignored.
  const fee = await feeOf(db, type, applicationId, particulars);
  const raised = db.transaction(async (tx) => {
    // The allotment row is the lock two racing requests on one allotment queue on; the one check (decision 020) then
    // finds the first one's request open.
    if (body.allotment_id) await checkServiceAllowed(tx, body.allotment_id, type, milestone);
    const row = await insertServiceRequest(tx, {
      milestone: milestone ?? null,
      requestNumber: await nextNumber(tx, 'serviceRequest'),
      userId: user.id,
      requestType: type,
      applicationId,
      allotmentId: body.allotment_id ?? null,
      description: body.description,
      feeAmount: fee,
      particulars,
      transfereeEmail,
    });
    await recordEvent(tx, actorOf(user), {
      applicationId,
      code: 'service_request_raised',
      params: {
        request_number: row.requestNumber,
        request_type: row.requestType,
        ...(transfereeEmail ? { transferee_email: transfereeEmail } : {}),
      },
      entityType: 'service_request',
      entityId: row.id,
    });
    return withInvoice(tx, row);
  });
  return raised.catch(async (error: unknown) => {
    // The partial unique index on open requests (migration 0023) holds the rule even if a path skipped the lock.
    if (!body.allotment_id || !isUniqueViolation(error)) throw error;
    const [open] = (await findOpenServiceRequests(db, [body.allotment_id])).filter(
      (request) => request.request_type === type && (!milestone || request.milestone === milestone),
    );
    throw serviceRefused({
      code: 'service_request_open',
      params: { request_number: open?.request_number ?? '', status: open?.status ?? 'submitted' },
    });
  });
}

/** The first milestone of the allotment not met yet (construction before production). */
async function nextUnmetMilestone(db: Database, allotmentId: string | null | undefined) {
  if (!allotmentId) return undefined;
  const milestones = await findMilestones(db, [allotmentId]);
  return milestones.find((row) => row.metOn === null)?.kind as MilestoneKind | undefined;
}

/** The transferee a transfer names, lower-cased (null for other services, or while the email is still needed); a
 * transfer to oneself is refused. */
function transfereeOf(user: CurrentUser, type: ServiceRequestType, particulars: ServiceParticulars): string | null {
  const email = type === 'transfer' ? (particulars.transferee_email?.toLowerCase() ?? null) : null;
  if (email !== null && email === user.email.toLowerCase()) {
    throw unprocessable(
      'A plot cannot be transferred to yourself: name the person it is transferred to',
      'transfer_to_self',
    );
  }
  return email;
}

/** The applicant gives the particulars a request was raised without (decision 021). Each is checked by its own rule and
 * all the type needs must be there; the fee is worked out again from them (a subletting's months, a transfer to a
 * legal heir). Written only if the request is still waiting for them as it was read. */
export async function supplyServiceParticulars(
  db: Database,
  user: CurrentUser,
  id: string,
  body: SupplyParticularsBody,
): Promise<ServiceRequest> {
  const current = await findServiceRequestById(db, id);
  if (!current || current.userId !== user.id) throw notFound(SERVICE_REQUEST_NOT_FOUND);
  const type = current.requestType;
  if (current.status !== 'submitted' || missingServiceParticulars(type, current.particulars).length === 0) {
    throw conflict('This request asks for no particulars: they were given already, or it has moved on');
  }
  // What was given before stands unless given again; then every particular of the type must be there.
  const { particulars, issues } = readServiceParticulars(type, { ...current.particulars, ...body.particulars }, true);
  if (issues.length > 0) {
    throw invalidFields(issues.map(({ field, message }) => ({ path: `body.particulars.${field}`, message })));
  }
  const transfereeEmail = transfereeOf(user, type, particulars);
  const feeAmount = await feeOf(db, type, current.applicationId, particulars);
  return db.transaction(async (tx) => {
    const row = await updateServiceRequestParticularsIf(tx, current, { particulars, feeAmount, transfereeEmail });
    if (!row) throw conflict('Someone else changed this request at the same moment: reload it to see where it is now');
    await recordEvent(tx, actorOf(user), {
      applicationId: row.applicationId,
      code: 'service_request_particulars_given',
      params: {
        request_number: row.requestNumber,
        request_type: row.requestType,
        ...(transfereeEmail ? { transferee_email: transfereeEmail } : {}),
      },
      entityType: 'service_request',
      entityId: row.id,
    });
    return withInvoice(tx, row);
  });
}

/** The transfers offered to the caller's email that wait to take effect. */
export async function listTransferOffers(
  db: Database,
  user: CurrentUser,
  query: ServiceRequestListQuery,
): Promise<Page<TransferOffer>> {
  const page = await searchTransferOffers(db, user.email, query);
  const items: TransferOffer[] = [];
  for (const row of page.items) {
    items.push({ ...(await withInvoice(db, row)), holder_name: await organisationOf(db, row.userId) });
  }
  return { ...page, items };
}

/** The transferee accepts a transfer offered to their email; only then may an officer approve it. */
export async function acceptTransfer(db: Database, user: CurrentUser, id: string): Promise<ServiceRequest> {
  if (!isApplicant(user)) throw forbidden('Only the person a plot is transferred to can accept it');
  return db.transaction(async (tx) => {
    const current = await findServiceRequestById(tx, id);
    const offered = current?.requestType === 'transfer' && current.transfereeEmail === user.email.toLowerCase();
    if (!current || (!offered && current.userId !== user.id)) throw notFound(SERVICE_REQUEST_NOT_FOUND);
    // One's own request is no transfer offered to oneself.
    if (!offered) throw conflict('This request is not a transfer offered to you, so there is nothing to accept');
    if (current.transfereeAcceptedAt) throw conflict('You have already accepted this transfer');
    const row = await acceptTransferIf(tx, id, user);
    if (!row) throw conflict('This transfer can no longer be accepted: it has been decided');
    await recordEvent(tx, actorOf(user), {
      applicationId: row.applicationId,
      code: 'transfer_accepted',
      params: { request_number: row.requestNumber, transferee: await organisationOf(tx, user.id) },
      entityType: 'service_request',
      entityId: row.id,
    });
    return withInvoice(tx, row);
  });
}

/** A service request's guard (SERVICE_REQUEST_GUARDS), in the move's transaction: a 409 naming what is missing. */
async function checkServiceRequestGuard(tx: Database, request: ServiceRequestRow, guard: ServiceRequestGuard) {
  switch (guard) {
    case 'particulars_given': {
      const needed = missingServiceParticulars(request.requestType, request.particulars);
      if (needed.length > 0) {
        throw conflict(
          `The applicant has not given the request's particulars yet (${needed.join(', ')}): it can be taken up once they do, or rejected`,
          'particulars_needed',
        );
      }
      return;
    }
    case 'fee_names_application':
      if (request.feeAmount > 0 && !request.applicationId) {
        throw conflict('The request names no application to bill its fee to: reject it and ask for a new request');
      }
      return;
    case 'transferee_accepted':
      if (request.requestType === 'transfer' && !request.transfereeAcceptedAt) {
        throw conflict(
          'The transferee has not accepted this transfer yet: it can be approved once they accept it in the portal',
          'transferee_not_accepted',
        );
      }
      return;
    case 'service_still_allowed': {
      if (!request.allotmentId) return;
      // The allotment may have moved on since the request was raised (met, extended, surrendered, dues unpaid).
      const { allotment } = await checkServiceAllowed(
        tx,
        request.allotmentId,
        request.requestType,
        request.milestone,
        request.id,
      );
      // A plot transferred since the request was raised is no longer the requester's: approving a previous holder's
      // surrender or change would act on the new holder's plot.
      if (allotment.holderUserId !== request.userId) {
        throw conflict(
          'The plot has been transferred since this request was raised, so it can no longer be granted: reject it',
          'service_not_allowed',
        );
      }
      return;
    }
  }
}

/** An officer moves a request on. The move is checked against its table (SERVICE_REQUEST_EVENTS) by the case engine
 * and written only if the request is still where it was read (a second officer's move at the same moment answers
 * 409); approving a request with a fee bills it to the request's application. */
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
    let current = await findServiceRequestById(tx, id);
    if (!current) throw notFound(SERVICE_REQUEST_NOT_FOUND);
    if (current.allotmentId) {
      // Officers approving a service that changes the allotment queue on its row; each then reads the request as the
      // one before left it, so a late approval hears "already approved", not about the allotment.
      await lockAllotment(tx, current.allotmentId);
      current = (await findServiceRequestById(tx, id))!;
    }
    const request = current;
    const notAllowed = (from: ServiceRequestStatus, to: ServiceRequestStatus) =>
      conflict(serviceRequestTransitionProblem(from, to) ?? 'The request cannot be moved so');
    const event = caseEventFor(SERVICE_REQUEST_EVENTS, request.status, body.status);
    if (!event) throw notAllowed(request.status, body.status);
    const final = body.status === 'approved' || body.status === 'rejected';
    const row = await moveCase({
      table: SERVICE_REQUEST_EVENTS,
      event,
      from: request.status,
      to: body.status,
      by: { mayFire: actorMay(SERVICE_REQUEST_EVENTS[event].by, user.role, false) },
      checks: {
        notAllowed,
        forbidden: () => forbidden(),
        lostRace: () =>
          conflict('Someone else changed this request at the same moment: reload it to see where it is now'),
        guard: (guard) => checkServiceRequestGuard(tx, request, guard),
      },
      write: (from, to) =>
        writeServiceRequestMove(tx, id, from, to, {
          remarks: body.remarks ?? request.remarks,
          decidedBy: final ? user.id : request.decidedBy,
        }),
      record: {
        tx,
        actor: actorOf(user),
        entry: (moved) => ({
          applicationId: moved.applicationId,
          params: { request_number: moved.requestNumber, status: moved.status, remarks: body.remarks ?? null },
          entityType: 'service_request',
          entityId: moved.id,
        }),
      },
    });
    const billed = row.status === 'approved' && row.feeAmount > 0;
    const actor = actorOf(user);
    // A free service takes effect on approval (a surrender, a transfer to a legal heir); only the approval that won
    // the race gets here.
    if (row.status === 'approved' && !billed) {
      await applyServiceOnApproval(tx, actor, row);
      // Answered as it now stands: in effect, with its order.
      return withInvoice(tx, (await findServiceRequestById(tx, row.id)) ?? row);
    }
    if (!billed) return withInvoice(tx, row);

    const invoice = await raiseServiceFee(tx, actor, {
      applicationId: row.applicationId!,
      serviceRequestId: row.id,
      amount: row.feeAmount,
    });
    return withPlot(toServiceRequest(row, invoice.id), (await findRequestPlots(tx, [row])).get(row.id));
  });
}
