import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, type Asset, type Role } from '@portal/contract';
import { assets } from '../../../db/schema';
import { insertAssets } from '../../../repositories/assets';
import { createTestContext, multipart, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { expectLimitRefused, getList, walkList } from '../../../test/list-fixtures';

const HEADER =
  'asset_code,category_id,type,zone,location,survey_number,plot_number,total_area,available_area,unit,valuation,status';

function newAsset(code: string, overrides: Record<string, unknown> = {}) {
  return {
    asset_code: code,
    category_id: 'msme',
    zone: 'Warangal',
    location: 'Madikonda IP',
    survey_number: '77/2',
    total_area: 3.25,
    available_area: 3.25,
    valuation: 4_500_000,
    ...overrides,
  };
}

describe(`assets (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const assetCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(assets))[0]!.n;
  const importCsv = async (role: Role, text: string, fileName = 'assets.csv') => {
    const body = multipart({}, { name: fileName, bytes: Buffer.from(text, 'utf8') });
    return ctx.request(await ctx.tokenFor(role), { method: 'POST', url: '/api/assets/import', ...body });
  };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('lists every asset to any signed-in user, and refuses an anonymous caller', async () => {
    for (const role of ['entrepreneur', 'finance', 'ho'] as const) {
      const response = await ctx.request(await ctx.tokenFor(role), { method: 'GET', url: '/api/assets' });
      expect(response.statusCode).toBe(200);
      expect(response.json().length).toBeGreaterThanOrEqual(30);
    }
    expect((await ctx.request(null, { method: 'GET', url: '/api/assets' })).statusCode).toBe(401);
    expect(
      (await ctx.request(null, { method: 'POST', url: '/api/assets', payload: newAsset('ANON-1') })).statusCode,
    ).toBe(401);
  });

  it('answers 404 for an unknown asset id', async () => {
    const response = await ctx.request(await ctx.tokenFor('ho'), {
      method: 'GET',
      url: `/api/assets/${crypto.randomUUID()}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Asset not found');
  });

  it('lets ho create an asset with the defaults (land, acres, available), which an entrepreneur then sees as available', async () => {
    const created = await ctx.request(await ctx.tokenFor('ho'), {
      method: 'POST',
      url: '/api/assets',
      payload: newAsset('WGL-LA-900'),
    });
    expect(created.statusCode).toBe(201);
    const asset: Asset = created.json();
    expect(asset).toMatchObject({
      asset_code: 'WGL-LA-900',
      type: 'land',
      unit: 'acres',
      status: 'available',
      plot_number: null,
      total_area: 3.25,
    });

    const available = await ctx.request(await ctx.tokenFor('entrepreneur'), {
      method: 'GET',
      url: '/api/assets/available',
    });
    expect(available.json().map((row: Asset) => row.asset_code)).toContain('WGL-LA-900');
    const one = await ctx.request(await ctx.tokenFor('entrepreneur'), {
      method: 'GET',
      url: `/api/assets/${asset.id}`,
    });
    expect(one.json()).toMatchObject({ id: asset.id, valuation: 4_500_000 });
  });

  it('lets admin create an asset with every field given', async () => {
    const payload = newAsset('WGL-SH-901', {
      type: 'shed',
      unit: 'sqft',
      plot_number: 'S-9',
      total_area: 1200.5,
      available_area: 1000.25,
      status: 'other',
    });
    const created = await ctx.request(await ctx.tokenFor('admin'), { method: 'POST', url: '/api/assets', payload });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      type: 'shed',
      unit: 'sqft',
      plot_number: 'S-9',
      available_area: 1000.25,
      status: 'other',
    });
  });

  it.each(['zonal_manager', 'committee', 'legal', 'finance', 'entrepreneur'] as const)(
    'refuses %s with 403 and stores nothing',
    async (role) => {
      const before = await assetCount();
      const response = await ctx.request(await ctx.tokenFor(role), {
        method: 'POST',
        url: '/api/assets',
        payload: newAsset(`NO-${role}`),
      });
      expect(response.statusCode).toBe(403);
      expect(await assetCount()).toBe(before);
      const imported = await importCsv(
        role,
        `${HEADER}\nNO-${role}-CSV,msme,land,Warangal,Kazipet,1/1,,2,2,acres,100000,available\n`,
      );
      expect(imported.statusCode).toBe(403);
      expect(await assetCount()).toBe(before);
    },
  );

  it('refuses a duplicate asset code, whatever its case, with 409 and a clear message', async () => {
    const token = await ctx.tokenFor('ho');
    expect(
      (await ctx.request(token, { method: 'POST', url: '/api/assets', payload: newAsset('DUP-001') })).statusCode,
    ).toBe(201);
    for (const code of ['DUP-001', 'dup-001']) {
      const again = await ctx.request(token, { method: 'POST', url: '/api/assets', payload: newAsset(code) });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(`An asset with code ${code} already exists`);
    }
  });

  it('answers 422 with every missing required field, and for an available area above the total', async () => {
    const token = await ctx.tokenFor('ho');
    const empty = await ctx.request(token, { method: 'POST', url: '/api/assets', payload: {} });
    expect(empty.statusCode).toBe(422);
    const paths = empty.json().errors.map((error: { path: string }) => error.path);
    for (const field of [
      'asset_code',
      'category_id',
      'zone',
      'location',
      'survey_number',
      'total_area',
      'available_area',
      'valuation',
    ]) {
      expect(paths).toContain(`body.${field}`);
    }
    expect(paths).not.toContain('body.plot_number');

    const tooMuch = await ctx.request(token, {
      method: 'POST',
      url: '/api/assets',
      payload: newAsset('AREA-1', { available_area: 4 }),
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors[0]).toMatchObject({ message: 'Available area cannot exceed total area' });
    const badUnit = await ctx.request(token, {
      method: 'POST',
      url: '/api/assets',
      payload: newAsset('UNIT-1', { unit: 'hectares' }),
    });
    expect(badUnit.statusCode).toBe(422);
  });

  describe('CSV import', () => {
    it('imports every row of a good file in one go (multipart), with quotes, defaults and thousands separators', async () => {
      const before = await assetCount();
      const csv = [
        HEADER,
        'CSV-001,industrial,plot,Nalgonda,"Choutuppal IP, Phase 2",12/3,P-1,1500.50,1500.50,sqm,"2,500,000",available',
        'CSV-002,msme,,Nalgonda,Bhongir IE,12/4,,2.5,2,,1800000,',
        '"CSV-003",pharma,building,Karimnagar,"Ramagundam ""A"" block",9/1,B-7,8000,8000,sqft,9000000,reserved',
        '',
      ].join('\r\n');
      const response = await importCsv('ho', `\ufeff${csv}`);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ imported: 3, refused: [] });
      expect(await assetCount()).toBe(before + 3);

      const list: Asset[] = (await ctx.request(await ctx.tokenFor('ho'), { method: 'GET', url: '/api/assets' })).json();
      const byCode = new Map(list.map((asset) => [asset.asset_code, asset]));
      expect(byCode.get('CSV-001')).toMatchObject({
        location: 'Choutuppal IP, Phase 2',
        valuation: 2_500_000,
        total_area: 1500.5,
        type: 'plot',
      });
      expect(byCode.get('CSV-002')).toMatchObject({
        type: 'land',
        unit: 'acres',
        status: 'available',
        plot_number: null,
        available_area: 2,
      });
      expect(byCode.get('CSV-003')).toMatchObject({ location: 'Ramagundam "A" block', status: 'reserved' });
    });

    it('also takes the file as a text/csv body (admin)', async () => {
      const response = await ctx.request(await ctx.tokenFor('admin'), {
        method: 'POST',
        url: '/api/assets/import',
        payload: `asset_code,category_id,zone,location,survey_number,total_area,available_area,valuation\nTXT-001,logistics,Warangal,Kazipet IE,5/5,4,4,3000000\n`,
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().imported).toBe(1);
    });

    it('refuses the whole file when any row is wrong, reporting each refused row and why, and inserts nothing', async () => {
      const token = await ctx.tokenFor('ho');
      await ctx.request(token, { method: 'POST', url: '/api/assets', payload: newAsset('TAKEN-001') });
      const before = await assetCount();
      const csv = [
        HEADER,
        'BAD-001,industrial,land,Warangal,Kazipet IE,1/1,,5,5,acres,1000000,available',
        'BAD-002,industrial,villa,Warangal,Kazipet IE,1/2,,5,6,acres,abc,available',
        ',industrial,land,,Kazipet IE,1/3,,5,5,acres,1000000,available',
        'BAD-001,industrial,land,Warangal,Kazipet IE,1/4,,5,5,acres,1000000,available',
        'taken-001,industrial,land,Warangal,Kazipet IE,1/5,,5,5,acres,1000000,available',
        'BAD-006,industrial,land,Warangal,Kazipet IE,1/6,,5,5,acres,1000000',
      ].join('\n');
      const response = await importCsv('ho', csv);
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.imported).toBe(0);
      expect(body.detail).toBe('5 rows were refused; nothing was imported');
      expect(body.refused.map((row: { row: number }) => row.row)).toEqual([3, 4, 5, 6, 7]);
      const [typeAndValuation, blanks, repeated, taken, short] = body.refused;
      expect(typeAndValuation.asset_code).toBe('BAD-002');
      expect(typeAndValuation.reasons.join(' | ')).toMatch(/type: /);
      expect(typeAndValuation.reasons).toContain('valuation: Enter an amount in rupees');
      expect(blanks.asset_code).toBeNull();
      expect(blanks.reasons).toEqual(
        expect.arrayContaining(['asset_code: This field is required', 'zone: This field is required']),
      );
      expect(repeated.reasons).toEqual(['Asset code BAD-001 is already on row 2']);
      expect(taken.reasons).toEqual(['An asset with code taken-001 already exists']);
      expect(short.reasons).toEqual(['Expected 12 fields, found 11']);
      // The same reasons as codes and parameters, for the web to word in the reader's language.
      expect(typeAndValuation.problems).toEqual(
        expect.arrayContaining([
          { code: 'invalid_value', params: { column: 'type' } },
          { code: 'invalid_value', params: { column: 'valuation' } },
        ]),
      );
      expect(repeated.problems).toEqual([{ code: 'code_repeated', params: { code: 'BAD-001', row: 2 } }]);
      expect(taken.problems).toEqual([{ code: 'code_taken', params: { code: 'taken-001' } }]);
      expect(short.problems).toEqual([{ code: 'field_count', params: { expected: 12, found: 11 } }]);
      expect(await assetCount()).toBe(before);
      const codes = (await ctx.request(token, { method: 'GET', url: '/api/assets' }))
        .json()
        .map((asset: Asset) => asset.asset_code);
      expect(codes).not.toContain('BAD-001');
    });

    it('refuses a header with a missing or unknown column as row 1', async () => {
      const response = await importCsv(
        'ho',
        'asset_code,category,zone,location,survey_number,total_area,available_area,valuation\nX-1,a,b,c,d,1,1,1\n',
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().refused).toEqual([
        {
          row: 1,
          asset_code: null,
          reasons: ["Unknown column 'category'", "Missing column 'category_id'"],
          problems: [
            { code: 'unknown_column', params: { column: 'category' } },
            { code: 'missing_column', params: { column: 'category_id' } },
          ],
        },
      ]);
    });

    it('refuses a file with no rows, or with broken quoting, with 422', async () => {
      const empty = await importCsv('ho', `${HEADER}\n`);
      expect(empty.statusCode).toBe(422);
      expect(empty.json().detail).toMatch(/no asset rows/);
      const broken = await importCsv('ho', `${HEADER}\n"Q-1,industrial\n`);
      expect(broken.statusCode).toBe(422);
      expect(broken.json().refused[0]).toMatchObject({
        row: 2,
        reasons: ['A quoted field is not closed'],
        problems: [{ code: 'csv_syntax', params: { line: 2 } }],
      });
    });

    it('refuses a file that is not CSV (415), an empty one (400), no file (400) and one over 5 MB (413)', async () => {
      expect((await importCsv('ho', `${HEADER}\n`, 'assets.xlsx')).statusCode).toBe(415);
      const binary = multipart({}, { name: 'assets.csv', bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]) });
      const token = await ctx.tokenFor('ho');
      expect((await ctx.request(token, { method: 'POST', url: '/api/assets/import', ...binary })).statusCode).toBe(415);
      expect((await importCsv('ho', '')).statusCode).toBe(400);
      const noFile = multipart({ note: 'x' });
      expect((await ctx.request(token, { method: 'POST', url: '/api/assets/import', ...noFile })).json().detail).toBe(
        'Please select a file',
      );

      const huge = `${HEADER}\n${'x'.repeat(MAX_UPLOAD_BYTES + 10)}`;
      expect((await importCsv('ho', huge)).statusCode).toBe(413);
      const hugeBody = await ctx.request(token, {
        method: 'POST',
        url: '/api/assets/import',
        payload: huge,
        headers: { 'content-type': 'text/csv' },
      });
      expect(hugeBody.statusCode).toBe(413);
      const json = await ctx.request(token, { method: 'POST', url: '/api/assets/import', payload: { rows: [] } });
      expect(json.statusCode).toBe(415);
    });
  });
  describe('list protocol', () => {
    const codes = ['LST-001', 'LST-002', 'LST-003', 'LST-004', 'LST-005', 'LST-006', 'LST-007'];

    beforeAll(async () => {
      await insertAssets(
        ctx.db,
        codes.map((code, index) => ({
          assetCode: code,
          categoryId: index < 2 ? 'food-processing' : 'msme',
          type: index % 2 === 0 ? ('plot' as const) : ('shed' as const),
          zone: 'Listing Zone',
          location: 'Pager Park',
          surveyNumber: `9/${index}`,
          plotNumber: null,
          totalArea: 100 + index,
          availableArea: 100 + index,
          unit: 'sqm' as const,
          valuation: 1_000_000 + index,
          status: index < 4 ? ('available' as const) : ('allotted' as const),
        })),
      );
    });

    it('pages the assets by code, with filters, q and totals that match a recount', async () => {
      const ho = await ctx.tokenFor('ho');
      const first = await getList<Asset>(ctx, ho, '/api/assets?zone=Listing%20Zone&limit=3');
      expect(first.items.map((asset) => asset.asset_code)).toEqual(['LST-001', 'LST-002', 'LST-003']);
      expect(first.total).toBe(7);
      const walked = await walkList<Asset>(ctx, ho, '/api/assets?zone=Listing%20Zone&limit=3&sort=-valuation');
      expect(walked.map((asset) => asset.asset_code)).toEqual([...codes].reverse());
      expect((await getList(ctx, ho, '/api/assets?zone=Listing%20Zone&type=shed')).total).toBe(3);
      expect((await getList(ctx, ho, '/api/assets?zone=Listing%20Zone&category=food-processing')).total).toBe(2);
      const byCode = await getList<Asset>(ctx, ho, '/api/assets?q=lst-004');
      expect(byCode.items.map((asset) => asset.asset_code)).toEqual(['LST-004']);
      expect((await getList(ctx, ho, '/api/assets?q=PAGER%20park')).total).toBe(7);
      const all = await getList(ctx, ho, '/api/assets?limit=2');
      expect(all.items).toHaveLength(2);
      expect(all.total).toBe(await assetCount());
      const allotted = await getList(ctx, ho, '/api/assets?status=allotted,reserved');
      const [recount] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(assets)
        .where(sql`${assets.status} in ('allotted', 'reserved')`);
      expect(allotted.total).toBe(recount!.n);
      await expectLimitRefused(ctx, ho, '/api/assets');
    });

    it('answers only available assets from /assets/available, whatever status the query names', async () => {
      const token = await ctx.tokenFor('entrepreneur');
      const page = await getList<Asset>(ctx, token, '/api/assets/available?zone=Listing%20Zone');
      expect(page.items.map((asset) => asset.asset_code)).toEqual(['LST-001', 'LST-002', 'LST-003', 'LST-004']);
      expect(page.total).toBe(4);
      const forced = await getList<Asset>(ctx, token, '/api/assets/available?zone=Listing%20Zone&status=allotted');
      expect(forced.total).toBe(4);
      const [recount] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(assets)
        .where(sql`${assets.status} = 'available'`);
      const everything = await getList<Asset>(ctx, token, '/api/assets/available?limit=1');
      expect(everything.items).toHaveLength(1);
      expect(everything.total).toBe(recount!.n);
      await expectLimitRefused(ctx, token, '/api/assets/available');
    });
  });
});
