/** Pendency for officers (GET /pendency): the steps waiting on an officer by stage and age band, the late ones by zone
 * and by officer, and a 12-week trend of applications received, decided and steps fallen late. Every figure links to
 * the staff application list filtered to the same cases (`age_band`, `unassigned` below, and the list's own filters). */
import { z } from 'zod';
import { addCalendarDays, DEFAULT_CALENDAR, isWorkingDay, type BusinessCalendar } from '../time/business-calendar';
import { APPLICATION_STATUSES } from '../enums';
import { ROLES } from '../roles';

/** How far a step is from its due date: late by calendar days, as "overdue" is; due soon by working days, as the
 * service clocks count (isDueSoon). */
export const PENDENCY_AGE_BANDS = ['not_due', 'due_soon', 'late_1_7', 'late_8_30', 'late_over_30', 'paused'] as const;
export type PendencyAgeBand = (typeof PENDENCY_AGE_BANDS)[number];
/** The bands past the due date. */
export const LATE_AGE_BANDS = ['late_1_7', 'late_8_30', 'late_over_30'] as const satisfies readonly PendencyAgeBand[];
/** The list's `age_band` filter: a band, or `late` for every late band together. */
export const AGE_BAND_FILTERS = [...PENDENCY_AGE_BANDS, 'late'] as const;
export type AgeBandFilter = (typeof AGE_BAND_FILTERS)[number];
/** "Due soon": due today or within this many working days after today. One meaning for the clock badge and the
 * pendency's band (decision 031): a service clock's target is in working days, so its warning is too. */
export const DUE_SOON_WORKING_DAYS = 2;

/** The last day a step due then is still "due soon" as of `today`: the day before the first working day past the
 * window, so a weekend or a holiday right after the window is inside it (nothing falls later on those days). */
export function lastDueSoonDay(today: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): string {
  let day = today;
  let workingDays = 0;
  for (;;) {
    const next = addCalendarDays(day, 1);
    if (isWorkingDay(next, calendar) && ++workingDays > DUE_SOON_WORKING_DAYS) return day;
    day = next;
  }
}

/** Whether a step due on `dueOn` is due soon as of `today` (not yet late, and within the window). */
export function isDueSoon(dueOn: string, today: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): boolean {
  return dueOn >= today && dueOn <= lastDueSoonDay(today, calendar);
}
export const PENDENCY_TREND_WEEKS = 12;

/** The due dates (inclusive, YYYY-MM-DD) of a band as of `today`; `paused` has none (the clock stands still). */
export function ageBandDueRange(
  band: AgeBandFilter,
  today: string,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): { from?: string; to?: string } | null {
  const day = (offset: number) => addCalendarDays(today, offset);
  switch (band) {
    case 'not_due':
      return { from: addCalendarDays(lastDueSoonDay(today, calendar), 1) };
    case 'due_soon':
      return { from: today, to: lastDueSoonDay(today, calendar) };
    case 'late_1_7':
      return { from: day(-7), to: day(-1) };
    case 'late_8_30':
      return { from: day(-30), to: day(-8) };
    case 'late_over_30':
      return { to: day(-31) };
    case 'late':
      return { to: day(-1) };
    case 'paused':
      return null;
  }
}

export const pendencyQuerySchema = z.object({
  /** One zone (the head office's choice); a zonal manager with a zone always sees theirs. */
  zone: z.string().trim().min(1).max(100).optional(),
});
export type PendencyQuery = z.infer<typeof pendencyQuerySchema>;

const count = z.number().int().nonnegative();
const bands = z.object(
  Object.fromEntries(PENDENCY_AGE_BANDS.map((band) => [band, count])) as {
    [Band in PendencyAgeBand]: typeof count;
  },
);

export const pendencySchema = z.object({
  /** The business day lateness was worked out for. */
  today: z.string(),
  /** The zone the figures cover; null: every zone. */
  zone: z.string().nullable(),
  total: count,
  late: count,
  by_stage: z.array(z.object({ status: z.enum(APPLICATION_STATUSES), total: count, bands })),
  late_by_zone: z.array(z.object({ zone: z.string(), count })),
  /** Late steps per assigned officer; a step nobody is assigned counts under the role it waits on. */
  late_by_officer: z.array(
    z.object({
      officer_id: z.string().nullable(),
      officer_name: z.string().nullable(),
      waiting_on: z.enum(ROLES),
      count,
    }),
  ),
  /** Oldest week first; `week` is the Monday it starts on. `late`: officers' steps whose due date passed in the week
   * (finished late since, or still open). */
  trend: z.array(z.object({ week: z.string(), received: count, decided: count, late: count })),
});
export type Pendency = z.infer<typeof pendencySchema>;
