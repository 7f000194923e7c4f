/** The portal's scheduled sweeps, one scheduler for all (decision 026): each names its work and how often it runs;
 * `startSweeps` runs each on its own interval (SWEEP_<NAME>_EVERY_MS overrides it), and a move of the clock runs
 * them all, in this order, for each day it skips (core/clock-advance.ts). */
import { repeatEvery, type RepeatingJob } from './job-lease';

export interface Sweep {
  /** Its name in the logs and in SWEEP_<NAME>_EVERY_MS (upper-cased). */
  name: string;
  everyMs: number;
  /** How long after start its first run comes: one interval unless said (0: at once). */
  firstAfterMs?: number;
  /** One run; a sweep that must run in one process at a time takes its own lease. */
  run(): Promise<unknown>;
}

/** The env variable that overrides a sweep's interval. */
export const sweepIntervalVariable = (name: string) =>
  `SWEEP_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_EVERY_MS`;

/** A sweep's interval: SWEEP_<NAME>_EVERY_MS when it is a whole number of at least 100 ms, else its own. */
export function sweepInterval(sweep: Sweep, env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env[sweepIntervalVariable(sweep.name)]);
  return Number.isInteger(set) && set >= 100 ? set : sweep.everyMs;
}

/** Starts every sweep on its interval; stop() stops them all and waits for runs under way. */
export function startSweeps(
  sweeps: readonly Sweep[],
  onError: (sweep: Sweep, error: unknown) => void,
  env: NodeJS.ProcessEnv = process.env,
): RepeatingJob {
  const jobs = sweeps.map((sweep) => {
    const everyMs = sweepInterval(sweep, env);
    return repeatEvery(
      everyMs,
      () => sweep.run(),
      (error) => onError(sweep, error),
      {
        firstAfterMs: Math.min(sweep.firstAfterMs ?? everyMs, everyMs),
      },
    );
  });
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
