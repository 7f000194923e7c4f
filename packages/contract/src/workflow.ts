/** The application's life: the spec's manual transition table (section 4) and the rules around it. */
import type { ApplicationStatus } from './enums';
import { APPLICATION_EVENT_NAMES, APPLICATION_EVENTS, type LifecycleEvent } from './lifecycle';

/** Update Status offers exactly these (the manual events of the lifecycle); every other pair is refused with 409. */
export const MANUAL_TRANSITIONS: Partial<Record<ApplicationStatus, readonly ApplicationStatus[]>> = (() => {
  const table: Partial<Record<ApplicationStatus, ApplicationStatus[]>> = {};
  for (const name of APPLICATION_EVENT_NAMES) {
    const event: LifecycleEvent = APPLICATION_EVENTS[name];
    if (!event.manual) continue;
    for (const from of event.from) {
      for (const to of event.to) if (to !== from) (table[from] ??= []).push(to);
    }
  }
  return table;
})();

export function manualTransitionsFrom(status: ApplicationStatus): readonly ApplicationStatus[] {
  return MANUAL_TRANSITIONS[status] ?? [];
}

/**
 * A committee decision of deferred or conditional_approval keeps pending_committee and changes only the stage,
 * so the status update accepts pending_committee -> pending_committee as well.
 */
export function isAllowedStatusUpdate(from: ApplicationStatus, to: ApplicationStatus): boolean {
  if (from === 'pending_committee' && to === 'pending_committee') return true;
  return manualTransitionsFrom(from).includes(to);
}

/** Statuses in which a committee may record a decision. */
export const DECISION_STATUS: ApplicationStatus = 'pending_committee';
/** Statuses in which Schedule meeting is offered. */
export const SCHEDULE_MEETING_STATUS: ApplicationStatus = 'under_scrutiny';
/** An allotment may be created from these (the spec names approved; product decisions add payment_verified). */
export const ALLOTMENT_FROM_STATUSES: readonly ApplicationStatus[] = ['approved', 'payment_verified'];
/** The owner may upload a lease deed in these statuses. */
export const LEASE_DEED_UPLOAD_STATUSES: readonly ApplicationStatus[] = ['provisional_allotment', 'final_allotment'];
/**
 * The owner may add documents, or upload again one an officer rejected (the new one replaces it), while the
 * application waits on its documents: as a draft and until the committee decides.
 */
export const DOCUMENT_UPLOAD_STATUSES: readonly ApplicationStatus[] = [
  'draft',
  'submitted',
  'under_scrutiny',
  'pending_committee',
];
/** Officers raise a query (shortfall letter) on an application only in these statuses. */
export const QUERY_RAISE_STATUSES: readonly ApplicationStatus[] = ['under_scrutiny', 'pending_committee'];

/**
 * The permission a status update needs: a stage-only change in pending_committee is a committee decision
 * (record:decision); every other allowed change is Update Status. Null when the change is not allowed at all.
 */
export function statusUpdatePermission(
  from: ApplicationStatus,
  to: ApplicationStatus,
): 'update:application:status' | 'record:decision' | null {
  if (!isAllowedStatusUpdate(from, to)) return null;
  return from === to ? 'record:decision' : 'update:application:status';
}

/** Statuses with no manual change (the spec shows 'none available'); they move by other events. */
export function hasManualTransitions(status: ApplicationStatus): boolean {
  return manualTransitionsFrom(status).length > 0;
}

/** The entrepreneur dashboard's "Pending Review": submitted and waiting on the corporation. */
export const APPLICANT_PENDING_STATUSES: readonly ApplicationStatus[] = [
  'submitted',
  'under_scrutiny',
  'pending_committee',
];
/** The officer dashboard's "Pending Review": waiting on an officer before the committee. */
export const OFFICER_PENDING_REVIEW_STATUSES: readonly ApplicationStatus[] = ['submitted', 'under_scrutiny'];
/** "Approved" on both dashboards: approved and every later status on the way to completion. */
export const APPROVED_OR_LATER_STATUSES: readonly ApplicationStatus[] = [
  'approved',
  'pending_payment',
  'payment_verified',
  'provisional_allotment',
  'lease_submitted',
  'final_allotment',
  'possession_given',
  'under_implementation',
  'completed',
];
