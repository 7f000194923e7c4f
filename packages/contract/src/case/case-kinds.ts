/**
 * The kinds of case beside the application, each declared once as a table of named events: the statuses an event
 * leaves from and leads to, who fires it and the guards that must hold. The server moves a case only through the
 * engine (apps/api case/engine.ts `moveCase`), which checks the table and writes the move as a conditional update on
 * the status it left; the web app offers exactly the events `caseEventsOffered` (or, with guards it can read,
 * `caseEventsOpen`) answers. The application's own table is the lifecycle (lifecycle.ts); below are the maker-checker
 * approvals of money (section 10), an allottee's service request, an appeal, a scheme with its entries and plots, a
 * show-cause notice, a grievance and a status push to the state's single window.
 */
import { actorMay, type EventActor } from '../applications/lifecycle';
import type { ApprovalStatus, BankCreditStatus, RefundStatus } from '../money/money';
import type { SchemeOutcome, SchemeStatus } from '../schemes/schemes';
import type { ShowCauseOutcome, ShowCauseStatus } from '../estate/estate';
import type { AllotmentStatus, AppealStatus, ServiceRequestStatus } from '../enums';
import type { Role } from '../roles';
import type { TimelineCode } from './timeline-events';
import type { GrievanceAction, GrievanceGuard, GrievanceStatus } from '../grievances/grievances';
import type { SingleWindowPushState } from '../single-window/single-window';

/** One move of a kind of case. */
export interface CaseEvent<Status extends string, Guard extends string> {
  from: readonly Status[];
  /** One status, or the statuses the caller chooses among. */
  to: readonly Status[];
  by: EventActor;
  guards: readonly Guard[];
  /** The timeline entry the move records, written by the engine with the move (the kinds whose moves the case's
   * timeline shows). */
  timeline?: TimelineCode;
}

export type EventTable<Name extends string, Status extends string, Guard extends string> = Readonly<
  Record<Name, CaseEvent<Status, Guard>>
>;

/**
 * Guards of the maker-checker kinds, checked in the transaction of the move:
 * - not_the_maker: the checker is not the person who prepared it (403 maker_cannot_check).
 * - payee_bank_verified: the payee's bank details are verified, so the money goes to a known account (409
 *   bank_not_verified).
 */
export const MAKER_CHECKER_GUARDS = ['not_the_maker', 'payee_bank_verified'] as const;
export type MakerCheckerGuard = (typeof MAKER_CHECKER_GUARDS)[number];

const maker: EventActor = { kind: 'staff', permission: 'prepare:finance-action' };
const checker: EventActor = { kind: 'staff', permission: 'approve:finance-action' };

/** A refund: prepared by one finance user (an insert), approved or rejected by another, paid with the bank's UTR. */
export const REFUND_EVENTS = {
  approve: { from: ['prepared'], to: ['approved'], by: checker, guards: ['not_the_maker', 'payee_bank_verified'] },
  reject: { from: ['prepared'], to: ['rejected'], by: checker, guards: ['not_the_maker'] },
  mark_paid: { from: ['approved'], to: ['paid'], by: { kind: 'staff', permission: 'pay:refund' }, guards: [] },
} as const satisfies EventTable<string, RefundStatus, MakerCheckerGuard>;

/** A ledger adjustment (an interest waiver, a debit or credit, an invoice's cancellation): prepared pending (an
 * insert), then approved or rejected by someone else. */
export const LEDGER_ADJUSTMENT_EVENTS = {
  approve: { from: ['pending'], to: ['approved'], by: checker, guards: ['not_the_maker'] },
  reject: { from: ['pending'], to: ['rejected'], by: checker, guards: ['not_the_maker'] },
} as const satisfies EventTable<string, ApprovalStatus, MakerCheckerGuard>;

/** A bank statement's credit no challan matched: settled against an invoice by a maker and a checker, or set aside
 * as not the corporation's money. A settlement rejected leaves the credit unmatched again. (A credit is matched or
 * left unmatched when its statement is imported, before it is a case.) */
export const BANK_CREDIT_EVENTS = {
  prepare_settlement: { from: ['unmatched'], to: ['settlement_pending'], by: maker, guards: [] },
  approve_settlement: { from: ['settlement_pending'], to: ['settled'], by: checker, guards: ['not_the_maker'] },
  reject_settlement: { from: ['settlement_pending'], to: ['unmatched'], by: checker, guards: ['not_the_maker'] },
  set_aside: { from: ['unmatched'], to: ['set_aside'], by: maker, guards: [] },
} as const satisfies EventTable<string, BankCreditStatus, MakerCheckerGuard>;

