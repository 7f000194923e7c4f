// The sandbox state single window (TEST MODE) beside the portal, for npm start and npm run dev: unless
// SINGLE_WINDOW=live names the state's own, it runs as its own process at SINGLE_WINDOW_URL (by default
// http://127.0.0.1:<PORT + 4>), sending CAFs to the portal and taking its status pushes, with the fixed TEST key both
// sides know (decision 036).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Starts the sandbox when the portal is configured for it; returns its child process, or null. */
export function startSandboxSingleWindow(env = process.env) {
  const mode = env.SINGLE_WINDOW?.trim() || 'sandbox';
  if (mode !== 'sandbox') return null;
  const portalPort = Number(env.PORT) || 8000;
  const sandboxUrl = new URL(env.SINGLE_WINDOW_URL || `http://127.0.0.1:${portalPort + 4}`);
  const sandboxPort = sandboxUrl.port || (sandboxUrl.protocol === 'https:' ? '443' : '80');
  const portalUrl = env.PUBLIC_URL || `http://${env.HOST || '127.0.0.1'}:${portalPort}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/single-window-sandbox/src/cli.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...env,
      SINGLE_WINDOW_SANDBOX_PORT: sandboxPort,
      HOST: env.HOST || '127.0.0.1',
      SINGLE_WINDOW_SANDBOX_PUBLIC_URL: sandboxUrl.origin,
      SINGLE_WINDOW_PORTAL_URL: portalUrl,
    },
  });
  child.on('exit', (code, signal) => {
    if (code) console.error(`The sandbox single window stopped (exit ${code}${signal ? `, ${signal}` : ''}).`);
  });
  return child;
}
