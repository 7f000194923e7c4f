/** Failed sign-ins per account key and the lock they earn, shared by every API process through the database. The
 * key is a hash of the normalised email, so an email with no account is counted and locked the same way. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signInLocks } from '../db/schema';

export interface LockRule {
  /** Failures in a row that lock the key. */
  failuresBeforeLock: number;
  /** The first lock's length; each further lock lasts twice the one before, up to maxLockSeconds. */
  baseLockSeconds: number;
  maxLockSeconds: number;
  /** Failures this long ago are forgotten (the count starts again). */
  forgetFailuresAfterSeconds: number;
  /** Locks this long ago are forgotten (the next lock is a first lock again). */
  forgetLocksAfterSeconds: number;
}

const seconds = (value: number) => sql`${value}::double precision * interval '1 second'`;
const remainingSeconds = sql<number | null>`extract(epoch from (${signInLocks.lockedUntil} - now()))::float8`;

/** The seconds the key stays locked, or 0 when it is not locked. */
export async function lockedForSeconds(db: Database, key: string): Promise<number> {
  const [row] = await db.select({ remaining: remainingSeconds }).from(signInLocks).where(eq(signInLocks.key, key));
  return Math.max(0, Number(row?.remaining ?? 0));
}

/** Counts one failure for the key, locking it when it reaches the rule's count; answers the seconds it is now locked
 * for (0 when this failure did not lock it). One upsert, so failures counted at once by several processes add up. */
export async function recordSignInFailure(db: Database, key: string, rule: LockRule): Promise<number> {
  const failuresSoFar = sql`(case when ${signInLocks.updatedAt} < now() - ${seconds(rule.forgetFailuresAfterSeconds)} then 0 else ${signInLocks.failures} end) + 1`;
  const locksSoFar = sql`(case when ${signInLocks.updatedAt} < now() - ${seconds(rule.forgetLocksAfterSeconds)} then 0 else ${signInLocks.locks} end)`;
  const locking = sql`${failuresSoFar} >= ${rule.failuresBeforeLock}`;
  const lockLength = sql`least(${rule.baseLockSeconds}::double precision * power(2, ${locksSoFar}), ${rule.maxLockSeconds}::double precision) * interval '1 second'`;
  const [row] = await db
    .insert(signInLocks)
    .values({ key, failures: 1, locks: 0, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: signInLocks.key,
      set: {
        failures: sql`case when ${locking} then 0 else ${failuresSoFar} end`,
        locks: sql`case when ${locking} then ${locksSoFar} + 1 else ${locksSoFar} end`,
        lockedUntil: sql`case when ${locking} then now() + ${lockLength} else ${signInLocks.lockedUntil} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ remaining: remainingSeconds });
  return Math.max(0, Number(row?.remaining ?? 0));
}

/** A successful sign-in (or a password reset) forgets the key's failures and locks. */
export async function clearSignInFailures(db: Database, key: string): Promise<void> {
  await db.delete(signInLocks).where(eq(signInLocks.key, key));
}

/** Deletes keys with no failure for olderThanSeconds and no lock in force; answers how many went. */
export async function deleteStaleSignInLocks(db: Database, olderThanSeconds: number): Promise<number> {
  const rows = await db
    .delete(signInLocks)
    .where(
      sql`${signInLocks.updatedAt} < now() - ${seconds(olderThanSeconds)} and (${signInLocks.lockedUntil} is null or ${signInLocks.lockedUntil} < now())`,
    )
    .returning({ key: signInLocks.key });
  return rows.length;
}