/**
 * Guards of a service request's moves, checked in the transaction of the move (each a 409 naming what is missing):
 * - particulars_given: the applicant gave the particulars the request was raised without (decision 021).
 * - fee_names_application: a request with a fee names the application it is billed to.
 * - transferee_accepted: a transfer's transferee accepted it in the portal.
 * - service_still_allowed: the allotment still allows the service, and its holder is still the requester.
 */
export const SERVICE_REQUEST_GUARDS = [
  'particulars_given',
  'fee_names_application',
  'transferee_accepted',
  'service_still_allowed',
] as const;
export type ServiceRequestGuard = (typeof SERVICE_REQUEST_GUARDS)[number];

const serviceOfficer: EventActor = { kind: 'staff', permission: 'work:service-request' };

/** A service request: raised submitted (an insert), taken up, then approved or rejected by an officer; a transfer
 * its transferee never accepted lapses, rejected by the portal. Approved and rejected are final. */
export const SERVICE_REQUEST_EVENTS = {
  take_up: {
    from: ['submitted'],
    to: ['in_progress'],
    by: serviceOfficer,
    guards: ['particulars_given'],
    timeline: 'service_request_updated',
  },
  approve: {
    from: ['in_progress'],
    to: ['approved'],
    by: serviceOfficer,
    guards: ['particulars_given', 'fee_names_application', 'transferee_accepted', 'service_still_allowed'],
    timeline: 'service_request_updated',
  },
  reject: {
    from: ['submitted', 'in_progress'],
    to: ['rejected'],
    by: serviceOfficer,
    guards: [],
    timeline: 'service_request_updated',
  },
  lapse_transfer: {
    from: ['submitted', 'in_progress'],
    to: ['rejected'],
    by: { kind: 'system' },
    guards: [],
    timeline: 'service_request_updated',
  },
} as const satisfies EventTable<string, ServiceRequestStatus, ServiceRequestGuard>;

export type ServiceRequestEventName = keyof typeof SERVICE_REQUEST_EVENTS;

/**
 * Guards of an appeal's order:
 * - appealed_stage_open: an appeal allowed must still have something to act on: a late case still in the stage
 *   appealed against, a rejected one still rejected (409 appeal_state; dismiss it with reasons instead).
 */
export const APPEAL_GUARDS = ['appealed_stage_open'] as const;
export type AppealGuard = (typeof APPEAL_GUARDS)[number];

const appellate: EventActor = { kind: 'staff', permission: 'decide:appeal' };

/** An appeal: filed by the applicant (an insert), heard while filed (APPEAL_ACTIONS), and ordered once: dismissed or
 * allowed. An allowed appeal on a rejection fires the application's own `appeal_allowed`. */
export const APPEAL_EVENTS = {
  dismiss: { from: ['filed'], to: ['dismissed'], by: appellate, guards: [], timeline: 'appeal_decided' },
  allow: {
    from: ['filed'],
    to: ['allowed'],
    by: appellate,
    guards: ['appealed_stage_open'],
    timeline: 'appeal_decided',
  },
} as const satisfies EventTable<string, AppealStatus, AppealGuard>;
export type AppealEventName = keyof typeof APPEAL_EVENTS;

/** What is done on an appeal that leaves its status as it is, and the statuses it may be done in. */
export const APPEAL_ACTIONS: Readonly<Record<'record_hearing', { in: readonly AppealStatus[]; by: EventActor }>> = {
  record_hearing: { in: ['filed'], by: appellate },
};

/** The statuses in which an appeal waits for its order: those its order leaves from. */
export const APPEAL_OPEN_STATUSES: readonly AppealStatus[] = [
  ...new Set(Object.values(APPEAL_EVENTS).flatMap((event) => event.from)),
];
/**
 * Guards of a scheme's moves (decision 018):
 * - closing_time_passed: the scheme's closing time has come (409 scheme_state).
 * - not_an_auction: a draw or first come is decided by an officer; an auction by its bids when the last lot ends.
 */
export const SCHEME_GUARDS = ['closing_time_passed', 'not_an_auction'] as const;
export type SchemeGuard = (typeof SCHEME_GUARDS)[number];

const schemeOfficer: EventActor = { kind: 'staff', permission: 'manage:schemes' };

