/** The deadline sweep (apps/api/src/modules/deadlines/rules/escalation.ts, decision 017) at volume: runs of the sweep on generated data
 * until the backlog of late stages is worked off (each run escalates and deems at most 5,000), then one more run, the
 * steady state the API's five-minute timer sees, beside a baseline taken in the same run: counting the stages that wait
 * on an officer with their clock running. Used on its own:
 *
 *   npx tsx bench/deadlines.ts [-- --applications 100000]
 *
 * which fills a fresh PostgreSQL database (127.0.0.1:5432, or DATABASE_URL) and prints the figures. */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { sweepDeadlines, type DeadlineCounts } from '../apps/api/src/modules/deadlines/rules/escalation';
import { generateVolumeData } from '../apps/api/src/demo/generate-volume';
import { seedDemoData } from '../apps/api/src/demo/seed';
import { createDatabase, serverVersion } from './postgres';

export interface DeadlineFigures {
  waiting: number;
  countMs: number;
  runs: Array<DeadlineCounts & { ms: number }>;
  /** Five more runs with nothing left to do, in the same process: the median and the slowest. */
  steady: { medianMs: number; maxMs: number };
}

export async function deadlineRuns(db: Database, maxRuns = 20): Promise<DeadlineFigures> {
  let started = performance.now();
  const result = (await db.execute(
    sql`select count(*)::int as n from applications where clock_paused_at is null
        and waiting_on in ('zonal_manager', 'ho', 'committee', 'legal', 'admin')`,
  )) as unknown as { rows: { n: number }[] };
  const countMs = performance.now() - started;
  const runs: DeadlineFigures['runs'] = [];
  for (let run = 0; run < maxRuns; run++) {
    started = performance.now();
    const counts = await sweepDeadlines(db);
    runs.push({ ...counts, ms: performance.now() - started });
    if (counts.escalated === 0 && counts.deemed === 0) break;
  }
  const steady: number[] = [];
  for (let run = 0; run < 5; run++) {
    started = performance.now();
    await sweepDeadlines(db);
    steady.push(performance.now() - started);
  }
  steady.sort((a, b) => a - b);
  return { waiting: result.rows[0]!.n, countMs, runs, steady: { medianMs: steady[2]!, maxMs: steady[4]! } };
}

export function deadlineLines(figures: DeadlineFigures): string[] {
  return [
    ...figures.runs.map(
      (run, index) =>
        `deadline sweep run ${index + 1}: ${run.ms.toFixed(0)} ms, ${run.escalated} escalated ` +
        `(${run.notified} told), ${run.deemed} deemed`,
    ),
    `steady state (nothing to do, 5 runs): median ${figures.steady.medianMs.toFixed(1)} ms, ` +
      `slowest ${figures.steady.maxMs.toFixed(1)} ms`,
    `baseline: counting the ${figures.waiting} stages waiting on an officer with the clock running ` +
      `${figures.countMs.toFixed(1)} ms`,
  ];
}

async function main() {
  const { values } = parseArgs({ options: { applications: { type: 'string', default: '100000' } } });
  const applications = Number(values.applications.replace(/_/g, ''));
  const database = await createDatabase('deadlines');
  if (!database) throw new Error('No PostgreSQL answers on 127.0.0.1:5432 and DATABASE_URL is not set');
  try {
    const version = await serverVersion(database.url);
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      await handle.migrate();
      await seedDemoData(handle.db);
      const generated = await generateVolumeData(handle.db, { applications, seed: 1 });
      console.log(`PostgreSQL ${version}: ${applications} applications generated in ${generated.seconds.toFixed(1)} s`);
      for (const line of deadlineLines(await deadlineRuns(handle.db))) console.log(line);
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
