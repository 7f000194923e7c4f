/** The summary figures' upkeep: folding the deltas that triggers append into the base rows (migration 0001). */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invoiceTotalsBase, invoiceTotalsDeltas } from '../db/schema';

/** Moves every pending delta into its base row; the views read the same figures before and after. */
export async function foldSummaryDeltas(db: Database): Promise<void> {
  await db.execute(sql`select fold_summary_deltas()`);
}

/** The invoice totals' base rows and deltas side by side, not grouped. A sum over them is the sum over the
 * invoice_totals view without its GROUP BY, which hashes a row per status and due date (some 2,000 at 10k
 * applications: 3-7 ms a read) only to add them up again. */
export function invoiceTotalParts(db: Database) {
  const columns = (table: typeof invoiceTotalsBase | typeof invoiceTotalsDeltas) => ({
    status: table.status,
    dueDate: table.dueDate,
    count: table.count,
    amount: table.amount,
  });
  return db
    .select(columns(invoiceTotalsBase))
    .from(invoiceTotalsBase)
    .unionAll(db.select(columns(invoiceTotalsDeltas)).from(invoiceTotalsDeltas))
    .as('invoice_parts');
}
