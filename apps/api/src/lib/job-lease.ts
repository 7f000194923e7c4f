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