/** A scheme: published open (an insert), closed when its closing time has come (by an officer, or by the portal's
 * sweep), then decided once: a draw or first come by an officer, an auction by the portal once every lot is settled. */
export const SCHEME_EVENTS = {
  close: { from: ['open'], to: ['closed'], by: schemeOfficer, guards: ['closing_time_passed'] },
  close_on_time: { from: ['open'], to: ['closed'], by: { kind: 'system' }, guards: ['closing_time_passed'] },
  decide: { from: ['closed'], to: ['decided'], by: schemeOfficer, guards: ['not_an_auction'] },
  decide_auction: { from: ['closed'], to: ['decided'], by: { kind: 'system' }, guards: [] },
} as const satisfies EventTable<string, SchemeStatus, SchemeGuard>;
export type SchemeEventName = keyof typeof SCHEME_EVENTS;

/** An application's entry in a scheme: pending until the scheme's result reaches it, then its outcome
 * (SCHEME_OUTCOMES). An entry not qualified is written so when the scheme closes (an insert). */
export type SchemeEntryStatus = 'pending' | SchemeOutcome;

/** The entry's status as its outcome column holds it (null while pending). */
export function schemeEntryStatus(outcome: SchemeOutcome | null): SchemeEntryStatus {
  return outcome ?? 'pending';
}

const portal: EventActor = { kind: 'system' };

/** An entry's moves, each by the portal as a consequence of its scheme's: the result (a draw, first come, or a lot's
 * close) settles it won, waitlisted (an auction's H2) or lost; an auction's winner who does not pay in time (or
 * withdraws) defaults, and its H2 is promoted to won; once a winner has paid, whoever waited behind it has lost. */
export const SCHEME_ENTRY_EVENTS = {
  settle: { from: ['pending'], to: ['won', 'waitlisted', 'lost'], by: portal, guards: [] },
  default: { from: ['won'], to: ['defaulted'], by: portal, guards: [] },
  promote: { from: ['waitlisted'], to: ['won'], by: portal, guards: [] },
  lose_to_winner: { from: ['waitlisted'], to: ['lost'], by: portal, guards: [] },
} as const satisfies EventTable<string, SchemeEntryStatus, never>;
export type SchemeEntryEventName = keyof typeof SCHEME_ENTRY_EVENTS;

/** A scheme's plot (in an auction, a lot): offered until the winner of its result has paid, then allotted to that
 * winner. Bids move a lot's price and its end, not its status (decision 018). */
export const SCHEME_PLOT_STATUSES = ['offered', 'allotted'] as const;
export type SchemePlotStatus = (typeof SCHEME_PLOT_STATUSES)[number];

/** The plot's status as its winner column holds it (null while offered). */
export function schemePlotStatus(winnerApplicationId: string | null): SchemePlotStatus {
  return winnerApplicationId === null ? 'offered' : 'allotted';
}

/** The plot's one move: once its winner has paid and been allotted it, by the portal. */
export const SCHEME_PLOT_EVENTS = {
  allot_to_winner: { from: ['offered'], to: ['allotted'], by: portal, guards: [] },
} as const satisfies EventTable<string, SchemePlotStatus, never>;

/**
 * Guards of a show-cause notice's moves (section 9), read from the notice, its allotment and the business day:
 * - within_reply_by: the holder replies (and attaches the reply's files) on or before the reply-by day.
 * - reply_closed: an order is made once the holder replied, or once the reply-by day has passed unanswered.
 * - allotment_active: an allotment is cancelled only while it is active (not surrendered or ended meanwhile).
 * Each refused guard answers 409 show_cause_state.
 */
export const SHOW_CAUSE_GUARDS = ['within_reply_by', 'reply_closed', 'allotment_active'] as const;
export type ShowCauseGuard = (typeof SHOW_CAUSE_GUARDS)[number];

/** What the show-cause guards read: the notice's step, its reply-by day (yyyy-mm-dd) and its allotment's status. */
export interface ShowCauseGuardFacts {
  status: ShowCauseStatus;
  reply_by: string;
  allotment_status: AllotmentStatus;
}

/** Whether a show-cause guard holds on `today`, a business day (yyyy-mm-dd): the server checks it in the move's
 * transaction and the web app offers the move by it. */
export function showCauseGuardHolds(guard: ShowCauseGuard, facts: ShowCauseGuardFacts, today: string): boolean {
  if (guard === 'within_reply_by') return today <= facts.reply_by;
  if (guard === 'reply_closed') return facts.status === 'replied' || facts.reply_by < today;
  return facts.allotment_status === 'active';
}

