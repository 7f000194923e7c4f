/** Keeps the summary views cheap to read: every few seconds the deltas written since are folded into the base rows.
 * Several processes may fold at once (each delta is moved by one of them), so no lease is needed. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { foldSummaryDeltas } from '../repositories/summaries';
import { repeatEvery } from './job-lease';

export const SUMMARY_FOLD_INTERVAL_MS = 5_000;

export function startSummaryFolding(
  db: Database,
  log: Pick<FastifyBaseLogger, 'warn'>,
  intervalMs = SUMMARY_FOLD_INTERVAL_MS,
): () => Promise<void> {
  const job = repeatEvery(
    intervalMs,
    () => foldSummaryDeltas(db),
    (error) => log.warn({ err: error }, 'Folding the summary deltas failed; will retry'),
  );
  return () => job.stop();
}
