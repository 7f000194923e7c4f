/** The asset list, the zones and their plot maps, asset creation and editing, and the all-or-nothing CSV import
 * (ho and admin). A plot's place on its zone's map may not share a cell with another plot of that zone. */
import type { z } from 'zod';
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAP_COLUMNS,
  ASSET_IMPORT_OPTIONAL_COLUMNS,
  createAssetRequestSchema,
  mapPositionsOverlap,
  MAX_ASSET_IMPORT_ROWS,
  updateAssetRequestSchema,
  ZONE_LIST_MAX,
  ZONE_LOCATIONS_MAX,
  ZONE_MAP_MAX_PLOTS,
  type Asset,
  type AssetImportProblem,
  type AssetImportProblemCode,
  type AssetImportRefusal,
  type AssetListQuery,
  type AssetImportReport,
  type AssetMapPosition,
  type ZoneList,
  type ZoneMap,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { conflict, notFound } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import {
  findAssetById,
  findExistingAssetCodes,
  findMappedPlots,
  findOverlappingPlots,
  findZonePlots,
  insertAssets,
  insertAssetUnlessCodeTaken,
  listZoneLocations,
  listZones as readZones,
  lockAsset,
  lockZoneMap,
  mapColumns,
  mapOf,
  searchAssets,
  toAsset,
  updateAsset,
  type AssetChange,
  type AssetValues,
} from '../../../repositories/assets';
import { CsvSyntaxError, parseCsv } from '../../../lib/parse-csv';

type NewAsset = z.output<typeof createAssetRequestSchema>;
type AssetEdit = z.output<typeof updateAssetRequestSchema>;
type ImportColumn = (typeof ASSET_IMPORT_COLUMNS)[number];
type MapColumn = (typeof ASSET_IMPORT_MAP_COLUMNS)[number];

const NUMERIC_COLUMNS: readonly string[] = ['total_area', 'available_area', 'valuation'];
const INSERT_BATCH_SIZE = 500;

const ASSET_NOT_FOUND = 'Asset not found';

const overlapMessage = (zone: string, codes: string[]) =>
  `This place on the ${zone} map overlaps ${codes.join(', ')}: choose free cells`;

function toValues(asset: NewAsset): AssetValues {
  return {
    assetCode: asset.asset_code,
    categoryId: asset.category_id,
    type: asset.type,
    zone: asset.zone,
    location: asset.location,
    surveyNumber: asset.survey_number,
    plotNumber: asset.plot_number,
    totalArea: asset.total_area,
    availableArea: asset.available_area,
    unit: asset.unit,
    valuation: asset.valuation,
    status: asset.status,
    ...mapColumns(asset.map),
  };
}

/** Every signed-in user may browse the assets. */
export async function listAssets(db: Database, query: AssetListQuery): Promise<Page<Asset>> {
  const page = await searchAssets(db, { query });
  return { ...page, items: page.items.map(toAsset) };
}

const duplicateCode = (code: string) => `An asset with code ${code} already exists`;

/** Refuses (409) a place that shares a cell with another plot of the zone. Call under lockZoneMap. */
async function ensureFreePlace(db: Database, zone: string, map: AssetMapPosition, except?: string): Promise<void> {
  const overlapping = await findOverlappingPlots(db, zone, map, except);
  if (overlapping.length > 0) {
    throw conflict(
      overlapMessage(
        zone,
        overlapping.map((plot) => plot.assetCode),
      ),
    );
  }
}

export async function createAsset(db: Database, asset: NewAsset): Promise<Asset> {
  // Codes are compared without case so that "hyd-la-001" cannot shadow "HYD-LA-001".
  if ((await findExistingAssetCodes(db, [asset.asset_code])).size > 0) throw conflict(duplicateCode(asset.asset_code));
  const row = await db.transaction(async (tx) => {
    if (asset.map) {
      await lockZoneMap(tx, asset.zone);
      await ensureFreePlace(tx, asset.zone, asset.map);
    }
    return insertAssetUnlessCodeTaken(tx, toValues(asset));
  });
  if (!row) throw conflict(duplicateCode(asset.asset_code));
  return toAsset(row);
}

