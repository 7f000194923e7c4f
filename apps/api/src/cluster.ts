/** WEB_CONCURRENCY > 1 on PostgreSQL: the primary migrates and seeds once, writes the signing secret once, then
 * forks that many workers that share the port (node:cluster), restarts any that die, and stops them all on
 * SIGTERM or SIGINT. It serves nothing itself. */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { loadSigningSecret } from './lib/tokens';
import { prepareDatabase } from './runtime';

const RESTART_DELAY_MS = 1_000;
const STOP_TIMEOUT_MS = 15_000;
/** Workers in a row that die before they listen: past this the start is broken, not unlucky. */
const MAX_FAILED_STARTS = 5;

/** One line in the same JSON shape as the workers' Fastify logs. */
function log(level: 'info' | 'warn' | 'error', msg: string) {
  const levels = { info: 30, warn: 40, error: 50 };
  const line = JSON.stringify({
    level: levels[level],
    // eslint-disable-next-line no-restricted-syntax -- a log line's time is the machine's
    time: Date.now(),
    pid: process.pid,
    hostname: os.hostname(),
    msg,
  });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

/** How many API processes to run: WEB_CONCURRENCY, except on PGlite, which one process owns. */
export function processCount(config: Pick<Config, 'webConcurrency' | 'databaseUrl'>): number {
  if (config.webConcurrency > 1 && !config.databaseUrl) {
    log(
      'warn',
      `WEB_CONCURRENCY=${config.webConcurrency} refused: the embedded database (PGlite, used when DATABASE_URL is ` +
        'not set) can only be opened by one process. Starting 1 process; set DATABASE_URL to run several.',
    );
    return 1;
  }
  return config.webConcurrency;
}

export async function runPrimary(config: Config, count: number): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(config, database);
  } finally {
    await database.close();
  }
  // Generated here once when JWT_SECRET is unset, so every worker reads the same file.
  loadSigningSecret(config.jwtSecret, config.dataDir);

  let stopping = false;
  let failedStarts = 0;
  const listened = new WeakSet<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', (address) => {
      listened.add(worker);
      failedStarts = 0;
      log('info', `worker ${worker.process.pid} listening on ${address.address ?? config.host}:${address.port}`);
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    failedStarts = listened.has(worker) ? 0 : failedStarts + 1;
    if (failedStarts >= MAX_FAILED_STARTS) {
      log('error', `${failedStarts} workers in a row exited before listening; giving up`);
      void stop('worker failures', 1);
      return;
    }
    log('warn', `worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });

  async function stop(reason: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    log('info', `${reason}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    const force = setTimeout(() => {
      log('warn', `workers still running after ${STOP_TIMEOUT_MS / 1000} s; killing them`);
      for (const worker of workers) worker.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    clearTimeout(force);
    process.exit(exitCode);
  }
  process.on('SIGINT', () => void stop('SIGINT received'));
  process.on('SIGTERM', () => void stop('SIGTERM received'));

  log('info', `starting ${count} API processes`);
  for (let index = 0; index < count; index++) fork();
}
