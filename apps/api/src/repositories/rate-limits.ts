/** Fixed-window attempt counters shared by every API process. One atomic upsert per attempt, so two processes
 * counting the same key at once both see the other's hit. */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** Counts one hit for the key and answers the hits in its current window (a window older than windowMs starts over). */
export async function recordHit(db: Database, key: string, windowMs: number): Promise<number> {
  const expired = sql`${rateLimitHits.windowStart} < now() - ${windowMs}::double precision * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimitHits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimitHits.hits });
  return row!.hits;
}

/** Deletes the counters whose window started more than olderThanMs ago; answers how many went. */
export async function deleteStaleHits(db: Database, olderThanMs: number): Promise<number> {
  const deleted = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, sql`now() - ${olderThanMs}::double precision * interval '1 millisecond'`))
    .returning({ key: rateLimitHits.key });
  return deleted.length;
}
