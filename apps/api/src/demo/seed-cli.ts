// npm run db:seed: loads the demo data into the configured database if it has no users yet.
// npm run db:seed -- --applications 100000 [--seed 1]: then adds that many generated applications, with their
// entrepreneurs, assets, documents, invoices, payments, allotments and timeline (see generate-volume.ts).
import { parseArgs } from 'node:util';
import { billYearlyDues } from '../modules/money/rules/dues';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { generateVolumeData } from './generate-volume';
import { seedDemoData } from './seed';

const { values } = parseArgs({
  options: { applications: { type: 'string' }, seed: { type: 'string' } },
  allowPositionals: false,
});
const applications = values.applications === undefined ? 0 : Number(values.applications.replace(/[_,]/g, ''));
const seed = values.seed === undefined ? 1 : Number(values.seed);
if (!Number.isInteger(applications) || applications < 0 || !Number.isInteger(seed)) {
  console.error('Usage: npm run db:seed -- [--applications N] [--seed N]');
  process.exit(2);
}

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await handle.migrate();
  const loaded = await seedDemoData(handle.db);
  // As the server's own start does for a fresh demo: this year's dues are billed on the plots in possession, so a
  // server started on this database shows them from its first request, not only once its daily billing has run.
  if (loaded) await billYearlyDues(handle.db);
  console.log(loaded ? 'Demo data loaded.' : 'The database already has users; nothing loaded.');
  if (applications > 0) {
    console.log(
      `Database: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
    );
    const summary = await generateVolumeData(handle.db, { applications, seed, log: (line) => console.log(line) });
    for (const [table, rows] of Object.entries(summary.rows)) {
      console.log(`  ${table.padEnd(18)} ${rows.toLocaleString('en-IN').padStart(12)} rows`);
    }
  }
} finally {
  await handle.close();
}
