/**
 * Service clocks: each waiting status has a target in working days and a party it waits on (an officer role, or
 * the applicant as `entrepreneur`), both declared in the lifecycle table. The clock starts when the application enters the status, stands still while a
 * query waits on the applicant, and the time spent paused is added to the due date when the query is answered.
 */
import { portalNow } from '../time/portal-time';
import {
  addWorkingDays,
  businessDay,
  businessToday,
  DEFAULT_CALENDAR,
  workingDaysBetween,
  type BusinessCalendar,
} from '../time/business-calendar';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../enums';
import { APPLICATION_LIFECYCLE, waitingOnOf, type CaseFacts, type Lifecycle } from '../applications/lifecycle';
import type { Role } from '../roles';

export interface StageTarget {
  workingDays: number;
  /** Null when nobody is waited on (everything is paid: the portal moves the application on). */
  waitingOn: Role | null;
}

/** Each status with a clock: its target and whom it waits on by default, both read from the lifecycle table. */
export const SERVICE_TARGETS: Partial<Record<ApplicationStatus, { workingDays: number; waitingOn: Role }>> =
  Object.fromEntries(
    APPLICATION_STATUSES.flatMap((status) => {
      const rule = APPLICATION_LIFECYCLE.statuses[status];
      const waitingOn = rule.waits.find((wait) => !wait.when)?.on;
      return rule.workingDays !== undefined && waitingOn
        ? [[status, { workingDays: rule.workingDays, waitingOn }]]
        : [];
    }),
  );

/** Facts beyond the status that change whom a step waits on; a fact not given is taken as the usual one. */
export interface StageFacts extends Partial<CaseFacts> {
  /** At final allotment: the lease deed is approved, so possession (an officer) is next, not the applicant. */
  leaseDeedApproved?: boolean;
}

/** Whom the status waits on (waitingOnOf) and its target, or null for statuses without a clock. */
export function stageTarget(
  status: ApplicationStatus,
  facts: StageFacts = {},
  table: Lifecycle = APPLICATION_LIFECYCLE,
): StageTarget | null {
  const workingDays = table.statuses[status].workingDays;
  if (workingDays === undefined) return null;
  return { workingDays, waitingOn: waitingOnOf(status, caseFactsOf(facts), table) };
}

function caseFactsOf(facts: StageFacts): CaseFacts {
  return {
    openQuery: facts.openQuery ?? false,
    documentsToFix: facts.documentsToFix ?? false,
    leaseDeed: facts.leaseDeedApproved ? 'approved' : facts.leaseDeed,
    // Not given: something is unpaid (a status is entered before it is paid for).
    unpaidInvoices: facts.unpaidInvoices ?? 1,
    inScheme: facts.inScheme ?? false,
  };
}

/** The columns written when an application enters a status at `now`. */
export interface StageClockStart {
  waitingOn: Role | null;
  stageEnteredAt: Date;
  stageDueOn: string | null;
}

export function startStageClock(
  status: ApplicationStatus,
  now: Date,
  facts: StageFacts = {},
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): StageClockStart {
  const target = stageTarget(status, facts);
  return {
    // A status without a clock may still wait on someone (a draft on its applicant).
    waitingOn: waitingOnOf(status, caseFactsOf(facts)),
    stageEnteredAt: now,
    stageDueOn: target ? addWorkingDays(businessDay(now, calendar), target.workingDays, calendar) : null,
  };
}

/** The stored clock of an application. */
export interface StoredClock {
  waitingOn: Role | null;
  stageEnteredAt: Date;
  stageDueOn: string | null;
  clockPausedAt: Date | null;
  pausedWorkingDays: number;
}

/** What every application answer carries about its clock. */
export interface ClockView {
  waiting_on: Role | null;
  stage_entered_at: string;
  stage_due_on: string | null;
  days_in_stage: number;
  overdue: boolean;
  clock_paused: boolean;
}

export function clockView(
  clock: StoredClock,
  now: Date = portalNow(),
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): ClockView {
  const today = businessToday(now, calendar);
  const entered = businessDay(clock.stageEnteredAt, calendar);
  const pausedNow = clock.clockPausedAt
    ? workingDaysBetween(businessDay(clock.clockPausedAt, calendar), today, calendar)
    : 0;
  const days = Math.max(0, workingDaysBetween(entered, today, calendar) - clock.pausedWorkingDays - pausedNow);
  return {
    waiting_on: clock.clockPausedAt ? 'entrepreneur' : clock.waitingOn,
    stage_entered_at: clock.stageEnteredAt.toISOString(),
    stage_due_on: clock.stageDueOn,
    days_in_stage: days,
    overdue: clock.stageDueOn !== null && clock.clockPausedAt === null && clock.stageDueOn < today,
    clock_paused: clock.clockPausedAt !== null,
  };
}

/**
 * When a pause ends at `now`: the working days it lasted, and the due date moved on by as many working days.
 */
export function resumeStageClock(
  clock: Pick<StoredClock, 'clockPausedAt' | 'stageDueOn' | 'pausedWorkingDays'>,
  now: Date,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): { pausedWorkingDays: number; stageDueOn: string | null } {
  if (!clock.clockPausedAt) return { pausedWorkingDays: clock.pausedWorkingDays, stageDueOn: clock.stageDueOn };
  const paused = workingDaysBetween(businessDay(clock.clockPausedAt, calendar), businessDay(now, calendar), calendar);
  return {
    pausedWorkingDays: clock.pausedWorkingDays + paused,
    stageDueOn: clock.stageDueOn ? addWorkingDays(clock.stageDueOn, paused, calendar) : null,
  };
}
