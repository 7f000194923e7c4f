/** Entry point: serves the API and the web app until told to stop, then closes the database cleanly. With
 * WEB_CONCURRENCY > 1 (PostgreSQL) this process becomes the cluster's primary and each worker runs the same file. */
import cluster from 'node:cluster';
import { processCount, runPrimary } from './cluster';
import { loadConfig } from './config';
import { startRuntime } from './runtime';

const config = loadConfig();

async function serve() {
  const runtime = await startRuntime(config, { logger: { level: config.logLevel }, prepared: cluster.isWorker });
  await runtime.app.listen({ port: config.port, host: config.host });

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    runtime.app.log.info(`${signal} received, shutting down`);
    try {
      await runtime.close();
      process.exit(0);
    } catch (error) {
      runtime.app.log.error(error);
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

if (cluster.isPrimary) {
  const count = processCount(config);
  if (count > 1) await runPrimary(config, count);
  else await serve();
} else {
  await serve();
}
