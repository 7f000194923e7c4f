/** The accounts' scheduled clean-up: dead sessions, expired reset links and sign-in lock keys with nothing to
 * remember, deleted every ten minutes by one process at a time (a lease in job_leases). */
import type { Database } from '../../db/client';
import { repeatEvery, runExclusive, type RepeatingJob } from '../../lib/job-lease';
import { deleteExpiredResetTokens } from '../../repositories/password-resets';
import { deleteAllDeadSessions } from '../../repositories/sessions';
import { deleteStaleSignInLocks } from '../../repositories/sign-in-locks';
import { SIGN_IN_LOCK_RULE } from './service';

const EVERY_MS = 10 * 60_000;

export function cleanUpAccounts(db: Database): Promise<boolean> {
  return runExclusive(db, 'accounts-cleanup', EVERY_MS, async () => {
    await deleteAllDeadSessions(db);
    await deleteExpiredResetTokens(db);
    // A key untouched for as long as its locks are remembered, and not locked now, would start afresh anyway.
    await deleteStaleSignInLocks(db, SIGN_IN_LOCK_RULE.forgetLocksAfterSeconds);
  });
}

/** Runs cleanUpAccounts every ten minutes until stopped; stop() waits for a run under way. */
export function scheduleAccountCleanup(db: Database, onError: (error: unknown) => void): RepeatingJob {
  return repeatEvery(EVERY_MS, () => cleanUpAccounts(db), onError);
}
