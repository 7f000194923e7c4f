import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ZoneList } from '@portal/contract';
import { allotments, assets } from '../../../db/schema';
import { businessTodayIso } from '../../../core/dates';
import { insertMilestones } from '../../../repositories/allotment-milestones';
import { insertAllotment, setAllotmentActivity, type AllotmentRow } from '../../../repositories/allotments';
import { nextNumber } from '../../../repositories/counters';
import { findUserByEmail } from '../../../repositories/users';
import { parseCsv } from '../../../test/csv';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { getList } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';
import { exportRegisterCsv, REGISTER_EXPORT_COLUMNS } from './service';

const column = (name: (typeof REGISTER_EXPORT_COLUMNS)[number]) => REGISTER_EXPORT_COLUMNS.indexOf(name);
/** The head office reads every zone's register. */
const HEAD_OFFICE = {
  id: '00000000-0000-4000-8000-00000000000f',
  email: 'ho@example.com',
  fullName: 'Head Office',
  role: 'ho' as const,
};

describe(`the estate register's CSV export and park filter (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let officer: string;
  const zone = `Register Export Zone ${Date.now()}`;
  const park = 'Pashamylaram Industrial Park';
  const otherPark = 'Patancheru Industrial Estate';
  const made: AllotmentRow[] = [];
  const FORMULA = '=HYPERLINK("http://x"), "Quoted"';

  async function allotIn(location: string, allotmentDate: string): Promise<AllotmentRow> {
    const app = await insertTestApplication(ctx, 'provisional_allotment');
    await ctx.db.update(assets).set({ zone, location }).where(eq(assets.id, app.assetId));
    const hoUser = await findUserByEmail(ctx.db, 'ho@example.com');
    const row = (await insertAllotment(ctx.db, {
      allotmentNumber: await nextNumber(ctx.db, 'allotment'),
      applicationId: app.id,
      assetId: app.assetId,
      allotmentType: 'provisional',
      allotmentDate,
      expiryDate: null,
      createdBy: hoUser!.id,
    }))!;
    made.push(row);
    return row;
  }

  const exportUrl = (query: Record<string, string> = {}) =>
    `/api/allotments/export.csv?${new URLSearchParams({ zone, ...query }).toString()}`;

  async function collect(generator: AsyncGenerator<string>): Promise<string> {
    let text = '';
    for await (const chunk of generator) text += chunk;
    return text;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    officer = await ctx.tokenFor('zonal_manager');
    for (let index = 0; index < 5; index++) await allotIn(park, `2025-0${index + 1}-15`);
    for (let index = 0; index < 2; index++) await allotIn(otherPark, `2025-0${index + 6}-15`);
    // Three rows made at the same instant: paging must break the tie on the id to lose none and repeat none.
    const tied = made.slice(1, 4).map((row) => row.id);
    await ctx.db
      .update(allotments)
      .set({ createdAt: new Date('2025-06-01T10:00:00.123Z') })
      .where(inArray(allotments.id, tied));
    await setAllotmentActivity(ctx.db, made[0]!.id, FORMULA);
    await ctx.db
      .update(allotments)
      .set({ possessionDate: '2025-02-01', leaseEndsOn: '2124-01-31' })
      .where(eq(allotments.id, made[0]!.id));
    await insertMilestones(ctx.db, made[0]!.id, [
      { kind: 'commence_construction', dueOn: '2026-02-01', metOn: '2025-12-01' },
      { kind: 'start_production', dueOn: '2027-02-01' },
    ]);
  });
  afterAll(() => ctx.close());

  /** The zone's allotment numbers newest first, ties broken on the id, as the database orders them. */
  async function expectedOrder(location?: string): Promise<string[]> {
    const rows = await ctx.db
      .select({ number: allotments.allotmentNumber })
      .from(allotments)
      .innerJoin(assets, eq(assets.id, allotments.assetId))
      .where(and(eq(assets.zone, zone), location ? eq(assets.location, location) : undefined))
      .orderBy(sql`${allotments.createdAt} desc, ${allotments.id} desc`);
    return rows.map((row) => row.number);
  }

  it('answers a CSV of the header and the rows the list has for the same filters, named for the business day', async () => {
    const response = await ctx.request(officer, { method: 'GET', url: exportUrl() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="estate-register-${businessTodayIso()}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...REGISTER_EXPORT_COLUMNS]);
    const list = await getList<{ allotment_number: string }>(
      ctx,
      officer,
      `/api/allotments?zone=${encodeURIComponent(zone)}&limit=200`,
    );
    expect(list.total).toBe(7);
    expect(rows).toHaveLength(list.total);
    expect(response.headers['x-total-count']).toBe(String(list.total));
    const numbers = rows.map((row) => row[column('allotment_number')]);
    expect(new Set(numbers)).toEqual(new Set(list.items.map((item) => item.allotment_number)));
    expect(numbers).toEqual(await expectedOrder());

    const first = rows.find((row) => row[column('allotment_number')] === made[0]!.allotmentNumber)!;
    expect(first[column('zone')]).toBe(zone);
    expect(first[column('location')]).toBe(park);
    expect(first[column('status')]).toBe('active');
    expect(first[column('allotment_type')]).toBe('provisional');
    expect(first[column('allotment_date')]).toBe('2025-01-15');
    expect(first[column('possession_date')]).toBe('2025-02-01');
    expect(first[column('lease_ends_on')]).toBe('2124-01-31');
    expect(first[column('commence_construction_due')]).toBe('2026-02-01');
    expect(first[column('commence_construction_met')]).toBe('2025-12-01');
    expect(first[column('start_production_due')]).toBe('2027-02-01');
    expect(first[column('start_production_met')]).toBe('');
    expect(first[column('application_number')]).toMatch(/\S/);
    expect(first[column('holder')]).toMatch(/\S/);
    expect(first[column('asset_code')]).toMatch(/^TST-/);
  });

  it('guards a cell that would run as a formula in a spreadsheet', async () => {
    const response = await ctx.request(officer, { method: 'GET', url: exportUrl() });
    const rows = parseCsv(response.body).slice(1);
    const first = rows.find((row) => row[column('allotment_number')] === made[0]!.allotmentNumber)!;
    expect(first[column('activity')]).toBe(`'${FORMULA}`);
    expect(response.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('takes the list filters and q', async () => {
    const typed = await ctx.request(officer, {
      method: 'GET',
      url: exportUrl({ q: made[2]!.allotmentNumber, status: 'active' }),
    });
    const rows = parseCsv(typed.body).slice(1);
    expect(rows.map((row) => row[column('allotment_number')])).toEqual([made[2]!.allotmentNumber]);
    const dated = parseCsv(
      (await ctx.request(officer, { method: 'GET', url: exportUrl({ from: '2025-06-01', to: '2025-12-31' }) })).body,
    ).slice(1);
    expect(dated).toHaveLength(2);
    const refused = await ctx.request(officer, { method: 'GET', url: exportUrl({ status: 'nonsense' }) });
    expect(refused.statusCode).toBe(422);
  });

  it('refuses an entrepreneur with 403, before any file byte', async () => {
    const entrepreneur = await ctx.tokenFor('entrepreneur');
    const response = await ctx.request(entrepreneur, { method: 'GET', url: exportUrl() });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toHaveProperty('detail');
  });

  it('writes more rows than one page in order, without duplicates, page by page', async () => {
    const chunks: string[] = [];
    for await (const chunk of exportRegisterCsv(ctx.db, HEAD_OFFICE, { zone }, 2)) chunks.push(chunk);
    // The header, then four pages of two rows (the last of one).
    expect(chunks).toHaveLength(5);
    const numbers = parseCsv(chunks.join(''))
      .slice(1)
      .map((row) => row[column('allotment_number')]);
    expect(numbers).toHaveLength(7);
    expect(new Set(numbers).size).toBe(7);
    expect(numbers).toEqual(await expectedOrder());
    expect(await collect(exportRegisterCsv(ctx.db, HEAD_OFFICE, { zone }, 1))).toBe(chunks.join(''));
    expect(await collect(exportRegisterCsv(ctx.db, HEAD_OFFICE, { zone }, 1000))).toBe(chunks.join(''));
  });

  it('narrows the list and the export to a park, within the zone when both are given', async () => {
    const inPark = await getList<{ id: string }>(
      ctx,
      officer,
      `/api/allotments?${new URLSearchParams({ zone, location: park }).toString()}`,
    );
    expect(inPark.total).toBe(5);
    expect(new Set(inPark.items.map((item) => item.id))).toEqual(new Set(made.slice(0, 5).map((row) => row.id)));
    const other = await getList(ctx, officer, `/api/allotments?${new URLSearchParams({ location: otherPark })}`);
    expect(other.total).toBeGreaterThanOrEqual(2);
    const elsewhere = await getList(
      ctx,
      officer,
      `/api/allotments?${new URLSearchParams({ zone: 'Warangal', location: park }).toString()}`,
    );
    expect(elsewhere.items.map((item) => item.id)).not.toContain(made[0]!.id);
    // Trimmed: the spaces around a park's name do not matter.
    const spaced = await getList(
      ctx,
      officer,
      `/api/allotments?${new URLSearchParams({ zone, location: ` ${park} ` })}`,
    );
    expect(spaced.total).toBe(5);

    const exported = parseCsv(
      (await ctx.request(officer, { method: 'GET', url: exportUrl({ location: otherPark }) })).body,
    ).slice(1);
    expect(exported.map((row) => row[column('allotment_number')])).toEqual(await expectedOrder(otherPark));
    expect(exported.every((row) => row[column('location')] === otherPark)).toBe(true);
  });

  it("lists each zone's parks on the zones endpoint", async () => {
    const response = await ctx.request(officer, { method: 'GET', url: '/api/assets/zones' });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as ZoneList;
    expect(answer.zones).toContain(zone);
    expect(answer.locations[zone]).toEqual([otherPark, park].sort());
  });
});
