/** The allottees' eSign transactions of the lease deed (decision 035): one row per request sent to an eSign Service
 * Provider. A transaction leaves `pending` exactly once, by a conditional update under its row lock. */
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { lockAuditChain } from '../../../db/audit-context';
import { esignTransactions } from '../../../db/schema';

export type EsignTransactionRow = typeof esignTransactions.$inferSelect;
export type EsignStatus = 'pending' | 'signed' | 'failed' | 'expired';

export interface NewEsignTransaction {
  txn: string;
  allotmentId: string;
  requestedBy: string;
  preparedStorageKey: string;
  documentHash: string;
  expiresAt: Date;
}

export async function insertEsignTransaction(db: Database, values: NewEsignTransaction): Promise<EsignTransactionRow> {
  const [row] = await db
    .insert(esignTransactions)
    .values({ ...values, status: 'pending' })
    .returning();
  return row!;
}

export async function findEsignTransactionByTxn(db: Database, txn: string): Promise<EsignTransactionRow | undefined> {
  const [row] = await db.select().from(esignTransactions).where(eq(esignTransactions.txn, txn));
  return row;
}

/** The transaction, locked for the rest of the caller's transaction. */
export async function lockEsignTransaction(db: Database, txn: string): Promise<EsignTransactionRow | undefined> {
  // The audit chain first, as every write does (a row lock held while waiting for it could deadlock).
  await lockAuditChain(db);
  const [row] = await db.select().from(esignTransactions).where(eq(esignTransactions.txn, txn)).for('update');
  return row;
}

/** The allotment's newest transaction still pending and not expired at `now`. */
export async function findLiveEsignTransaction(
  db: Database,
  allotmentId: string,
  now: Date,
): Promise<EsignTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(esignTransactions)
    .where(
      and(
        eq(esignTransactions.allotmentId, allotmentId),
        eq(esignTransactions.status, 'pending'),
        gt(esignTransactions.expiresAt, now),
      ),
    )
    .orderBy(desc(esignTransactions.createdAt))
    .limit(1);
  return row;
}

/** Marks the allotment's pending transactions that expired by `now` expired; answers them (their prepared files are
 * no longer needed). */
export async function expireEsignTransactions(
  db: Database,
  allotmentId: string,
  now: Date,
): Promise<EsignTransactionRow[]> {
  return db
    .update(esignTransactions)
    .set({ status: 'expired', failure: 'expired', completedAt: now })
    .where(
      and(
        eq(esignTransactions.allotmentId, allotmentId),
        eq(esignTransactions.status, 'pending'),
        lte(esignTransactions.expiresAt, now),
      ),
    )
    .returning();
}

/** Takes the transaction out of pending into `status`; undefined when it was no longer pending. */
export async function closeEsignTransactionIfPending(
  db: Database,
  id: string,
  values: {
    status: Exclude<EsignStatus, 'pending'>;
    failure: string | null;
    leaseDeedId?: string;
    signerName?: string;
    completedAt: Date;
  },
): Promise<EsignTransactionRow | undefined> {
  const [row] = await db
    .update(esignTransactions)
    .set(values)
    .where(and(eq(esignTransactions.id, id), eq(esignTransactions.status, 'pending')))
    .returning();
  return row;
}

/** The signed transaction a lease deed came from, if it was eSigned. */
export async function findEsignOfLeaseDeed(
  db: Database,
  allotmentId: string,
  leaseDeedId: string,
): Promise<EsignTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(esignTransactions)
    .where(
      and(
        eq(esignTransactions.allotmentId, allotmentId),
        eq(esignTransactions.leaseDeedId, leaseDeedId),
        eq(esignTransactions.status, 'signed'),
      ),
    )
    .limit(1);
  return row;
}
