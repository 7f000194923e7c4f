// Test fixture: the outbox worker in a process of its own, against DATABASE_URL and SMTP_URL, with a short lease
// (LEASE_MS) and the holder name WORKER_HOLDER. Says "ready" and works until it is killed: the kill test sends
// SIGKILL while it waits on an SMTP server that never answers a message's data.
import { openDatabase } from '../../db/client';
import { createSmtpTransport } from './transport';
import { createMailWorker } from './worker';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL! });
const worker = createMailWorker({
  db: database.db,
  transport: createSmtpTransport(process.env.SMTP_URL!),
  from: process.env.MAIL_FROM!,
  portalUrl: process.env.PUBLIC_URL!,
  holder: process.env.WORKER_HOLDER!,
  leaseMs: Number(process.env.LEASE_MS),
  // Longer than the test lets it live: it dies waiting, as a process killed mid-send does.
  sendTimeoutMs: 10 * 60_000,
});
worker.start(100);
process.stdout.write('ready\n');
