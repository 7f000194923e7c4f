import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { rateLimitHits } from '../db/schema';
import { createDiskStorage } from '../plugins/storage';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { cleanUpAttempts, createAttemptLimiter } from './attempt-limiter';
import { createTokenService } from './tokens';

const countRows = async (ctx: TestContext) =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(rateLimitHits))[0]!.n;

describe(`sign-in limiter in the database (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let second: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestContext({ loginAttemptsPerMinute: 4 });
    // A second app on the same database, as a second API process would be.
    const dir = path.join(os.tmpdir(), `portal-limiter-${crypto.randomBytes(4).toString('hex')}`);
    second = await buildApp({
      config: { webDist: path.join(dir, 'no-web'), loginAttemptsPerMinute: 4 },
      db: ctx.db,
      tokens: createTokenService(crypto.randomBytes(32)),
      storage: createDiskStorage(path.join(dir, 'uploads')),
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('two app instances on one database share the limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const app = attempt % 2 === 0 ? ctx.app : second;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: new URLSearchParams({ username: 'shared@example.com', password: 'guess' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      statuses.push(response.statusCode);
    }
    // Each app saw three attempts, under the limit of four on its own; together they passed it.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('counts concurrent attempts exactly', async () => {
    const limiter = createAttemptLimiter(ctx.db, 'test:concurrent', 10);
    const answers = await Promise.all(Array.from({ length: 25 }, () => limiter.tryAttempt('key')));
    expect(answers.filter(Boolean)).toHaveLength(10);
  });

  it('starts a new window after a minute', async () => {
    const limiter = createAttemptLimiter(ctx.db, 'test:window', 1);
    expect(await limiter.tryAttempt('key')).toBe(true);
    expect(await limiter.tryAttempt('key')).toBe(false);
    await ctx.db.execute(sql`update rate_limit_hits set window_start = window_start - interval '61 seconds'`);
    expect(await limiter.tryAttempt('key')).toBe(true);
  });

  it('keeps a limited key limited however many other keys there are', async () => {
    const limiter = createAttemptLimiter(ctx.db, 'test:many', 1);
    await limiter.tryAttempt('victim');
    expect(await limiter.tryAttempt('victim')).toBe(false);
    await ctx.db.execute(
      sql`insert into rate_limit_hits (key, window_start, hits) select 'other-' || i, now(), 1 from generate_series(1, 100001) as i`,
    );
    for (let key = 0; key < 20; key++) await limiter.tryAttempt(`new-${key}`);
    expect(await limiter.tryAttempt('victim')).toBe(false);
  });

  it('cleanup deletes only stale counters, at most once a minute', async () => {
    await ctx.db.execute(sql`delete from rate_limit_hits`);
    const limiter = createAttemptLimiter(ctx.db, 'test:cleanup', 5);
    for (let key = 0; key < 10; key++) await limiter.tryAttempt(`key-${key}`);
    await ctx.db.execute(
      sql`update rate_limit_hits set window_start = now() - interval '3 hours' where key in (select key from rate_limit_hits limit 4)`,
    );
    expect(await cleanUpAttempts(ctx.db)).toBe(true);
    expect(await countRows(ctx)).toBe(6);
    // Another process asking within the minute finds the lease taken.
    await ctx.db.execute(sql`update job_leases set holder = 'another process'`);
    expect(await cleanUpAttempts(ctx.db)).toBe(false);
  });
});