/** Changes an asset's descriptive fields or its place on the map (ho and admin). */
export async function editAsset(db: Database, id: string, edit: AssetEdit): Promise<Asset> {
  const before = await findAssetById(db, id);
  if (!before) throw notFound(ASSET_NOT_FOUND);
  const row = await db.transaction(async (tx) => {
    const zone = edit.zone ?? before.zone;
    await lockZoneMap(tx, zone);
    const current = await lockAsset(tx, id);
    if (!current) throw notFound(ASSET_NOT_FOUND);
    // Moved to another zone meanwhile: that zone's map must be held too.
    if (!edit.zone && current.zone !== zone) await lockZoneMap(tx, current.zone);
    const targetZone = edit.zone ?? current.zone;
    const map = edit.map !== undefined ? edit.map : mapOf(current);
    if (map && (edit.map !== undefined || targetZone !== current.zone)) await ensureFreePlace(tx, targetZone, map, id);
    const change: AssetChange = {
      ...(edit.category_id !== undefined && { categoryId: edit.category_id }),
      ...(edit.zone !== undefined && { zone: edit.zone }),
      ...(edit.location !== undefined && { location: edit.location }),
      ...(edit.survey_number !== undefined && { surveyNumber: edit.survey_number }),
      ...(edit.plot_number !== undefined && { plotNumber: edit.plot_number }),
      ...(edit.map !== undefined && mapColumns(edit.map)),
    };
    return updateAsset(tx, id, change);
  });
  if (!row) throw notFound(ASSET_NOT_FOUND);
  return toAsset(row);
}

/** The zones that hold assets and each one's parks (locations), for the zone and park pickers. */
export async function listZones(db: Database): Promise<ZoneList> {
  const found = await readZones(db, ZONE_LIST_MAX + 1);
  const zones = found.slice(0, ZONE_LIST_MAX);
  const pairs = await listZoneLocations(db, zones, ZONE_LOCATIONS_MAX + 1);
  const locations: Record<string, string[]> = Object.fromEntries(zones.map((zone) => [zone, []]));
  for (const pair of pairs.slice(0, ZONE_LOCATIONS_MAX)) locations[pair.zone]?.push(pair.location);
  return {
    zones,
    locations,
    truncated: found.length > ZONE_LIST_MAX || pairs.length > ZONE_LOCATIONS_MAX,
  };
}

/** A zone's layout map: its mapped plots with their live status, and the grid they reach. */
export async function getZoneMap(db: Database, zone: string): Promise<ZoneMap> {
  const { rows, unmapped } = await findZonePlots(db, zone, ZONE_MAP_MAX_PLOTS + 1);
  const plots = rows.slice(0, ZONE_MAP_MAX_PLOTS).map(toAsset);
  let columns = 1;
  let gridRows = 1;
  for (const plot of plots) {
    if (!plot.map) continue;
    columns = Math.max(columns, plot.map.x + plot.map.w - 1);
    gridRows = Math.max(gridRows, plot.map.y + plot.map.h - 1);
  }
  return { zone, columns, rows: gridRows, plots, unmapped, truncated: rows.length > ZONE_MAP_MAX_PLOTS };
}

export type ImportOutcome = { ok: true; report: AssetImportReport } | { ok: false; refusal: AssetImportRefusal };

function refuse(detail: string, refused: AssetImportRefusal['refused']): ImportOutcome {
  return { ok: false, refusal: { detail, imported: 0, refused } };
}

