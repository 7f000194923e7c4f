/** Counts attempts per key in a fixed one-minute window, for sign-in limiting. The counters live in the database
 * (rate_limit_hits), so every API process on it counts against the same limit. */
import crypto from 'node:crypto';
import type { Database } from '../db/client';
import { deleteStaleHits, recordHit } from '../repositories/rate-limits';
import { repeatEvery, runExclusive, type RepeatingJob } from './job-lease';

const WINDOW_MS = 60_000;
/** Counters are deleted a while after the longest window a limiter uses (an hour: one-time codes) starts; a later
 * attempt starts a new window anyway. */
const STALE_AFTER_MS = 2 * 60 * WINDOW_MS;
const CLEANUP_EVERY_MS = 60_000;

export interface AttemptLimiter {
  /** Records an attempt; answers false when the key has used up its window. */
  tryAttempt(key: string): Promise<boolean>;
}

/** `scope` keeps limiters with different limits apart in the shared table; the window is a minute unless given. */
export function createAttemptLimiter(
  db: Database,
  scope: string,
  maxPerWindow: number,
  windowMs: number = WINDOW_MS,
): AttemptLimiter {
  return {
    async tryAttempt(key) {
      // Hashed: the table holds neither email addresses nor client addresses, and keys have one length.
      const stored = crypto.createHash('sha256').update(`${scope}\u0000${key}`).digest('base64url');
      return (await recordHit(db, stored, windowMs)) <= maxPerWindow;
    },
  };
}

/** Deletes stale counters, in at most one process per minute. */
export function cleanUpAttempts(db: Database): Promise<boolean> {
  return runExclusive(db, 'attempt-limiter-cleanup', CLEANUP_EVERY_MS, () => deleteStaleHits(db, STALE_AFTER_MS));
}

/** Runs cleanUpAttempts every minute until stopped; stop() waits for a run under way. */
export function scheduleAttemptCleanup(db: Database, onError: (error: unknown) => void): RepeatingJob {
  return repeatEvery(CLEANUP_EVERY_MS, () => cleanUpAttempts(db), onError);
}
