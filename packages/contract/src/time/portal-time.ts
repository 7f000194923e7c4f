/** The portal's time as this program knows it (decision 026): its own clock plus its measured distance from the
 * portal's. The API measures it against the database (its core/clock.ts); the web app reads it from each answer's
 * X-Portal-Time header, so "today", "due soon" and a countdown read the same day and minute on every screen as on the
 * server, even when the portal's clock was moved (CLOCK=movable) or the device's own clock is wrong. */

/** The header every API answer carries: the portal's time when it answered, as an ISO instant. */
export const PORTAL_TIME_HEADER = 'X-Portal-Time';

let offsetMs = 0;

/** The portal's time now. */
export function portalNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** How far the portal's time is from this program's clock, in milliseconds. */
export function portalTimeOffset(): number {
  return offsetMs;
}

/** Follows a measured distance from the portal's time (0 forgets it). */
export function setPortalTimeOffset(ms: number): void {
  offsetMs = Number.isFinite(ms) ? Math.round(ms) : 0;
}
