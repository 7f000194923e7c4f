/** The audit trail's cost on writes, measured, not asserted: 200 sequential application submissions through the API
 * with the audit triggers disabled, then 200 with them enabled. Runs only with AUDIT_MEASURE=1 (it prints). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUDITED_ENTITIES } from '@portal/contract';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { insertTestApplication } from '../../test/workflow-fixtures';
import { DEMO_USERS } from '../../demo/seed';

const RUNS = 200;

describe.skipIf(process.env.AUDIT_MEASURE !== '1')(`audit write cost (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const setTriggers = async (enabled: boolean) => {
    for (const table of AUDITED_ENTITIES) {
      for (const trigger of ['audit_row', 'audit_lock']) {
        await ctx.db.execute(sql.raw(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${trigger}`));
      }
    }
  };

  const submitAll = async (token: string) => {
    const drafts = [];
    for (let i = 0; i < RUNS; i++) drafts.push(await insertTestApplication(ctx, 'draft', { documents: 'pending' }));
    const started = performance.now();
    for (const draft of drafts) {
      const response = await ctx.request(token, { method: 'POST', url: `/api/applications/${draft.id}/submit` });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    return performance.now() - started;
  };

  it('prints the time of 200 submissions without and with the audit triggers', { timeout: 600_000 }, async () => {
    const token = await ctx.tokenFor(DEMO_USERS.find((user) => user.role === 'entrepreneur')!.email);
    await submitAll(token); // warm-up
    await setTriggers(false);
    const without = await submitAll(token);
    await setTriggers(true);
    const withAudit = await submitAll(token);
    const [rows] = (
      (await ctx.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] }
    ).rows;
    // The trigger alone: one-row updates of an application, each in its own transaction, alternating rounds.
    const target = (await insertTestApplication(ctx, 'submitted')).id;
    const updates = async (round: number) => {
      const started = performance.now();
      for (let i = 0; i < RUNS; i++) {
        await ctx.db.transaction((tx) =>
          tx.execute(sql`update applications set current_stage = ${`Round ${round} step ${i}`} where id = ${target}`),
        );
      }
      return performance.now() - started;
    };
    const plain: number[] = [];
    const audited: number[] = [];
    for (let round = 0; round < 4; round++) {
      await setTriggers(false);
      plain.push(await updates(round));
      await setTriggers(true);
      audited.push(await updates(round));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `[audit write cost, ${TEST_DB_KIND}] ${RUNS} one-row updates in transactions (median of 4 rounds): ` +
        `without triggers ${median(plain).toFixed(0)} ms, with ${median(audited).toFixed(0)} ms ` +
        `(+${((median(audited) - median(plain)) / RUNS).toFixed(3)} ms per write)`,
    );
    console.log(
      `[audit write cost, ${TEST_DB_KIND}] ${RUNS} submissions: without triggers ${without.toFixed(0)} ms ` +
        `(${(without / RUNS).toFixed(2)} ms each), with ${withAudit.toFixed(0)} ms (${(withAudit / RUNS).toFixed(2)} ms ` +
        `each), +${(((withAudit - without) / without) * 100).toFixed(1)}%; audit rows now ${rows!.n}`,
    );
  });
});
