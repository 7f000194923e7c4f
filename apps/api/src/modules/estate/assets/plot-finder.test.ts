// Finding the right plot: the asset list's area and valuation ranges and sorts, a plot's place on its zone's map (set
// on create, edit and CSV import, never overlapping another), the zones and the zone map, and no area shown as
// available once an allotment holds the asset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday, ZONE_MAP_MAX_PLOTS, type Asset, type ZoneList, type ZoneMap } from '@portal/contract';
import { findAssetById, insertAssets, type AssetValues } from '../../../repositories/assets';
import { createTestContext, multipart, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { getList, walkList } from '../../../test/list-fixtures';
import { insertTestApplication, insertTestAsset } from '../../../test/workflow-fixtures';

const HEADER =
  'asset_code,category_id,type,zone,location,survey_number,plot_number,total_area,available_area,unit,valuation,status';
const ZONE = 'Finder Park';

function row(code: string, overrides: Partial<AssetValues> = {}): AssetValues {
  return {
    assetCode: code,
    categoryId: 'msme',
    type: 'plot',
    zone: ZONE,
    location: 'Finder Estate',
    surveyNumber: '1/1',
    plotNumber: null,
    totalArea: 1000,
    availableArea: 1000,
    unit: 'sqm',
    valuation: 1_000_000,
    status: 'available',
    ...overrides,
  };
}

describe(`finding the right plot (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let ho: string;
  let entrepreneur: string;

  const create = (payload: Record<string, unknown>) => ctx.request(ho, { method: 'POST', url: '/api/assets', payload });
  const edit = (id: string, payload: Record<string, unknown>, token = ho) =>
    ctx.request(token, { method: 'PATCH', url: `/api/assets/${id}`, payload });
  const importCsv = async (text: string) => {
    const body = multipart({}, { name: 'assets.csv', bytes: Buffer.from(text, 'utf8') });
    return ctx.request(ho, { method: 'POST', url: '/api/assets/import', ...body });
  };
  const zoneMap = async (zone: string, token = entrepreneur) => {
    const response = await ctx.request(token, {
      method: 'GET',
      url: `/api/assets/map?zone=${encodeURIComponent(zone)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ZoneMap;
  };
  const newAsset = (code: string, zone: string, extra: Record<string, unknown> = {}) => ({
    asset_code: code,
    category_id: 'msme',
    type: 'plot',
    zone,
    location: 'Grid Park',
    survey_number: '2/2',
    total_area: 500,
    available_area: 500,
    unit: 'sqm',
    valuation: 900_000,
    ...extra,
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    ho = await ctx.tokenFor('ho');
    entrepreneur = await ctx.tokenFor('entrepreneur');
    await insertAssets(ctx.db, [
      // 1 acre = 4,046.86 sqm, 10,000 sq ft = 929.03 sqm: in sqm the order is FND-2, FND-3, FND-1, FND-4, FND-5.
      row('FND-1', { type: 'land', unit: 'acres', totalArea: 1, availableArea: 1, valuation: 5_000_000 }),
      row('FND-2', { type: 'shed', unit: 'sqft', totalArea: 10_000, availableArea: 10_000, valuation: 2_000_000 }),
      row('FND-3', { totalArea: 2000, availableArea: 2000, valuation: 3_000_000 }),
      row('FND-4', { totalArea: 6000, availableArea: 6000, valuation: 4_000_000, status: 'allotted' }),
      row('FND-5', { type: 'land', unit: 'acres', totalArea: 3, availableArea: 3, valuation: 9_000_000 }),
    ]);
  });
  afterAll(() => ctx.close());

  describe('area and valuation ranges and sorts', () => {
    const codes = (items: Asset[]) => items.map((asset) => asset.asset_code);

    it('filters by the total area in square metres whatever each asset is measured in, or in the unit asked', async () => {
      const base = `/api/assets?zone=${encodeURIComponent(ZONE)}`;
      expect(codes((await getList<Asset>(ctx, ho, `${base}&area_min=1500&area_max=5000`)).items)).toEqual([
        'FND-1',
        'FND-3',
      ]);
      expect(codes((await getList<Asset>(ctx, ho, `${base}&area_min=1&area_max=2&area_unit=acres`)).items)).toEqual([
        'FND-1',
        'FND-4',
      ]);
      expect(codes((await getList<Asset>(ctx, ho, `${base}&area_max=1000`)).items)).toEqual(['FND-2']);
      const bounded = await getList<Asset>(ctx, ho, `${base}&area_min=4046.8564224&area_max=4046.8564224`);
      expect(codes(bounded.items)).toEqual(['FND-1']);
      expect(bounded.total).toBe(1);
    });

    it('filters by valuation, both bounds included, and combines the ranges with the other filters', async () => {
      const base = `/api/assets?zone=${encodeURIComponent(ZONE)}`;
      expect(
        codes((await getList<Asset>(ctx, ho, `${base}&valuation_min=3000000&valuation_max=5000000`)).items),
      ).toEqual(['FND-1', 'FND-3', 'FND-4']);
      const available = await getList<Asset>(
        ctx,
        entrepreneur,
        `/api/assets/available?zone=${encodeURIComponent(ZONE)}&valuation_min=3000000&area_min=3000`,
      );
      expect(codes(available.items)).toEqual(['FND-1', 'FND-5']);
      expect(available.total).toBe(2);
    });

    it('sorts by size in square metres, by valuation and by zone, either way, across pages', async () => {
      const base = `/api/assets?zone=${encodeURIComponent(ZONE)}&limit=2`;
      expect(codes(await walkList<Asset>(ctx, ho, `${base}&sort=total_area`))).toEqual([
        'FND-2',
        'FND-3',
        'FND-1',
        'FND-4',
        'FND-5',
      ]);
      expect(codes(await walkList<Asset>(ctx, ho, `${base}&sort=-total_area`))).toEqual([
        'FND-5',
        'FND-4',
        'FND-1',
        'FND-3',
        'FND-2',
      ]);
      expect(codes(await walkList<Asset>(ctx, ho, `${base}&sort=-valuation`))).toEqual([
        'FND-5',
        'FND-1',
        'FND-4',
        'FND-3',
        'FND-2',
      ]);
      // The allotted FND-4 has none available: it sorts as 0.
      expect(codes(await walkList<Asset>(ctx, ho, `${base}&sort=available_area`))[0]).toBe('FND-4');
      const byZone = await walkList<Asset>(ctx, ho, '/api/assets?sort=-zone&limit=200&area_min=0');
      const zones = byZone.map((asset) => asset.zone);
      expect(zones).toEqual([...zones].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    });

    it('refuses a minimum above its maximum, a negative bound, a word or an unknown unit with 422', async () => {
      for (const query of [
        'area_min=5000&area_max=100',
        'valuation_min=2000000&valuation_max=1000000',
        'area_min=-1',
        'valuation_max=-5',
        'area_min=big',
        'area_unit=hectares',
      ]) {
        for (const path of ['/api/assets', '/api/assets/available']) {
          const response = await ctx.request(entrepreneur, { method: 'GET', url: `${path}?${query}` });
          expect(response.statusCode, `${path}?${query}`).toBe(422);
          expect(response.json().code).toBe('validation_failed');
        }
      }
      const range = await ctx.request(ho, { method: 'GET', url: '/api/assets?area_min=5000&area_max=100' });
      expect(range.json().errors).toEqual([
        { path: 'querystring.area_min', message: 'area_min must not be more than area_max' },
      ]);
      // Equal bounds are a range of one value.
      expect((await ctx.request(ho, { method: 'GET', url: '/api/assets?area_min=5&area_max=5' })).statusCode).toBe(200);
    });
  });

  describe("a plot's place on its zone's map", () => {
    it('is set on create, answered with the asset, and null when none is given', async () => {
      const placed = await create(newAsset('MAP-1', 'Grid Zone', { map: { x: 1, y: 1, w: 3, h: 2 } }));
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().map).toEqual({ x: 1, y: 1, w: 3, h: 2 });
      const read = await ctx.request(entrepreneur, { method: 'GET', url: `/api/assets/${placed.json().id}` });
      expect(read.json().map).toEqual({ x: 1, y: 1, w: 3, h: 2 });
      const unplaced = await create(newAsset('MAP-2', 'Grid Zone'));
      expect(unplaced.statusCode).toBe(201);
      expect(unplaced.json().map).toBeNull();
    });

    it('refuses a position missing a side, not positive, not whole, or past the 40 x 40 grid (422)', async () => {
      for (const map of [
        { x: 1, y: 1, w: 2 },
        { x: 0, y: 1, w: 2, h: 2 },
        { x: 1, y: 1, w: 0, h: 2 },
        { x: 1.5, y: 1, w: 2, h: 2 },
        { x: 39, y: 1, w: 3, h: 1 },
        { x: 1, y: 40, w: 1, h: 2 },
        { x: 41, y: 1, w: 1, h: 1 },
      ]) {
        const response = await create(newAsset(`BAD-${JSON.stringify(map).length}`, 'Grid Zone', { map }));
        expect(response.statusCode, JSON.stringify(map)).toBe(422);
      }
      // The last cell of the grid is inside it.
      expect((await create(newAsset('MAP-EDGE', 'Edge Zone', { map: { x: 40, y: 40, w: 1, h: 1 } }))).statusCode).toBe(
        201,
      );
    });

    it('refuses a place that shares a cell with another plot of the zone (409), but not one in another zone', async () => {
      const overlap = await create(newAsset('MAP-3', 'Grid Zone', { map: { x: 3, y: 2, w: 2, h: 2 } }));
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json().detail).toContain('MAP-1');
      const beside = await create(newAsset('MAP-3', 'Grid Zone', { map: { x: 4, y: 1, w: 2, h: 2 } }));
      expect(beside.statusCode, beside.body).toBe(201);
      const elsewhere = await create(newAsset('MAP-4', 'Other Grid Zone', { map: { x: 1, y: 1, w: 3, h: 2 } }));
      expect(elsewhere.statusCode).toBe(201);
    });

    it('is set, moved and cleared by an edit (ho, admin), which refuses an overlap and keeps the other fields', async () => {
      const asset = (await create(newAsset('MAP-5', 'Grid Zone'))).json() as Asset;
      const placed = await edit(asset.id, { map: { x: 10, y: 10, w: 2, h: 2 } });
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json()).toMatchObject({ map: { x: 10, y: 10, w: 2, h: 2 }, total_area: 500, status: 'available' });
      // Moving onto itself is fine; onto MAP-1 is not.
      expect((await edit(asset.id, { map: { x: 11, y: 10, w: 2, h: 2 } })).statusCode).toBe(200);
      const clash = await edit(asset.id, { map: { x: 2, y: 2, w: 1, h: 1 } });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().detail).toContain('MAP-1');
      // Moving to another zone checks that zone's map, at the plot's current place.
      const other = await edit(asset.id, { zone: 'Other Grid Zone', map: { x: 1, y: 1, w: 1, h: 1 } });
      expect(other.statusCode).toBe(409);
      const renamed = await edit(asset.id, { location: 'New Gate', plot_number: 'P-77' }, await ctx.tokenFor('admin'));
      expect(renamed.json()).toMatchObject({ location: 'New Gate', plot_number: 'P-77', map: { x: 11, y: 10 } });
      const cleared = await edit(asset.id, { map: null });
      expect(cleared.json().map).toBeNull();
    });

    it('refuses an edit of a field it does not change, an empty edit, a bad id, and anyone but ho and admin', async () => {
      const asset = (await create(newAsset('MAP-6', 'Grid Zone'))).json() as Asset;
      expect((await edit(asset.id, { status: 'allotted' })).statusCode).toBe(422);
      expect((await edit(asset.id, { total_area: 1 })).statusCode).toBe(422);
      expect((await edit(asset.id, {})).statusCode).toBe(422);
      expect((await edit(asset.id, { map: { x: 1, y: 1 } })).statusCode).toBe(422);
      expect((await edit(crypto.randomUUID(), { location: 'Nowhere' })).statusCode).toBe(404);
      for (const role of ['entrepreneur', 'zonal_manager', 'committee', 'finance'] as const) {
        const response = await edit(asset.id, { location: 'Sneaky' }, await ctx.tokenFor(role));
        expect(response.statusCode, role).toBe(403);
      }
      expect(
        (await ctx.request(null, { method: 'PATCH', url: `/api/assets/${asset.id}`, payload: {} })).statusCode,
      ).toBe(401);
    });

    it('is read from the optional map_x, map_y, map_w and map_h columns of an import', async () => {
      const header = `${HEADER},map_x,map_y,map_w,map_h`;
      const good = await importCsv(
        `${header}\n` +
          'CSV-M1,msme,plot,Csv Zone,Csv Park,1/1,P-1,100,100,sqm,100000,available,1,1,2,2\n' +
          'CSV-M2,msme,plot,Csv Zone,Csv Park,1/2,P-2,100,100,sqm,100000,available,,,,\n' +
          'CSV-M3,msme,plot,Csv Zone,Csv Park,1/3,P-3,100,100,sqm,100000,available,3,1,2,2\n',
      );
      expect(good.statusCode, good.body).toBe(201);
      const map = await zoneMap('Csv Zone');
      expect(map.plots.map((plot) => [plot.asset_code, plot.map])).toEqual([
        ['CSV-M1', { x: 1, y: 1, w: 2, h: 2 }],
        ['CSV-M3', { x: 3, y: 1, w: 2, h: 2 }],
      ]);
      expect(map.unmapped).toBe(1);
    });

    it('refuses import rows with some map columns only, a bad cell, or a place taken by the register or the file', async () => {
      const header = `${HEADER},map_x,map_y,map_w,map_h`;
      const refused = await importCsv(
        `${header}\n` +
          'CSV-X1,msme,plot,Csv Zone,Csv Park,1/1,,100,100,sqm,100000,available,5,5,,\n' +
          'CSV-X2,msme,plot,Csv Zone,Csv Park,1/1,,100,100,sqm,100000,available,0,5,1,1\n' +
          'CSV-X3,msme,plot,Csv Zone,Csv Park,1/1,,100,100,sqm,100000,available,2,2,1,1\n' +
          'CSV-X4,msme,plot,Csv Zone,Csv Park,1/1,,100,100,sqm,100000,available,10,10,3,3\n' +
          'CSV-X5,msme,plot,Csv Zone,Csv Park,1/1,,100,100,sqm,100000,available,12,12,1,1\n' +
          'CSV-X6,msme,plot,Csv Zone,Csv Park,1/1,,100,100,sqm,100000,available,38,1,4,1\n',
      );
      expect(refused.statusCode).toBe(422);
      const report = refused.json() as { imported: number; refused: { row: number; reasons: string[] }[] };
      expect(report.imported).toBe(0);
      const reasons = Object.fromEntries(report.refused.map((item) => [item.row, item.reasons.join(' | ')]));
      expect(Object.keys(reasons).map(Number)).toEqual([2, 3, 4, 6, 7]);
      expect(reasons[2]).toContain('give all four');
      expect(reasons[3]).toContain('map_x');
      expect(reasons[4]).toContain('CSV-M1');
      expect(reasons[6]).toContain('CSV-X4');
      expect(reasons[7]).toContain('map_w');
      expect((await zoneMap('Csv Zone')).plots).toHaveLength(2);
    });
  });

  describe('zones and the zone map', () => {
    it('lists the zones that hold assets, in order, to any signed-in user', async () => {
      const response = await ctx.request(entrepreneur, { method: 'GET', url: '/api/assets/zones' });
      expect(response.statusCode).toBe(200);
      const { zones, truncated } = response.json() as ZoneList;
      expect(truncated).toBe(false);
      expect(zones).toEqual(expect.arrayContaining(['Hyderabad North', 'Warangal', ZONE]));
      expect(zones).toEqual([...zones].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set(zones).size).toBe(zones.length);
      expect((await ctx.request(null, { method: 'GET', url: '/api/assets/zones' })).statusCode).toBe(401);
    });

    it("places every demo asset on its zone's map, inside the grid and without overlaps", async () => {
      // Six demo plots a zone, and Nalgonda's four more held for the demo schemes.
      const plotsIn = { 'Hyderabad North': 6, 'Hyderabad South': 6, Warangal: 6, Karimnagar: 6, Nalgonda: 10 };
      for (const [zone, count] of Object.entries(plotsIn)) {
        const map = await zoneMap(zone);
        expect(map.plots).toHaveLength(count);
        expect(map.unmapped).toBe(0);
        for (const [index, plot] of map.plots.entries()) {
          const place = plot.map!;
          expect(place.x + place.w - 1).toBeLessThanOrEqual(map.columns);
          expect(place.y + place.h - 1).toBeLessThanOrEqual(map.rows);
          for (const other of map.plots.slice(index + 1)) {
            const b = other.map!;
            const shares =
              place.x < b.x + b.w && b.x < place.x + place.w && place.y < b.y + b.h && b.y < place.y + place.h;
            expect(shares, `${plot.asset_code} and ${other.asset_code}`).toBe(false);
          }
        }
      }
    });

    it("answers a zone's plots with their live status and facts, only that zone's, and nothing private", async () => {
      const asset = await insertTestAsset(ctx);
      await edit(asset.id, { zone: 'Live Zone', map: { x: 2, y: 3, w: 4, h: 1 } });
      const before = await zoneMap('Live Zone', await ctx.tokenFor('finance'));
      expect(before).toMatchObject({ zone: 'Live Zone', columns: 5, rows: 3, truncated: false, unmapped: 0 });
      expect(before.plots).toHaveLength(1);
      expect(before.plots[0]).toMatchObject({ id: asset.id, status: 'available', available_area: 1000 });
      expect(Object.keys(before.plots[0]!)).not.toContain('search_text');
      expect(await zoneMap('No Such Zone')).toMatchObject({ plots: [], unmapped: 0, columns: 1, rows: 1 });
      const missing = await ctx.request(entrepreneur, { method: 'GET', url: '/api/assets/map' });
      expect(missing.statusCode).toBe(422);
      expect((await ctx.request(null, { method: 'GET', url: '/api/assets/map?zone=Warangal' })).statusCode).toBe(401);
    });

    it(`answers at most ${ZONE_MAP_MAX_PLOTS} plots and says so`, async () => {
      // 41 columns of 1-cell plots do not fit: 40 x 11 rows = 440 plots, each on its own cell.
      const values = Array.from({ length: 440 }, (_, index) =>
        row(`BIG-${String(index).padStart(3, '0')}`, {
          zone: 'Big Zone',
          mapX: (index % 40) + 1,
          mapY: Math.floor(index / 40) + 1,
          mapW: 1,
          mapH: 1,
        }),
      );
      await insertAssets(ctx.db, values);
      const map = await zoneMap('Big Zone');
      expect(map.truncated).toBe(true);
      expect(map.plots).toHaveLength(ZONE_MAP_MAX_PLOTS);
      expect(map.plots[0]!.map).toEqual({ x: 1, y: 1, w: 1, h: 1 });
    });
  });

  describe('available area of a held asset', () => {
    it('is none once an allotment reserves or allots the asset, in the asset, the list and the map', async () => {
      const asset = await insertTestAsset(ctx, { totalArea: 2500 });
      await edit(asset.id, { zone: 'Allot Zone', map: { x: 1, y: 1, w: 2, h: 2 } });
      const application = await insertTestApplication(ctx, 'approved', { assetId: asset.id });
      const committee = await ctx.tokenFor('committee');
      const allotted = await ctx.request(committee, {
        method: 'POST',
        url: '/api/allotments',
        payload: {
          application_id: application.id,
          asset_id: asset.id,
          allotment_type: 'provisional',
          allotment_date: businessToday(),
        },
      });
      expect(allotted.statusCode, allotted.body).toBe(201);
      const read = await ctx.request(entrepreneur, { method: 'GET', url: `/api/assets/${asset.id}` });
      expect(read.json()).toMatchObject({ status: 'reserved', total_area: 2500, available_area: 0 });
      // Stored so, not only shown so: reports and sorts read the column.
      expect((await findAssetById(ctx.db, asset.id))!.availableArea).toBe(0);
      const listed = await getList<Asset>(ctx, ho, '/api/assets?zone=Allot%20Zone');
      expect(listed.items[0]).toMatchObject({ status: 'reserved', available_area: 0 });
      expect((await zoneMap('Allot Zone')).plots[0]).toMatchObject({ status: 'reserved', available_area: 0 });
    });

    it('is none for an asset created or imported as reserved or allotted', async () => {
      const created = await create(newAsset('HELD-1', 'Held Zone', { status: 'allotted' }));
      expect(created.json()).toMatchObject({ status: 'allotted', total_area: 500, available_area: 0 });
      const imported = await importCsv(`${HEADER}\nHELD-2,msme,plot,Held Zone,Park,1/1,,100,100,sqm,100000,reserved\n`);
      expect(imported.statusCode).toBe(201);
      const listed = await getList<Asset>(ctx, ho, '/api/assets?zone=Held%20Zone');
      expect(listed.items.map((asset) => asset.available_area)).toEqual([0, 0]);
    });
  });
});
