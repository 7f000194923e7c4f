/**
 * The application's life, declared once: every change of status, manual or automatic, is a named event with the
 * statuses it leaves from, the status (or statuses) it leads to, who may fire it and the guards that must hold.
 * The server changes status only through its one `transition` function, which reads this table; the web app offers
 * exactly the events this table allows the signed-in user.
 */
import type { ApplicationStatus, LeaseDeedStatus } from '../enums';
import { can, type Permission } from '../permissions';
import { isApplicantRole, type Role } from '../roles';

/** Who fires an event: the application's owner, staff holding a permission, or the portal itself. */
export type EventActor = { kind: 'owner' } | { kind: 'staff'; permission: Permission } | { kind: 'system' };

/**
 * Conditions the server checks in the same transaction as the move (a failed guard answers 409 with a detail
 * that names what is missing):
 * - required_documents_verified: every required document type has a current document, verified.
 * - no_open_query: no query on the application waits on the applicant.
 * - all_invoices_paid: the application's own invoices (not service fees) are all paid.
 * - lease_deed_approved: the allotment's latest lease deed is approved.
 * - not_in_scheme: the application is not one of a scheme's (a scheme's result asks for its premium and allots it).
 */
export const LIFECYCLE_GUARDS = [
  'required_documents_verified',
  'no_open_query',
  'all_invoices_paid',
  'lease_deed_approved',
  'not_in_scheme',
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
  /** Brings a decided application back (an allowed appeal): outside the ordinary way through the statuses, so the
   * dashboards' groups (workflow.ts) leave it out. */
  reopens?: boolean;
  /** Cannot be undone once fired (a decision, an allotment, a withdrawal): the web app says in words what it will do
   * and asks once more before a person fires it (decision 024; IRREVERSIBLE_STEPS). */
  final?: boolean;
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
    final: true,
  },
  reject: {
    from: ['submitted', 'under_scrutiny', 'pending_committee'],
    to: ['rejected'],
    by: scrutiny,
    guards: [],
    manual: true,
    final: true,
  },
  return_to_scrutiny: { from: ['pending_committee'], to: ['under_scrutiny'], by: scrutiny, guards: [], manual: true },
  /** The applicant withdraws before allotment (POST /applications/{id}/withdraw); a paid EMD becomes due back. */
  withdraw: {
    from: ['submitted', 'under_scrutiny', 'pending_committee', 'approved', 'pending_payment', 'payment_verified'],
    to: ['withdrawn'],
    by: { kind: 'owner' },
    guards: [],
    manual: false,
    final: true,
  },
  /** Deferred or conditional approval: the status stays, the stage records the decision. */
  record_committee_note: {
    from: ['pending_committee'],
    to: ['pending_committee'],
    by: { kind: 'staff', permission: 'record:decision' },
    guards: [],
    manual: true,
  },
  request_payment: {
    from: ['approved'],
    to: ['pending_payment'],
    by: scrutiny,
    guards: ['not_in_scheme'],
    manual: true,
    final: true,
  },
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
    guards: ['not_in_scheme'],
    manual: false,
    final: true,
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
    final: true,
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
    final: true,
  },
  /** An appeal allowed on a rejection returns the application to scrutiny: the appellate officer's order (ho), a new
   * event of its life, fired by the appeals module only. */
  appeal_allowed: {
    from: ['rejected'],
    to: ['under_scrutiny'],
    by: { kind: 'staff', permission: 'decide:appeal' },
    guards: [],
    manual: false,
    reopens: true,
  },
  /** Competitive allotment (decision 018): the scheme's result gives the application its plot and, by the portal,
   * asks for the premium (an auction's winner: the bid less the EMD). */
  scheme_won: { from: ['approved'], to: ['pending_payment'], by: { kind: 'system' }, guards: [], manual: false },
  /** The scheme's result gave the plot to another application, or the application was not qualified by the closing
   * date; its EMD is due back, unless forfeited (an auction's winner who did not pay in time). */
  scheme_not_allotted: {
    from: ['submitted', 'under_scrutiny', 'pending_committee', 'approved', 'pending_payment'],
    to: ['rejected'],
    by: { kind: 'system' },
    guards: [],
    manual: false,
  },
  /** A scheme's winner who paid is given the provisional allotment by the portal. */
  scheme_allot: {
    from: ['payment_verified'],
    to: ['provisional_allotment'],
    by: { kind: 'system' },
    guards: [],
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
    final: true,
  },
} as const satisfies Record<string, LifecycleEvent>;

