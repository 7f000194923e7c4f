// npm run db:seed: loads the demo data into the configured database if it has no users yet.
// npm run db:seed -- --applications 100000 [--seed 1]: then adds that many generated applications, with their
// entrepreneurs, assets, documents, invoices, payments, allotments and timeline (see generate-volume.ts).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from './client';
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
  console.log(
    (await seedDemoData(handle.db)) ? 'Demo data loaded.' : 'The database already has users; nothing loaded.',
  );
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
