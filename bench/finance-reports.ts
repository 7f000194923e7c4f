/** The finance dashboard's reports at volume, timed at the database (the service calls the routes make): collections
 * over the last 30 days and over 366 days, receivables ageing, the summary, and writing receivables.csv in full.
 *
 *   npx tsx bench/finance-reports.ts [-- --applications 100000 --runs 5]
 *
 * fills a fresh PostgreSQL database (127.0.0.1:5432, or DATABASE_URL), prints the median of each and drops it. */
import { parseArgs } from 'node:util';
import { addCalendarDays, businessToday } from '@portal/contract';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { generateVolumeData } from '../apps/api/src/demo/generate-volume';
import { seedDemoData } from '../apps/api/src/demo/seed';
import {
  collections,
  exportReceivablesCsv,
  receivablesAgeing,
  summary,
} from '../apps/api/src/modules/money/finance-reports/service';
import { createDatabase, serverVersion } from './postgres';

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function financeReportFigures(db: Database, runs: number) {
  const today = businessToday();
  let csvLines = 0;
  return {
    'collections, last 30 days': await median(runs, () => collections(db, {})),
    'collections, 366 days': await median(runs, () =>
      collections(db, { from: addCalendarDays(today, -365), to: today }),
    ),
    'receivables ageing': await median(runs, () => receivablesAgeing(db)),
    summary: await median(runs, () => summary(db)),
    'receivables.csv, whole file': await median(runs, async () => {
      csvLines = 0;
      for await (const text of exportReceivablesCsv(db)) csvLines += text.split('\r\n').length - 1;
    }),
    csvLines,
  };
}

async function main() {
  const { values } = parseArgs({
    options: { applications: { type: 'string', default: '100000' }, runs: { type: 'string', default: '5' } },
  });
  const applications = Number(values.applications.replace(/_/g, ''));
  const runs = Math.max(1, Number(values.runs));
  const database = await createDatabase('finance');
  if (!database) throw new Error('No PostgreSQL answers on 127.0.0.1:5432 and DATABASE_URL is not set');
  try {
    const version = await serverVersion(database.url);
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      await handle.migrate();
      await seedDemoData(handle.db);
      const generated = await generateVolumeData(handle.db, { applications, seed: 1 });
      console.log(`PostgreSQL ${version}: ${applications} applications generated in ${generated.seconds.toFixed(1)} s`);
      const figures = await financeReportFigures(handle.db, runs);
      for (const [name, value] of Object.entries(figures)) {
        console.log(
          `  ${name.padEnd(32)} ${name === 'csvLines' ? value : `${value.toFixed(1)} ms (median of ${runs})`}`,
        );
      }
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}

await main();
