/** The nonces of the single window's signed requests (decision 036): a replay finds its own. They are about machines,
 * so they keep the database's own time, not the portal's (decision 026). */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { singleWindowNonces } from '../db/schema';

/** Records a request's nonce; answers false when it was seen before (a replay). */
export async function recordNonce(db: Database, nonce: string, clientId: string): Promise<boolean> {
  const rows = await db
    .insert(singleWindowNonces)
    .values({ nonce, clientId, seenAt: sql`now()` })
    .onConflictDoNothing({ target: singleWindowNonces.nonce })
    .returning({ nonce: singleWindowNonces.nonce });
  return rows.length === 1;
}

/** Deletes the nonces seen more than olderThanSeconds ago (their timestamps are refused by then anyway). */
export async function deleteOldNonces(db: Database, olderThanSeconds: number): Promise<number> {
  const rows = await db
    .delete(singleWindowNonces)
    .where(lt(singleWindowNonces.seenAt, sql`now() - ${olderThanSeconds}::double precision * interval '1 second'`))
    .returning({ nonce: singleWindowNonces.nonce });
  return rows.length;
}
