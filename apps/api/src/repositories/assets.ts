/** Assets (land, plots, sheds, buildings). */
import { and, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { ASSET_LIST, type Asset, type AssetListQuery, type AssetStatus } from '@portal/contract';
import type { Database } from '../db/client';
import { assetStatusCounts, assets } from '../db/schema';
import { likePattern, type Page, pageOfTable, type SortExpression } from '../lib/list-page';

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

export interface AssetSearch {
  query: AssetListQuery;
}

const ASSET_SORT_COLUMNS = {
  asset_code: assets.assetCode,
  created_at: assets.createdAt,
  zone: assets.zone,
  type: assets.type,
  total_area: assets.totalArea,
  available_area: assets.availableArea,
  valuation: assets.valuation,
  status: assets.status,
} satisfies Record<(typeof ASSET_LIST.sort)[number], SortExpression>;

function assetConditions({ query }: AssetSearch): SQL[] {
  const conditions: SQL[] = [];
  if (query.status?.length) conditions.push(inArray(assets.status, query.status));
  if (query.zone) conditions.push(eq(assets.zone, query.zone));
  if (query.type?.length) conditions.push(inArray(assets.type, query.type));
  if (query.category) conditions.push(eq(assets.categoryId, query.category));
  if (query.q) conditions.push(like(assets.searchText, likePattern(query.q))); // stored lower-cased
  return conditions;
}

/** Only the status (or nothing) narrows the list: asset_status_counts knows the total. */
function countsFromSummary({ query }: AssetSearch): boolean {
  return !query.zone && !query.type?.length && !query.category && !query.q;
}

async function summaryTotal(db: Database, { query }: AssetSearch): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${assetStatusCounts.count}), 0)::int` })
    .from(assetStatusCounts)
    .where(query.status?.length ? inArray(assetStatusCounts.status, query.status) : undefined);
  return Number(row?.total ?? 0);
}

/** One page of assets in the requested order, with its total. */
export async function searchAssets(db: Database, search: AssetSearch): Promise<Page<AssetRow>> {
  const conditions = assetConditions(search);
  return pageOfTable(db, {
    table: assets,
    request: search.query,
    sortColumns: ASSET_SORT_COLUMNS,
    conditions,
    total: countsFromSummary(search) ? { known: () => summaryTotal(db, search) } : 'capped',
  });
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
