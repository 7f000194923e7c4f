/**
 * The portal's one clock (decision 026). Every rule that depends on the time reads `clock.now()`, never `new Date()`
 * or `Date.now()` (the lint fails on one), and the database's rules read `portal_now()`.
 *
 * The time is the database's: each API process measures how far its own clock is from the database's
 * (`portal_clock_timestamp()`, the database's clock plus the stored offset) and adds that, so a last-moment bid or a
 * deadline is judged the same whichever process takes it. The offset is 0 and never changes in production; with
 * CLOCK=movable an admin moves it forward (modules/clock) and every process follows within a few seconds.
 */
import { sql } from 'drizzle-orm';
import { portalNow, setPortalTimeOffset } from '@portal/contract';
import type { Database } from '../db/client';

export const clock = {
  /** The portal's time now: this process's clock plus its measured distance from the portal's (the contract's
   * portalNow, so the contract's own defaults for "today" read the same time). */
  now: portalNow,
};

/** The machine's own time, for what a machine or an outside party dates rather than a business rule: a session
 * token's expiry, the gateway's webhook timestamps, a log line. Never moved. */
export function machineNow(): Date {
  // eslint-disable-next-line no-restricted-syntax -- the machine's time, on purpose
  return new Date();
}

/** Reads the portal's time in the database (its clock plus the stored offset). */
export async function readPortalTime(db: Database): Promise<Date> {
  const result = (await db.execute(
    sql`select (extract(epoch from portal_clock_timestamp()) * 1000)::float8 as ms`,
  )) as unknown as { rows: { ms: number | string }[] };
  return new Date(Number(result.rows[0]!.ms));
}

/** Measures this process's distance from the portal's time, halving the round trip. */
export async function followDatabaseClock(db: Database): Promise<void> {
  // eslint-disable-next-line no-restricted-syntax -- measuring the process's clock against the database's
  const sent = Date.now();
  const portal = await readPortalTime(db);
  // eslint-disable-next-line no-restricted-syntax -- as above
  const received = Date.now();
  setPortalTimeOffset(portal.getTime() - (sent + received) / 2);
}

/** How often a process measures again: often enough with a movable clock that every process follows a move within a
 * few seconds; each minute otherwise, where only the machines' clocks drift. */
export const CLOCK_FOLLOW_EVERY_MS = { movable: 2_000, fixed: 60_000 } as const;

/** Tests: forget any measured distance, so the process's (possibly faked) clock is the portal's again. */
export function resetClockForTests(): void {
  setPortalTimeOffset(0);
}
