/** The single window's CAFs and the handoff tokens used (decision 036). */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { assets, singleWindowCafs, singleWindowHandoffs, type SingleWindowStoredDocument } from '../db/schema';

export type SingleWindowCafRow = typeof singleWindowCafs.$inferSelect;

/** Holds the CAF id for the rest of the transaction: parallel deliveries of one CAF wait for each other here. */
export async function lockCafId(db: Database, cafId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`single-window:${cafId}`}, 0))`);
}

export async function findCafByCafId(db: Database, cafId: string): Promise<SingleWindowCafRow | undefined> {
  const [row] = await db.select().from(singleWindowCafs).where(eq(singleWindowCafs.cafId, cafId));
  return row;
}

export async function findCafById(db: Database, id: string): Promise<SingleWindowCafRow | undefined> {
  const [row] = await db.select().from(singleWindowCafs).where(eq(singleWindowCafs.id, id));
  return row;
}

/** The CAF an application was made from, if it came from the single window. */
export async function findCafOfApplication(
  db: Database,
  applicationId: string,
): Promise<SingleWindowCafRow | undefined> {
  const [row] = await db.select().from(singleWindowCafs).where(eq(singleWindowCafs.applicationId, applicationId));
  return row;
}

/** The user's own CAF (404 for another's is the caller's). */
export async function findOwnCaf(db: Database, id: string, userId: string): Promise<SingleWindowCafRow | undefined> {
  const [row] = await db
    .select()
    .from(singleWindowCafs)
    .where(and(eq(singleWindowCafs.id, id), eq(singleWindowCafs.userId, userId)));
  return row;
}

/** Locks the CAF's row: a CAF's events are numbered one at a time. */
export async function lockCaf(db: Database, id: string): Promise<SingleWindowCafRow | undefined> {
  const [row] = await db.select().from(singleWindowCafs).where(eq(singleWindowCafs.id, id)).for('update');
  return row;
}

/** Inserts the CAF unless its id is already taken; answers undefined then. */
export async function insertCafIfNew(
  db: Database,
  values: typeof singleWindowCafs.$inferInsert,
): Promise<SingleWindowCafRow | undefined> {
  const [row] = await db
    .insert(singleWindowCafs)
    .values(values)
    .onConflictDoNothing({ target: singleWindowCafs.cafId })
    .returning();
  return row;
}

/** Links the draft made from the CAF, while it has none; its stored documents are then attached, so they go. */
export async function linkCafApplicationIfNone(
  db: Database,
  id: string,
  applicationId: string,
): Promise<SingleWindowCafRow | undefined> {
  const [row] = await db
    .update(singleWindowCafs)
    .set({ applicationId, documents: [] as SingleWindowStoredDocument[] })
    .where(and(eq(singleWindowCafs.id, id), sql`${singleWindowCafs.applicationId} is null`))
    .returning();
  return row;
}

/** Records a handoff token's use; answers false when its jti was used before. */
export async function recordHandoffUse(
  db: Database,
  values: { jti: string; cafRowId: string; userId: string },
): Promise<boolean> {
  const rows = await db
    .insert(singleWindowHandoffs)
    .values(values)
    .onConflictDoNothing({ target: singleWindowHandoffs.jti })
    .returning({ id: singleWindowHandoffs.id });
  return rows.length === 1;
}

/** The plot a CAF names, by its asset code (case is not significant). */
export async function findAssetByCode(db: Database, code: string): Promise<typeof assets.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(sql`lower(${assets.assetCode}) = lower(${code})`)
    .limit(1);
  return row;
}
