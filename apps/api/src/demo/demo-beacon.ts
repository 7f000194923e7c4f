/** The demo's draws and their beacon (decision 034). On the sandbox's chain the demo reads its rounds without the
 * sandbox's process (which may not be listening yet while the portal seeds): the same rounds, made from the sandbox's
 * public TEST key, through the same check as any round. Another chain is read over HTTP. */
import { signRound } from '@portal/beacon-sandbox';
import {
  beaconConfigFrom,
  drawBeaconOf,
  SANDBOX_BEACON_CHAIN,
  type BeaconConfig,
  type DrawBeacon,
} from '../lib/beacon';

export function demoDrawBeacon(config: BeaconConfig = beaconConfigFrom({}, 8000)): DrawBeacon {
  if (config.chain.hash !== SANDBOX_BEACON_CHAIN.hash) return drawBeaconOf(config);
  return { chain: config.chain, source: async (_chain, round) => signRound(round) };
}
