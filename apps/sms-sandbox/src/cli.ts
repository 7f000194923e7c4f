/** Runs the sandbox SMS provider as its own process:
 *   SMS_SANDBOX_PORT=8005 node --import tsx apps/sms-sandbox/src/cli.ts
 * SMS_SANDBOX_PORT (or PORT; 8005 by default), HOST (127.0.0.1), SMS_SANDBOX_PUBLIC_URL (the address browsers reach it
 * at, when not http://HOST:PORT), SMS_SANDBOX_DLR_URL (where delivery reports go: the portal's
 * /api/sms/delivery-reports/<token>). */
import { startSmsSandbox } from './sandbox';

const env = process.env;
const sandbox = await startSmsSandbox({
  port: Number(env.SMS_SANDBOX_PORT || env.PORT || 8005),
  host: env.HOST || '127.0.0.1',
  publicUrl: env.SMS_SANDBOX_PUBLIC_URL || undefined,
  deliveryReportUrl: env.SMS_SANDBOX_DLR_URL || undefined,
});
console.log(`Sandbox SMS provider (TEST MODE) listening at ${sandbox.url}; messages at ${sandbox.sendUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
