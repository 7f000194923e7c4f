/** The closing sweep (decision 018): every minute, on the job lease (one process runs it at a time), every open
 * scheme past its closing time is closed, as an officer's close would. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { repeatEvery, runExclusive, type RepeatingJob } from '../../lib/job-lease';
import { closeDueSchemes } from './service';

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
      closed = await closeDueSchemes(db, options.now ?? new Date());
    },
    options.holder,
  );
  return closed;
}

/** Runs the sweep every intervalMs until stopped; stop() waits for a run under way. */
export function scheduleSchemeSweep(
  db: Database,
  log: Pick<FastifyBaseLogger, 'warn'>,
  intervalMs = SCHEME_SWEEP_EVERY_MS,
): RepeatingJob {
  return repeatEvery(
    intervalMs,
    () => runSchemeSweep(db, { leaseMs: intervalMs }),
    (error) => log.warn({ err: error }, 'The scheme closing sweep failed; it will run again'),
  );
}
