import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PORTAL_TIME_HEADER } from '@portal/contract';
import { clock } from '../../core/clock';
import type { Sweep } from '../../lib/sweeps';
import { claimNextMail, enqueueMail } from '../../repositories/mail-outbox';
import { insertNotifications } from '../../repositories/notifications';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';

const DAY = 86_400_000;

async function databaseTime(ctx: TestContext, expression: 'portal_now()' | 'now()'): Promise<number> {
  const result = (await ctx.db.execute(
    sql.raw(`select (extract(epoch from ${expression}) * 1000)::float8 as ms`),
  )) as unknown as {
    rows: { ms: number }[];
  };
  return Number(result.rows[0]!.ms);
}

describe(`the portal clock (${TEST_DB_KIND})`, () => {
  describe('fixed (the default)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(() => ctx.close());

    it('reads as the database clock and refuses every move, changing nothing', async () => {
      const admin = await ctx.tokenFor('admin');
      const read = await ctx.request(admin, { method: 'GET', url: '/api/admin/clock' });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ offset_ms: 0, movable: false, moved_at: null });
      const move = await ctx.request(admin, { method: 'POST', url: '/api/admin/clock/advance', payload: { days: 1 } });
      expect(move.statusCode).toBe(409);
      expect(move.json().code).toBe('clock_fixed');
      expect((await ctx.request(admin, { method: 'GET', url: '/api/admin/clock' })).json().offset_ms).toBe(0);
    });

    it('is for admins only', async () => {
      for (const role of ['entrepreneur', 'ho', 'finance'] as const) {
        const token = await ctx.tokenFor(role);
        const move = await ctx.request(token, {
          method: 'POST',
          url: '/api/admin/clock/advance',
          payload: { days: 1 },
        });
        expect(move.statusCode, role).toBe(403);
      }
      expect((await ctx.request(null, { method: 'GET', url: '/api/admin/clock' })).statusCode).toBe(401);
    });

    it("tells every answer the portal's time", async () => {
      const answer = await ctx.request(null, { method: 'GET', url: '/api/health' });
      const told = Date.parse(String(answer.headers[PORTAL_TIME_HEADER.toLowerCase()]));
      expect(Math.abs(told - Date.now())).toBeLessThan(60_000);
    });
  });

  describe('movable', () => {
    let ctx: TestContext;
    let admin: string;
    const ran: { name: string; at: number }[] = [];
    beforeAll(async () => {
      ctx = await createTestContext({ clockMovable: true });
      admin = await ctx.tokenFor('admin');
      // Two sweeps that note the portal's time each run sees.
      const noting = (name: string): Sweep => ({
        name,
        everyMs: 60_000,
        run: async () => {
          ran.push({ name, at: clock.now().getTime() });
        },
      });
      ctx.app.sweeps.push(noting('first'), noting('second'));
    });
    afterAll(() => ctx.close());

    const advance = (payload: object) =>
      ctx.request(admin, { method: 'POST', url: '/api/admin/clock/advance', payload });

    it('refuses a move backwards, of more than ten years, or with a malformed body, changing nothing', async () => {
      const now = Date.now();
      const backwards = await advance({ to: new Date(now - DAY).toISOString() });
      expect(backwards.statusCode).toBe(422);
      expect(backwards.json().code).toBe('clock_backwards');
      const zero = await advance({ minutes: 0 });
      expect(zero.json().code).toBe('clock_backwards');
      const tooFar = await advance({ days: 3654 });
      expect(tooFar.statusCode).toBe(422);
      expect(tooFar.json().code).toBe('clock_too_far');
      for (const payload of [
        {},
        { days: -1 },
        { days: 1.5 },
        { days: 1, to: new Date(now + DAY).toISOString() },
        { to: 'soon' },
        { weeks: 1 },
      ]) {
        const refused = await advance(payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      }
      expect((await ctx.request(admin, { method: 'GET', url: '/api/admin/clock' })).json().offset_ms).toBe(0);
      expect(ran).toEqual([]);
    });

    it('moves three days and a half forward: each sweep runs in order once a day skipped and once at the end', async () => {
      ran.length = 0;
      const before = await databaseTime(ctx, 'portal_now()');
      const moved = await advance({ days: 3, hours: 12 });
      expect(moved.statusCode).toBe(200);
      const body = moved.json();
      expect(body.runs).toEqual([
        { name: 'first', runs: 4 },
        { name: 'second', runs: 4 },
      ]);
      expect(ran.map((run) => run.name)).toEqual([
        'first',
        'second',
        'first',
        'second',
        'first',
        'second',
        'first',
        'second',
      ]);
      // Each step's sweeps see that step's day: one, two and three days on, then three and a half.
      const steps = ran.filter((run) => run.name === 'first').map((run) => Math.round((run.at - before) / 3_600_000));
      expect(steps).toEqual([24, 48, 72, 84]);
      expect(Date.parse(body.now) - Date.parse(body.from)).toBeGreaterThanOrEqual(3.5 * DAY);
      expect(Date.parse(body.now) - Date.parse(body.from)).toBeLessThan(3.5 * DAY + 60_000);
      // The database, this process, each answer and a new row's default all read the moved time.
      expect((await databaseTime(ctx, 'portal_now()')) - (await databaseTime(ctx, 'now()'))).toBeGreaterThanOrEqual(
        3.5 * DAY - 60_000,
      );
      expect(clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(3.5 * DAY - 60_000);
      const answer = await ctx.request(null, { method: 'GET', url: '/api/health' });
      expect(Date.parse(String(answer.headers[PORTAL_TIME_HEADER.toLowerCase()])) - Date.now()).toBeGreaterThan(
        3.5 * DAY - 60_000,
      );
      const [user] = (
        (await ctx.db.execute(sql`select id from users where role = 'admin' limit 1`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows;
      await insertNotifications(ctx.db, [
        { userId: user!.id, code: 'invoice_due_soon', params: {}, link: '/', applicationId: null, dedupeKey: null },
      ]);
      const created = (
        (await ctx.db.execute(
          sql`select (extract(epoch from created_at) * 1000)::float8 as ms from notifications order by created_at desc limit 1`,
        )) as unknown as { rows: { ms: number }[] }
      ).rows[0]!.ms;
      expect(created - Date.now()).toBeGreaterThan(3.5 * DAY - 60_000);
      const read = (await ctx.request(admin, { method: 'GET', url: '/api/admin/clock' })).json();
      expect(read.offset_ms).toBeGreaterThanOrEqual(3.5 * DAY - 60_000);
      expect(read.moved_at).not.toBeNull();
      expect(read.sweeps.map((sweep: { name: string }) => sweep.name)).toEqual(['first', 'second']);
    });

    it('is moved by `npm run clock` as the demo admin, which prints where it went', async () => {
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const before = (await ctx.request(admin, { method: 'GET', url: '/api/admin/clock' })).json().offset_ms as number;
      const cli = path.join(import.meta.dirname, '../../demo/clock-cli.ts');
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, '--days', '2'], {
        env: { ...process.env, PORTAL_URL: address },
      });
      expect(stdout).toMatch(/The portal's clock moved from .* to /);
      expect(stdout).toContain('first: ran 2 times');
      const after = (await ctx.request(admin, { method: 'GET', url: '/api/admin/clock' })).json().offset_ms as number;
      expect(Math.round((after - before) / 3_600_000)).toBe(48);
      const refused = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, '--days=-1'], {
        env: { ...process.env, PORTAL_URL: address },
      }).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toContain('422');
    }, 60_000);

    it('leaves the machines on their own time: mail queued after a move goes out at once', async () => {
      expect((await ctx.request(admin, { method: 'GET', url: '/api/admin/clock' })).json().offset_ms).toBeGreaterThan(
        0,
      );
      await enqueueMail(ctx.db, {
        to: 'after-a-move@example.com',
        template: 'password_reset',
        dedupeKey: 'clock-move',
      });
      const claimed = await claimNextMail(ctx.db, 'clock-test', 60_000);
      expect(claimed?.message.toEmail).toBe('after-a-move@example.com');
    });

    it('never moves back, even when the last step is shorter than the sweeps before it took', async () => {
      const seen: number[] = [];
      ctx.app.sweeps.push({
        name: 'slow',
        everyMs: 60_000,
        run: async () => {
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          seen.push(clock.now().getTime());
        },
      });
      try {
        ran.length = 0;
        const now = Date.parse((await ctx.request(admin, { method: 'GET', url: '/api/admin/clock' })).json().now);
        // A day, then a last step of about a second and a half (less the time this request takes to arrive): shorter
        // than the 2 s the day's sweeps take.
        expect((await advance({ to: new Date(now + DAY + 1_500).toISOString() })).statusCode).toBe(200);
        expect(seen).toHaveLength(2);
        // The last step's first sweep reads a time no earlier than the end of the step before.
        const lastStepStarted = ran.filter((run) => run.name === 'first').at(-1)!.at;
        expect(lastStepStarted).toBeGreaterThanOrEqual(seen[0]!);
      } finally {
        ctx.app.sweeps.pop();
      }
    });

    it('takes one move at a time: a second move while one runs is refused and changes nothing', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started!: () => void;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      ctx.app.sweeps.push({ name: 'slow', everyMs: 60_000, run: async () => (started(), held) });
      try {
        const first = advance({ minutes: 5 });
        await running;
        const offsetDuring = (await ctx.request(admin, { method: 'GET', url: '/api/admin/clock' })).json().offset_ms;
        const second = await advance({ minutes: 5 });
        expect(second.statusCode).toBe(409);
        expect(second.json().code).toBe('clock_moving');
        release();
        expect((await first).statusCode).toBe(200);
        const after = (await ctx.request(admin, { method: 'GET', url: '/api/admin/clock' })).json().offset_ms;
        expect(after - offsetDuring).toBeLessThan(1_000);
      } finally {
        release();
        ctx.app.sweeps.pop();
      }
    });
  });
});

