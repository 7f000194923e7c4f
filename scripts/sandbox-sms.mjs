// The sandbox SMS provider (TEST MODE) beside the portal, for npm start and npm run dev: unless SMS_PROVIDER names a
// real provider (gupshup), it runs as its own process at the address the portal sends its SMS to (SMS_API_URL, by
// default http://127.0.0.1:<PORT + 5>/GatewayAPI/rest), and posts delivery reports to the portal's
// /api/sms/delivery-reports/<token> with the fixed TEST token both sides know.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Starts the sandbox when the portal is configured for it; returns its child process, or null. */
export function startSandboxSms(env = process.env) {
  const mode = env.SMS_PROVIDER?.trim() || 'sandbox';
  if (mode !== 'sandbox') return null;
  const portalPort = Number(env.PORT) || 8000;
  const sandboxUrl = new URL(env.SMS_API_URL || `http://127.0.0.1:${portalPort + 5}/GatewayAPI/rest`);
  const sandboxPort = sandboxUrl.port || (sandboxUrl.protocol === 'https:' ? '443' : '80');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/sms-sandbox/src/cli.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...env,
      SMS_SANDBOX_PORT: sandboxPort,
      HOST: env.HOST || '127.0.0.1',
      SMS_SANDBOX_PUBLIC_URL: sandboxUrl.origin,
      SMS_SANDBOX_DLR_URL: `http://127.0.0.1:${portalPort}/api/sms/delivery-reports/sandbox-dlr-token`,
    },
  });
  child.on('exit', (code, signal) => {
    if (code) console.error(`The sandbox SMS provider stopped (exit ${code}${signal ? `, ${signal}` : ''}).`);
  });
  return child;
}
