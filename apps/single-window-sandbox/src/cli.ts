/** Runs the sandbox state single window as its own process:
 *   SINGLE_WINDOW_SANDBOX_PORT=8004 SINGLE_WINDOW_PORTAL_URL=http://127.0.0.1:8000 node --import tsx apps/single-window-sandbox/src/cli.ts
 * SINGLE_WINDOW_SANDBOX_PORT (or PORT; 8004 by default), HOST (127.0.0.1), SINGLE_WINDOW_SANDBOX_PUBLIC_URL (the
 * address browsers and the portal reach it at, when not http://HOST:PORT), SINGLE_WINDOW_PORTAL_URL (the portal). */
import { startSingleWindowSandbox } from './sandbox';

const env = process.env;
const sandbox = await startSingleWindowSandbox({
  port: Number(env.SINGLE_WINDOW_SANDBOX_PORT || env.PORT || 8004),
  host: env.HOST || '127.0.0.1',
  publicUrl: env.SINGLE_WINDOW_SANDBOX_PUBLIC_URL || undefined,
  portalUrl: env.SINGLE_WINDOW_PORTAL_URL || 'http://127.0.0.1:8000',
});
console.log(`Sandbox state single window (TEST MODE) listening at ${sandbox.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
