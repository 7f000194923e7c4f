// The sandbox randomness beacon (TEST MODE) beside the portal, for npm start and npm run dev: unless RANDOMNESS_BEACON
// names another beacon (quicknet), it runs as its own process at the address the portal calls (BEACON_URL, by default
// http://127.0.0.1:<PORT + 2>), following the portal's clock, so a draw's future round comes when the portal's clock
// (moved forward by an admin) reaches it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Starts the sandbox when the portal is configured for it; returns its child process, or null. */
export function startSandboxBeacon(env = process.env) {
  const mode = env.RANDOMNESS_BEACON?.trim() || 'sandbox';
  if (mode !== 'sandbox') return null;
  const portalPort = Number(env.PORT) || 8000;
  const sandboxUrl = new URL(env.BEACON_URL || `http://127.0.0.1:${portalPort + 2}`);
  const sandboxPort = sandboxUrl.port || (sandboxUrl.protocol === 'https:' ? '443' : '80');
  // The clock is read from process to process on this machine; a portal listening on every address is reached at the
  // loopback one.
  const portalHost = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const portalUrl = `http://${portalHost.includes(':') ? `[${portalHost}]` : portalHost}:${portalPort}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/beacon-sandbox/src/cli.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...env,
      BEACON_SANDBOX_PORT: sandboxPort,
      HOST: env.HOST || '127.0.0.1',
      BEACON_SANDBOX_PORTAL_URL: portalUrl,
    },
  });
  child.on('exit', (code, signal) => {
    if (code) console.error(`The sandbox randomness beacon stopped (exit ${code}${signal ? `, ${signal}` : ''}).`);
  });
  return child;
}