export type ApplicationEventName = keyof typeof APPLICATION_EVENTS;
export const APPLICATION_EVENT_NAMES = Object.keys(APPLICATION_EVENTS) as ApplicationEventName[];

/** The application's events a person fires that cannot be undone (marked `final` in the table). */
export type FinalApplicationEvent = {
  [Name in ApplicationEventName]: (typeof APPLICATION_EVENTS)[Name] extends { final: true } ? Name : never;
}[ApplicationEventName];
export const FINAL_APPLICATION_EVENTS = APPLICATION_EVENT_NAMES.filter(
  (name) => (APPLICATION_EVENTS[name] as LifecycleEvent).final === true,
) as FinalApplicationEvent[];

/** Steps outside the application's table that cannot be undone either: a show-cause's order (a cancellation) and the
 * holder's final reply to it, a bid (it binds the bidder), a refund's approval (the money goes out), a scheme's
 * close and its result (a draw or a first-come run, never run twice), and a move of the portal's clock (it never
 * moves back; decision 026). */
export const OTHER_IRREVERSIBLE_STEPS = [
  'decide_show_cause',
  'reply_show_cause',
  'place_bid',
  'approve_refund',
  'close_scheme',
  'decide_scheme',
  'advance_clock',
] as const;

/** Every step a person takes that cannot be undone: each has a confirmation on screen (decision 024), which the web
 * app's test of confirmations checks one by one. */
export type IrreversibleStep = FinalApplicationEvent | (typeof OTHER_IRREVERSIBLE_STEPS)[number];
export const IRREVERSIBLE_STEPS: readonly IrreversibleStep[] = [
  ...FINAL_APPLICATION_EVENTS,
  ...OTHER_IRREVERSIBLE_STEPS,
];

/** Whether the event cannot be undone once fired. */
export function isFinalEvent(name: ApplicationEventName, table: Lifecycle = APPLICATION_LIFECYCLE): boolean {
  return table.events[name].final === true;
}

/** Something a user does on an application that leaves its status as it is, and the statuses it may be done in. */
export interface LifecycleAction {
  in: readonly ApplicationStatus[];
  by: EventActor;
}

export const APPLICATION_ACTIONS = {
  /** A query (shortfall letter) to the applicant; it stops the service clock until answered. */
  raise_query: { in: ['under_scrutiny', 'pending_committee'], by: scrutiny },
  /**
   * Add a document, or upload again one an officer rejected (the new one replaces it), while the application waits
   * on its documents: as a draft and until the committee decides.
   */
  upload_document: { in: ['draft', 'submitted', 'under_scrutiny', 'pending_committee'], by: { kind: 'owner' } },
  schedule_meeting: { in: ['under_scrutiny'], by: { kind: 'staff', permission: 'schedule:meeting' } },
} as const satisfies Record<string, LifecycleAction>;

export type ApplicationActionName = keyof typeof APPLICATION_ACTIONS;
export const APPLICATION_ACTION_NAMES = Object.keys(APPLICATION_ACTIONS) as ApplicationActionName[];

/** A fact beyond the status that decides what a status waits for. */
export type WaitCondition = 'lease_deed_approved' | 'all_invoices_paid' | 'in_scheme';

export interface StatusWait {
  /** The event that moves the application on. */
  event: ApplicationEventName;
  /** The one role waited on until it happens ('entrepreneur' is the applicant); null when nobody is waited on. */
  on: Role | null;
  /** Only while this holds; a status's first wait whose condition holds applies. */
  when?: WaitCondition;
}

export interface StatusRule {
  /** The service clock's target in working days; absent for a status without a clock. */
  workingDays?: number;
  /** What the status waits for, first match first; empty when the application is decided or done. */
  waits: readonly StatusWait[];
}

/**
 * What each status waits for and whom. An open query or documents to fix put any status with a clock on the
 * applicant first (see waitingOnOf); otherwise the first wait whose condition holds names the role.
 */
