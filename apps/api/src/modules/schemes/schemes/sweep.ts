/** The closing sweep (decision 018): every minute, on the job lease (one process runs it at a time), every open
 * scheme past its closing time is closed, as an officer's close would. The draw sweep (decision 034): every minute,
 * every draw asked for and waiting for its beacon round is tried again. */
import type { Database } from '../../../db/client';
import { runExclusive } from '../../../lib/job-lease';
import type { Sweep } from '../../../lib/sweeps';
import type { DrawBeacon } from '../../../lib/beacon';
import { closeDueSchemes, drawWaitingSchemes } from './service';
import { clock } from '../../../core/clock';

export const SCHEME_CLOSE_LEASE = 'scheme-close';
export const SCHEME_SWEEP_EVERY_MS = 60_000;

/** One run under the lease; answers how many schemes it closed (null when another process held the lease). */
export async function runSchemeSweep(
  db: Database,
  options: { holder?: string; now?: Date; leaseMs?: number } = {},
): Promise<number | null> {
  let closed: number | null = null;
  await runExclusive(
    db,
    SCHEME_CLOSE_LEASE,
    options.leaseMs ?? SCHEME_SWEEP_EVERY_MS,
    async () => {
      closed = await closeDueSchemes(db, options.now ?? clock.now());
    },
    options.holder,
  );
  return closed;
}

/** Closes schemes past their closing time every minute (decision 018). */
export function schemeCloseSweep(db: Database): Sweep {
  return { name: 'scheme_close', everyMs: SCHEME_SWEEP_EVERY_MS, run: () => runSchemeSweep(db) };
}

export const SCHEME_DRAW_LEASE = 'scheme-draw';

/** Tries every waiting draw again every minute, as the officer who asked (decision 034). */
export function schemeDrawSweep(
  db: Database,
  beacon: DrawBeacon,
  issueResultSheet: (schemeId: string) => Promise<unknown>,
): Sweep {
  return {
    name: 'scheme_draw',
    everyMs: SCHEME_SWEEP_EVERY_MS,
    run: async () => {
      let drawn: number | null = null;
      await runExclusive(db, SCHEME_DRAW_LEASE, SCHEME_SWEEP_EVERY_MS, async () => {
        drawn = await drawWaitingSchemes(db, beacon, issueResultSheet);
      });
      return drawn;
    },
  };
}
