/** Officers' zones and pendency: an admin sets a zonal manager's zone (one the assets use); that manager's list,
 * inbox, case pages and overdue reminders keep to the zone; GET /pendency counts what the filtered list shows, before
 * and after the summary deltas are folded; and each report's totals (now from summary rows) match a recount. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addCalendarDays,
  AGE_BAND_FILTERS,
  PENDENCY_AGE_BANDS,
  type ApplicationListItem,
  type Pendency,
  type User,
} from '@portal/contract';
import { applications, assets, notifications, users } from '../../../db/schema';
import { businessTodayIso } from '../../../core/dates';
import { sweepReminders } from '../../../lib/notify-reminders';
import { foldSummaryDeltas } from '../../../repositories/summaries';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { getList } from '../../../test/list-fixtures';
import { insertTestApplication, insertTestAsset } from '../../../test/workflow-fixtures';

const PASSWORD = 'Brass-Kettle-2026';
const NORTH = `North ${TEST_DB_KIND}`;
const SOUTH = `South ${TEST_DB_KIND}`;

describe(`officer zones and pendency (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let admin: string;
  let ho: string;
  const today = businessTodayIso();
  const cases: Record<string, string> = {};

  const createOfficer = async (name: string, zone?: string | null) =>
    ctx.request(admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        email: `${name}-${TEST_DB_KIND}@corp.example.in`,
        password: PASSWORD,
        full_name: `Officer ${name}`,
        role: 'zonal_manager',
        ...(zone !== undefined && { zone }),
      },
    });

  /** A case in `zone` waiting on the zonal manager, due `dueIn` days from today (null: paused by a query). */
  async function caseIn(zone: string, dueIn: number | null, assignedTo?: string) {
    const asset = await insertTestAsset(ctx);
    // Moved to its zone after the fact, so the summaries follow a plot that changes zone.
    await ctx.db.update(assets).set({ zone }).where(eq(assets.id, asset.id));
    const application = await insertTestApplication(ctx, 'under_scrutiny', { assetId: asset.id });
    await ctx.db
      .update(applications)
      .set({
        waitingOn: 'zonal_manager',
        stageDueOn: addCalendarDays(today, dueIn ?? 5),
        clockPausedAt: dueIn === null ? new Date() : null,
        assignedTo: assignedTo ?? null,
      })
      .where(eq(applications.id, application.id));
    return application.id;
  }

  const pendency = async (token: string, query = '') => {
    const response = await ctx.request(token, { method: 'GET', url: `/api/pendency${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Pendency;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.tokenFor('admin');
    ho = await ctx.tokenFor('ho');
    cases.northLate = await caseIn(NORTH, -3);
    cases.northOld = await caseIn(NORTH, -40);
    cases.northSoon = await caseIn(NORTH, 1);
    cases.northPaused = await caseIn(NORTH, null);
    cases.southLate = await caseIn(SOUTH, -10);
    cases.southNotDue = await caseIn(SOUTH, 20);
  });
  afterAll(() => ctx.close());

  describe('an officer zone set by the admin', () => {
    it('is one of the zones the assets use, spelt as they spell it, or null for every zone', async () => {
      const made = await createOfficer('zoned', NORTH.toUpperCase());
      expect(made.statusCode, made.body).toBe(201);
      expect((made.json() as User).zone).toBe(NORTH);
      const unknown = await createOfficer('nowhere', 'Atlantis');
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toMatchObject({ code: expect.any(String), detail: expect.stringContaining('zone') });
      const id = (made.json() as User).id;
      const cleared = await ctx.request(admin, { method: 'PATCH', url: `/api/users/${id}`, payload: { zone: null } });
      expect(cleared.json().zone).toBeNull();
      const moved = await ctx.request(admin, { method: 'PATCH', url: `/api/users/${id}`, payload: { zone: SOUTH } });
      expect(moved.json().zone).toBe(SOUTH);
      expect(
        (await ctx.request(admin, { method: 'PATCH', url: `/api/users/${id}`, payload: { zone: 'Atlantis' } }))
          .statusCode,
      ).toBe(422);
      expect(
        (await ctx.request(ho, { method: 'PATCH', url: `/api/users/${id}`, payload: { zone: NORTH } })).statusCode,
      ).toBe(403);
    });
  });

  describe('a zonal manager with a zone', () => {
    let north: string;
    let everywhere: string;
    beforeAll(async () => {
      expect((await createOfficer('north', NORTH)).statusCode).toBe(201);
      expect((await createOfficer('everywhere')).statusCode).toBe(201);
      north = await ctx.tokenFor(`north-${TEST_DB_KIND}@corp.example.in`, PASSWORD);
      everywhere = await ctx.tokenFor(`everywhere-${TEST_DB_KIND}@corp.example.in`, PASSWORD);
    });

    it("lists and works only the zone's cases; another zone's case is 404 (the list never shows it)", async () => {
      for (const url of ['/api/applications?limit=200', '/api/applications?inbox=true&limit=200']) {
        const zones = new Set((await getList<ApplicationListItem>(ctx, north, url)).items.map((item) => item.zone));
        expect([...zones]).toEqual([NORTH]);
        const all = (await getList<ApplicationListItem>(ctx, everywhere, url)).items.map((item) => item.zone);
        expect(all).toEqual(expect.arrayContaining([NORTH, SOUTH]));
      }
      // Asking for the other zone by filter finds nothing rather than widening the scope.
      expect((await getList(ctx, north, `/api/applications?zone=${encodeURIComponent(SOUTH)}`)).items).toEqual([]);
      const own = await ctx.request(north, { method: 'GET', url: `/api/applications/${cases.northLate}` });
      expect(own.statusCode).toBe(200);
      const other = await ctx.request(north, { method: 'GET', url: `/api/applications/${cases.southLate}` });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ code: 'not_found' });
      const timeline = await ctx.request(north, {
        method: 'GET',
        url: `/api/applications/${cases.southLate}/timeline`,
      });
      expect(timeline.statusCode).toBe(404);
      expect(
        (await ctx.request(everywhere, { method: 'GET', url: `/api/applications/${cases.southLate}` })).statusCode,
      ).toBe(200);
    });

    it("is reminded only of the zone's overdue cases; one without a zone of every zone's", async () => {
      await sweepReminders(ctx.db);
      const told = async (email: string, applicationId: string) => {
        const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
        const rows = await ctx.db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, user!.id),
              eq(notifications.applicationId, applicationId),
              eq(notifications.code, 'case_overdue'),
            ),
          );
        return rows.length;
      };
      expect(await told(`north-${TEST_DB_KIND}@corp.example.in`, cases.northLate!)).toBe(1);
      expect(await told(`north-${TEST_DB_KIND}@corp.example.in`, cases.southLate!)).toBe(0);
      expect(await told(`everywhere-${TEST_DB_KIND}@corp.example.in`, cases.southLate!)).toBe(1);
    });

    it("sees the zone's pendency whatever zone it asks for; the head office sees every zone or the one it picks", async () => {
      const own = await pendency(north, `?zone=${encodeURIComponent(SOUTH)}`);
      expect(own.zone).toBe(NORTH);
      expect(own.late_by_zone.map((row) => row.zone)).toEqual([NORTH]);
      const all = await pendency(ho);
      expect(all.zone).toBeNull();
      expect(all.late_by_zone.map((row) => row.zone)).toEqual(expect.arrayContaining([NORTH, SOUTH]));
      const south = await pendency(ho, `?zone=${encodeURIComponent(SOUTH)}`);
      expect(south.late_by_zone).toEqual([{ zone: SOUTH, count: 1 }]);
    });
  });

  describe('GET /pendency', () => {
    it('puts each step in its age band as of today', async () => {
      const north = await pendency(ho, `?zone=${encodeURIComponent(NORTH)}`);
      const scrutiny = north.by_stage.find((row) => row.status === 'under_scrutiny')!;
      expect(scrutiny.bands).toEqual({
        not_due: 0,
        due_soon: 1,
        late_1_7: 1,
        late_8_30: 0,
        late_over_30: 1,
        paused: 1,
      });
      expect(north.total).toBe(4);
      expect(north.late).toBe(2);
      expect(north.trend).toHaveLength(12);
      // The case 3 days late fell late this week or last; the one 40 days late is older than the trend's weeks.
      expect(north.trend.slice(-2).reduce((sum, week) => sum + week.late, 0)).toBe(1);
      expect(north.trend.at(-1)!.received).toBeGreaterThanOrEqual(4);
    });

    it('counts what the linked list shows, for every band, zone and officer, before and after folding', async () => {
      const officer = (await ctx.db.select().from(users).where(eq(users.role, 'ho')))[0]!;
      await ctx.db.update(applications).set({ assignedTo: officer.id }).where(eq(applications.id, cases.southLate!));
      for (const fold of [false, true]) {
        if (fold) await foldSummaryDeltas(ctx.db);
        const figures = await pendency(ho);
        for (const stage of figures.by_stage) {
          for (const band of PENDENCY_AGE_BANDS) {
            const list = await getList(ctx, ho, `/api/applications?status=${stage.status}&age_band=${band}&limit=1`);
            expect([stage.status, band, list.total]).toEqual([stage.status, band, stage.bands[band]]);
          }
        }
        for (const row of figures.late_by_zone) {
          const list = await getList(ctx, ho, `/api/applications?age_band=late&zone=${encodeURIComponent(row.zone)}`);
          expect([row.zone, list.total]).toEqual([row.zone, row.count]);
        }
        const assigned = figures.late_by_officer.find((row) => row.officer_id === officer.id)!;
        expect(assigned).toMatchObject({ officer_name: officer.fullName, count: 1 });
        const list = await getList(ctx, ho, `/api/applications?age_band=late&assigned_to=${officer.id}`);
        expect(list.total).toBe(1);
        const nobody = figures.late_by_officer.find((row) => row.officer_id === null)!;
        const unassigned = await getList(
          ctx,
          ho,
          `/api/applications?age_band=late&unassigned=true&waiting_on=${nobody.waiting_on}`,
        );
        expect(unassigned.total).toBe(nobody.count);
      }
      expect(AGE_BAND_FILTERS).toContain('late');
    });

    it('is for officers only, and refuses a bad zone', async () => {
      expect(
        (await ctx.request(await ctx.tokenFor('finance'), { method: 'GET', url: '/api/pendency' })).statusCode,
      ).toBe(403);
      expect(
        (await ctx.request(await ctx.tokenFor('entrepreneur'), { method: 'GET', url: '/api/pendency' })).statusCode,
      ).toBe(403);
      expect((await ctx.request(null, { method: 'GET', url: '/api/pendency' })).statusCode).toBe(401);
      expect((await ctx.request(ho, { method: 'GET', url: `/api/pendency?zone=${'x'.repeat(101)}` })).statusCode).toBe(
        422,
      );
    });
  });

  describe("the reports' totals from summary rows", () => {
    it('match a recount of the tables after plots change zone and applications change status', async () => {
      await ctx.db
        .update(assets)
        .set({ zone: SOUTH })
        .where(sql`${assets.zone} = ${NORTH}`);
      await ctx.db.update(applications).set({ status: 'rejected' }).where(eq(applications.id, cases.northOld!));
      const recount = async (table: 'applications' | 'assets' | 'payments' | 'allotments') => {
        const from = {
          applications: sql`applications t join assets a on a.id = t.asset_id where t.status <> 'draft'`,
          assets: sql`assets t join assets a on a.id = t.id`,
          payments: sql`payments t join applications p on p.id = t.application_id join assets a on a.id = p.asset_id`,
          allotments: sql`allotments t join assets a on a.id = t.asset_id`,
        }[table];
        const result = (await ctx.db.execute(
          sql`select a.zone, count(*)::int as count from ${from} group by a.zone order by a.zone`,
        )) as unknown as { rows: { zone: string; count: number }[] };
        return result.rows;
      };
      for (const type of ['applications', 'assets', 'payments', 'allotments'] as const) {
        for (const fold of [false, true]) {
          if (fold) await foldSummaryDeltas(ctx.db);
          const report = (await ctx.request(ho, { method: 'GET', url: `/api/reports/${type}` })).json();
          const zones = [...report.groups.zone]
            .map((group: { value: string; count: number }) => ({ zone: group.value, count: group.count }))
            .sort((a, b) => a.zone.localeCompare(b.zone));
          expect([type, zones]).toEqual([type, await recount(type)]);
        }
      }
      const south = (await ctx.request(ho, { method: 'GET', url: `/api/reports/applications?zone=${SOUTH}` })).json();
      expect(south.count).toBe(6);
      expect(south.groups.status).toEqual(
        expect.arrayContaining([expect.objectContaining({ value: 'rejected', count: 1 })]),
      );
    });
  });
});
