/** Runs the sandbox beacon as its own process:
 *   BEACON_SANDBOX_PORT=8002 BEACON_SANDBOX_PORTAL_URL=http://127.0.0.1:8000 node --import tsx apps/beacon-sandbox/src/cli.ts
 * BEACON_SANDBOX_PORT (or PORT; 8002 by default), HOST (127.0.0.1), BEACON_SANDBOX_PORTAL_URL (the portal whose clock
 * it follows; unset: its own clock), BEACON_SANDBOX_PERIOD_SECONDS and BEACON_SANDBOX_GENESIS_TIME (epoch seconds; by
 * default the chain the portal's config names). */
import { SANDBOX_BEACON_GENESIS_TIME, SANDBOX_BEACON_PERIOD_SECONDS, startBeaconSandbox } from './sandbox';

const env = process.env;
const portalUrl = env.BEACON_SANDBOX_PORTAL_URL || undefined;
const beacon = await startBeaconSandbox({
  port: Number(env.BEACON_SANDBOX_PORT || env.PORT || 8002),
  host: env.HOST || '127.0.0.1',
  periodSeconds: Number(env.BEACON_SANDBOX_PERIOD_SECONDS || SANDBOX_BEACON_PERIOD_SECONDS),
  genesisTime: Number(env.BEACON_SANDBOX_GENESIS_TIME || SANDBOX_BEACON_GENESIS_TIME),
  portalUrl,
});
console.log(
  `Sandbox randomness beacon (TEST MODE) listening at ${beacon.url}; chain ${beacon.info.hash}; clock ${portalUrl ? `of the portal at ${portalUrl}` : 'of this machine'}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void beacon.close().then(() => process.exit(0));
  });
}
