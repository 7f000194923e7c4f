/** Assets (land, plots, sheds, buildings) and their places on the zones' layout maps. */
import { and, asc, eq, inArray, isNotNull, isNull, like, ne, sql, type SQL } from 'drizzle-orm';
import {
  ASSET_LIST,
  LIST_LIMITS,
  SQM_PER_AREA_UNIT,
  type Asset,
  type AssetListQuery,
  type AssetMapPosition,
  type AssetStatus,
  type AssetUnit,
} from '@portal/contract';
import type { Database } from '../db/client';
import { lockAuditChain } from '../db/audit-context';
import { assetStatusCounts, assets } from '../db/schema';
import { likePattern, type Page, pageOfTable, type SortExpression } from '../core/list-page';

export type AssetRow = typeof assets.$inferSelect;
export type AssetValues = Omit<typeof assets.$inferInsert, 'id' | 'createdAt' | 'searchText'>;

/** Statuses under which an asset is held by an allotment, so none of its area is available. */
const HELD_STATUSES: readonly AssetStatus[] = ['reserved', 'allotted'];

/** A held asset's available area is 0, whatever was typed or imported beside that status. */
function withHeldArea<T extends { status?: AssetStatus | null; availableArea?: number }>(values: T): T {
  return values.status && HELD_STATUSES.includes(values.status) ? { ...values, availableArea: 0 } : values;
}

/** The map columns of a position, or all four null. */
export function mapColumns(map: AssetMapPosition | null): Pick<AssetValues, 'mapX' | 'mapY' | 'mapW' | 'mapH'> {
  return { mapX: map?.x ?? null, mapY: map?.y ?? null, mapW: map?.w ?? null, mapH: map?.h ?? null };
}

export function mapOf(row: Pick<AssetRow, 'mapX' | 'mapY' | 'mapW' | 'mapH'>): AssetMapPosition | null {
  if (row.mapX === null || row.mapY === null || row.mapW === null || row.mapH === null) return null;
  return { x: row.mapX, y: row.mapY, w: row.mapW, h: row.mapH };
}

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
    // Rows made held before the area was cleared on allotment still read as having none available.
    available_area: HELD_STATUSES.includes(row.status) ? 0 : row.availableArea,
    unit: row.unit,
    valuation: row.valuation,
    status: row.status,
    map: mapOf(row),
    created_at: row.createdAt.toISOString(),
  };
}

export interface AssetSearch {
  query: AssetListQuery;
}

/** Square metres in one of the row's unit, as SQL (exact numeric literals). */
const sqmPerUnit = sql`(case ${assets.unit} ${sql.join(
  (Object.entries(SQM_PER_AREA_UNIT) as [AssetUnit, number][]).map(
    ([unit, factor]) => sql`when ${sql.raw(`'${unit}'`)} then ${sql.raw(`${factor}::numeric`)}`,
  ),
  sql` `,
)} end)`;

/** An area column in square metres, so that acres, square feet and square metres compare as sizes. */
const inSqm = (column: SQL | typeof assets.totalArea) => sql`(${column} * ${sqmPerUnit})`;

/** What the answer shows as available: nothing while the asset is held. */
const availableAreaShown = sql`(case when ${assets.status} in ('reserved', 'allotted') then 0 else ${assets.availableArea} end)`;

const ASSET_SORT_COLUMNS = {
  asset_code: assets.assetCode,
  created_at: assets.createdAt,
  zone: assets.zone,
  type: assets.type,
  total_area: inSqm(assets.totalArea),
  available_area: inSqm(availableAreaShown),
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
  const perUnit = SQM_PER_AREA_UNIT[query.area_unit ?? 'sqm'];
  if (query.area_min !== undefined) {
    conditions.push(sql`${inSqm(assets.totalArea)} >= ${sql.raw(`${perUnit}::numeric`)} * ${query.area_min}`);
  }
  if (query.area_max !== undefined) {
    conditions.push(sql`${inSqm(assets.totalArea)} <= ${sql.raw(`${perUnit}::numeric`)} * ${query.area_max}`);
  }
  if (query.valuation_min !== undefined) conditions.push(sql`${assets.valuation} >= ${query.valuation_min}`);
  if (query.valuation_max !== undefined) conditions.push(sql`${assets.valuation} <= ${query.valuation_max}`);
  return conditions;
}

/** Only the status (or nothing) narrows the list: asset_status_counts knows the total. */
function countsFromSummary({ query }: AssetSearch): boolean {
  return (
    !query.zone &&
    !query.type?.length &&
    !query.category &&
    !query.q &&
    query.area_min === undefined &&
    query.area_max === undefined &&
    query.valuation_min === undefined &&
    query.valuation_max === undefined
  );
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
  // Reserved or allotted, the asset has no area left to offer.
  const [row] = await db
    .update(assets)
    .set(withHeldArea({ status: to }))
    .where(and(eq(assets.id, id), inArray(assets.status, from)))
    .returning();
  return row;
}

export async function insertAssets(db: Database, values: AssetValues[]): Promise<AssetRow[]> {
  if (values.length === 0) return [];
  return db.insert(assets).values(values.map(withHeldArea)).returning();
}

/** Inserts one asset; answers undefined when its code is taken (the unique index decides, even under a race). */
export async function insertAssetUnlessCodeTaken(db: Database, values: AssetValues): Promise<AssetRow | undefined> {
  const [row] = await db
    .insert(assets)
    .values(withHeldArea(values))
    .onConflictDoNothing({ target: assets.assetCode })
    .returning();
  return row;
}

