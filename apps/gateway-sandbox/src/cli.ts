/** Runs the sandbox gateway as its own process:
 *   SANDBOX_PORT=8001 SANDBOX_WEBHOOK_URL=http://127.0.0.1:8000/api/payments/gateway/webhook \
 *     node --import tsx apps/gateway-sandbox/src/cli.ts
 * Keys: SANDBOX_KEY_ID, SANDBOX_KEY_SECRET, SANDBOX_WEBHOOK_SECRET (by default the fixed TEST keys the portal uses in
 * sandbox mode). SANDBOX_PORT (or PORT; 8001 by default), HOST (127.0.0.1), SANDBOX_PUBLIC_URL (the address browsers
 * reach it at, when not http://HOST:PORT). */
import { SANDBOX_TEST_KEYS, startSandboxGateway } from './sandbox';

const env = process.env;
const gateway = await startSandboxGateway({
  port: Number(env.SANDBOX_PORT || env.PORT || 8001),
  host: env.HOST || '127.0.0.1',
  keyId: env.SANDBOX_KEY_ID || SANDBOX_TEST_KEYS.keyId,
  keySecret: env.SANDBOX_KEY_SECRET || SANDBOX_TEST_KEYS.keySecret,
  webhookSecret: env.SANDBOX_WEBHOOK_SECRET || SANDBOX_TEST_KEYS.webhookSecret,
  webhookUrl: env.SANDBOX_WEBHOOK_URL || undefined,
  publicUrl: env.SANDBOX_PUBLIC_URL || undefined,
});
console.log(
  `Sandbox payment gateway (TEST MODE) listening at ${gateway.url}; webhooks to ${env.SANDBOX_WEBHOOK_URL || 'nowhere'}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void gateway.close().then(() => process.exit(0));
  });
}
