/**
 * The randomness beacon a draw of lots mixes into its seed (decision 034): drand's public HTTP API, read and verified
 * with drand-client. RANDOMNESS_BEACON=sandbox (the default: the TEST MODE beacon `npm start` runs beside the portal,
 * apps/beacon-sandbox) or quicknet (the League of Entropy's public network); BEACON_URL overrides where its rounds are
 * read (the sandbox's address is http://127.0.0.1:<PORT + 2> by default). The chain (its hash and public key) is
 * pinned here, never taken from the beacon's own word, and each draw pins it again when it opens.
 */
import { fetchBeacon, HttpChainClient, type ChainClient, type ChainInfo, type RandomnessBeacon } from 'drand-client';
import {
  beaconRoundSchema,
  beaconRoundTime,
  firstBeaconRoundAfter,
  type BeaconChain,
  type BeaconRound,
  type DrawWaitReason,
} from '@portal/contract';

/** The sandbox's TEST chain (apps/beacon-sandbox answers the same, from its fixed, public TEST key: its rounds guard
 * nothing, anyone can make them). */
export const SANDBOX_BEACON_CHAIN: Omit<BeaconChain, 'url'> = {
  hash: 'ee480784770af99c149cac38ea3f1b1c1412727af99f5a982fff8069388bed6d',
  public_key:
    '83dbdddee19cd50765dc369fb0cb63bda5d1dcf6325e91adeda0af10f420a427c3f1b9f1b5d9eca39b1295f9488840ef06292b885fdfe77de246f770295cc3cbcafc43ecc8488cb88d1b702515195553721eb8e8356ac6c94aa80adeb3b7baa9',
  period: 3,
  genesis_time: 1767225600,
  scheme_id: 'bls-unchained-g1-rfc9380',
  beacon_id: 'portal-sandbox',
};

/** drand's quicknet, as drand publishes it (https://drand.love/docs/http-api-reference/). */
export const QUICKNET_BEACON_CHAIN: BeaconChain = {
  url: 'https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  public_key:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  period: 3,
  genesis_time: 1692803367,
  scheme_id: 'bls-unchained-g1-rfc9380',
  beacon_id: 'quicknet',
};

export interface BeaconConfig {
  mode: 'sandbox' | 'quicknet';
  /** The chain new draws pin, with where its rounds are read. */
  chain: BeaconChain;
  /** How long one request to the beacon may take. */
  timeoutMs: number;
}

export function beaconConfigFrom(env: NodeJS.ProcessEnv, port: number): BeaconConfig {
  const mode = env.RANDOMNESS_BEACON?.trim() || 'sandbox';
  if (mode !== 'sandbox' && mode !== 'quicknet') {
    throw new Error(`RANDOMNESS_BEACON must be "sandbox" or "quicknet", not "${mode}"`);
  }
  const pinned = mode === 'quicknet' ? QUICKNET_BEACON_CHAIN : { ...SANDBOX_BEACON_CHAIN, url: '' };
  const url = (env.BEACON_URL?.trim() || (mode === 'quicknet' ? pinned.url : `http://127.0.0.1:${port + 2}`)).replace(
    /\/+$/,
    '',
  );
  if (!/^https?:\/\//.test(url) || !URL.canParse(url)) {
    throw new Error(`BEACON_URL must be an http:// or https:// address, not "${url}"`);
  }
  return { mode, chain: { ...pinned, url }, timeoutMs: 5_000 };
}

/** Fetches a round's JSON as the beacon answers it (over HTTP, or made locally by the demo's seed). */
export type BeaconSource = (chain: BeaconChain, round: number) => Promise<unknown>;

/** The beacon's answer for a draw: the round, verified, or why the draw waits. */
export type RoundAnswer = { ok: true; round: BeaconRound } | { ok: false; reason: DrawWaitReason; detail: string };

function chainInfoOf(chain: BeaconChain): ChainInfo {
  return {
    public_key: chain.public_key,
    period: chain.period,
    genesis_time: chain.genesis_time,
    hash: chain.hash,
    groupHash: '',
    schemeID: chain.scheme_id,
    metadata: { beaconID: chain.beacon_id },
  };
}

class NotPublished extends Error {}

/** drand's HTTP API through drand-client, each request limited to `timeoutMs`; a 404 is a round not made yet. */
export function httpBeaconSource(timeoutMs: number): BeaconSource {
  return async (chain, round) => {
    const client = new HttpChainClient(
      { baseUrl: chain.url, info: async () => chainInfoOf(chain) },
      { disableBeaconVerification: true, noCache: false },
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([client.get(round), timeout]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/got 404\b/.test(message)) throw new NotPublished(message);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** A client answering one round already fetched, so drand-client's own check (fetchBeacon's validation against the
 * pinned chain's public key) runs on it. */
function answeringClient(chain: BeaconChain, beacon: RandomnessBeacon): ChainClient {
  return {
    options: { disableBeaconVerification: false, noCache: false },
    get: async () => beacon,
    latest: async () => beacon,
    chain: () => ({ baseUrl: chain.url, info: async () => chainInfoOf(chain) }),
  };
}

/**
 * The draw's round from `source`, checked: not asked for before its time (the portal's clock), then fetched, then
 * verified with the chain's public key (the signature over the round, and randomness = SHA-256(signature)). A round
 * whose check fails is never answered: `round_invalid`.
 */
export async function readBeaconRound(
  source: BeaconSource,
  chain: BeaconChain,
  round: number,
  now: Date,
): Promise<RoundAnswer> {
  if (now.getTime() < beaconRoundTime(round, chain)) {
    return {
      ok: false,
      reason: 'round_not_yet',
      detail: `round ${round} is due at ${new Date(beaconRoundTime(round, chain)).toISOString()}`,
    };
  }
  let raw: unknown;
  try {
    raw = await source(chain, round);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: error instanceof NotPublished ? 'round_not_yet' : 'beacon_unreachable', detail };
  }
  const parsed = beaconRoundSchema.safeParse(raw);
  if (!parsed.success || parsed.data.round !== round) {
    return { ok: false, reason: 'round_invalid', detail: `the beacon's answer for round ${round} is not that round` };
  }
  const answer = parsed.data;
  try {
    await fetchBeacon(answeringClient(chain, { ...answer }), round);
  } catch {
    return {
      ok: false,
      reason: 'round_invalid',
      detail: `round ${round}'s signature does not verify with the chain's key`,
    };
  }
  return { ok: true, round: { round: answer.round, randomness: answer.randomness, signature: answer.signature } };
}

/** What a draw reads its round with: the chain new draws pin (with where it is read now) and the source. */
export interface DrawBeacon {
  chain: BeaconChain;
  source: BeaconSource;
}

export function drawBeaconOf(config: BeaconConfig): DrawBeacon {
  return { chain: config.chain, source: httpBeaconSource(config.timeoutMs) };
}

/** A scheme's pinned chain, read at the configured address when it is the same chain (a sandbox started again may
 * listen elsewhere); another chain is read where it was pinned. */
export function whereToRead(pinned: BeaconChain, beacon: DrawBeacon): BeaconChain {
  return pinned.hash === beacon.chain.hash ? { ...pinned, url: beacon.chain.url } : pinned;
}

/** A draw's beacon as publishing names it: the chain pinned now and the first round after its close. */
export function drawBeaconColumns(
  beacon: DrawBeacon,
  closesAt: Date,
): { beaconChain: BeaconChain; beaconRound: number } {
  return { beaconChain: beacon.chain, beaconRound: firstBeaconRoundAfter(closesAt.getTime(), beacon.chain) };
}
