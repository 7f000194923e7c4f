// The asset list's valuation and area sorts and a zone's plot map are answered by migration 0008's indexes: the
// statements the list and the map really send are planned with sequential scans discouraged, and must read the
// index (a changed sort expression that no longer matches its index would plan a Sort over the table).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { assetListQuerySchema } from '@portal/contract';
import type { Database } from '../../../db/client';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { planOf, SORTS_ITSELF, statementsOf } from '../../../test/plans';
import { getZoneMap, listAssets } from './service';

describe(`asset sort indexes (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const firstPage = (sort: string) => (db: Database) => listAssets(db, assetListQuerySchema.parse({ sort }));

  it.each([
    ['valuation', 'assets_valuation_idx'],
    ['-valuation', 'assets_valuation_idx'],
    ['total_area', 'assets_total_area_sqm_idx'],
    ['-total_area', 'assets_total_area_sqm_idx'],
  ])('sort=%s reads %s instead of sorting the table', async (sort, index) => {
    const [page] = await statementsOf(ctx, firstPage(sort));
    const plan = await planOf(ctx, page!);
    expect(plan, plan).toContain(index);
    expect(plan, plan).not.toMatch(SORTS_ITSELF);
  });

  it('the next page of sort=-total_area (its cursor condition) reads the area index too', async () => {
    const [, , next] = await statementsOf(ctx, async (db) => {
      const first = await listAssets(db, assetListQuerySchema.parse({ sort: '-total_area', limit: '5' }));
      expect(first.nextCursor).not.toBeNull();
      await listAssets(db, assetListQuerySchema.parse({ sort: '-total_area', limit: '5', cursor: first.nextCursor }));
    });
    const plan = await planOf(ctx, next!);
    expect(plan, plan).toContain('assets_total_area_sqm_idx');
  });

  it("a zone's plot map reads its mapped plots from assets_zone_map_idx in map order", async () => {
    const [row] = (
      (await ctx.db.execute(sql`SELECT zone FROM assets WHERE map_x IS NOT NULL LIMIT 1`)) as unknown as {
        rows: { zone: string }[];
      }
    ).rows;
    const zone = String(row!.zone);
    const [plots] = await statementsOf(ctx, (db) => getZoneMap(db, zone));
    const plan = await planOf(ctx, plots!);
    expect(plan, plan).toContain('assets_zone_map_idx');
    expect(plan, plan).not.toMatch(SORTS_ITSELF);
  });
});
