/**
 * The daily public performance figures (contract performance.ts). The endpoint must answer in a few milliseconds at a
 * million applications, so it never counts anything: once a business day a job under a job lease reads the stages
 * finished in the window (application_stage_history, written by a trigger as each status changes) and stores the
 * figures as one small row; the endpoint reads that row. The job also runs at start when no figures are stored.
 *
 * Working days are counted here in TypeScript, a page of stages at a time, not in SQL: the business calendar (its
 * time zone and configured holidays, contract business-calendar.ts) is defined once, in TypeScript, and the clocks,
 * due dates and the inbox all count with it. A second definition in SQL would drift from it; the job runs once a
 * day over at most a few hundred thousand small rows, so its speed is not what matters.
 */
import {
  addWorkingDays,
  businessDay,
  medianOf,
  percentileOf,
  PERFORMANCE_MONTHS,
  PERFORMANCE_STAGES,
  PERFORMANCE_WINDOW_DAYS,
  SERVICE_TARGETS,
  workingDaysBetween,
  type ApplicationStatus,
  type PerformanceStage,
  type PublicPerformance,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { CALENDAR } from '../../../core/business-calendar';
import { runExclusive } from '../../../lib/job-lease';
import type { Sweep } from '../../../lib/sweeps';
import { appealsByStageSince } from '../../appeals/repositories/appeals';
import { finishedStagesPage, hasSnapshot, saveSnapshot, type FinishedStage } from '../repositories/performance';
import { clock } from '../../../core/clock';

export const PERFORMANCE_LEASE = 'performance-snapshot';
export const PERFORMANCE_EVERY_MS = 24 * 60 * 60_000;
/** Longer than a run at a million applications takes. */
const LEASE_MS = 10 * 60_000;
const PAGE = 10_000;

/** How long a finished stage took in working days (its paused days left out) and whether it was left by its due
 * date. A query still open when the stage was left paused it up to that day, and would have moved the due date on
 * by as many working days. */
export function stageOutcome(stage: FinishedStage): { workingDays: number; onTime: boolean } {
  const entered = businessDay(stage.enteredAt, CALENDAR);
  const left = businessDay(stage.leftAt, CALENDAR);
  const pausedAtEnd = stage.clockPausedAt
    ? workingDaysBetween(businessDay(stage.clockPausedAt, CALENDAR), left, CALENDAR)
    : 0;
  const workingDays = Math.max(0, workingDaysBetween(entered, left, CALENDAR) - stage.pausedWorkingDays - pausedAtEnd);
  const due = pausedAtEnd > 0 ? addWorkingDays(stage.dueOn, pausedAtEnd, CALENDAR) : stage.dueOn;
  return { workingDays, onTime: left <= due };
}

/** The months reported: the figures' month and the PERFORMANCE_MONTHS - 1 before it, oldest first (YYYY-MM). */
export function reportedMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const months: string[] = [];
  for (let back = PERFORMANCE_MONTHS - 1; back >= 0; back--) {
    const date = new Date(Date.UTC(year, month - back, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}

interface StageTally {
  days: number[];
  onTime: number;
  months: Map<string, { finished: number; onTime: number }>;
}

/** The figures as of `now`: stages left in the PERFORMANCE_WINDOW_DAYS before it, and in the reported months. */
export async function computePerformance(db: Database, now: Date): Promise<PublicPerformance> {
  const today = businessDay(now, CALENDAR);
  const sinceInstant = new Date(now.getTime() - PERFORMANCE_WINDOW_DAYS * 86_400_000);
  const since = businessDay(sinceInstant, CALENDAR);
  const months = reportedMonths(today);
  const firstMonthDay = `${months[0]}-01`;
  const readFrom = since < firstMonthDay ? since : firstMonthDay;

  const tallies = new Map<ApplicationStatus, StageTally>(
    PERFORMANCE_STAGES.map((status) => [
      status,
      { days: [], onTime: 0, months: new Map(months.map((month) => [month, { finished: 0, onTime: 0 }])) },
    ]),
  );
  let after: { leftAt: Date; id: string } | null = null;
  for (;;) {
    const page = await finishedStagesPage(db, readFrom, after, PAGE);
    for (const stage of page) {
      const tally = tallies.get(stage.status);
      if (!tally || stage.leftAt.getTime() > now.getTime()) continue;
      const outcome = stageOutcome(stage);
      if (stage.leftAt.getTime() >= sinceInstant.getTime()) {
        tally.days.push(outcome.workingDays);
        if (outcome.onTime) tally.onTime += 1;
      }
      const month = tally.months.get(businessDay(stage.leftAt, CALENDAR).slice(0, 7));
      if (month) {
        month.finished += 1;
        if (outcome.onTime) month.onTime += 1;
      }
    }
    if (page.length < PAGE) break;
    const last = page[page.length - 1]!;
    after = { leftAt: last.leftAt, id: last.id };
  }

  const stages: PerformanceStage[] = PERFORMANCE_STAGES.map((status) => {
    const target = SERVICE_TARGETS[status]!;
    const tally = tallies.get(status)!;
    const sorted = tally.days.sort((a, b) => a - b);
    return {
      status,
      waiting_on: target.waitingOn,
      target_working_days: target.workingDays,
      finished: sorted.length,
      median_working_days: medianOf(sorted),
      p90_working_days: percentileOf(sorted, 90),
      on_time_share: sorted.length > 0 ? tally.onTime / sorted.length : null,
      months: months.map((month) => {
        const counted = tally.months.get(month)!;
        return {
          month,
          finished: counted.finished,
          on_time: counted.onTime,
          on_time_share: counted.finished > 0 ? counted.onTime / counted.finished : null,
        };
      }),
      appeals: NO_APPEALS,
    };
  });
  return withAppealsAsOf(db, { as_of: today, since, window_days: PERFORMANCE_WINDOW_DAYS, stages }, now);
}

const NO_APPEALS = { filed: 0, allowed: 0, dismissed: 0 };

/** The figures with each stage's appeals filed from the window's first day (the figures' `since`, or the
 * PERFORMANCE_WINDOW_DAYS before `now`) until now. Appeals are few and counted from their own index when asked, not
 * once a day: an appeal filed or decided today is counted today, as the Right to Service laws count them against the
 * stage. The first day is taken from its UTC midnight, within hours of the corporation's own over a 90-day window. */
export async function withAppealsAsOf(
  db: Database,
  figures: PublicPerformance,
  now: Date = clock.now(),
): Promise<PublicPerformance> {
  const since = figures.since
    ? new Date(`${figures.since}T00:00:00Z`)
    : new Date(now.getTime() - PERFORMANCE_WINDOW_DAYS * 86_400_000);
  const appeals = new Map((await appealsByStageSince(db, since)).map((row) => [row.stage_status, row]));
  return {
    ...figures,
    stages: figures.stages.map((stage) => {
      const appeal = appeals.get(stage.status);
      return {
        ...stage,
        appeals: appeal ? { filed: appeal.filed, allowed: appeal.allowed, dismissed: appeal.dismissed } : NO_APPEALS,
      };
    }),
  };
}

/** Works out and stores the day's figures under the job lease; null when another process holds it. Run again the
 * same day it replaces that day's row, so it may run any number of times. */
export async function snapshotPerformance(
  db: Database,
  options: { now?: Date; holder?: string } = {},
): Promise<PublicPerformance | null> {
  const now = options.now ?? clock.now();
  let figures: PublicPerformance | null = null;
  await runExclusive(
    db,
    PERFORMANCE_LEASE,
    LEASE_MS,
    async () => {
      figures = await computePerformance(db, now);
      await saveSnapshot(db, figures.as_of!, now, figures);
    },
    options.holder,
  );
  return figures;
}

/** The figures before any run: each stage's promise, nothing counted yet. */
export function emptyPerformance(): PublicPerformance {
  return {
    as_of: null,
    since: null,
    window_days: PERFORMANCE_WINDOW_DAYS,
    stages: PERFORMANCE_STAGES.map((status) => ({
      status,
      waiting_on: SERVICE_TARGETS[status]!.waitingOn,
      target_working_days: SERVICE_TARGETS[status]!.workingDays,
      finished: 0,
      median_working_days: null,
      p90_working_days: null,
      on_time_share: null,
      months: [],
      appeals: { filed: 0, allowed: 0, dismissed: 0 },
    })),
  };
}

/** The public performance figures: worked out at once when none are stored, then daily. */
export function performanceSweep(db: Database): Sweep {
  let first = true;
  return {
    name: 'performance',
    everyMs: PERFORMANCE_EVERY_MS,
    firstAfterMs: 0,
    async run() {
      const onlyWhenNone = first;
      first = false;
      if (onlyWhenNone && (await hasSnapshot(db))) return;
      await snapshotPerformance(db);
    },
  };
}
