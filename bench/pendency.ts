/** Pendency and the reports' first pages at volume, timed at the database (the service calls the routes make): the
 * officers' pendency figures for the head office (every zone) and for one zone, and each report's first page (its
 * totals and first rows), its totals read from the summary rows (migration 0018) and, for comparison, counted over
 * the whole table as before.
 *
 *   npx tsx bench/pendency.ts [-- --applications 10000 --runs 5]
 *
 * fills a fresh PostgreSQL database (127.0.0.1:5432) and drops it; with DATABASE_URL it measures that database as it
 * is (migrated first), generating nothing. */
import { parseArgs } from 'node:util';
import { REPORT_TABLE_ROWS, REPORT_TYPES, type Role } from '@portal/contract';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { generateVolumeData } from '../apps/api/src/demo/generate-volume';
import { seedDemoData } from '../apps/api/src/demo/seed';
import { generateReport } from '../apps/api/src/modules/reports/service';
import { getPendency } from '../apps/api/src/modules/deadlines/pendency/service';
import { reportPage, reportSummary } from '../apps/api/src/repositories/reports';
import { createDatabase, serverVersion } from './postgres';

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  await work(); // one warm-up: plans cached, pages in memory, as a running server has them
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const officer = (role: Role, zone?: string) => ({
  id: 'bench',
  email: 'bench@example.com',
  fullName: 'Bench',
  role,
  zone,
});

export async function pendencyFigures(db: Database, runs: number): Promise<Record<string, number>> {
  const [zoneRow] = (
    (await db.execute('select zone from assets group by zone order by count(*) desc limit 1' as never)) as unknown as {
      rows: { zone: string }[];
    }
  ).rows;
  const figures: Record<string, number> = {
    'pendency, head office (every zone)': await median(runs, () => getPendency(db, officer('ho'), {})),
    [`pendency, zonal manager of ${zoneRow?.zone ?? 'a zone'}`]: await median(runs, () =>
      getPendency(db, officer('zonal_manager', zoneRow?.zone), {}),
    ),
  };
  for (const type of REPORT_TYPES) {
    figures[`report ${type}: first page`] = await median(runs, () => generateReport(db, type, {}));
    figures[`report ${type}: totals from summary rows`] = await median(runs, () =>
      reportSummary(db, type, {}, 'summary'),
    );
    figures[`report ${type}: totals counted over the table (before)`] = await median(runs, () =>
      reportSummary(db, type, {}, 'table'),
    );
    figures[`report ${type}: first rows`] = await median(runs, () => reportPage(db, type, {}, REPORT_TABLE_ROWS));
  }
  return figures;
}

async function main() {
  const { values } = parseArgs({
    options: { applications: { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' } },
  });
  const applications = Number(values.applications.replace(/_/g, ''));
  const runs = Math.max(1, Number(values.runs));
  const database = await createDatabase('pendency');
  if (!database) throw new Error('No PostgreSQL answers on 127.0.0.1:5432 and DATABASE_URL is not set');
  try {
    const version = await serverVersion(database.url);
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      let started = performance.now();
      await handle.migrate();
      const migrated = (performance.now() - started) / 1000;
      if (database.owned) {
        await seedDemoData(handle.db);
        const generated = await generateVolumeData(handle.db, { applications, seed: 1 });
        console.log(
          `PostgreSQL ${version}: ${applications} applications generated in ${generated.seconds.toFixed(1)} s`,
        );
      }
      started = performance.now();
      await handle.db.execute('analyze' as never);
      const [count] = (
        (await handle.db.execute('select count(*)::int as n from applications' as never)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      console.log(
        `PostgreSQL ${version}: ${count?.n} applications (migrations ${migrated.toFixed(1)} s, analyze ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      for (const [name, value] of Object.entries(await pendencyFigures(handle.db, runs))) {
        console.log(`  ${name.padEnd(58)} ${value.toFixed(1)} ms (median of ${runs})`);
      }
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}

await main();
