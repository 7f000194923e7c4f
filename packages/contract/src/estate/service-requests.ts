/**
 * A service request's life, declared once: the statuses an officer may move it to from each status, who may work
 * requests and who may read everyone's, the remarks a move needs, and the fee each type bills. The server enforces
 * these rules; the web app offers exactly the moves they allow.
 */
import { SERVICE_REQUEST_EVENTS, type CaseEvent } from '../case/case-kinds';
import { SERVICE_REQUEST_STATUSES, type ServiceRequestStatus, type ServiceRequestType } from '../enums';
import { serviceFee, serviceIsFree } from './estate';
import { can } from '../permissions';
import type { Role } from '../roles';

/** From each status, the statuses an officer may move a request to (the officer's events of SERVICE_REQUEST_EVENTS,
 * case-kinds.ts). Approved and rejected are final. */
export const SERVICE_REQUEST_TRANSITIONS: Readonly<Record<ServiceRequestStatus, readonly ServiceRequestStatus[]>> =
  (() => {
    const table = Object.fromEntries(SERVICE_REQUEST_STATUSES.map((status) => [status, [] as ServiceRequestStatus[]]));
    for (const event of Object.values(SERVICE_REQUEST_EVENTS) as CaseEvent<ServiceRequestStatus, string>[]) {
      if (event.by.kind === 'system') continue;
      for (const from of event.from) table[from]!.push(...event.to);
    }
    return table as Record<ServiceRequestStatus, ServiceRequestStatus[]>;
  })();

/** Remarks are optional on every move but a rejection, which must say why (the applicant reads them). */
export const SERVICE_REQUEST_REMARKS = { min: 5, max: 2000 } as const;

const STATUS_WORDS: Record<ServiceRequestStatus, string> = {
  submitted: 'submitted',
  in_progress: 'in progress',
  approved: 'approved',
  rejected: 'rejected',
};

/** The statuses a request in `status` may move to next. */
export function nextServiceRequestStatuses(status: ServiceRequestStatus): readonly ServiceRequestStatus[] {
  return SERVICE_REQUEST_TRANSITIONS[status];
}

/** The moves an officer may make now: while the request still needs particulars from the applicant (decision 021)
 * it cannot be taken up or approved, only rejected. */
export function serviceRequestMovesNow(
  status: ServiceRequestStatus,
  particularsNeeded: readonly string[] | undefined,
): readonly ServiceRequestStatus[] {
  const next = nextServiceRequestStatuses(status);
  return particularsNeeded?.length ? next.filter((to) => to === 'rejected') : next;
}

export function isFinalServiceRequestStatus(status: ServiceRequestStatus): boolean {
  return nextServiceRequestStatuses(status).length === 0;
}

/** Why a request in `from` may not move to `to`, in words a person can read; null when the move is allowed. */
export function serviceRequestTransitionProblem(from: ServiceRequestStatus, to: ServiceRequestStatus): string | null {
  if ((nextServiceRequestStatuses(from) as readonly string[]).includes(to)) return null;
  if (from === to) return `The request is already ${STATUS_WORDS[from]}`;
  if (isFinalServiceRequestStatus(from)) return `The request is already ${STATUS_WORDS[from]} and cannot be changed`;
  const allowed = nextServiceRequestStatuses(from)
    .map((status) => STATUS_WORDS[status])
    .join(' or ');
  return `A ${STATUS_WORDS[from]} request can only be moved to ${allowed}, not ${STATUS_WORDS[to]}`;
}

/** Why the remarks do not suit a move to `to`; null when they do. Remarks are compared trimmed. */
export function serviceRequestRemarksProblem(
  to: ServiceRequestStatus,
  remarks: string | null | undefined,
): string | null {
  const text = (remarks ?? '').trim();
  if (text.length > SERVICE_REQUEST_REMARKS.max)
    return `Remarks must be at most ${SERVICE_REQUEST_REMARKS.max} characters`;
  if (to === 'rejected' && text.length < SERVICE_REQUEST_REMARKS.min)
    return `Give the reason for rejecting the request in at least ${SERVICE_REQUEST_REMARKS.min} characters`;
  return null;
}

/** Officers who move requests on (zonal managers, head office, admin). */
export function canWorkServiceRequests(role: Role): boolean {
  return can(role, 'work:service-request');
}

/** Staff who see every applicant's requests; an entrepreneur sees only their own. */
export function canReadAnyServiceRequest(role: Role): boolean {
  return can(role, 'read:service-request:any');
}

/** The fee of a request type in rupees (GST included where fixed), from the allottee services table (estate.ts);
 * the applicant never types it. A fee that is a share of the plot's valuation is 0 until the valuation is given. */
export function serviceRequestFee(type: ServiceRequestType, valuation?: number): number {
  return serviceFee(type, valuation ?? 0);
}

/** A request with a fee is billed to an application, so it must name one of the applicant's (or an allotment). */
export function serviceRequestNeedsApplication(type: ServiceRequestType): boolean {
  return !serviceIsFree(type);
}
