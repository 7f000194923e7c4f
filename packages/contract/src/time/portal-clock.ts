/** The portal's clock (decision 026): what an admin reads of it and how far one move may take it. It moves only when
 * the portal was started with CLOCK=movable (tests and demos), and only forward. */
import { z } from 'zod';

/** The furthest one move may take the clock, in years. */
export const CLOCK_MAX_MOVE_YEARS = 10;

/** GET /api/admin/clock and the answer of a move. */
export const portalClockSchema = z.object({
  /** The portal's time now. */
  now: z.string(),
  /** How far it is ahead of the database's own clock, in milliseconds (0 unless moved). */
  offset_ms: z.number().int(),
  movable: z.boolean(),
  moved_at: z.string().nullable(),
  /** Every scheduled sweep, in the order a move runs them. */
  sweeps: z.array(z.object({ name: z.string(), every_ms: z.number().int() })),
});
export type PortalClock = z.infer<typeof portalClockSchema>;

const whole = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int({ error: `${name} must be a whole number` })
    .min(0, { error: `${name} may not be negative` })
    .optional();

/** POST /api/admin/clock/advance: to a time (`to`), or by days, hours and minutes; not both. */
export const clockAdvanceBodySchema = z
  .object({
    to: z.iso.datetime({ offset: true, error: 'Use a date and time such as 2027-04-01T10:00:00+05:30' }).optional(),
    days: whole('days'),
    hours: whole('hours'),
    minutes: whole('minutes'),
  })
  .strict()
  .refine((body) => (body.to !== undefined) !== [body.days, body.hours, body.minutes].some((n) => n !== undefined), {
    error: 'Give either a time to move to (to) or how far to move (days, hours, minutes), not both',
  });
export type ClockAdvanceBody = z.infer<typeof clockAdvanceBodySchema>;

/** The answer of a move: the clock as it now stands and how often each sweep ran in the skipped time. */
export const clockAdvanceResultSchema = portalClockSchema.extend({
  from: z.string(),
  runs: z.array(z.object({ name: z.string(), runs: z.number().int() })),
});
export type ClockAdvanceResult = z.infer<typeof clockAdvanceResultSchema>;

/** The instant a move asks for, from the portal's time `from` (milliseconds since the epoch): the server judges a move
 * by it, and the screen's confirmation names it. */
export function clockAdvanceTarget(from: number, body: ClockAdvanceBody): number {
  if (body.to !== undefined) return Date.parse(body.to);
  return from + (((body.days ?? 0) * 24 + (body.hours ?? 0)) * 60 + (body.minutes ?? 0)) * 60_000;
}