export type AssetChange = Partial<
  Pick<
    AssetValues,
    'categoryId' | 'zone' | 'location' | 'surveyNumber' | 'plotNumber' | 'mapX' | 'mapY' | 'mapW' | 'mapH'
  >
>;

export async function updateAsset(db: Database, id: string, change: AssetChange): Promise<AssetRow | undefined> {
  const [row] = await db.update(assets).set(change).where(eq(assets.id, id)).returning();
  return row;
}

/** Locks the asset row for the rest of the transaction. */
export async function lockAsset(db: Database, id: string): Promise<AssetRow | undefined> {
  // The audit chain first, as every write does (a row lock held while waiting for it could deadlock).
  await lockAuditChain(db);
  const [row] = await db.select().from(assets).where(eq(assets.id, id)).for('update');
  return row;
}

/** Serialises the placing of plots on one zone's map until the transaction ends, so two writers cannot both find a
 * free spot and take it. Taken before any write or row lock of the transaction (the audit chain's lock follows). */
export async function lockZoneMap(db: Database, zone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`asset-map:${zone}`}))`);
}

/** The zone's mapped assets that share a cell with `map` (`except` leaves out the asset being moved). */
export async function findOverlappingPlots(
  db: Database,
  zone: string,
  map: AssetMapPosition,
  except?: string,
): Promise<Pick<AssetRow, 'id' | 'assetCode'>[]> {
  return db
    .select({ id: assets.id, assetCode: assets.assetCode })
    .from(assets)
    .where(
      and(
        eq(assets.zone, zone),
        isNotNull(assets.mapX),
        except ? ne(assets.id, except) : undefined,
        sql`${assets.mapX} < ${map.x + map.w} and ${map.x} < ${assets.mapX} + ${assets.mapW}`,
        sql`${assets.mapY} < ${map.y + map.h} and ${map.y} < ${assets.mapY} + ${assets.mapH}`,
      ),
    )
    .orderBy(asc(assets.assetCode))
    .limit(5);
}

/** Every mapped plot of the given zones, for checking a whole import file against them. */
export async function findMappedPlots(
  db: Database,
  zones: string[],
): Promise<(Pick<AssetRow, 'zone' | 'assetCode'> & { map: AssetMapPosition })[]> {
  if (zones.length === 0) return [];
  const rows = await db
    .select({
      zone: assets.zone,
      assetCode: assets.assetCode,
      mapX: assets.mapX,
      mapY: assets.mapY,
      mapW: assets.mapW,
      mapH: assets.mapH,
    })
    .from(assets)
    .where(and(inArray(assets.zone, [...new Set(zones)]), isNotNull(assets.mapX)));
  return rows.flatMap((row) => {
    const map = mapOf(row);
    return map ? [{ zone: row.zone, assetCode: row.assetCode, map }] : [];
  });
}

/** A zone's mapped assets, top row first, at most `limit` of them; and how many of its assets have no place. */
export async function findZonePlots(
  db: Database,
  zone: string,
  limit: number,
): Promise<{ rows: AssetRow[]; unmapped: number }> {
  const rows = await db
    .select()
    .from(assets)
    .where(and(eq(assets.zone, zone), isNotNull(assets.mapX)))
    .orderBy(asc(assets.mapY), asc(assets.mapX), asc(assets.id))
    .limit(limit);
  const unplaced = db
    .select({ one: sql`1` })
    .from(assets)
    .where(and(eq(assets.zone, zone), isNull(assets.mapX)))
    .limit(LIST_LIMITS.countCap)
    .as('unplaced');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(unplaced);
  return { rows, unmapped: Number(count?.n ?? 0) };
}

/** The distinct zones in order, at most `limit`: a loose index scan over assets_zone_idx (one index probe per zone),
 * not a read of every asset. */
export async function listZones(db: Database, limit: number): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive zones(zone) as (
      (select zone from assets order by zone limit 1)
      union all
      select (select a.zone from assets a where a.zone > zones.zone order by a.zone limit 1)
      from zones where zones.zone is not null
    )
    select zone from zones where zone is not null limit ${limit}`)) as unknown as { rows: { zone: string }[] };
  return result.rows.map((row) => row.zone);
}

/** The zone as the assets spell it (one index probe), or undefined when no asset is in it; case is not significant. */
export async function findZone(db: Database, zone: string): Promise<string | undefined> {
  const [row] = await db
    .select({ zone: assets.zone })
    .from(assets)
    .where(sql`lower(${assets.zone}) = lower(${zone})`)
    .limit(1);
  return row?.zone;
}

/** The distinct (zone, location) pairs of these zones in order, at most `limit`. There is no index on the location:
 * the assets table is small (about one asset for every seven applications), and the zones narrow it through
 * assets_zone_idx. */
export async function listZoneLocations(
  db: Database,
  zones: readonly string[],
  limit: number,
): Promise<{ zone: string; location: string }[]> {
  if (zones.length === 0) return [];
  return db
    .selectDistinct({ zone: assets.zone, location: assets.location })
    .from(assets)
    .where(inArray(assets.zone, [...zones]))
    .orderBy(assets.zone, assets.location)
    .limit(limit);
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

/** Returns a held asset to the inventory with its full area (a surrendered or cancelled allotment); undefined when
 * it is not in one of `from`. */
export async function releaseAssetIf(db: Database, id: string, from: AssetStatus[]): Promise<AssetRow | undefined> {
  const [row] = await db
    .update(assets)
    .set({ status: 'available', availableArea: sql`${assets.totalArea}` })
    .where(and(eq(assets.id, id), inArray(assets.status, from)))
    .returning();
  return row;
}