const showCauseOfficer: EventActor = { kind: 'staff', permission: 'issue:show-cause' };

/** A show-cause notice: issued awaiting a reply (an insert), replied by the holder within the reply-by day, and
 * ordered once, after the reply or after that day unanswered: the allotment cancelled, or the notice dropped. */
export const SHOW_CAUSE_EVENTS = {
  reply: {
    from: ['awaiting_reply'],
    to: ['replied'],
    by: { kind: 'owner' },
    guards: ['within_reply_by'],
    timeline: 'show_cause_replied',
  },
  cancel_allotment: {
    from: ['awaiting_reply', 'replied'],
    to: ['decided'],
    by: showCauseOfficer,
    guards: ['reply_closed', 'allotment_active'],
    timeline: 'show_cause_decided',
  },
  drop: {
    from: ['awaiting_reply', 'replied'],
    to: ['decided'],
    by: showCauseOfficer,
    guards: ['reply_closed'],
    timeline: 'show_cause_decided',
  },
} as const satisfies EventTable<string, ShowCauseStatus, ShowCauseGuard>;
export type ShowCauseEventName = keyof typeof SHOW_CAUSE_EVENTS;

/** The event of each order an officer may make on a notice. */
export const SHOW_CAUSE_ORDER_EVENTS = {
  cancelled: 'cancel_allotment',
  dropped: 'drop',
} as const satisfies Record<ShowCauseOutcome, ShowCauseEventName>;

/** What the holder does on a notice that leaves its step as it is: attach a file to the reply before sending it. */
export const SHOW_CAUSE_ACTIONS: Readonly<
  Record<'attach_reply_document', { in: readonly ShowCauseStatus[]; by: EventActor; guards: readonly ShowCauseGuard[] }>
> = {
  attach_reply_document: { in: ['awaiting_reply'], by: { kind: 'owner' }, guards: ['within_reply_by'] },
};

/** Grievances (decision 038; their categories, statuses and guards in grievances/grievances.ts). */
const grievanceOfficer: EventActor = { kind: 'staff', permission: 'work:grievance' };
const complainant: EventActor = { kind: 'owner' };

/** A grievance: raised open (an insert); the officer asks for detail or resolves it; the complainant answers, or
 * reopens it once. */
export const GRIEVANCE_EVENTS = {
  ask_detail: { from: ['open'], to: ['detail_asked'], by: grievanceOfficer, guards: [] },
  answer: { from: ['detail_asked'], to: ['open'], by: complainant, guards: [] },
  resolve: { from: ['open'], to: ['resolved'], by: grievanceOfficer, guards: [] },
  reopen: {
    from: ['resolved'],
    to: ['open'],
    by: complainant,
    guards: ['within_reopen_window', 'not_reopened_before'],
  },
} as const satisfies EventTable<string, GrievanceStatus, GrievanceGuard>;
export type GrievanceEventName = keyof typeof GRIEVANCE_EVENTS;

/** What is done on a grievance that leaves its status as it is, the statuses it may be done in and by whom: the
 * officer's reply, the complainant's rating, and the portal's escalation up the ladder. */
export const GRIEVANCE_STEPS = {
  reply: { in: ['open'], by: grievanceOfficer, guards: [] },
  rate: { in: ['resolved'], by: complainant, guards: ['not_rated'] },
  escalate: { in: ['open'], by: { kind: 'system' }, guards: [] },
} as const satisfies Readonly<
  Record<string, { in: readonly GrievanceStatus[]; by: EventActor; guards: readonly GrievanceGuard[] }>
>;

/** Whether the viewer may take `action` on a grievance in `status` (the server checks the guards besides): the
 * complainant (of any role) the owner's, on their own grievance; staff holding the permission the officer's, never on
 * a grievance of their own. */
export function mayTakeGrievanceAction(
  action: GrievanceAction,
  status: GrievanceStatus,
  viewer: { role: Role; isComplainant: boolean },
): boolean {
  const rule =
    action === 'reply' || action === 'rate'
      ? { from: GRIEVANCE_STEPS[action].in as readonly GrievanceStatus[], by: GRIEVANCE_STEPS[action].by }
      : { from: GRIEVANCE_EVENTS[action].from as readonly GrievanceStatus[], by: GRIEVANCE_EVENTS[action].by };
  if (!rule.from.includes(status)) return false;
  if (rule.by.kind === 'owner') return viewer.isComplainant;
  return !viewer.isComplainant && actorMay(rule.by, viewer.role, false);
}

