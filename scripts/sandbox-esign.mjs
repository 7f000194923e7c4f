// The sandbox eSign Service Provider (TEST MODE) beside the portal, for npm start and npm run dev: unless ESIGN names a
// licensed provider (esp), it runs as its own process at the address the portal sends the allottee's browser to
// (ESIGN_URL, by default http://127.0.0.1:<PORT + 3>/esign/2.1/signdoc), with the fixed TEST keys both sides know.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Starts the sandbox when the portal is configured for it; returns its child process, or null. */
export function startSandboxEsign(env = process.env) {
  const mode = env.ESIGN?.trim() || 'sandbox';
  if (mode !== 'sandbox') return null;
  const portalPort = Number(env.PORT) || 8000;
  const sandboxUrl = new URL(env.ESIGN_URL || `http://127.0.0.1:${portalPort + 3}/esign/2.1/signdoc`);
  const sandboxPort = sandboxUrl.port || (sandboxUrl.protocol === 'https:' ? '443' : '80');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/esign-sandbox/src/cli.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...env,
      ESIGN_SANDBOX_PORT: sandboxPort,
      HOST: env.HOST || '127.0.0.1',
      ESIGN_SANDBOX_PUBLIC_URL: sandboxUrl.origin,
    },
  });
  child.on('exit', (code, signal) => {
    if (code) console.error(`The sandbox eSign provider stopped (exit ${code}${signal ? `, ${signal}` : ''}).`);
  });
  return child;
}
