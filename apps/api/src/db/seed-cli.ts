// npm run db:seed: loads the demo data into the configured database if it has no users yet.
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { seedDemoData } from './seed';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await handle.migrate();
  console.log(
    (await seedDemoData(handle.db)) ? 'Demo data loaded.' : 'The database already has users; nothing loaded.',
  );
} finally {
  await handle.close();
}