export const APPLICATION_STATUS_RULES = {
  draft: { waits: [{ event: 'submit', on: 'entrepreneur' }] },
  submitted: { workingDays: 3, waits: [{ event: 'start_scrutiny', on: 'zonal_manager' }] },
  under_scrutiny: { workingDays: 15, waits: [{ event: 'refer_to_committee', on: 'zonal_manager' }] },
  pending_committee: { workingDays: 30, waits: [{ event: 'approve', on: 'committee' }] },
  approved: {
    workingDays: 7,
    // In a scheme (decision 018), the scheme's result moves it on: nobody is waited on, so nothing runs late.
    waits: [
      { event: 'scheme_won', on: null, when: 'in_scheme' },
      { event: 'request_payment', on: 'ho' },
    ],
  },
  rejected: { waits: [] },
  pending_payment: {
    workingDays: 30,
    // Everything paid: the portal verifies the payment itself; until then the applicant pays.
    waits: [
      { event: 'verify_payment', on: null, when: 'all_invoices_paid' },
      { event: 'verify_payment', on: 'entrepreneur' },
    ],
  },
  payment_verified: { workingDays: 7, waits: [{ event: 'allot', on: 'ho' }] },
  // An uploaded lease deed moves the application to lease_submitted; one returned brings it back here.
  provisional_allotment: { workingDays: 30, waits: [{ event: 'submit_lease_deed', on: 'entrepreneur' }] },
  lease_submitted: { workingDays: 7, waits: [{ event: 'approve_lease_deed', on: 'zonal_manager' }] },
  final_allotment: {
    workingDays: 30,
    waits: [
      { event: 'record_possession', on: 'zonal_manager', when: 'lease_deed_approved' },
      { event: 'submit_lease_deed', on: 'entrepreneur' },
    ],
  },
  // The applicant builds in their own time: nobody is waited on.
  possession_given: { waits: [{ event: 'start_implementation', on: null }] },
  under_implementation: { waits: [{ event: 'complete', on: null }] },
  completed: { waits: [] },
  withdrawn: { waits: [] },
} as const satisfies Record<ApplicationStatus, StatusRule>;

/** A case's table: its events, the actions that keep its status, and what each status waits for. */
export interface Lifecycle {
  events: Readonly<Record<ApplicationEventName, LifecycleEvent>>;
  actions: Readonly<Record<ApplicationActionName, LifecycleAction>>;
  statuses: Readonly<Record<ApplicationStatus, StatusRule>>;
}

/** The application's table; every derivation below takes another one (a test's changed copy) as its last argument. */
export const APPLICATION_LIFECYCLE: Lifecycle = {
  events: APPLICATION_EVENTS,
  actions: APPLICATION_ACTIONS,
  statuses: APPLICATION_STATUS_RULES,
};

/** The facts beyond its status that decide whom an application waits on. */
export interface CaseFacts {
  /** A query waits on the applicant. */
  openQuery: boolean;
  /** A required document is missing or one was rejected, in a status where the applicant may upload (not draft). */
  documentsToFix: boolean;
  /** The latest lease deed's status: null when none was uploaded. */
  leaseDeed: LeaseDeedStatus | null | undefined;
  /** The application's own unpaid invoices (not service fees). */
  unpaidInvoices: number;
  /** The application was made in a scheme (decision 018): its result, not an officer, moves it on once approved. */
  inScheme?: boolean;
}

export const NO_CASE_FACTS: CaseFacts = { openQuery: false, documentsToFix: false, leaseDeed: null, unpaidInvoices: 0 };

function conditionHolds(condition: WaitCondition, facts: CaseFacts): boolean {
  switch (condition) {
    case 'lease_deed_approved':
      return facts.leaseDeed === 'approved';
    case 'all_invoices_paid':
      return facts.unpaidInvoices === 0;
    case 'in_scheme':
      return facts.inScheme === true;
  }
}

/** What the status waits for by its own table entry and the facts: its first wait whose condition holds. */
export function statusWaitOf(
  status: ApplicationStatus,
  facts: CaseFacts,
  table: Lifecycle = APPLICATION_LIFECYCLE,
): StatusWait | null {
  return table.statuses[status].waits.find((wait) => !wait.when || conditionHolds(wait.when, facts)) ?? null;
}

/** What an application waits for: the applicant's answer to a query, their documents, or the status's event. */
export type Waiting =
  | { for: 'query'; on: 'entrepreneur' }
  | { for: 'documents'; on: 'entrepreneur' }
  | { for: 'event'; on: Role | null; event: ApplicationEventName }
  | { for: 'nothing'; on: null };

/**
 * What an application waits for. In a status with a clock, an open query, or documents to fix where the applicant
 * may upload, come first (they stand between the application and its next event); otherwise the status's wait in
 * the table whose condition holds.
 */
export function waitOf(status: ApplicationStatus, facts: CaseFacts, table: Lifecycle = APPLICATION_LIFECYCLE): Waiting {
  if (table.statuses[status].workingDays !== undefined) {
    if (facts.openQuery) return { for: 'query', on: 'entrepreneur' };
    if (facts.documentsToFix && status !== 'draft' && statusesFor('upload_document', table).includes(status)) {
      return { for: 'documents', on: 'entrepreneur' };
    }
  }
  const wait = statusWaitOf(status, facts, table);
  return wait ? { for: 'event', on: wait.on, event: wait.event } : { for: 'nothing', on: null };
}

