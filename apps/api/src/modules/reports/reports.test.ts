import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_COLUMNS,
  REPORT_TYPES,
  stageEnglish,
  statusStage,
  type ApplicationStatus,
  type Report,
  type Role,
} from '@portal/contract';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { addAllotment, addApplication, addAsset, addPayment } from './report-fixtures';

// Calendar days are read in India Standard Time (UTC+05:30): 18:30 UTC is the next day's midnight.
const LAST_MOMENT_OF_9_MARCH = new Date('2025-03-09T18:29:59.999Z');
const FIRST_MOMENT_OF_10_MARCH = new Date('2025-03-09T18:30:00.000Z');
const LAST_MOMENT_OF_10_MARCH = new Date('2025-03-10T18:29:59.999Z');
const FIRST_MOMENT_OF_11_MARCH = new Date('2025-03-10T18:30:00.000Z');

describe(`reports (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const zone = 'Report Zone';
  const otherZone = 'Other Report Zone';
  const numbers: Record<string, string> = {};

  const report = async (type: string, query: Record<string, string> = {}, role: Role = 'admin') =>
    ctx.request(await ctx.tokenFor(role), { method: 'GET', url: `/api/reports/${type}?${new URLSearchParams(query)}` });
  const data = async (type: string, query: Record<string, string>, key: string) => {
    const response = await report(type, query);
    expect(response.statusCode).toBe(200);
    const body: Report = response.json();
    expect(body.count).toBe(body.data.length);
    return body.data.map((row) => row[key]).sort();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const asset = await addAsset(ctx, { zone, createdAt: FIRST_MOMENT_OF_10_MARCH, code: 'RPT-ASSET-10' });
    const elsewhere = await addAsset(ctx, {
      zone: otherZone,
      status: 'reserved',
      createdAt: FIRST_MOMENT_OF_11_MARCH,
      code: 'RPT-ASSET-11',
    });
    const moments = {
      a: LAST_MOMENT_OF_9_MARCH,
      b: FIRST_MOMENT_OF_10_MARCH,
      c: LAST_MOMENT_OF_10_MARCH,
      d: FIRST_MOMENT_OF_11_MARCH,
    };
    const statuses = { a: 'submitted', b: 'approved', c: 'under_scrutiny', d: 'approved' } as const;
    for (const key of Object.keys(moments) as (keyof typeof moments)[]) {
      const application = await addApplication(ctx, {
        assetId: asset.id,
        status: statuses[key],
        createdAt: moments[key],
      });
      numbers[key] = application.applicationNumber;
      const payment = await addPayment(ctx, {
        applicationId: application.id,
        paymentDate: moments[key],
        status: key === 'c' ? 'failed' : 'success',
      });
      numbers[`receipt_${key}`] = payment.payment.receiptNumber;
    }
    const far = await addApplication(ctx, {
      assetId: elsewhere.id,
      status: 'approved',
      createdAt: FIRST_MOMENT_OF_10_MARCH,
    });
    numbers.far = far.applicationNumber;
    const allotted = await addApplication(ctx, {
      assetId: asset.id,
      status: 'provisional_allotment',
      createdAt: LAST_MOMENT_OF_10_MARCH,
    });
    numbers.alt9 = (
      await addAllotment(ctx, {
        applicationId: allotted.id,
        assetId: asset.id,
        allotmentDate: '2025-03-09',
        status: 'expired',
      })
    ).allotmentNumber;
    numbers.alt10 = (
      await addAllotment(ctx, { applicationId: allotted.id, assetId: asset.id, allotmentDate: '2025-03-10' })
    ).allotmentNumber;
    numbers.alt11 = (
      await addAllotment(ctx, { applicationId: far.id, assetId: elsewhere.id, allotmentDate: '2025-03-11' })
    ).allotmentNumber;
  });
  afterAll(() => ctx.close());

  describe('who may read reports', () => {
    it.each(['zonal_manager', 'ho', 'finance', 'admin'] as const)('%s gets every report type', async (role) => {
      for (const type of REPORT_TYPES) expect((await report(type, {}, role)).statusCode).toBe(200);
    });
    it.each(['committee', 'legal', 'entrepreneur'] as const)('%s is refused with 403', async (role) => {
      const response = await report('applications', {}, role);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBeTruthy();
    });
    it('an anonymous caller gets 401', async () => {
      expect((await ctx.request(null, { method: 'GET', url: '/api/reports/applications' })).statusCode).toBe(401);
    });
  });

  it("gives each application row its stage's code beside its English, for a screen to word it", async () => {
    const rows = (await report('applications', { zone })).json().data as Report['data'];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.stage).toEqual({ code: 'status', params: { status: row.status } });
      expect(row.current_stage).toBe(stageEnglish(statusStage(row.status as ApplicationStatus)));
    }
  });

  it('answers the report envelope with the type columns, the filters echoed and a count', async () => {
    const before = Date.now();
    const response = await report('applications', { from_date: '2025-03-10', to_date: '2025-03-10', zone });
    const body: Report = response.json();
    expect(body.report_type).toBe('applications');
    expect(Date.parse(body.generated_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.filters).toEqual({ from_date: '2025-03-10', to_date: '2025-03-10', zone });
    expect(body.count).toBe(3);
    for (const column of REPORT_COLUMNS.applications) expect(body.data[0]).toHaveProperty(column);
    expect(body.data[0]).toMatchObject({
      zone,
      asset_code: 'RPT-ASSET-10',
      organization_name: 'Kumar Precision Components Pvt Ltd',
    });
    for (const type of ['assets', 'payments', 'allotments'] as const) {
      const rows = (await report(type, { zone })).json().data;
      expect(rows.length).toBeGreaterThan(0);
      for (const column of REPORT_COLUMNS[type]) expect(rows[0]).toHaveProperty(column);
    }
  });

  it("leaves drafts out of the applications report: they are the applicant's own until submitted", async () => {
    const draft = await addApplication(ctx, {
      assetId: (
        await addAsset(ctx, { zone: 'Draft Zone', createdAt: new Date('2020-01-01T00:00:00Z'), code: 'RPT-DRAFT' })
      ).id,
      status: 'draft',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    const listed = await data('applications', {}, 'application_number');
    expect(listed).not.toContain(draft.applicationNumber);
    expect(listed).toContain(numbers.b);
  });

  it('answers 404 for an unknown report type', async () => {
    const response = await report('invoices');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/No such report/);
  });

  describe('filters', () => {
    it('includes both edges of the date range by calendar day (India time) on created_at', async () => {
      const tenth = await data(
        'applications',
        { from_date: '2025-03-10', to_date: '2025-03-10', zone },
        'application_number',
      );
      // b, c and the allotted application, made at the last moment of the 10th.
      expect(tenth).toHaveLength(3);
      expect(tenth).toEqual(expect.arrayContaining([numbers.b, numbers.c]));
      expect(tenth).not.toContain(numbers.a);
      expect(tenth).not.toContain(numbers.d);
      expect(await data('applications', { to_date: '2025-03-09', zone }, 'application_number')).toEqual([numbers.a]);
      const fromEleventh = await data('applications', { from_date: '2025-03-11', zone }, 'application_number');
      expect(fromEleventh).toEqual([numbers.d]);
    });

    it('filters applications on status and on zone (case-insensitive, exact)', async () => {
      expect(await data('applications', { status: 'approved', zone }, 'application_number')).toEqual(
        [numbers.b, numbers.d].sort(),
      );
      expect(
        await data('applications', { status: 'approved', zone: 'OTHER REPORT ZONE' }, 'application_number'),
      ).toEqual([numbers.far]);
      expect(await data('applications', { zone: 'Report' }, 'application_number')).toEqual([]);
    });

    it('filters payments on payment_date, status and zone', async () => {
      expect(
        await data('payments', { from_date: '2025-03-10', to_date: '2025-03-10', zone }, 'receipt_number'),
      ).toEqual([numbers.receipt_b, numbers.receipt_c].sort());
      expect(
        await data(
          'payments',
          { from_date: '2025-03-10', to_date: '2025-03-10', status: 'success', zone },
          'receipt_number',
        ),
      ).toEqual([numbers.receipt_b]);
      expect(await data('payments', { to_date: '2025-03-09', zone }, 'receipt_number')).toEqual([numbers.receipt_a]);
    });

    it('filters allotments on the plain allotment_date, inclusive at both ends, and on status', async () => {
      expect(await data('allotments', { from_date: '2025-03-10', to_date: '2025-03-11' }, 'allotment_number')).toEqual(
        [numbers.alt10, numbers.alt11].sort(),
      );
      expect(await data('allotments', { from_date: '2025-03-09', to_date: '2025-03-09' }, 'allotment_number')).toEqual([
        numbers.alt9,
      ]);
      expect(await data('allotments', { status: 'expired', zone }, 'allotment_number')).toEqual([numbers.alt9]);
      expect(await data('allotments', { zone: otherZone }, 'allotment_number')).toEqual([numbers.alt11]);
    });

    it('filters assets on created_at, status and zone', async () => {
      expect(await data('assets', { from_date: '2025-03-10', to_date: '2025-03-10' }, 'asset_code')).toEqual([
        'RPT-ASSET-10',
      ]);
      expect(await data('assets', { status: 'reserved', zone: otherZone }, 'asset_code')).toEqual(['RPT-ASSET-11']);
      const available = (await report('assets', { status: 'available' })).json();
      // 27 of the 30 seeded (three are held by the seeded allotments in possession), and this file's own.
      expect(available.count).toBeGreaterThanOrEqual(28);
      expect(available.data.every((row: { status: string }) => row.status === 'available')).toBe(true);
    });

    it('refuses a malformed date, a start after the end, and a status foreign to the type with 422', async () => {
      for (const query of [
        { from_date: '2025-13-01' },
        { to_date: 'yesterday' },
        { from_date: '2025-02-30' },
      ] as Record<string, string>[]) {
        const response = await report('applications', query);
        expect(response.statusCode).toBe(422);
        expect(response.json().detail).toBeTruthy();
      }
      const reversed = await report('payments', { from_date: '2025-03-11', to_date: '2025-03-10' });
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json().detail).toMatch(/start date must be on or before the end date/);
      expect((await report('payments', { from_date: '2025-03-10', to_date: '2025-03-10' })).statusCode).toBe(200);

      for (const [type, status] of [
        ['applications', 'paid'],
        ['assets', 'approved'],
        ['payments', 'pending'],
        ['allotments', 'available'],
      ] as const) {
        const response = await report(type, { status });
        expect(response.statusCode).toBe(422);
        expect(response.json().detail).toMatch(/^status: /);
      }
    });
  });
});
