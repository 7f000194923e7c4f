/** Reading and moving the portal's clock (decision 026). A move goes forward only, at most ten years, and only when
 * the portal runs with CLOCK=movable; it runs every sweep once for each day it skips, in their order, with the clock
 * set to that day, then once more at the time asked for: a year skipped bills its dues, escalates its late cases and
 * closes its auctions as the days would have. One move at a time, whichever process takes it. */
import type { FastifyBaseLogger } from 'fastify';
import {
  CLOCK_MAX_MOVE_YEARS,
  clockAdvanceTarget,
  type ClockAdvanceBody,
  type ClockAdvanceResult,
  type PortalClock,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { followDatabaseClock, readPortalTime } from '../../core/clock';
import { conflict, unprocessable } from '../../core/http-error';
import { sweepInterval, type Sweep } from '../../lib/sweeps';
import { addClockOffset, finishClockMove, readPortalClockRow, startClockMove } from '../../repositories/portal-clock';

const DAY_MS = 86_400_000;

export interface ClockSetup {
  movable: boolean;
  /** The sweeps this process runs, in order (runtime.ts); none in an app built without them. */
  sweeps: readonly Sweep[];
}

export async function readClock(db: Database, setup: ClockSetup): Promise<PortalClock> {
  const [now, row] = await Promise.all([readPortalTime(db), readPortalClockRow(db)]);
  return {
    now: now.toISOString(),
    offset_ms: row.offsetMs,
    movable: setup.movable,
    moved_at: row.movedAt?.toISOString() ?? null,
    sweeps: setup.sweeps.map((sweep) => ({ name: sweep.name, every_ms: sweepInterval(sweep) })),
  };
}

export async function advanceClock(
  db: Database,
  setup: ClockSetup,
  movedBy: string | null,
  body: ClockAdvanceBody,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<ClockAdvanceResult> {
  if (!setup.movable) {
    throw conflict(
      'The portal clock is fixed: it moves only when the portal is started with CLOCK=movable',
      'clock_fixed',
    );
  }
  const from = await readPortalTime(db);
  const target = clockAdvanceTarget(from.getTime(), body);
  if (!(target > from.getTime())) {
    throw unprocessable('The clock moves forward only: give a time after the portal time now', 'clock_backwards');
  }
  const furthest = new Date(from);
  furthest.setUTCFullYear(furthest.getUTCFullYear() + CLOCK_MAX_MOVE_YEARS);
  if (target > furthest.getTime()) {
    throw unprocessable(`The clock moves at most ${CLOCK_MAX_MOVE_YEARS} years at a time`, 'clock_too_far');
  }
  if (!(await startClockMove(db))) {
    throw conflict('Another move of the portal clock is under way; try again when it has finished', 'clock_moving');
  }
  const runs = new Map(setup.sweeps.map((sweep) => [sweep.name, 0]));
  try {
    let at = from.getTime();
    while (at < target) {
      const step = Math.min(at + DAY_MS, target);
      // Each step lands on its instant whatever time the last step's sweeps took, and never behind it: when they took
      // longer than a short last step, the clock stays where they left it.
      await addClockOffset(db, Math.max(0, step - (await readPortalTime(db)).getTime()));
      await followDatabaseClock(db);
      for (const sweep of setup.sweeps) {
        try {
          await sweep.run();
          runs.set(sweep.name, (runs.get(sweep.name) ?? 0) + 1);
        } catch (error) {
          log?.warn({ err: error, sweep: sweep.name }, 'A sweep failed while the clock moved; the move goes on');
        }
      }
      at = step;
    }
  } finally {
    await finishClockMove(db, movedBy);
    await followDatabaseClock(db);
  }
  log?.info({ from: from.toISOString(), to: new Date(target).toISOString() }, 'The portal clock was moved');
  return {
    ...(await readClock(db, setup)),
    from: from.toISOString(),
    runs: [...runs].map(([name, count]) => ({ name, runs: count })),
  };
}