/**
 * Whom an application waits on: the one answer the inbox (the stored waiting_on), both right-now cards, the
 * reminders and the clocks read ('entrepreneur' is the applicant; null when nobody is waited on).
 */
export function waitingOnOf(
  status: ApplicationStatus,
  facts: CaseFacts,
  table: Lifecycle = APPLICATION_LIFECYCLE,
): Role | null {
  return waitOf(status, facts, table).on;
}

/** The statuses that wait on `role` when nothing else is pending (the committee's: what a meeting decides on). */
export function statusesWaitingOn(role: Role, table: Lifecycle = APPLICATION_LIFECYCLE): ApplicationStatus[] {
  return (Object.keys(table.statuses) as ApplicationStatus[]).filter((status) =>
    table.statuses[status].waits.some((wait) => wait.on === role),
  );
}

/** The one declared map of whose move each status awaits, per role (read from APPLICATION_STATUS_RULES): the
 * inbox (the stored waiting_on), the dashboards' "Waiting on you", both Right now cards and the pendency charts all
 * count by it. A status is in a role's list when, nothing else pending, it waits on that role. */
export const STATUSES_WAITING_ON: Readonly<Record<Role, readonly ApplicationStatus[]>> = {
  entrepreneur: statusesWaitingOn('entrepreneur'),
  zonal_manager: statusesWaitingOn('zonal_manager'),
  ho: statusesWaitingOn('ho'),
  committee: statusesWaitingOn('committee'),
  legal: statusesWaitingOn('legal'),
  finance: statusesWaitingOn('finance'),
  admin: statusesWaitingOn('admin'),
};

/** Whether a user of `role` may be the event's actor; `isOwner` says whether they own the case. */
export function actorMay(by: EventActor, role: Role, isOwner: boolean): boolean {
  if (by.kind === 'system') return false;
  if (by.kind === 'owner') return isApplicantRole(role) && isOwner;
  return can(role, by.permission);
}

/** Whether a user of `role` may fire the event; `isOwner` says whether they own the application. */
export function mayFire(
  name: ApplicationEventName,
  role: Role,
  isOwner: boolean,
  table: Lifecycle = APPLICATION_LIFECYCLE,
): boolean {
  return actorMay(table.events[name].by, role, isOwner);
}

export function leavesFrom(
  name: ApplicationEventName,
  status: ApplicationStatus,
  table: Lifecycle = APPLICATION_LIFECYCLE,
): boolean {
  return table.events[name].from.includes(status);
}

function isEventName(name: string, table: Lifecycle): name is ApplicationEventName {
  return Object.hasOwn(table.events, name);
}

/** The statuses an event leaves from, or an action may be done in. */
export function statusesFor(
  name: ApplicationEventName | ApplicationActionName,
  table: Lifecycle = APPLICATION_LIFECYCLE,
): readonly ApplicationStatus[] {
  return isEventName(name, table) ? table.events[name].from : table.actions[name as ApplicationActionName].in;
}

/** Whether a user of `role` may fire the event or do the action on an application in `status`. */
export function mayDo(
  name: ApplicationEventName | ApplicationActionName,
  status: ApplicationStatus,
  role: Role,
  isOwner = false,
  table: Lifecycle = APPLICATION_LIFECYCLE,
): boolean {
  const by = isEventName(name, table) ? table.events[name].by : table.actions[name as ApplicationActionName].by;
  return statusesFor(name, table).includes(status) && actorMay(by, role, isOwner);
}

/** The manual event that moves `from` to `to`, if Update Status may do it. */
export function manualEventFor(
  from: ApplicationStatus,
  to: ApplicationStatus,
  table: Lifecycle = APPLICATION_LIFECYCLE,
): ApplicationEventName | undefined {
  return APPLICATION_EVENT_NAMES.find((name) => {
    const event = table.events[name];
    return event.manual && event.from.includes(from) && event.to.includes(to);
  });
}

/** The events a user may fire on an application in `status`: what the web app offers. */
export function eventsOffered(
  status: ApplicationStatus,
  role: Role,
  isOwner: boolean,
  table: Lifecycle = APPLICATION_LIFECYCLE,
): ApplicationEventName[] {
  return APPLICATION_EVENT_NAMES.filter(
    (name) => leavesFrom(name, status, table) && mayFire(name, role, isOwner, table),
  );
}
