/**
 * The application's life, declared once: every change of status, manual or automatic, is a named event with the
 * statuses it leaves from, the status (or statuses) it leads to, who may fire it and the guards that must hold.
 * The server changes status only through its one `transition` function, which reads this table; the web app offers
 * exactly the events this table allows the signed-in user.
 */
import type { ApplicationStatus } from './enums';
import { can, type Permission } from './permissions';
import type { Role } from './roles';

/** Who fires an event: the application's owner, staff holding a permission, or the portal itself. */
export type EventActor = { kind: 'owner' } | { kind: 'staff'; permission: Permission } | { kind: 'system' };

/**
 * Conditions the server checks in the same transaction as the move (a failed guard answers 409 with a detail
 * that names what is missing):
 * - required_documents_verified: every required document type has a current document, verified.
 * - no_open_query: no query on the application waits on the applicant.
 * - all_invoices_paid: the application's own invoices (not service fees) are all paid.
 * - lease_deed_approved: the allotment's latest lease deed is approved.
 */
export const LIFECYCLE_GUARDS = [
  'required_documents_verified',
  'no_open_query',
  'all_invoices_paid',
  'lease_deed_approved',
] as const;
export type LifecycleGuard = (typeof LIFECYCLE_GUARDS)[number];

export interface LifecycleEvent {
  from: readonly ApplicationStatus[];
  /** One status, or the statuses the caller chooses among (an allotment is provisional or final). */
  to: readonly ApplicationStatus[];
  by: EventActor;
  guards: readonly LifecycleGuard[];
  /** Offered by Update Status / the committee decision (PATCH /applications/{id}/status). */
  manual: boolean;
}

const scrutiny: EventActor = { kind: 'staff', permission: 'update:application:status' };

export const APPLICATION_EVENTS = {
  submit: { from: ['draft'], to: ['submitted'], by: { kind: 'owner' }, guards: [], manual: false },
  start_scrutiny: { from: ['submitted'], to: ['under_scrutiny'], by: scrutiny, guards: [], manual: true },
  refer_to_committee: {
    from: ['under_scrutiny'],
    to: ['pending_committee'],
    by: scrutiny,
    guards: ['required_documents_verified', 'no_open_query'],
    manual: true,
  },
  approve: {
    from: ['pending_committee'],
    to: ['approved'],
    by: scrutiny,
    guards: ['required_documents_verified', 'no_open_query'],
    manual: true,
  },
  reject: {
    from: ['submitted', 'under_scrutiny', 'pending_committee'],
    to: ['rejected'],
    by: scrutiny,
    guards: [],
    manual: true,
  },
  return_to_scrutiny: { from: ['pending_committee'], to: ['under_scrutiny'], by: scrutiny, guards: [], manual: true },
  /** Deferred or conditional approval: the status stays, the stage records the decision. */
  record_committee_note: {
    from: ['pending_committee'],
    to: ['pending_committee'],
    by: { kind: 'staff', permission: 'record:decision' },
    guards: [],
    manual: true,
  },
  request_payment: { from: ['approved'], to: ['pending_payment'], by: scrutiny, guards: [], manual: true },
  verify_payment: {
    from: ['pending_payment'],
    to: ['payment_verified'],
    by: { kind: 'system' },
    guards: ['all_invoices_paid'],
    manual: false,
  },
  allot: {
    from: ['approved', 'payment_verified'],
    to: ['provisional_allotment', 'final_allotment'],
    by: { kind: 'staff', permission: 'create:allotment' },
    guards: [],
    manual: false,
  },
  submit_lease_deed: {
    from: ['provisional_allotment', 'final_allotment'],
    to: ['lease_submitted'],
    by: { kind: 'owner' },
    guards: [],
    manual: false,
  },
  approve_lease_deed: {
    from: ['lease_submitted'],
    to: ['final_allotment'],
    by: { kind: 'staff', permission: 'verify:lease-deed' },
    guards: [],
    manual: false,
  },
  /** Rejected or returned for revision: back to the allotment status the deed was submitted under. */
  return_lease_deed: {
    from: ['lease_submitted'],
    to: ['provisional_allotment', 'final_allotment'],
    by: { kind: 'staff', permission: 'verify:lease-deed' },
    guards: [],
    manual: false,
  },
  record_possession: {
    from: ['final_allotment'],
    to: ['possession_given'],
    by: { kind: 'staff', permission: 'record:possession' },
    guards: ['lease_deed_approved'],
    manual: false,
  },
  start_implementation: {
    from: ['possession_given'],
    to: ['under_implementation'],
    by: scrutiny,
    guards: [],
    manual: true,
  },
  complete: {
    from: ['possession_given', 'under_implementation'],
    to: ['completed'],
    by: scrutiny,
    guards: [],
    manual: true,
  },
} as const satisfies Record<string, LifecycleEvent>;

export type ApplicationEventName = keyof typeof APPLICATION_EVENTS;
export const APPLICATION_EVENT_NAMES = Object.keys(APPLICATION_EVENTS) as ApplicationEventName[];

export function lifecycleEvent(name: ApplicationEventName): LifecycleEvent {
  return APPLICATION_EVENTS[name];
}

/** Whether a user of `role` may fire the event; `isOwner` says whether they own the application. */
export function mayFire(name: ApplicationEventName, role: Role, isOwner: boolean): boolean {
  const by: EventActor = APPLICATION_EVENTS[name].by;
  if (by.kind === 'system') return false;
  if (by.kind === 'owner') return role === 'entrepreneur' && isOwner;
  return can(role, by.permission);
}

export function leavesFrom(name: ApplicationEventName, status: ApplicationStatus): boolean {
  return (APPLICATION_EVENTS[name].from as readonly ApplicationStatus[]).includes(status);
}

/** The manual event that moves `from` to `to`, if Update Status may do it. */
export function manualEventFor(from: ApplicationStatus, to: ApplicationStatus): ApplicationEventName | undefined {
  return APPLICATION_EVENT_NAMES.find((name) => {
    const event: LifecycleEvent = APPLICATION_EVENTS[name];
    return event.manual && event.from.includes(from) && event.to.includes(to);
  });
}

/** The events a user may fire on an application in `status`: what the web app offers. */
export function eventsOffered(status: ApplicationStatus, role: Role, isOwner: boolean): ApplicationEventName[] {
  return APPLICATION_EVENT_NAMES.filter((name) => leavesFrom(name, status) && mayFire(name, role, isOwner));
}
