/**
 * Deadlines with consequences (product decisions section 11, decision record 017): the escalation ladder and deemed
 * approval, declared as data beside the service clocks (service-clock.ts, and each status's `workingDays` and whom it
 * waits on in lifecycle.ts).
 *
 * - A stage waiting on an officer role whose clock runs past its due date by its own target again (due date + the
 *   stage's working days) escalates once to the level above that role: the case's officers and that level are told.
 * - A deemable stage still waiting DEEMED_AFTER_WORKING_DAYS after its due date is moved on by the portal (SYSTEM)
 *   through the case engine, as if its officer had made the stage's move: deemed approved.
 * - A stage waiting on the applicant, or on nobody, never escalates and is never deemed; a paused clock (an open
 *   query) stands still for both.
 */
import { addCalendarDays, addWorkingDays, DEFAULT_CALENDAR, type BusinessCalendar } from '../time/business-calendar';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../enums';
import { APPLICATION_LIFECYCLE, type ApplicationEventName, type Lifecycle } from '../applications/lifecycle';
import type { Role } from '../roles';

/** The level above each role a stage may wait on: zonal manager to head office, head office to the administrator.
 * Legal and finance work beside the zones and answer to the head office; the committee sits at the head office's
 * level, so its late decisions go to the administrator. */
export const ESCALATION_LEVEL = {
  zonal_manager: 'ho',
  legal: 'ho',
  finance: 'ho',
  committee: 'admin',
  ho: 'admin',
} as const satisfies Partial<Record<Role, Role>>;
export type EscalatingRole = keyof typeof ESCALATION_LEVEL;

/** The rank of each role on the ladder, lowest first: every escalation goes up (a contract test proves it). */
export const LADDER_RANK: Readonly<Record<Role, number>> = {
  entrepreneur: 0,
  zonal_manager: 1,
  legal: 1,
  finance: 1,
  committee: 2,
  ho: 2,
  admin: 3,
};

/** Working days after its due date at which a deemable stage is deemed approved (section 11). */
export const DEEMED_AFTER_WORKING_DAYS = 15;

/** The stages deemed by default and the move each is deemed to have made: starting scrutiny of a submitted
 * application, and the lease deed's verification. Committee decisions, allotment and cancellation never are. */
export const DEEMABLE_MOVES: Partial<Record<ApplicationStatus, ApplicationEventName>> = {
  submitted: 'start_scrutiny',
  lease_submitted: 'approve_lease_deed',
};

/** Events that are never deemed, whatever the table says (a contract test holds DEEMABLE_MOVES to it). */
export const NEVER_DEEMED_EVENTS: readonly ApplicationEventName[] = [
  'approve',
  'reject',
  'record_committee_note',
  'return_to_scrutiny',
  'allot',
];

export interface DeadlineRule {
  status: ApplicationStatus;
  /** The officer role the stage waits on when it escalates. */
  waitingOn: EscalatingRole;
  /** The stage's own target in working days: it escalates this many working days after its due date. */
  workingDays: number;
  /** The level it escalates to. */
  escalateTo: Role;
  /** The move the portal makes when the stage is deemed approved, and when (working days after the due date); null
   * when the stage is never deemed. */
  deemed: { event: ApplicationEventName; afterWorkingDays: number } | null;
}

function isEscalating(role: Role | null): role is EscalatingRole {
  return role !== null && role in ESCALATION_LEVEL;
}

/** The ladder of a lifecycle table: one rule per status with a clock and per officer role it may wait on. */
export function deadlineRules(table: Lifecycle = APPLICATION_LIFECYCLE): DeadlineRule[] {
  return APPLICATION_STATUSES.flatMap((status) => {
    const rule = table.statuses[status];
    if (rule.workingDays === undefined) return [];
    const roles = [...new Set(rule.waits.map((wait) => wait.on))].filter(isEscalating);
    return roles.map((role) => {
      const move = DEEMABLE_MOVES[status];
      // Deemed only when the deemable move is the one this role is waited on for.
      const deemable = move !== undefined && rule.waits.some((wait) => wait.on === role && wait.event === move);
      return {
        status,
        waitingOn: role,
        workingDays: rule.workingDays!,
        escalateTo: ESCALATION_LEVEL[role],
        deemed: deemable ? { event: move, afterWorkingDays: DEEMED_AFTER_WORKING_DAYS } : null,
      };
    });
  });
}

/** The application's ladder. */
export const DEADLINE_RULES: readonly DeadlineRule[] = deadlineRules();

/** The rule for a stage waiting on `waitingOn`, or undefined when it never escalates. */
export function deadlineRuleOf(status: ApplicationStatus, waitingOn: Role | null): DeadlineRule | undefined {
  return DEADLINE_RULES.find((rule) => rule.status === status && rule.waitingOn === waitingOn);
}

/** The last day a stage may still be waiting before `afterWorkingDays` past its due date: it escalates (or is deemed)
 * on the working day after `addWorkingDays(dueOn, afterWorkingDays)`, as a stage is overdue the day after it is due. */
export function deadlinePoint(
  dueOn: string,
  afterWorkingDays: number,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): string {
  return addWorkingDays(dueOn, afterWorkingDays, calendar);
}

/** Whether a stage due on `dueOn` is past the point `afterWorkingDays` after it, on `today`. */
export function isPastDeadline(
  dueOn: string,
  afterWorkingDays: number,
  today: string,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): boolean {
  return deadlinePoint(dueOn, afterWorkingDays, calendar) < today;
}

/** The latest due date that is past the point `afterWorkingDays` after it on `today`: every stage due on or before it
 * is past (deadlinePoint only grows with the due date), so a sweep reads one range of the due-date index. */
export function latestDueDatePast(
  afterWorkingDays: number,
  today: string,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): string {
  let day = addCalendarDays(today, -1);
  while (!isPastDeadline(day, afterWorkingDays, today, calendar)) day = addCalendarDays(day, -1);
  return day;
}
