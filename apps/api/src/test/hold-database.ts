// Test fixture: opens the PGlite database in the folder given, migrates and seeds it, says "ready" and waits
// to be killed. Used to prove that a hard kill leaves a directory that opens again.
import { openDatabase } from '../db/client';
import { seedDemoData } from '../demo/seed';

const handle = await openDatabase({ dataDir: process.argv[2]! });
await handle.migrate();
await seedDemoData(handle.db);
process.stdout.write('ready\n');
setInterval(() => {}, 1000);
