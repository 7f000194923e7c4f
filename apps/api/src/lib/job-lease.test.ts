import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { repeatEvery, runExclusive } from './job-lease';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`job leases (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: false });
  });
  afterAll(() => ctx.close());

  it('of two concurrent holders only one runs the job', async () => {
    let runs = 0;
    const job = async () => {
      runs += 1;
      await pause(50);
    };
    const results = await Promise.all([
      runExclusive(ctx.db, 'concurrent', 60_000, job, 'process-a'),
      runExclusive(ctx.db, 'concurrent', 60_000, job, 'process-b'),
    ]);
    expect(runs).toBe(1);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('two overlapping calls of one holder run the job once', async () => {
    let runs = 0;
    const job = async () => {
      runs += 1;
      await pause(50);
    };
    await Promise.all([runExclusive(ctx.db, 'overlap', 60_000, job), runExclusive(ctx.db, 'overlap', 60_000, job)]);
    expect(runs).toBe(1);
  });

  it('the holder may run again; another holder only once the lease has expired', async () => {
    const noop = async () => {};
    expect(await runExclusive(ctx.db, 'expiring', 60_000, noop, 'process-a')).toBe(true);
    expect(await runExclusive(ctx.db, 'expiring', 60_000, noop, 'process-a')).toBe(true);
    expect(await runExclusive(ctx.db, 'expiring', 60_000, noop, 'process-b')).toBe(false);
    await ctx.db.execute(sql`update job_leases set expires_at = now() - interval '1 second' where name = 'expiring'`);
    expect(await runExclusive(ctx.db, 'expiring', 60_000, noop, 'process-b')).toBe(true);
    expect(await runExclusive(ctx.db, 'expiring', 60_000, noop, 'process-a')).toBe(false);
  });

  it('a job that throws still lets the next call in', async () => {
    await expect(
      runExclusive(ctx.db, 'failing', 60_000, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await runExclusive(ctx.db, 'failing', 60_000, async () => {})).toBe(true);
  });
});

describe('repeatEvery', () => {
  it('runs again and again, never two at once, goes on after a failure, and stop waits for the run under way', async () => {
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    const errors: unknown[] = [];
    let release!: () => void;
    const lastRun = new Promise<void>((resolve) => (release = resolve));
    const job = repeatEvery(
      5,
      async () => {
        runs += 1;
        concurrent += 1;
        most = Math.max(most, concurrent);
        try {
          if (runs === 1) throw new Error('first run fails');
          // Longer than several ticks: the ticks meanwhile are skipped, not run beside it.
          await new Promise((resolve) => setTimeout(resolve, 30));
          if (runs >= 3) release();
        } finally {
          concurrent -= 1;
        }
      },
      (error) => errors.push(error),
    );
    await lastRun;
    await job.stop();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBe(after);
  });
});
