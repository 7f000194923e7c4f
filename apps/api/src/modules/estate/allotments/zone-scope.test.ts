// A zonal manager with a zone works that zone's allotments only (decision 031): another zone's allotment answers the
// same 404 as one that does not exist, on every read and action, and the register's list, counts and export show
// none of it; the same zone's manager, and the head office, still see it.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../../demo/seed';
import { hashPassword } from '../../../lib/passwords';
import { insertUser } from '../../../repositories/users';
import { parseCsv } from '../../../test/csv';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { walkList } from '../../../test/list-fixtures';

describe(`a zonal manager's allotments (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let allotment: { id: string; zone: string };
  let own: string;
  let other: string;
  let otherZone: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const rows = (
      (await ctx.db.execute(
        sql`select al.id, a.zone from allotments al join assets a on a.id = al.asset_id order by al.created_at limit 1`,
      )) as unknown as { rows: { id: string; zone: string }[] }
    ).rows;
    allotment = rows[0]!;
    const zones = (
      (await ctx.db.execute(
        sql`select distinct zone from assets where zone <> ${allotment.zone} order by zone`,
      )) as unknown as {
        rows: { zone: string }[];
      }
    ).rows;
    otherZone = zones[0]!.zone;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const manager = async (zone: string) => {
      const email = `zm-${crypto.randomBytes(4).toString('hex')}@example.com`;
      const user = (await insertUser(ctx.db, {
        email,
        passwordHash,
        fullName: `Manager of ${zone}`,
        role: 'zonal_manager',
      }))!;
      await ctx.db.execute(sql`update users set zone = ${zone} where id = ${user.id}`);
      return ctx.tokenFor(email);
    };
    own = await manager(allotment.zone);
    other = await manager(otherZone);
  });
  afterAll(() => ctx.close());

  const get = (token: string, url: string) => ctx.request(token, { method: 'GET', url });

  it("answers another zone's allotment, and each of its parts, as if it did not exist", async () => {
    const unknown = await get(other, `/api/allotments/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    for (const part of ['', '/history', '/lease-deed', '/possession', '/show-causes', '/statement', '/letter.pdf']) {
      const url = `/api/allotments/${allotment.id}${part}`;
      const refused = await get(other, url);
      expect(refused.statusCode, url).toBe(404);
      if (part === '') expect(refused.json()).toEqual(unknown.json());
    }
    const showCause = await ctx.request(other, {
      method: 'POST',
      url: `/api/allotments/${allotment.id}/show-causes`,
      payload: { grounds: 'Construction has not begun by its due date', reply_by: '2099-01-01' },
    });
    expect(showCause.statusCode).toBe(404);
  });

  it('shows it to the manager of its own zone and to the head office', async () => {
    for (const token of [own, await ctx.tokenFor('ho')]) {
      expect((await get(token, `/api/allotments/${allotment.id}`)).statusCode).toBe(200);
      expect((await get(token, `/api/allotments/${allotment.id}/history`)).statusCode).toBe(200);
    }
  });

  it("lists, counts and exports only the manager's own zone, whatever zone is asked for", async () => {
    const mine = await walkList<{ id: string; zone: string }>(ctx, other, '/api/allotments?limit=200');
    expect(mine.every((row) => row.zone === otherZone)).toBe(true);
    expect(mine.map((row) => row.id)).not.toContain(allotment.id);
    const asked = await walkList<{ id: string; zone: string }>(
      ctx,
      other,
      `/api/allotments?limit=200&zone=${encodeURIComponent(allotment.zone)}`,
    );
    expect(asked.map((row) => row.id).sort()).toEqual(mine.map((row) => row.id).sort());

    const ho = await ctx.tokenFor('ho');
    const summaryOf = async (token: string, zone?: string) =>
      (await get(token, `/api/allotments/summary${zone ? `?zone=${encodeURIComponent(zone)}` : ''}`)).json();
    expect(await summaryOf(other)).toEqual(await summaryOf(ho, otherZone));
    expect(await summaryOf(other, allotment.zone)).toEqual(await summaryOf(ho, otherZone));

    const exported = await get(other, `/api/allotments/export.csv?zone=${encodeURIComponent(allotment.zone)}`);
    expect(exported.statusCode).toBe(200);
    const [header, ...lines] = parseCsv(exported.body);
    const zoneColumn = header!.indexOf('zone');
    expect(lines.length).toBe(mine.length);
    expect(lines.every((line) => line[zoneColumn] === otherZone)).toBe(true);
  });
});