function headerName(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Columns whose empty cell takes the form's default. */
const DEFAULTED_COLUMNS: readonly string[] = ['type', 'unit', 'status'];
const MAP_COLUMNS: readonly string[] = ASSET_IMPORT_MAP_COLUMNS;

/** A CSV cell as the schema expects it: numbers from text (thousands separators allowed); an empty cell takes the
 * default where there is one, and is otherwise left empty so the schema names it as required. */
function cellValue(column: string, raw: string): unknown {
  const text = raw.trim();
  if (text === '') {
    return DEFAULTED_COLUMNS.includes(column) || NUMERIC_COLUMNS.includes(column) || MAP_COLUMNS.includes(column)
      ? undefined
      : '';
  }
  if (NUMERIC_COLUMNS.includes(column) || MAP_COLUMNS.includes(column)) {
    const cleaned = text.replace(/[,\s]/g, '');
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  }
  return text;
}

/** The row's map_x, map_y, map_w and map_h as a position: all four, or none (undefined); some only is a reason. */
function mapCells(raw: Partial<Record<MapColumn, unknown>>): { map?: unknown; reason?: string } {
  const given = ASSET_IMPORT_MAP_COLUMNS.filter((column) => raw[column] !== undefined);
  if (given.length === 0) return {};
  if (given.length < ASSET_IMPORT_MAP_COLUMNS.length) {
    return { reason: 'map_x, map_y, map_w, map_h: give all four for a place on the map, or leave all four empty' };
  }
  return { map: { x: raw.map_x, y: raw.map_y, w: raw.map_w, h: raw.map_h } };
}

/** A schema issue's path as the file names the column: `map.x` is the column map_x. */
function columnOfIssue(path: PropertyKey[]): string {
  if (path[0] === 'map' && typeof path[1] === 'string') return `map_${path[1]}`;
  return path.join('.') || 'row';
}

/** Reads every row, refuses the file if any row is wrong, and otherwise inserts all rows in one transaction. */
export async function importAssetsFromCsv(db: Database, text: string): Promise<ImportOutcome> {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return refuse('The file is not valid CSV; nothing was imported', [
        {
          row: error.line,
          asset_code: null,
          reasons: [error.message],
          problems: [{ code: 'csv_syntax', params: { line: error.line } }],
        },
      ]);
    }
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return refuse('The file is empty; nothing was imported', []);

  const columns = header.fields.map(headerName);
  const headerReasons: string[] = [];
  const headerProblems: AssetImportProblem[] = [];
  const headerProblem = (code: AssetImportProblemCode, column: string, reason: string) => {
    headerReasons.push(reason);
    headerProblems.push({ code, params: { column } });
  };
  const known = new Set<string>([...ASSET_IMPORT_COLUMNS, ...ASSET_IMPORT_MAP_COLUMNS]);
  const seenColumns = new Set<string>();
  for (const column of columns) {
    if (!known.has(column)) headerProblem('unknown_column', column, `Unknown column '${column}'`);
    else if (seenColumns.has(column)) headerProblem('duplicate_column', column, `Column '${column}' appears twice`);
    seenColumns.add(column);
  }
  const optional = new Set<string>(ASSET_IMPORT_OPTIONAL_COLUMNS);
  for (const column of ASSET_IMPORT_COLUMNS) {
    if (!optional.has(column) && !seenColumns.has(column)) {
      headerProblem('missing_column', column, `Missing column '${column}'`);
    }
  }
  if (headerReasons.length > 0) {
    return refuse('The header row is not right; nothing was imported', [
      { row: header.line, asset_code: null, reasons: headerReasons, problems: headerProblems },
    ]);
  }
  if (rows.length === 0) return refuse('The file has no asset rows; nothing was imported', []);
  if (rows.length > MAX_ASSET_IMPORT_ROWS) {
    return refuse(`A file may hold at most ${MAX_ASSET_IMPORT_ROWS} assets; this one has ${rows.length}`, []);
  }

  const refused: AssetImportRefusal['refused'] = [];
  const valid: { line: number; asset: NewAsset }[] = [];
  const firstLineOfCode = new Map<string, number>();
  for (const record of rows) {
    const raw: Partial<Record<ImportColumn | MapColumn, unknown>> = {};
    columns.forEach((column, index) => {
      raw[column as ImportColumn] = cellValue(column, record.fields[index] ?? '');
    });
    const code = typeof raw.asset_code === 'string' && raw.asset_code !== '' ? raw.asset_code : null;
    const reasons: string[] = [];
    const problems: AssetImportProblem[] = [];
    const say = (code: AssetImportProblemCode, params: AssetImportProblem['params'], reason: string) => {
      reasons.push(reason);
      problems.push({ code, params });
    };
    if (record.fields.length !== columns.length) {
      say(
        'field_count',
        { expected: columns.length, found: record.fields.length },
        `Expected ${columns.length} fields, found ${record.fields.length}`,
      );
    }
    const place = mapCells(raw);
    if (place.reason) say('map_incomplete', {}, place.reason);
    const fields: Record<string, unknown> = {};
    for (const column of ASSET_IMPORT_COLUMNS) fields[column] = raw[column];
    const parsed = createAssetRequestSchema.safeParse({ ...fields, map: place.map });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = columnOfIssue(issue.path);
        say('invalid_value', { column }, `${column}: ${issue.message}`);
      }
    }
    if (code) {
      const earlier = firstLineOfCode.get(code.toLowerCase());
      if (earlier !== undefined) {
        say('code_repeated', { code, row: earlier }, `Asset code ${code} is already on row ${earlier}`);
      } else firstLineOfCode.set(code.toLowerCase(), record.line);
    }
    if (reasons.length > 0 || !parsed.success) refused.push({ row: record.line, asset_code: code, reasons, problems });
    else valid.push({ line: record.line, asset: parsed.data });
  }

  // The register is read and written in one transaction, with the maps of the file's zones held, so that no other
  // writer places a plot on a cell this file takes between the check and the insert.
  return db.transaction(async (tx): Promise<ImportOutcome> => {
    const mappedZones = [...new Set(valid.filter((item) => item.asset.map).map((item) => item.asset.zone))].sort();
    for (const zone of mappedZones) await lockZoneMap(tx, zone);

    const existing = await findExistingAssetCodes(
      tx,
      valid.map((item) => item.asset.asset_code),
    );
    for (const item of valid) {
      if (existing.has(item.asset.asset_code.toLowerCase())) {
        refused.push({
          row: item.line,
          asset_code: item.asset.asset_code,
          reasons: [duplicateCode(item.asset.asset_code)],
          problems: [{ code: 'code_taken', params: { code: item.asset.asset_code } }],
        });
      }
    }
    refused.push(...(await overlapRefusals(tx, valid, mappedZones)));
    if (refused.length > 0) {
      refused.sort((a, b) => a.row - b.row);
      const noun = refused.length === 1 ? 'row was' : 'rows were';
      return refuse(`${refused.length} ${noun} refused; nothing was imported`, refused);
    }

    // A code taken by a racing request between the check and here breaks the unique index: the whole batch rolls
    // back (409).
    for (let start = 0; start < valid.length; start += INSERT_BATCH_SIZE) {
      await insertAssets(
        tx,
        valid.slice(start, start + INSERT_BATCH_SIZE).map((item) => toValues(item.asset)),
      );
    }
    return { ok: true, report: { imported: valid.length, refused: [] } };
  });
}