describe("the database's own clock in the server's SQL", () => {
  const SOURCE = path.resolve(import.meta.dirname, '../..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
    });
  // Machines and attempts keep the machine's time (decision 026); everything else reads portal_now().
  const MACHINE_TIME = new Set([
    'repositories/sessions.ts',
    'repositories/users.ts',
    'repositories/job-leases.ts',
    'repositories/rate-limits.ts',
    'repositories/sign-in-locks.ts',
    'repositories/password-resets.ts',
    // One-time codes' expiry, as a reset link's (decision 037).
    'repositories/one-time-codes.ts',
    'repositories/mail-outbox.ts',
    'repositories/single-window-nonces.ts',
    'repositories/portal-clock.ts',
    'demo/generate-volume.ts',
    // Its column defaults: portal_follow_clock() points them at the portal's clock after every migration.
    'db/schema.ts',
  ]);

  it("is read only by the code of machines and attempts; rules read the portal's", () => {
    const offenders = sources(SOURCE)
      .map((file) => ({
        name: path.relative(SOURCE, file).split(path.sep).join('/'),
        text: fs.readFileSync(file, 'utf8'),
      }))
      .filter((file) => !MACHINE_TIME.has(file.name))
      .filter((file) =>
        /(?<![_a-z.])(now|clock_timestamp|statement_timestamp|transaction_timestamp)\(\)|current_(date|timestamp)\b/i.test(
          file.text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''),
        ),
      )
      .map((file) => file.name);
    expect(offenders).toEqual([]);
  });
});
