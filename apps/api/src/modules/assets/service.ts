/** The asset list, asset creation and the all-or-nothing CSV import (ho and admin). */
import type { z } from 'zod';
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_OPTIONAL_COLUMNS,
  createAssetRequestSchema,
  MAX_ASSET_IMPORT_ROWS,
  type Asset,
  type AssetImportRefusal,
  type AssetListQuery,
  type AssetImportReport,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { conflict } from '../../lib/http-error';
import type { Page } from '../../lib/list-page';
import {
  findExistingAssetCodes,
  insertAssets,
  insertAssetUnlessCodeTaken,
  searchAssets,
  toAsset,
  type AssetValues,
} from '../../repositories/assets';
import { CsvSyntaxError, parseCsv } from './parse-csv';

type NewAsset = z.output<typeof createAssetRequestSchema>;
type ImportColumn = (typeof ASSET_IMPORT_COLUMNS)[number];

const NUMERIC_COLUMNS: readonly ImportColumn[] = ['total_area', 'available_area', 'valuation'];
const INSERT_BATCH_SIZE = 500;

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
  };
}

/** Every signed-in user may browse the assets. */
export async function listAssets(db: Database, query: AssetListQuery): Promise<Page<Asset>> {
  const page = await searchAssets(db, { query });
  return { ...page, items: page.items.map(toAsset) };
}

const duplicateCode = (code: string) => `An asset with code ${code} already exists`;

export async function createAsset(db: Database, asset: NewAsset): Promise<Asset> {
  // Codes are compared without case so that "hyd-la-001" cannot shadow "HYD-LA-001".
  if ((await findExistingAssetCodes(db, [asset.asset_code])).size > 0) throw conflict(duplicateCode(asset.asset_code));
  const row = await db.transaction((tx) => insertAssetUnlessCodeTaken(tx, toValues(asset)));
  if (!row) throw conflict(duplicateCode(asset.asset_code));
  return toAsset(row);
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
const DEFAULTED_COLUMNS: readonly ImportColumn[] = ['type', 'unit', 'status'];

/** A CSV cell as the schema expects it: numbers from text (thousands separators allowed); an empty cell takes the
 * default where there is one, and is otherwise left empty so the schema names it as required. */
function cellValue(column: ImportColumn, raw: string): unknown {
  const text = raw.trim();
  if (text === '') return DEFAULTED_COLUMNS.includes(column) || NUMERIC_COLUMNS.includes(column) ? undefined : '';
  if (NUMERIC_COLUMNS.includes(column)) {
    const cleaned = text.replace(/[,\s]/g, '');
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  }
  return text;
}

/** Reads every row, refuses the file if any row is wrong, and otherwise inserts all rows in one transaction. */
export async function importAssetsFromCsv(db: Database, text: string): Promise<ImportOutcome> {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return refuse('The file is not valid CSV; nothing was imported', [
        { row: error.line, asset_code: null, reasons: [error.message] },
      ]);
    }
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return refuse('The file is empty; nothing was imported', []);

  const columns = header.fields.map(headerName);
  const headerReasons: string[] = [];
  const known = new Set<string>(ASSET_IMPORT_COLUMNS);
  const seenColumns = new Set<string>();
  for (const column of columns) {
    if (!known.has(column)) headerReasons.push(`Unknown column '${column}'`);
    else if (seenColumns.has(column)) headerReasons.push(`Column '${column}' appears twice`);
    seenColumns.add(column);
  }
  const optional = new Set<string>(ASSET_IMPORT_OPTIONAL_COLUMNS);
  for (const column of ASSET_IMPORT_COLUMNS) {
    if (!optional.has(column) && !seenColumns.has(column)) headerReasons.push(`Missing column '${column}'`);
  }
  if (headerReasons.length > 0) {
    return refuse('The header row is not right; nothing was imported', [
      { row: header.line, asset_code: null, reasons: headerReasons },
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
    const raw: Partial<Record<ImportColumn, unknown>> = {};
    columns.forEach((column, index) => {
      raw[column as ImportColumn] = cellValue(column as ImportColumn, record.fields[index] ?? '');
    });
    const code = typeof raw.asset_code === 'string' && raw.asset_code !== '' ? raw.asset_code : null;
    const reasons: string[] = [];
    if (record.fields.length !== columns.length) {
      reasons.push(`Expected ${columns.length} fields, found ${record.fields.length}`);
    }
    const parsed = createAssetRequestSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) reasons.push(`${issue.path.join('.') || 'row'}: ${issue.message}`);
    }
    if (code) {
      const earlier = firstLineOfCode.get(code.toLowerCase());
      if (earlier !== undefined) reasons.push(`Asset code ${code} is already on row ${earlier}`);
      else firstLineOfCode.set(code.toLowerCase(), record.line);
    }
    if (reasons.length > 0 || !parsed.success) refused.push({ row: record.line, asset_code: code, reasons });
    else valid.push({ line: record.line, asset: parsed.data });
  }

  const existing = await findExistingAssetCodes(
    db,
    valid.map((item) => item.asset.asset_code),
  );
  for (const item of valid) {
    if (existing.has(item.asset.asset_code.toLowerCase())) {
      refused.push({
        row: item.line,
        asset_code: item.asset.asset_code,
        reasons: [duplicateCode(item.asset.asset_code)],
      });
    }
  }
  if (refused.length > 0) {
    refused.sort((a, b) => a.row - b.row);
    const noun = refused.length === 1 ? 'row was' : 'rows were';
    return refuse(`${refused.length} ${noun} refused; nothing was imported`, refused);
  }

  // A code taken by a racing request between the check and here breaks the unique index: the whole batch rolls back (409).
  await db.transaction(async (tx) => {
    for (let start = 0; start < valid.length; start += INSERT_BATCH_SIZE) {
      await insertAssets(
        tx,
        valid.slice(start, start + INSERT_BATCH_SIZE).map((item) => toValues(item.asset)),
      );
    }
  });
  return { ok: true, report: { imported: valid.length, refused: [] } };
}
