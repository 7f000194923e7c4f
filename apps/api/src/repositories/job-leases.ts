/** Named leases: one conditional upsert takes a lease that is free, expired or already ours. */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobLeases } from '../db/schema';

/** Answers true when the holder now has the lease for ttlMs from now. */
export async function tryTakeLease(db: Database, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const expiresAt = sql`now() + ${ttlMs}::double precision * interval '1 millisecond'`;
  const taken = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${jobLeases.expiresAt} < now() or ${jobLeases.holder} = ${holder}`,
    })
    .returning({ name: jobLeases.name });
  return taken.length === 1;
}
