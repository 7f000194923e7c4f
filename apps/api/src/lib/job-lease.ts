/** Scheduled work that must run in one process at a time, whichever processes share the database. */
import crypto from 'node:crypto';
import os from 'node:os';
import type { Database } from '../db/client';
import { tryTakeLease } from '../repositories/job-leases';

/** This process's name in job_leases. */
export const PROCESS_HOLDER = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;

const runningHere = new Set<string>();

/**
 * Runs fn only when this holder gets the lease `name`, and answers whether it ran. The lease is kept until it
 * expires, so ttlMs is also the shortest time before another holder may run the job (and should exceed fn's
 * running time); the holder that has it may run again at once.
 */
export async function runExclusive(
  db: Database,
  name: string,
  ttlMs: number,
  fn: () => Promise<unknown>,
  holder = PROCESS_HOLDER,
): Promise<boolean> {
  // The lease lets the same holder in again, so two overlapping calls in one process are kept apart here.
  const local = `${holder}\u0000${name}`;
  if (runningHere.has(local)) return false;
  runningHere.add(local);
  try {
    if (!(await tryTakeLease(db, name, holder, ttlMs))) return false;
    await fn();
    return true;
  } finally {
    runningHere.delete(local);
  }
}

/** A job run again and again until stopped. */
export interface RepeatingJob {
  /** Stops the timer, then waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every intervalMs (the first time after `firstAfterMs`, one interval unless said), never two at once (a
 * tick while one runs is skipped); a failure goes to `onError` and the next tick runs again. The timers do not keep
 * the process alive.
 */
export function repeatEvery(
  intervalMs: number,
  run: () => Promise<unknown>,
  onError: (error: unknown) => void,
  options: { firstAfterMs?: number } = {},
): RepeatingJob {
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  const firstAfterMs = options.firstAfterMs ?? intervalMs;
  const first = setTimeout(() => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  }, firstAfterMs);
  first.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
