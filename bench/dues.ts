/** The yearly dues billing run (apps/api/src/modules/money/rules/dues.ts) at volume: the first run of the financial year (every active
 * allotment in possession billed its lease rent and maintenance charges, each holder told), then a second run straight
 * after that finds nothing left to bill, beside a baseline taken in the same run: the time to count the active
 * allotments. Used by bench/run.ts after each size's generation, and on its own:
 *
 *   npx tsx bench/dues.ts [-- --applications 100000]
 *
 * which fills a fresh PostgreSQL database (127.0.0.1:5432, or DATABASE_URL) and prints the figures. */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { billYearlyDues, financialYearOf } from '../apps/api/src/modules/money/rules/dues';
import { businessTodayIso } from '../apps/api/src/core/dates';
import { generateVolumeData } from '../apps/api/src/demo/generate-volume';
import { seedDemoData } from '../apps/api/src/demo/seed';
import { countActiveAllotments } from '../apps/api/src/modules/money/repositories/dues';
import { createDatabase, serverVersion } from './postgres';

export interface DuesFigures {
  /** Active allotments (all are looked at; those in possession are billed). */
  allotments: number;
  countMs: number;
  first: { ms: number; invoices: number };
  second: { ms: number; invoices: number };
}

/** Times a billing run on 1 April of the current financial year, then a second one. */
export async function duesTwice(db: Database): Promise<DuesFigures> {
  const today = `${financialYearOf(businessTodayIso())}-04-01`;
  let started = performance.now();
  const allotments = await countActiveAllotments(db);
  const countMs = performance.now() - started;
  const once = async () => {
    started = performance.now();
    const result = await billYearlyDues(db, { today, holder: 'bench' });
    const ms = performance.now() - started;
    return { ms, invoices: result ? result.billed.lease_rent + result.billed.maintenance_charge : 0 };
  };
  const first = await once();
  const second = await once();
  return { allotments, countMs, first, second };
}

export function duesLine(figures: DuesFigures): string {
  return (
    `dues billing: first run ${figures.first.ms.toFixed(0)} ms (${figures.first.invoices} invoices), ` +
    `second run ${figures.second.ms.toFixed(0)} ms (${figures.second.invoices}); ` +
    `baseline: counting the ${figures.allotments} active allotments ${figures.countMs.toFixed(1)} ms`
  );
}

async function main() {
  const { values } = parseArgs({ options: { applications: { type: 'string', default: '100000' } } });
  const applications = Number(values.applications.replace(/_/g, ''));
  const database = await createDatabase('dues');
  if (!database) throw new Error('No PostgreSQL answers on 127.0.0.1:5432 and DATABASE_URL is not set');
  try {
    const version = await serverVersion(database.url);
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      await handle.migrate();
      await seedDemoData(handle.db);
      const generated = await generateVolumeData(handle.db, { applications, seed: 1 });
      console.log(`PostgreSQL ${version}: ${applications} applications generated in ${generated.seconds.toFixed(1)} s`);
      console.log(duesLine(await duesTwice(handle.db)));
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
