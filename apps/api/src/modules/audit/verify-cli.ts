/** `npm run audit:verify`: checks the audit chain of the configured database; exit code 1 names the first bad row. */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { verifyAuditChain } from './verify';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await verifyAuditChain(handle.db);
  if (report.problem) {
    console.error(`Audit chain broken at seq ${report.problem.seq} (${report.problem.kind}): ${report.problem.detail}`);
    process.exitCode = 1;
  } else {
    console.log(`Audit chain intact: ${report.rows} rows, last seq ${report.lastSeq ?? 'none'}`);
  }
} finally {
  await handle.close();
}
