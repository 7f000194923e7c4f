// The summary views agree with a full recount whatever the mix of writes, before and after the deltas are folded,
// and folds that run at the same time never count a delta twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test/harness';
import { foldSummaryDeltas } from './summaries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function select(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  // Both drivers answer { rows }; the shared Database type does not say so.
  const result = (await ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

async function rows(query: ReturnType<typeof sql>) {
  return (await select(query)).map((row) => JSON.stringify(row)).sort();
}

async function expectViewsMatchRecount() {
  expect(await rows(sql`select status::text, count::int from application_status_counts where count <> 0`)).toEqual(
    await rows(sql`select status::text, count(*)::int as count from applications group by status`),
  );
  expect(await rows(sql`select status::text, count::int from asset_status_counts where count <> 0`)).toEqual(
    await rows(sql`select status::text, count(*)::int as count from assets group by status`),
  );
  expect(
    await rows(sql`select status::text, due_date::text, count::int, amount::text from invoice_totals where count <> 0`),
  ).toEqual(
    await rows(
      sql`select status::text, due_date::text, count(*)::int as count, sum(amount)::numeric(20, 2)::text as amount
          from invoices group by status, due_date`,
    ),
  );
  expect(await rows(sql`select status::text, count::int, amount::text from payment_totals where count <> 0`)).toEqual(
    await rows(
      sql`select status::text, count(*)::int as count, sum(amount)::numeric(20, 2)::text as amount
          from payments group by status`,
    ),
  );
}

describe('summary views', () => {
  it('match a recount after bulk updates and deletes, before and after folding, with folds racing', async () => {
    await expectViewsMatchRecount();
    await ctx.db.execute(sql`update applications set status = 'under_scrutiny' where status = 'submitted'`);
    await ctx.db.execute(sql`update applications set current_stage = current_stage || ' (checked)'`);
    await ctx.db.execute(sql`update invoices set status = 'paid', paid_at = now() where invoice_type = 'emd'`);
    await ctx.db.execute(sql`update invoices set due_date = due_date + 1 where status = 'pending'`);
    await ctx.db.execute(sql`update assets set status = 'reserved' where asset_code like '%-00%'`);
    await expectViewsMatchRecount();

    await Promise.all([foldSummaryDeltas(ctx.db), foldSummaryDeltas(ctx.db), foldSummaryDeltas(ctx.db)]);
    expect(await select(sql`select count(*)::int as n from application_status_deltas`)).toEqual([{ n: 0 }]);
    await expectViewsMatchRecount();

    await ctx.db.execute(sql`update assets set status = 'available' where status = 'reserved'`);
    await ctx.db.execute(
      sql`insert into assets (asset_code, category_id, type, zone, location, survey_number, total_area, available_area,
            unit, valuation, status)
          select 'TMP-' || n, 'industrial', 'plot', 'Hyderabad', 'Test estate', 'S-' || n, 100, 100, 'sqm', 1000,
            'other' from generate_series(1, 25) n`,
    );
    await expectViewsMatchRecount();
    await ctx.db.execute(sql`delete from assets where asset_code like 'TMP-%'`);
    await expectViewsMatchRecount();
  });

  it('append nothing for an update that leaves the summarised columns alone', async () => {
    await foldSummaryDeltas(ctx.db);
    await ctx.db.execute(sql`update applications set current_stage = current_stage`);
    await ctx.db.execute(sql`update invoices set paid_at = paid_at`);
    expect(
      await select(
        sql`select (select count(*) from application_status_deltas)::int
              + (select count(*) from invoice_totals_deltas)::int as n`,
      ),
    ).toEqual([{ n: 0 }]);
  });
});
