// The asset list's valuation and area sorts and a zone's plot map are answered by migration 0008's indexes: the
// statements the list and the map really send are planned with sequential scans discouraged, and must read the
// index (a changed sort expression that no longer matches its index would plan a Sort over the table).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { assetListQuerySchema } from '@portal/contract';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { getZoneMap, listAssets } from './service';

interface Statement {
  sql: string;
  params: unknown[];
}

interface QueryClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

describe(`asset sort indexes (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let client: QueryClient;

  beforeAll(async () => {
    ctx = await createTestContext();
    client = (ctx.db as unknown as { $client: QueryClient }).$client;
  });
  afterAll(() => ctx.close());

  /** The statements one call sends, from a second drizzle over the same connection that logs them. */
  async function statementsOf(call: (db: Database) => Promise<unknown>): Promise<Statement[]> {
    const statements: Statement[] = [];
    const logger = { logQuery: (sql: string, params: unknown[]) => statements.push({ sql, params }) };
    const options = { client: client as never, schema, logger };
    const db = (TEST_DB_KIND === 'pglite' ? drizzlePglite(options) : drizzlePg(options)) as unknown as Database;
    await call(db);
    return statements;
  }

  /** The plan's text with sequential scans made dear, so any index that answers the ORDER BY is taken (on one
   * connection: a pool would run the SET and the EXPLAIN on different ones). */
  async function planOf(statement: Statement): Promise<string> {
    const session =
      TEST_DB_KIND === 'pglite'
        ? { query: client.query.bind(client), release: () => {} }
        : await (client as unknown as { connect(): Promise<QueryClient & { release(): void }> }).connect();
    await session.query('BEGIN');
    try {
      await session.query('SET LOCAL enable_seqscan = off');
      await session.query('SET LOCAL enable_bitmapscan = off');
      const { rows } = await session.query(`EXPLAIN ${statement.sql}`, statement.params);
      return rows.map((row) => String(row['QUERY PLAN'])).join('\n');
    } finally {
      await session.query('ROLLBACK');
      session.release();
    }
  }

  const firstPage = (sort: string) => (db: Database) => listAssets(db, assetListQuerySchema.parse({ sort }));

  it.each([
    ['valuation', 'assets_valuation_idx'],
    ['-valuation', 'assets_valuation_idx'],
    ['total_area', 'assets_total_area_sqm_idx'],
    ['-total_area', 'assets_total_area_sqm_idx'],
  ])('sort=%s reads %s instead of sorting the table', async (sort, index) => {
    const [page] = await statementsOf(firstPage(sort));
    const plan = await planOf(page!);
    expect(plan, plan).toContain(index);
    expect(plan, plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });

  it('the next page of sort=-total_area (its cursor condition) reads the area index too', async () => {
    const [, , next] = await statementsOf(async (db) => {
      const first = await listAssets(db, assetListQuerySchema.parse({ sort: '-total_area', limit: '5' }));
      expect(first.nextCursor).not.toBeNull();
      await listAssets(db, assetListQuerySchema.parse({ sort: '-total_area', limit: '5', cursor: first.nextCursor }));
    });
    const plan = await planOf(next!);
    expect(plan, plan).toContain('assets_total_area_sqm_idx');
  });

  it("a zone's plot map reads its mapped plots from assets_zone_map_idx in map order", async () => {
    const { rows } = await client.query('SELECT zone FROM assets WHERE map_x IS NOT NULL LIMIT 1');
    const zone = String(rows[0]!.zone);
    const [plots] = await statementsOf((db) => getZoneMap(db, zone));
    const plan = await planOf(plots!);
    expect(plan, plan).toContain('assets_zone_map_idx');
    expect(plan, plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });
});
