/** The service clock's pause and resume while a query is open. The clock of a status starts and stops with the move
 * into and out of it (`transition`); an open query stops it in between, and when no query is left open it runs
 * again with the due date moved on by the working days it stood still. Callers hold the application's row lock. */
import { resumeStageClock } from '@portal/contract';
import type { Database } from '../../../db/client';
import { CALENDAR } from '../../../core/business-calendar';
import { conflict } from '../../../core/http-error';
import { setApplicationClockIfStatus, type ApplicationRow } from '../../../repositories/applications';
import { countOpenQueries } from '../../../repositories/queries';
import { LOST_RACE } from './transition';

/** Stops the application's clock, unless it already stands still (a query was open before). */
export async function pauseClockForQuery(tx: Database, application: ApplicationRow, now: Date): Promise<void> {
  if (application.clockPausedAt) return;
  const paused = await setApplicationClockIfStatus(tx, application.id, application.status, { clockPausedAt: now });
  if (!paused) throw conflict(LOST_RACE);
}

/** With no query left open, the paused clock runs again: the working days it stood still move the due date on. */
export async function resumeClockIfNoOpenQuery(tx: Database, application: ApplicationRow, now: Date): Promise<void> {
  if (!application.clockPausedAt) return;
  if ((await countOpenQueries(tx, application.id)) > 0) return;
  const resumed = resumeStageClock(application, now, CALENDAR);
  const updated = await setApplicationClockIfStatus(tx, application.id, application.status, {
    clockPausedAt: null,
    pausedWorkingDays: resumed.pausedWorkingDays,
    stageDueOn: resumed.stageDueOn,
  });
  if (!updated) throw conflict(LOST_RACE);
}

/** An appeal allowed on a late stage directs a new due date: the clock is due then, and the escalation ladder starts
 * again from it (a stage escalated before is not any more). False when the application left its status meanwhile. */
export async function directStageDueDate(tx: Database, application: ApplicationRow, dueOn: string): Promise<boolean> {
  const updated = await setApplicationClockIfStatus(tx, application.id, application.status, {
    stageDueOn: dueOn,
    escalatedTo: null,
    escalatedAt: null,
  });
  return updated !== undefined;
}
