/** The portal started as `npm start` starts it (its demo data and demo world, every sweep scheduled), with the movable
 * clock (decision 026): a year moved forward in one call, and each sweep's effect seen once, as the days would have
 * made it. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { clockMovableFrom, loadConfig } from './config';
import { resetClockForTests } from './core/clock';
import { DEMO_PASSWORD } from './demo/seed';
import { startRuntime, type Runtime } from './runtime';
import { TEST_DB_KIND } from './test/harness';

// The whole portal from an empty database: once, on PGlite (the PostgreSQL project runs the same code).
const runs = TEST_DB_KIND === 'pglite';

async function count(runtime: Runtime, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await runtime.database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]!.n);
}

describe.runIf(runs)('a year moved forward on the demo world', () => {
  let runtime: Runtime;
  let dataDir: string;
  const token = async (email: string) => {
    const login = await runtime.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: email, password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode, login.body).toBe(200);
    return `Bearer ${login.json().access_token as string}`;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-clock-year-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      CLOCK: 'movable',
      DEMO_WORLD: 'true',
      PORT: '0',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      GATEWAY_SANDBOX_URL: 'http://127.0.0.1:9',
    });
    runtime = await startRuntime(config, { inMemory: true });
  }, 180_000);

  afterAll(async () => {
    await runtime?.close();
    resetClockForTests();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('bills the dues with interest, misses and reminds milestones, escalates, deems with letters and closes the auction, each once', async () => {
    const before = {
      dues: await count(
        runtime,
        sql`select count(*) as n from invoices where invoice_type in ('lease_rent', 'maintenance_charge')`,
      ),
      deemed: await count(
        runtime,
        sql`select count(*) as n from issued_documents where kind = 'deemed_approval_letter'`,
      ),
      escalated: await count(runtime, sql`select count(*) as n from applications where escalated_to is not null`),
      missed: await count(runtime, sql`select count(*) as n from notifications where code = 'milestone_missed'`),
    };
    const admin = await token('admin@example.com');
    const started = performance.now();
    const moved = await runtime.app.inject({
      method: 'POST',
      url: '/api/admin/clock/advance',
      headers: { authorization: admin },
      payload: { days: 365 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    console.info(`A year moved in ${Math.round(performance.now() - started)} ms`);
    const runsOf = Object.fromEntries(
      (moved.json().runs as { name: string; runs: number }[]).map((r) => [r.name, r.runs]),
    );
    // Every sweep ran once a day.
    for (const name of ['scheme_close', 'auction_close', 'deadlines', 'reminders', 'dues_billing', 'query_reply_by']) {
      expect(runsOf[name], name).toBe(365);
    }

    // Dues: the next financial year's billed, once per allotment, kind and year; a late one asks interest.
    const after = await count(
      runtime,
      sql`select count(*) as n from invoices where invoice_type in ('lease_rent', 'maintenance_charge')`,
    );
    expect(after).toBeGreaterThan(before.dues);
    expect(
      await count(
        runtime,
        sql`select count(*) as n from (select allotment_id, invoice_type, financial_year, count(*) from invoices
            where invoice_type in ('lease_rent', 'maintenance_charge') group by 1, 2, 3 having count(*) > 1) twice`,
      ),
    ).toBe(0);
    const allottee = await token('allottee@example.com');
    const invoices = await runtime.app.inject({
      method: 'GET',
      url: '/api/invoices?limit=100',
      headers: { authorization: allottee },
    });
    const late = (invoices.json() as { invoice_type: string; status: string; interest: number }[]).filter(
      (invoice) => invoice.invoice_type === 'lease_rent' && invoice.status === 'overdue' && invoice.interest > 0,
    );
    expect(late.length).toBeGreaterThan(0);

    // Milestones missed in the year, each reminded of once.
    expect(
      await count(runtime, sql`select count(*) as n from notifications where code = 'milestone_missed'`),
    ).toBeGreaterThan(before.missed);
    expect(
      await count(
        runtime,
        sql`select count(*) as n from (select user_id, params, count(*) from notifications where code = 'milestone_missed'
            group by 1, 2 having count(*) > 1) twice`,
      ),
    ).toBe(0);

    // Late stages escalated, deemable ones deemed approved, each with one letter.
    expect(
      await count(runtime, sql`select count(*) as n from applications where escalated_to is not null`),
    ).toBeGreaterThanOrEqual(before.escalated);
    const deemed = await count(
      runtime,
      sql`select count(*) as n from issued_documents where kind = 'deemed_approval_letter'`,
    );
    expect(deemed).toBeGreaterThan(before.deemed);
    expect(
      await count(
        runtime,
        sql`select count(*) as n from (select subject_id, count(*) from issued_documents where kind = 'deemed_approval_letter'
            and status = 'valid' group by 1 having count(*) > 1) twice`,
      ),
    ).toBe(0);

    // Every auction, the world's among them: applications closed, bidding ended, the result decided.
    expect(await count(runtime, sql`select count(*) as n from schemes where mode = 'auction'`)).toBeGreaterThan(0);
    expect(
      await count(runtime, sql`select count(*) as n from schemes where mode = 'auction' and status <> 'decided'`),
    ).toBe(0);
  }, 600_000);

  it('is refused when the portal runs with a fixed clock, and CLOCK=movable is refused in production', () => {
    expect(clockMovableFrom({})).toBe(false);
    expect(() => clockMovableFrom({ CLOCK: 'movable', NODE_ENV: 'production' })).toThrow(/production/);
    expect(() => clockMovableFrom({ CLOCK: 'sometimes' })).toThrow(/CLOCK/);
  });
});
