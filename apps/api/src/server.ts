/** Entry point: serves the API and the web app until told to stop, then closes the database cleanly. */
import { loadConfig } from './config';
import { startRuntime } from './runtime';

const config = loadConfig();
const runtime = await startRuntime(config, { logger: { level: config.logLevel } });
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
