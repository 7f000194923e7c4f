// npm run db:migrate: applies the migrations to the configured database (DATABASE_URL or DATA_DIR).
import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await handle.migrate();
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
