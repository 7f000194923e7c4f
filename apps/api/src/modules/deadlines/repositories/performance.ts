/** Reads of finished stages and the stored daily performance figures. */
import { and, desc, gt, gte, or, sql, eq } from 'drizzle-orm';
import type { ApplicationStatus, PublicPerformance } from '@portal/contract';
import type { Database } from '../../../db/client';
import { CALENDAR } from '../../../core/business-calendar';
import { applicationStageHistory, performanceSnapshots } from '../../../db/schema';

/** A finished stage as the figures need it: no application, applicant or officer. */
export interface FinishedStage {
  id: string;
  status: ApplicationStatus;
  enteredAt: Date;
  leftAt: Date;
  dueOn: string;
  pausedWorkingDays: number;
  clockPausedAt: Date | null;
}

/** One page of the stages left on or after the business day `fromDay`, in (left_at, id) order after `after`: a
 * range on application_stage_history_left_idx, so each page costs its own rows and no more. */
export async function finishedStagesPage(
  db: Database,
  fromDay: string,
  after: { leftAt: Date; id: string } | null,
  limit: number,
): Promise<FinishedStage[]> {
  const table = applicationStageHistory;
  const from = sql`(${fromDay}::date::timestamp at time zone ${CALENDAR.timeZone})`;
  return db
    .select({
      id: table.id,
      status: table.status,
      enteredAt: table.enteredAt,
      leftAt: table.leftAt,
      dueOn: table.dueOn,
      pausedWorkingDays: table.pausedWorkingDays,
      clockPausedAt: table.clockPausedAt,
    })
    .from(table)
    .where(
      and(
        gte(table.leftAt, from),
        after
          ? or(gt(table.leftAt, after.leftAt), and(eq(table.leftAt, after.leftAt), gt(table.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(table.leftAt, table.id)
    .limit(limit);
}

/** Stores the day's figures, replacing any stored earlier the same day: running the job again changes nothing
 * but the figures themselves. */
export async function saveSnapshot(
  db: Database,
  computedOn: string,
  computedAt: Date,
  figures: PublicPerformance,
): Promise<void> {
  await db
    .insert(performanceSnapshots)
    .values({ computedOn, computedAt, figures })
    .onConflictDoUpdate({ target: performanceSnapshots.computedOn, set: { computedAt, figures } });
}

/** The latest figures (one row by the primary key's order), or null before the first run. */
export async function latestSnapshot(db: Database): Promise<PublicPerformance | null> {
  const [row] = await db
    .select({ figures: performanceSnapshots.figures })
    .from(performanceSnapshots)
    .orderBy(desc(performanceSnapshots.computedOn))
    .limit(1);
  return row?.figures ?? null;
}

export async function hasSnapshot(db: Database): Promise<boolean> {
  const [row] = await db.select({ day: performanceSnapshots.computedOn }).from(performanceSnapshots).limit(1);
  return row !== undefined;
}
