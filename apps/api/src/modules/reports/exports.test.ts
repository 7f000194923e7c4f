import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REPORT_COLUMNS, type Report } from '@portal/contract';
import { reportPages } from '../../repositories/reports';
import { parseCsv } from '../../test/csv';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { addAsset, demoApplicantId } from './report-fixtures';
import { checkReport, csvCell, EXPORT_PAGE_SIZE, exportCsv } from './service';

const ROWS = 12_000;
const ZONE = 'Export Zone';
const TRICKY_STAGE = '=HYPERLINK("http://x"), "Quoted"\nand on two lines';

describe(`report exports (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let token: string;
  const query = new URLSearchParams({ zone: ZONE }).toString();
  const get = (url: string, role = 'finance') =>
    ctx.tokenFor(role).then((bearer) => ctx.request(bearer, { method: 'GET', url }));

  beforeAll(async () => {
    ctx = await createTestContext();
    token = await ctx.tokenFor('finance');
    const asset = await addAsset(ctx, { zone: ZONE, code: 'EXPORT-ASSET' });
    const applicantId = await demoApplicantId(ctx);
    // Four applications share each creation instant, so paging must break ties on the id to lose none; the drafts
    // (every fifth of the extra rows) are the applicants' own and stay out.
    await ctx.db.execute(sql`
      INSERT INTO applications (application_number, applicant_id, asset_id, status, current_stage,
        estimated_investment, employment_generation, project_description, created_at, updated_at, submitted_at)
      SELECT 'APP-EXP-' || lpad(g::text, 6, '0'), ${applicantId}, ${asset.id},
        CASE WHEN g > ${ROWS} THEN 'draft'
          ELSE (ARRAY['submitted', 'submitted', 'approved', 'rejected'])[1 + g % 4] END::application_status,
        CASE WHEN g % 97 = 0 THEN ${TRICKY_STAGE} ELSE 'Stage, "one"' END,
        1000 + g, g % 50, 'Bulk', timestamptz '2024-01-01 00:00:00.123456+00' + (g / 4) * interval '1 hour',
        now(), now()
      FROM generate_series(1, ${ROWS + 10}) AS g`);
    // The bulk insert runs the row triggers of every row; PGlite in WebAssembly needs a while.
  }, 180_000);
  afterAll(() => ctx.close());

  it('answers the whole count, the first 50 rows, the total and the groups computed by the database', async () => {
    const response = await get(`/api/reports/applications?${query}`);
    expect(response.statusCode).toBe(200);
    const body: Report = response.json();
    expect(body.count).toBe(ROWS);
    expect(body.data).toHaveLength(50);
    expect(body.totals?.count).toBe(ROWS);
    const statuses = Object.fromEntries(body.groups!.status.map((group) => [group.value, group.count]));
    expect(statuses).toEqual({ submitted: ROWS / 2, approved: ROWS / 4, rejected: ROWS / 4 });
    expect(body.groups!.zone).toEqual([{ value: ZONE, count: ROWS, amount: body.totals!.amount }]);
    const sum = body.groups!.status.reduce((total, group) => total + group.amount!, 0);
    expect(body.totals!.amount).toBe(sum);
    // Newest first.
    const created = body.data.map((row) => String(row.created_at));
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('reads and writes every row in pages of a thousand, none lost or repeated across tied timestamps', async () => {
    // The CSV is written one page at a time: the text held at once stays one page's whatever the size.
    const sizes: number[] = [];
    const numbers = new Set<string>();
    for await (const chunk of exportCsv(ctx.db, checkReport('applications', { zone: ZONE }))) {
      const records = parseCsv(chunk);
      sizes.push(records.length);
      for (const record of records) numbers.add(record[0]!);
    }
    expect(sizes).toEqual([1, ...Array.from({ length: ROWS / EXPORT_PAGE_SIZE }, () => EXPORT_PAGE_SIZE)]);
    expect(numbers.size).toBe(ROWS + 1);

    // A page size that splits every group of tied instants, over one day's rows.
    const oneDay = { zone: ZONE, from_date: '2024-03-01', to_date: '2024-03-01' };
    const expected = (await get(`/api/reports/applications?${new URLSearchParams(oneDay)}`)).json().count;
    expect(expected).toBe(96);
    const ids: unknown[] = [];
    for await (const rows of reportPages(ctx.db, 'applications', checkReport('applications', oneDay).filter, 7)) {
      ids.push(...rows.map((row) => row.id));
    }
    expect(ids).toHaveLength(expected);
    expect(new Set(ids).size).toBe(expected);
  });

  it('streams the CSV export: every row, the columns of the type, a file name, and cells that parse back', async () => {
    const response = await ctx.request(token, { method: 'GET', url: `/api/reports/applications/export.csv?${query}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="applications-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['x-total-count']).toBe(String(ROWS));
    const [header, ...records] = parseCsv(response.body);
    expect(header).toEqual([...REPORT_COLUMNS.applications]);
    expect(records).toHaveLength(ROWS);
    expect(records.every((record) => record.length === header!.length)).toBe(true);
    const numbers = new Set(records.map((record) => record[0]));
    expect(numbers.size).toBe(ROWS);
    const stage = header!.indexOf('current_stage');
    expect(records.filter((record) => record[stage] === `'${TRICKY_STAGE}`).length).toBeGreaterThan(0);
    expect(records.some((record) => record[stage] === 'Stage, "one"')).toBe(true);
  });

  it('streams the JSON export: the report envelope with every row in data', async () => {
    const response = await ctx.request(token, {
      method: 'GET',
      url: `/api/reports/applications/export.json?${query}&status=approved`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="applications-report-[\d-]+\.json"$/);
    const body: Report = JSON.parse(response.body);
    expect(body).toMatchObject({ report_type: 'applications', filters: { zone: ZONE, status: 'approved' } });
    expect(body.count).toBe(ROWS / 4);
    expect(body.data).toHaveLength(ROWS / 4);
    expect(body.data.every((row) => row.status === 'approved')).toBe(true);
  });

  it('streams a compressed export to a client that accepts gzip, with the same rows', async () => {
    const plain = await ctx.request(token, { method: 'GET', url: `/api/reports/applications/export.csv?${query}` });
    const zipped = await ctx.request(token, {
      method: 'GET',
      url: `/api/reports/applications/export.csv?${query}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('streams an empty export as a header only, and an empty JSON data array', async () => {
    const csv = await get('/api/reports/payments/export.csv?zone=Nowhere');
    expect(csv.body).toBe(`${REPORT_COLUMNS.payments.join(',')}\r\n`);
    const json = JSON.parse((await get('/api/reports/allotments/export.json?zone=Nowhere')).body);
    expect(json).toMatchObject({ count: 0, data: [] });
  });

  it('refuses exports as it refuses reports, before any byte of the file', async () => {
    expect((await get('/api/reports/applications/export.csv', 'committee')).statusCode).toBe(403);
    expect((await ctx.request(null, { method: 'GET', url: '/api/reports/assets/export.json' })).statusCode).toBe(401);
    const unknown = await get('/api/reports/invoices/export.csv');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toMatch(/No such report/);
    const foreign = await get('/api/reports/assets/export.csv?status=approved');
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toMatch(/^status: /);
    expect((await get('/api/reports/assets/export.xml')).statusCode).toBe(404);
  });

  it('escapes CSV cells: quotes, commas and line breaks quoted, formulas neutralised, numbers left alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(formula)).toBe(`'${formula}`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });
});