/** A status push to the state's single window (decision 036): queued pending in the transaction of the event it tells
 * (an insert), sent when the single window acknowledges that very event, retrying with back-off after its first
 * attempt that was not (a later one with time left only counts the attempt), failed once the back-off is spent, and
 * sent again from failed by a person. */
export const SINGLE_WINDOW_PUSH_EVENTS = {
  acknowledged: { from: ['pending', 'retrying'], to: ['sent'], by: { kind: 'system' }, guards: [] },
  attempt_failed: { from: ['pending'], to: ['retrying', 'failed'], by: { kind: 'system' }, guards: [] },
  given_up: { from: ['retrying'], to: ['failed'], by: { kind: 'system' }, guards: [] },
  retry: {
    from: ['failed'],
    to: ['retrying'],
    by: { kind: 'staff', permission: 'manage:single-window-outbox' },
    guards: [],
  },
} as const satisfies EventTable<string, SingleWindowPushState, never>;
export type SingleWindowPushEventName = keyof typeof SINGLE_WINDOW_PUSH_EVENTS;

export type RefundEventName = keyof typeof REFUND_EVENTS;
export type LedgerAdjustmentEventName = keyof typeof LEDGER_ADJUSTMENT_EVENTS;
export type BankCreditEventName = keyof typeof BANK_CREDIT_EVENTS;

/** Every kind of case beside the application, by name: its event table. */
export const CASE_KINDS = {
  service_request: SERVICE_REQUEST_EVENTS,
  appeal: APPEAL_EVENTS,
  scheme: SCHEME_EVENTS,
  scheme_entry: SCHEME_ENTRY_EVENTS,
  scheme_plot: SCHEME_PLOT_EVENTS,
  show_cause: SHOW_CAUSE_EVENTS,
  refund: REFUND_EVENTS,
  ledger_adjustment: LEDGER_ADJUSTMENT_EVENTS,
  bank_credit: BANK_CREDIT_EVENTS,
  grievance: GRIEVANCE_EVENTS,
  single_window_push: SINGLE_WINDOW_PUSH_EVENTS,
} as const;
export type CaseKind = keyof typeof CASE_KINDS;

/** Who is looking at the case: their role, whether they own it and whether they prepared it (the maker). */
export interface CaseViewer {
  role: Role;
  isOwner?: boolean;
  isMaker?: boolean;
}

/** Whether `viewer` may fire the event now, as far as the status, their role and the maker's guard can tell (the
 * server checks the other guards in the move's transaction). */
export function mayFireCaseEvent<Status extends string, Guard extends string>(
  event: CaseEvent<Status, Guard>,
  status: Status,
  viewer: CaseViewer,
): boolean {
  if (!event.from.includes(status)) return false;
  if (!actorMay(event.by, viewer.role, viewer.isOwner ?? false)) return false;
  return !(viewer.isMaker && (event.guards as readonly string[]).includes('not_the_maker'));
}

/** The events of `table` the viewer may fire on a case in `status`, in the table's order. */
export function caseEventsOffered<Name extends string, Status extends string, Guard extends string>(
  table: EventTable<Name, Status, Guard>,
  status: Status,
  viewer: CaseViewer,
): Name[] {
  return (Object.keys(table) as Name[]).filter((name) => mayFireCaseEvent(table[name], status, viewer));
}

/** The events of `table` the viewer may fire now: those caseEventsOffered answers whose every guard `holds` (for the
 * guards a screen can read, such as a day that has passed). */
export function caseEventsOpen<Name extends string, Status extends string, Guard extends string>(
  table: EventTable<Name, Status, Guard>,
  status: Status,
  viewer: CaseViewer,
  holds: (guard: Guard) => boolean,
): Name[] {
  return caseEventsOffered(table, status, viewer).filter((name) => table[name].guards.every(holds));
}

/** The event of `table` that moves a case from `from` to `to`, if there is one: a person's (a form that names the next
 * status rather than the event), or with `firer` 'system' the portal's. */
export function caseEventFor<Name extends string, Status extends string, Guard extends string>(
  table: EventTable<Name, Status, Guard>,
  from: Status,
  to: Status,
  firer: 'person' | 'system' = 'person',
): Name | undefined {
  return (Object.keys(table) as Name[]).find(
    (name) =>
      (table[name].by.kind === 'system') === (firer === 'system') &&
      table[name].from.includes(from) &&
      table[name].to.includes(to),
  );
}
