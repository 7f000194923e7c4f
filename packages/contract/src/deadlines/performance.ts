/**
 * The corporation's performance in the open (product decisions section 11): for every stage with a service clock
 * (SERVICE_TARGETS), the promised working days, how long the stages finished in the last 90 days actually took
 * (median and 90th percentile, in working days of the business calendar, paused days not counted), the share
 * finished by their due date in each of the last three months, and the appeals filed against the stage. Counts and
 * days only: no application, applicant or officer is named. Public: GET /api/public/performance.
 */
import { z } from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../enums';
import { ROLES } from '../roles';
import { SERVICE_TARGETS } from './service-clock';

/** Stages finished within this many calendar days before the figures' day are counted. */
export const PERFORMANCE_WINDOW_DAYS = 90;
/** The months the on-time share is given for: the figures' month and the ones before it. */
export const PERFORMANCE_MONTHS = 3;

/** The statuses with a service clock, in the lifecycle's order: the stages the page reports on. */
export const PERFORMANCE_STAGES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter(
  (status) => SERVICE_TARGETS[status] !== undefined,
);

export const performanceMonthSchema = z.object({
  /** YYYY-MM, by the business day the stage was finished on. */
  month: z.string(),
  finished: z.number().int(),
  on_time: z.number().int(),
  /** on_time / finished, 0 to 1; null when nothing was finished that month. */
  on_time_share: z.number().nullable(),
});
export type PerformanceMonth = z.infer<typeof performanceMonthSchema>;

export const performanceStageSchema = z.object({
  status: z.enum(APPLICATION_STATUSES),
  /** Whom the stage waits on by default. */
  waiting_on: z.enum(ROLES),
  /** The promise: working days from entering the stage to leaving it. */
  target_working_days: z.number().int(),
  /** Stages of this status finished in the window. */
  finished: z.number().int(),
  /** Null when none was finished in the window. */
  median_working_days: z.number().nullable(),
  p90_working_days: z.number().nullable(),
  /** Share of the window's finished stages left by their due date, 0 to 1. */
  on_time_share: z.number().nullable(),
  /** The last PERFORMANCE_MONTHS months, oldest first. */
  months: z.array(performanceMonthSchema),
  /** Appeals filed in the window against this stage, and how many of them were allowed or dismissed so far. */
  appeals: z.object({ filed: z.number().int(), allowed: z.number().int(), dismissed: z.number().int() }),
});
export type PerformanceStage = z.infer<typeof performanceStageSchema>;

export const publicPerformanceSchema = z.object({
  /** YYYY-MM-DD: the business day the figures were worked out on; null before the first daily run. */
  as_of: z.string().nullable(),
  /** YYYY-MM-DD: the first day of the window. */
  since: z.string().nullable(),
  window_days: z.number().int(),
  stages: z.array(performanceStageSchema),
});
export type PublicPerformance = z.infer<typeof publicPerformanceSchema>;

/** The median of sorted numbers (the mean of the two middle ones for an even count); null for none. */
export function medianOf(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The nearest-rank percentile (0 < p <= 100) of sorted numbers: a value some stage really took; null for none. */
export function percentileOf(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Requests per minute one address may make for the public figures (as the public verification is limited). */
export const PERFORMANCE_REQUESTS_PER_MINUTE = 60;
