/** The records the orders of an allotment's life are made from (decision 014): a service request that took effect,
 * a show-cause notice, who held the allotment at a given moment, and the transfers that supersede its letters. */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { allotmentHolders, issuedDocuments, serviceRequests, showCauses } from '../../../db/schema';

export type OrderServiceRequestRow = typeof serviceRequests.$inferSelect;
export type ShowCauseRow = typeof showCauses.$inferSelect;

export async function findServiceRequestForOrder(
  db: Database,
  id: string,
): Promise<OrderServiceRequestRow | undefined> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row;
}

export async function findShowCauseForOrder(db: Database, id: string): Promise<ShowCauseRow | undefined> {
  const [row] = await db.select().from(showCauses).where(eq(showCauses.id, id));
  return row;
}

/** Who held the allotment at `at`: the holding a transfer ended, if `at` falls in it; otherwise the holder now. */
export async function holderAt(db: Database, allotmentId: string, currentHolderUserId: string, at: Date) {
  const [row] = await db
    .select({ userId: allotmentHolders.userId })
    .from(allotmentHolders)
    .where(
      and(
        eq(allotmentHolders.allotmentId, allotmentId),
        lte(allotmentHolders.heldFrom, at),
        gt(allotmentHolders.heldUntil, at),
      ),
    )
    .orderBy(desc(allotmentHolders.heldFrom))
    .limit(1);
  return row?.userId ?? currentHolderUserId;
}

const tookEffectTransfer = (allotmentId: string) =>
  and(
    eq(serviceRequests.allotmentId, allotmentId),
    eq(serviceRequests.requestType, 'transfer'),
    isNotNull(serviceRequests.tookEffectAt),
  );

/** When the allotment last changed hands by a transfer (undefined if it never has). */
export async function lastTransferAt(db: Database, allotmentId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(serviceRequests.tookEffectAt) })
    .from(serviceRequests)
    .where(tookEffectTransfer(allotmentId));
  return row?.at ? new Date(row.at) : undefined;
}

/** The first transfer of the allotment that took effect after `after`: the one that superseded a letter issued then. */
export async function firstTransferAfter(
  db: Database,
  allotmentId: string,
  after: Date,
): Promise<OrderServiceRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceRequests)
    .where(and(tookEffectTransfer(allotmentId), gt(serviceRequests.tookEffectAt, after)))
    .orderBy(asc(serviceRequests.tookEffectAt))
    .limit(1);
  return row;
}

/** The transfer before this one (the allotment's letters issued between the two are this transfer's to supersede). */
async function transferBefore(db: Database, allotmentId: string, at: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(serviceRequests.tookEffectAt) })
    .from(serviceRequests)
    .where(and(tookEffectTransfer(allotmentId), lt(serviceRequests.tookEffectAt, at)));
  return row?.at ? new Date(row.at) : undefined;
}

/** Marks the allotment's still-valid letters issued while the transferor held it superseded by the transfer order
 * `byId`; answers how many. */
export async function supersedeLettersByTransfer(
  db: Database,
  allotmentId: string,
  transferAt: Date,
  byId: string,
): Promise<number> {
  const since = await transferBefore(db, allotmentId, transferAt);
  const rows = await db
    .update(issuedDocuments)
    .set({ status: 'superseded', supersededBy: byId })
    .where(
      and(
        eq(issuedDocuments.subjectId, allotmentId),
        inArray(issuedDocuments.kind, ['provisional_allotment_letter', 'final_allotment_letter']),
        eq(issuedDocuments.status, 'valid'),
        lt(issuedDocuments.issuedAt, transferAt),
        since ? gte(issuedDocuments.issuedAt, since) : sql`true`,
      ),
    )
    .returning({ id: issuedDocuments.id });
  return rows.length;
}
