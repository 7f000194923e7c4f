import { describe, expect, it } from 'vitest';
import { startSweeps, sweepInterval, sweepIntervalVariable, type Sweep } from './sweeps';

describe('the sweeps, one scheduler for all', () => {
  const sweep = (overrides: Partial<Sweep> = {}): Sweep => ({
    name: 'query_reply_by',
    everyMs: 300_000,
    run: async () => undefined,
    ...overrides,
  });

  it('names the setting that overrides an interval after the sweep, and takes only a whole number from 100 ms', () => {
    expect(sweepIntervalVariable('query_reply_by')).toBe('SWEEP_QUERY_REPLY_BY_EVERY_MS');
    expect(sweepInterval(sweep(), {})).toBe(300_000);
    expect(sweepInterval(sweep(), { SWEEP_QUERY_REPLY_BY_EVERY_MS: '2000' })).toBe(2000);
    for (const refused of ['50', 'often', '1.5', '']) {
      expect(sweepInterval(sweep(), { SWEEP_QUERY_REPLY_BY_EVERY_MS: refused }), refused).toBe(300_000);
    }
  });

  it('runs a sweep first after its first delay and then on its interval, and stop() waits for a run under way', async () => {
    const runs: number[] = [];
    let finishRun!: () => void;
    let secondStarted!: () => void;
    const second = new Promise<void>((resolve) => (secondStarted = resolve));
    const started = Date.now();
    const jobs = startSweeps(
      [
        sweep({
          firstAfterMs: 0,
          run: async () => {
            runs.push(Date.now() - started);
            if (runs.length !== 2) return;
            secondStarted();
            await new Promise<void>((release) => (finishRun = release));
          },
        }),
      ],
      () => undefined,
      { SWEEP_QUERY_REPLY_BY_EVERY_MS: '500' },
    );
    await second;
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await new Promise((wait) => setTimeout(wait, 20));
    expect(stopped).toBe(false);
    finishRun();
    await stopping;
    expect(runs).toHaveLength(2);
    // The first at once (not one interval after the start), the second an interval later.
    expect(runs[0]).toBeLessThan(450);
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(450);
  });

  it('hands a failed run to the error callback with its sweep, and runs it again on the next tick', async () => {
    const failures: string[] = [];
    let attempts = 0;
    await new Promise<void>((done) => {
      const jobs = startSweeps(
        [
          sweep({
            name: 'deadlines',
            firstAfterMs: 0,
            run: async () => {
              attempts += 1;
              if (attempts === 1) throw new Error('the database went away');
              void jobs.stop().then(done);
            },
          }),
        ],
        (failed, error) => failures.push(`${failed.name}: ${(error as Error).message}`),
        { SWEEP_DEADLINES_EVERY_MS: '100' },
      );
    });
    expect(failures).toEqual(['deadlines: the database went away']);
    expect(attempts).toBe(2);
  });
});
