/** Runs the sandbox eSign Service Provider as its own process:
 *   ESIGN_SANDBOX_PORT=8003 node --import tsx apps/esign-sandbox/src/cli.ts
 * ESIGN_SANDBOX_PORT (or PORT; 8003 by default), HOST (127.0.0.1), ESIGN_SANDBOX_PUBLIC_URL (the address browsers
 * reach it at, when not http://HOST:PORT). */
import { startEsignSandbox } from './sandbox';

const env = process.env;
const esp = await startEsignSandbox({
  port: Number(env.ESIGN_SANDBOX_PORT || env.PORT || 8003),
  host: env.HOST || '127.0.0.1',
  publicUrl: env.ESIGN_SANDBOX_PUBLIC_URL || undefined,
});
console.log(`Sandbox eSign provider (TEST MODE) listening at ${esp.url}; requests at ${esp.signdocUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void esp.close().then(() => process.exit(0));
  });
}
