/** The public performance figures at volume: GET /api/public/performance answered through the app (the per-address
 * limit's write included), and the daily job that works the figures out, on a history of finished stages (one per
 * application, left over the last 120 days, a quarter of them late). Used on its own:
 *
 *   npx tsx bench/performance.ts [-- --applications 100000 --runs 20]
 *
 * which fills a fresh PostgreSQL database (127.0.0.1:5432, or DATABASE_URL), prints the figures and drops it. */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { snapshotPerformance } from '../apps/api/src/modules/deadlines/rules/performance';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { publicPerformance } from '../apps/api/src/modules/deadlines/performance/service';
import { generateVolumeData } from '../apps/api/src/demo/generate-volume';
import { seedDemoData } from '../apps/api/src/demo/seed';
import { createTokenService } from '../apps/api/src/lib/tokens';
import { createDiskStorage } from '../apps/api/src/plugins/storage';
import { createDatabase, serverVersion } from './postgres';

/** One finished stage per application, as the trigger would have kept them: entered 5 to 40 days before it was
 * left, due 15 working days (about 21 calendar days) after entering. */
export async function fillStageHistory(db: Database): Promise<number> {
  await db.execute(sql`
    insert into application_stage_history
      (application_id, status, next_status, entered_at, left_at, due_on, paused_working_days, zone)
    select a.id, s.status, 'pending_committee', s.left_at - (5 + (random() * 35)::int) * interval '1 day', s.left_at,
           (s.left_at - (5 + (random() * 35)::int) * interval '1 day' + interval '21 days')::date,
           case when random() < 0.1 then 2 else 0 end, 'zone'
    from applications a
    cross join lateral (
      select (array['submitted','under_scrutiny','pending_committee','approved','payment_verified','lease_submitted']
               ::application_status[])[1 + (abs(hashtext(a.id::text)) % 6)] as status,
             now() - (random() * 120) * interval '1 day' as left_at
    ) s`);
  const result = (await db.execute(sql`select count(*)::int as n from application_stage_history`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function performanceFigures(db: Database, runs: number) {
  let started = performance.now();
  await snapshotPerformance(db, { holder: `bench-${crypto.randomUUID()}` });
  const jobMs = performance.now() - started;
  const app = await buildApp({
    config: { webDist: path.join(os.tmpdir(), 'no-web'), loginAttemptsPerMinute: 1000 },
    db,
    tokens: createTokenService(crypto.randomBytes(32)),
    storage: createDiskStorage(path.join(os.tmpdir(), 'bench-uploads')),
  });
  await app.ready();
  try {
    const reads: number[] = [];
    for (let run = 0; run < runs; run++) {
      started = performance.now();
      await publicPerformance(db);
      reads.push(performance.now() - started);
    }
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      started = performance.now();
      // A different address each time, so the per-address limit does not answer 429.
      const response = await app.inject({
        method: 'GET',
        url: '/api/public/performance',
        remoteAddress: `10.0.${run >> 8}.${run & 255}`,
      });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    }
    return { jobMs, readMedianMs: median(reads), endpointMedianMs: median(times), endpointMaxMs: Math.max(...times) };
  } finally {
    await app.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { applications: { type: 'string', default: '100000' }, runs: { type: 'string', default: '20' } },
  });
  const applications = Number(values.applications.replace(/_/g, ''));
  const runs = Math.max(1, Number(values.runs));
  const database = await createDatabase('performance');
  if (!database) throw new Error('No PostgreSQL answers on 127.0.0.1:5432 and DATABASE_URL is not set');
  try {
    const version = await serverVersion(database.url);
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      await handle.migrate();
      await seedDemoData(handle.db);
      const generated = await generateVolumeData(handle.db, { applications, seed: 1 });
      const stages = await fillStageHistory(handle.db);
      console.log(
        `PostgreSQL ${version}: ${applications} applications generated in ${generated.seconds.toFixed(1)} s, ${stages} finished stages`,
      );
      const figures = await performanceFigures(handle.db, runs);
      console.log(`  daily job (figures worked out and stored)  ${figures.jobMs.toFixed(0)} ms`);
      console.log(
        `  stored figures read (the service)         ${figures.readMedianMs.toFixed(1)} ms median of ${runs}`,
      );
      console.log(
        `  GET /api/public/performance              ${figures.endpointMedianMs.toFixed(1)} ms median of ${runs}, max ${figures.endpointMaxMs.toFixed(1)} ms`,
      );
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}

await main();