/** Rows whose place on the map shares a cell with a plot already on that zone's map, or with an earlier row's. */
async function overlapRefusals(
  db: Database,
  valid: { line: number; asset: NewAsset }[],
  zones: string[],
): Promise<AssetImportRefusal['refused']> {
  const taken = new Map<string, { code: string; map: AssetMapPosition }[]>();
  for (const plot of await findMappedPlots(db, zones)) {
    taken.set(plot.zone, [...(taken.get(plot.zone) ?? []), { code: plot.assetCode, map: plot.map }]);
  }
  const refused: AssetImportRefusal['refused'] = [];
  for (const { line, asset } of valid) {
    if (!asset.map) continue;
    const placed = taken.get(asset.zone) ?? [];
    const overlapping = placed.filter((plot) => mapPositionsOverlap(plot.map, asset.map!)).map((plot) => plot.code);
    if (overlapping.length > 0) {
      refused.push({
        row: line,
        asset_code: asset.asset_code,
        reasons: [overlapMessage(asset.zone, overlapping)],
        problems: [{ code: 'map_overlap', params: { zone: asset.zone, codes: overlapping.join(', ') } }],
      });
    }
    placed.push({ code: asset.asset_code, map: asset.map });
    taken.set(asset.zone, placed);
  }
  return refused;
}
