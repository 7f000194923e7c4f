// The register's late counts come from the late summary (migration 0031), kept by the triggers of the milestones, the
// allotments and the plots. After each kind of write that moves a count (a milestone written, met, moved or deleted;
// an allotment that stops or starts being active; a plot moved to another zone) the summary agrees with a recount of
// the rows, before and after folding; the register's list and summary answer the recount through the API. A late list
// walks the milestones in its allotments' order (migration 0032): every page, either way, in the register's order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { MILESTONE_KINDS } from '@portal/contract';
import { businessTodayIso } from '../core/dates';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { walkList } from '../test/list-fixtures';
import { countLateMilestones } from './allotment-milestones';
import { foldSummaryDeltas } from './summaries';

describe(`the late milestones' summary (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let ho: string;
  const today = businessTodayIso();

  const rows = async <T>(query: SQL) => ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
  const run = (query: SQL) => ctx.db.execute(query);

  /** Every kind and zone with late milestones, counted from the rows, beside the summary's count for it. */
  async function disagreements(): Promise<string[]> {
    const counted = await rows<{ kind: string; zone: string; n: number | string }>(sql`
      select m.kind, s.zone, count(*) as n from allotment_milestones m
      join allotments a on a.id = m.allotment_id and a.status = 'active' join assets s on s.id = a.asset_id
      where m.met_on is null and m.due_on < ${today}::date group by 1, 2`);
    const zones = (await rows<{ zone: string }>(sql`select distinct zone from assets`)).map((row) => row.zone);
    const found: string[] = [];
    for (const kind of MILESTONE_KINDS) {
      const expectedAll = counted.filter((row) => row.kind === kind).reduce((sum, row) => sum + Number(row.n), 0);
      const all = await countLateMilestones(ctx.db, kind, today);
      if (all !== expectedAll) found.push(`${kind}: summary ${all}, rows ${expectedAll}`);
      for (const zone of zones) {
        const expected = Number(counted.find((row) => row.kind === kind && row.zone === zone)?.n ?? 0);
        const inZone = await countLateMilestones(ctx.db, kind, today, zone);
        if (inZone !== expected) found.push(`${kind} in ${zone}: summary ${inZone}, rows ${expected}`);
      }
    }
    return found;
  }

  /** The nth active allotment's milestones written again, late (both kinds, due before today), so every step has
   * something to move. */
  async function lateAllotment(nth: number): Promise<{ allotmentId: string; assetId: string }> {
    const [row] = await rows<{ id: string; asset_id: string }>(sql`
      select a.id, a.asset_id from allotments a where a.status = 'active' order by a.created_at, a.id offset ${nth} limit 1`);
    if (!row) throw new Error(`The demo data has fewer than ${nth + 1} active allotments`);
    await run(sql`delete from allotment_milestones where allotment_id = ${row.id}`);
    await run(sql`insert into allotment_milestones (allotment_id, kind, due_on)
      values (${row.id}, 'commence_construction', ${today}::date - 30), (${row.id}, 'start_production', ${today}::date - 10)`);
    return { allotmentId: row.id, assetId: row.asset_id };
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    ho = await ctx.tokenFor('ho');
  });
  afterAll(() => ctx.close());

  it('agrees with a recount after every write that moves a count, and after folding', async () => {
    expect(await disagreements()).toEqual([]);
    const { allotmentId, assetId } = await lateAllotment(0);
    const steps: [string, SQL][] = [
      [
        'a milestone met',
        sql`update allotment_milestones set met_on = ${today}::date - 1
        where allotment_id = ${allotmentId} and kind = 'commence_construction'`,
      ],
      [
        'a milestone moved later than today',
        sql`update allotment_milestones set due_on = ${today}::date + 5
        where allotment_id = ${allotmentId} and kind = 'start_production'`,
      ],
      [
        'a milestone moved back into lateness',
        sql`update allotment_milestones set due_on = ${today}::date - 3
        where allotment_id = ${allotmentId} and kind = 'start_production'`,
      ],
      ['the plot moved to another zone', sql`update assets set zone = 'Late Zone' where id = ${assetId}`],
      ['the allotment surrendered', sql`update allotments set status = 'surrendered' where id = ${allotmentId}`],
      ['the allotment active again', sql`update allotments set status = 'active' where id = ${allotmentId}`],
      [
        'a milestone deleted',
        sql`delete from allotment_milestones
        where allotment_id = ${allotmentId} and kind = 'start_production'`,
      ],
    ];
    const before = await countLateMilestones(ctx.db, 'start_production', today);
    for (const [step, write] of steps) {
      await run(write);
      expect(await disagreements(), `after ${step}`).toEqual([]);
      if (step === 'a milestone moved back into lateness') {
        expect(await countLateMilestones(ctx.db, 'start_production', today)).toBe(before);
      }
      if (step === 'the plot moved to another zone') {
        expect(await countLateMilestones(ctx.db, 'start_production', today, 'Late Zone')).toBe(1);
      }
    }
    await foldSummaryDeltas(ctx.db);
    expect(await disagreements()).toEqual([]);
  });

  it("answers the register's late list total and its summary from the same count", async () => {
    await lateAllotment(1);
    const [recount] = await rows<{ n: number | string }>(sql`
      select count(*) as n from allotment_milestones m join allotments a on a.id = m.allotment_id
      where a.status = 'active' and m.kind = 'start_production' and m.met_on is null and m.due_on < ${today}::date`);
    const late = Number(recount!.n);
    expect(late).toBeGreaterThan(0);
    const list = await ctx.request(ho, { method: 'GET', url: '/api/allotments?late=start_production&limit=1' });
    expect(list.statusCode, list.body).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBe(late);
    const summary = await ctx.request(ho, { method: 'GET', url: '/api/allotments/summary' });
    expect(summary.json().late.start_production).toBe(late);
    // Filtered by nothing else, the zone's list counts from the register's summary: its total is its rows.
    const [zone] = await rows<{ zone: string; n: number | string }>(sql`
      select s.zone, count(*) as n from allotments a join assets s on s.id = a.asset_id group by 1 order by 2 desc limit 1`);
    const inZone = await ctx.request(ho, {
      method: 'GET',
      url: `/api/allotments?zone=${encodeURIComponent(zone!.zone)}&limit=1`,
    });
    expect(Number(inZone.headers['x-total-count'])).toBe(Number(zone!.n));
  });

  it("pages a late list in its allotments' order, the milestones keeping their allotment's creation time", async () => {
    // The demo world's three active allotments, each late again.
    await lateAllotment(1);
    const { allotmentId } = await lateAllotment(2);
    // A writer that names another time is overruled: the copy is the allotment's.
    await run(sql`update allotment_milestones set allotment_created_at = now() + interval '1 day'
      where allotment_id = ${allotmentId}`);
    const copies = await rows<{ n: number | string }>(sql`
      select count(*) as n from allotment_milestones m join allotments a on a.id = m.allotment_id
      where m.allotment_created_at <> a.created_at`);
    expect(Number(copies[0]!.n)).toBe(0);
    // A late allotment no longer active leaves the list.
    const { allotmentId: surrendered } = await lateAllotment(0);
    await run(sql`update allotments set status = 'surrendered' where id = ${surrendered}`);

    const inOrder = async (direction: SQL) =>
      (
        await rows<{ id: string }>(sql`
          select a.id from allotments a join allotment_milestones m on m.allotment_id = a.id
          where a.status = 'active' and m.kind = 'commence_construction' and m.met_on is null
            and m.due_on < ${today}::date
          order by a.created_at ${direction}, a.id ${direction}`)
      ).map((row) => row.id);
    const newestFirst = await inOrder(sql`desc`);
    expect(newestFirst.length).toBeGreaterThanOrEqual(2);
    expect(newestFirst).not.toContain(surrendered);
    const walked = await walkList(ctx, ho, '/api/allotments?late=commence_construction&limit=1');
    expect(walked.map((row) => row.id)).toEqual(newestFirst);
    const oldestFirst = await walkList(ctx, ho, '/api/allotments?late=commence_construction&limit=1&sort=created_at');
    expect(oldestFirst.map((row) => row.id)).toEqual(await inOrder(sql`asc`));
    // Another order still joins the same milestones.
    const byNumber = await walkList(
      ctx,
      ho,
      '/api/allotments?late=commence_construction&limit=1&sort=allotment_number',
    );
    expect(byNumber.map((row) => row.id).sort()).toEqual([...newestFirst].sort());
  });
});
