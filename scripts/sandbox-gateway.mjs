// The sandbox payment gateway (TEST MODE) beside the portal, for npm start and npm run dev: unless PAYMENT_GATEWAY is
// razorpay, it runs as its own process at the address the portal calls (GATEWAY_SANDBOX_URL, by default
// http://127.0.0.1:<PORT + 1>), with the same keys as the portal (GATEWAY_KEY_ID, GATEWAY_KEY_SECRET,
// GATEWAY_WEBHOOK_SECRET, or the fixed TEST keys both sides default to), sending its webhooks to the portal.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Starts the sandbox when the portal is configured for it; returns its child process, or null. */
export function startSandboxGateway(env = process.env) {
  const mode = env.PAYMENT_GATEWAY?.trim() || 'sandbox';
  if (mode !== 'sandbox') return null;
  const portalPort = Number(env.PORT) || 8000;
  const sandboxUrl = new URL(env.GATEWAY_SANDBOX_URL || env.GATEWAY_URL || `http://127.0.0.1:${portalPort + 1}`);
  const sandboxPort = sandboxUrl.port || (sandboxUrl.protocol === 'https:' ? '443' : '80');
  // The webhook goes from process to process on this machine; a portal listening on every address is reached at
  // the loopback one.
  const portalHost = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const webhookUrl = `http://${portalHost.includes(':') ? `[${portalHost}]` : portalHost}:${portalPort}/api/payments/gateway/webhook`;
  const keys = {
    ...(env.GATEWAY_KEY_ID ? { SANDBOX_KEY_ID: env.GATEWAY_KEY_ID } : {}),
    ...(env.GATEWAY_KEY_SECRET ? { SANDBOX_KEY_SECRET: env.GATEWAY_KEY_SECRET } : {}),
    ...(env.GATEWAY_WEBHOOK_SECRET ? { SANDBOX_WEBHOOK_SECRET: env.GATEWAY_WEBHOOK_SECRET } : {}),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/gateway-sandbox/src/cli.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...env,
      ...keys,
      SANDBOX_PORT: sandboxPort,
      HOST: env.HOST || '127.0.0.1',
      SANDBOX_PUBLIC_URL: sandboxUrl.origin,
      SANDBOX_WEBHOOK_URL: webhookUrl,
    },
  });
  child.on('exit', (code, signal) => {
    if (code) console.error(`The sandbox payment gateway stopped (exit ${code}${signal ? `, ${signal}` : ''}).`);
  });
  return child;
}
