/** Imported bank statements: one row per file (its SHA-256 is unique), with the counts and the row-by-row report of
 * what its lines came to (decision 016). */
import { eq, ilike, inArray, sql } from 'drizzle-orm';
import { STATEMENT_IMPORT_LIST, type StatementImportListQuery, type StatementRow } from '@portal/contract';
import type { Database } from '../../../db/client';
import { bankCredits, bankStatementImports, users } from '../../../db/schema';
import { likePattern, type Page, pageOfTable, type SortExpression } from '../../../core/list-page';

export type StatementImportRow = typeof bankStatementImports.$inferSelect;

export interface StatementImportView extends StatementImportRow {
  importedByName: string;
  rows: StatementRow[];
}

export interface NewStatementImport {
  fileName: string;
  fileSha256: string;
  importedBy: string;
  rowsTotal: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  malformed: number;
  rows: StatementRow[];
}

/** Inserts the import; undefined when the same file was imported at the same moment (its SHA-256 is unique). */
export async function insertStatementImport(
  db: Database,
  values: NewStatementImport,
): Promise<StatementImportRow | undefined> {
  const { rows, ...rest } = values;
  const [row] = await db
    .insert(bankStatementImports)
    .values({ ...rest, report: rows })
    .onConflictDoNothing({ target: bankStatementImports.fileSha256 })
    .returning();
  return row;
}

/** Writes the report once the lines are settled (the credits need the import's id first). */
export async function setStatementImportReport(
  db: Database,
  id: string,
  values: Pick<NewStatementImport, 'rowsTotal' | 'matched' | 'unmatched' | 'duplicates' | 'malformed' | 'rows'>,
): Promise<StatementImportRow> {
  const { rows, ...counts } = values;
  const [row] = await db
    .update(bankStatementImports)
    .set({ ...counts, report: rows })
    .where(eq(bankStatementImports.id, id))
    .returning();
  return row!;
}

async function withNames(db: Database, rows: StatementImportRow[]): Promise<StatementImportView[]> {
  if (rows.length === 0) return [];
  const names = await db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((row) => row.importedBy),
      ),
    );
  const byId = new Map(names.map((row) => [row.id, row.name]));
  return rows.map((row) => ({
    ...row,
    importedByName: byId.get(row.importedBy) ?? '',
    rows: row.report as StatementRow[],
  }));
}

export async function findStatementImportBySha(db: Database, sha256: string): Promise<StatementImportView | undefined> {
  const rows = await db.select().from(bankStatementImports).where(eq(bankStatementImports.fileSha256, sha256));
  return (await withNames(db, rows))[0];
}

export async function findStatementImportById(db: Database, id: string): Promise<StatementImportView | undefined> {
  const rows = await db.select().from(bankStatementImports).where(eq(bankStatementImports.id, id));
  return (await withNames(db, rows))[0];
}

const IMPORT_SORT_COLUMNS = {
  imported_at: bankStatementImports.importedAt,
} satisfies Record<(typeof STATEMENT_IMPORT_LIST.sort)[number], SortExpression>;

export async function searchStatementImports(
  db: Database,
  query: StatementImportListQuery,
): Promise<Page<StatementImportView>> {
  const page = await pageOfTable(db, {
    table: bankStatementImports,
    request: query,
    sortColumns: IMPORT_SORT_COLUMNS,
    conditions: query.q ? [ilike(bankStatementImports.fileName, likePattern(query.q))] : [],
    total: 'capped',
  });
  return { ...page, items: await withNames(db, page.items) };
}

/** The sums of an import's credits, in SQL over numeric: matched at import, and still waiting for a person. */
export async function importAmounts(
  db: Database,
  importIds: string[],
): Promise<Map<string, { matched: number; unmatched: number }>> {
  if (importIds.length === 0) return new Map();
  const rows = await db
    .select({
      importId: bankCredits.importId,
      matched: sql<string>`coalesce(sum(${bankCredits.amount}) filter (where ${bankCredits.status} = 'matched'), 0)::text`,
      unmatched: sql<string>`coalesce(sum(${bankCredits.amount}) filter (where ${bankCredits.status} in ('unmatched', 'settlement_pending')), 0)::text`,
    })
    .from(bankCredits)
    .where(inArray(bankCredits.importId, importIds))
    .groupBy(bankCredits.importId);
  return new Map(rows.map((row) => [row.importId, { matched: Number(row.matched), unmatched: Number(row.unmatched) }]));
}
