/**
 * A draw's public randomness (decision 034): when a draw of lots opens it names a future round of a public randomness
 * beacon (drand: rounds BLS-signed by a network nobody controls, one every `period` seconds from `genesis_time`), the
 * first round after applications close. The draw's seed mixes the seed committed at the opening, that round's
 * randomness and the hash of the qualified list frozen at the close, so nobody, the corporation included, knows the
 * order before the list is frozen and the round is made.
 */
import { z } from 'zod';

/** A beacon chain as the scheme pinned it at its opening (drand's chain info, with where its rounds are read). */
export const beaconChainSchema = z.object({
  /** Where the rounds are read: `{url}/public/{round}`. */
  url: z.string(),
  /** The chain's hash (drand's chain id). */
  hash: z.string(),
  /** The network's BLS public key (hex): every round's signature is checked with it. */
  public_key: z.string(),
  /** Seconds between rounds. */
  period: z.number().int().min(1),
  /** Round 1's time, in seconds since the epoch. */
  genesis_time: z.number().int(),
  /** drand's signature scheme, e.g. bls-unchained-g1-rfc9380 (quicknet). */
  scheme_id: z.string(),
  beacon_id: z.string(),
});
export type BeaconChain = z.infer<typeof beaconChainSchema>;

/** One round as the beacon answers it: randomness = SHA-256(signature). */
export const beaconRoundSchema = z.object({
  round: z.number().int().min(1),
  randomness: z.string(),
  signature: z.string(),
});
export type BeaconRound = z.infer<typeof beaconRoundSchema>;

/** The round a draw waits for, named when it opens. */
export const schemeBeaconSchema = z.object({
  chain: beaconChainSchema,
  round: z.number().int().min(1),
  /** When the round is due (ISO). */
  round_at: z.string(),
});
export type SchemeBeacon = z.infer<typeof schemeBeaconSchema>;

/**
 * Why a draw an officer asked for has not run yet; the portal tries again every minute:
 * - round_not_yet: the beacon's round is not made yet (its time has not come, or the beacon has not published it);
 * - beacon_unreachable: the beacon did not answer;
 * - round_invalid: the round's signature did not verify with the chain's public key: refused, never used, and the
 *   head office told.
 */
export const DRAW_WAIT_REASONS = ['round_not_yet', 'beacon_unreachable', 'round_invalid'] as const;
export type DrawWaitReason = (typeof DRAW_WAIT_REASONS)[number];

export const drawWaitSchema = z.object({
  reason: z.enum(DRAW_WAIT_REASONS),
  /** When the officer asked for the draw. */
  requested_at: z.string(),
  /** When the portal last asked the beacon. */
  tried_at: z.string(),
});
export type DrawWait = z.infer<typeof drawWaitSchema>;

/** The round current at `timeMs` (drand's roundAt): round 1 at genesis, then one every period. */
export function beaconRoundAt(timeMs: number, chain: Pick<BeaconChain, 'period' | 'genesis_time'>): number {
  const seconds = timeMs / 1000;
  if (seconds < chain.genesis_time) return 0;
  return Math.floor((seconds - chain.genesis_time) / chain.period) + 1;
}

/** When `round` is made, in milliseconds since the epoch (drand's roundTime). */
export function beaconRoundTime(round: number, chain: Pick<BeaconChain, 'period' | 'genesis_time'>): number {
  return (chain.genesis_time + (round - 1) * chain.period) * 1000;
}

/** The first round made strictly after `timeMs`: a draw's round, after its applications close. */
export function firstBeaconRoundAfter(timeMs: number, chain: Pick<BeaconChain, 'period' | 'genesis_time'>): number {
  return Math.max(1, beaconRoundAt(timeMs, chain) + 1);
}

/** The frozen qualified list as the text whose SHA-256 is published at the close: one line per entry in list order,
 * `position TAB application number TAB plot code TAB category`, each ending in a newline (UTF-8). */
export function qualifiedListText(
  list: readonly { position: number; application_number: string; plot_code: string; category: string }[],
): string {
  return [...list]
    .sort((a, b) => a.position - b.position)
    .map((line) => `${line.position}\t${line.application_number}\t${line.plot_code}\t${line.category}\n`)
    .join('');
}
