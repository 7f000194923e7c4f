/** Assets (land, plots, sheds, buildings). */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Asset, AssetStatus } from '@portal/contract';
import type { Database } from '../db/client';
import { assets } from '../db/schema';

export type AssetRow = typeof assets.$inferSelect;
export type AssetValues = Omit<typeof assets.$inferInsert, 'id' | 'createdAt'>;

export function toAsset(row: AssetRow): Asset {
  return {
    id: row.id,
    asset_code: row.assetCode,
    category_id: row.categoryId,
    type: row.type,
    zone: row.zone,
    location: row.location,
    survey_number: row.surveyNumber,
    plot_number: row.plotNumber,
    total_area: row.totalArea,
    available_area: row.availableArea,
    unit: row.unit,
    valuation: row.valuation,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listAssets(db: Database, status?: AssetStatus): Promise<AssetRow[]> {
  const query = db.select().from(assets);
  const filtered = status ? query.where(eq(assets.status, status)) : query;
  return filtered.orderBy(desc(assets.createdAt), assets.assetCode);
}

export async function findAssetById(db: Database, id: string): Promise<AssetRow | undefined> {
  const [row] = await db.select().from(assets).where(eq(assets.id, id));
  return row;
}

/** Sets the status only if it is still one of `from`; answers the row, or undefined if it had moved on. */
export async function setAssetStatusIf(
  db: Database,
  id: string,
  from: AssetStatus[],
  to: AssetStatus,
): Promise<AssetRow | undefined> {
  const [row] = await db
    .update(assets)
    .set({ status: to })
    .where(and(eq(assets.id, id), inArray(assets.status, from)))
    .returning();
  return row;
}

export async function insertAssets(db: Database, values: AssetValues[]): Promise<AssetRow[]> {
  if (values.length === 0) return [];
  return db.insert(assets).values(values).returning();
}

/** Inserts one asset; answers undefined when its code is taken (the unique index decides, even under a race). */
export async function insertAssetUnlessCodeTaken(db: Database, values: AssetValues): Promise<AssetRow | undefined> {
  const [row] = await db.insert(assets).values(values).onConflictDoNothing({ target: assets.assetCode }).returning();
  return row;
}

/** The asset codes among `codes` that already exist, compared without regard to case (answers them lower-cased). */
export async function findExistingAssetCodes(db: Database, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const lowered = [...new Set(codes.map((code) => code.toLowerCase()))];
  const rows = await db
    .select({ code: sql<string>`lower(${assets.assetCode})` })
    .from(assets)
    .where(inArray(sql`lower(${assets.assetCode})`, lowered));
  return new Set(rows.map((row) => row.code));
}
