/** The summary figures' upkeep: folding the deltas that triggers append into the base rows (migration 0001). */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Moves every pending delta into its base row; the views read the same figures before and after. */
export async function foldSummaryDeltas(db: Database): Promise<void> {
  await db.execute(sql`select fold_summary_deltas()`);
}
