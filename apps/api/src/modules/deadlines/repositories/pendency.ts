/** The pendency figures from their summary rows (migration 0018): steps waiting on an officer per status, zone,
 * role, assigned officer and due date, and the weekly flow. Lateness is worked out here, against the business day
 * given, so it moves with the calendar without a write. At a million applications the rows number some thousands. */
import { sql, type AnyColumn } from 'drizzle-orm';
import { ageBandDueRange, type PendencyAgeBand, type Role } from '@portal/contract';
import type { Database } from '../../../db/client';
import { CALENDAR } from '../../../core/business-calendar';
import {
  applicationFlowBase,
  applicationFlowDeltas,
  applicationPendencyBase,
  applicationPendencyDeltas,
  NO_OFFICER,
} from '../../../db/schema';

export interface PendencyCell {
  status: string;
  zone: string;
  waitingOn: Role;
  /** Null: assigned to nobody. */
  assignedTo: string | null;
  band: PendencyAgeBand;
  count: number;
}

export interface FlowWeek {
  week: string;
  received: number;
  decided: number;
  lateFinished: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The steps waiting on an officer, counted per status, zone, role, assigned officer and age band as of `today`. */
export async function pendencyCells(db: Database, today: string, zone?: string): Promise<PendencyCell[]> {
  const from = (band: PendencyAgeBand) => ageBandDueRange(band, today, CALENDAR)!.from!;
  const part = (table: typeof applicationPendencyBase | typeof applicationPendencyDeltas) =>
    sql`select ${table.status} as status, ${table.zone} as zone, ${table.waitingOn} as waiting_on,
          ${table.assignedTo} as assigned_to, ${table.stageDueOn} as stage_due_on, ${table.paused} as paused,
          ${table.count} as count
        from ${table} where ${table.waitingOn} <> 'entrepreneur'${zone ? sql` and ${table.zone} = ${zone}` : sql``}`;
  const rows = rowsOf<{
    status: string;
    zone: string;
    waiting_on: Role;
    assigned_to: string;
    band: PendencyAgeBand;
    count: number | string;
  }>(
    await db.execute(sql`
      select status, zone, waiting_on, assigned_to::text as assigned_to,
        case when paused then 'paused'
             when stage_due_on >= ${from('not_due')}::date then 'not_due'
             when stage_due_on >= ${from('due_soon')}::date then 'due_soon'
             when stage_due_on >= ${from('late_1_7')}::date then 'late_1_7'
             when stage_due_on >= ${from('late_8_30')}::date then 'late_8_30'
             else 'late_over_30' end as band,
        sum(count)::float8 as count
      from (${part(applicationPendencyBase)} union all ${part(applicationPendencyDeltas)}) parts
      group by 1, 2, 3, 4, 5 having sum(count) <> 0`),
  );
  return rows.map((row) => ({
    status: row.status,
    zone: row.zone,
    waitingOn: row.waiting_on,
    assignedTo: row.assigned_to === NO_OFFICER ? null : row.assigned_to,
    band: row.band,
    count: Number(row.count),
  }));
}

/** The weeks from `firstWeek` (a Monday): applications received and decided, steps finished late (by the week they
 * fell late), and the open steps that fell late in each week (their due date's next day) and are still late. */
export async function flowWeeks(db: Database, firstWeek: string, today: string, zone?: string): Promise<FlowWeek[]> {
  const zoneIs = (column: AnyColumn) => (zone ? sql` and ${column} = ${zone}` : sql``);
  const flowPart = (table: typeof applicationFlowBase | typeof applicationFlowDeltas) =>
    sql`select ${table.week} as week, ${table.received} as received, ${table.decided} as decided,
          ${table.lateFinished} as late from ${table} where ${table.week} >= ${firstWeek}::date${zoneIs(table.zone)}`;
  const openLate = (table: typeof applicationPendencyBase | typeof applicationPendencyDeltas) =>
    sql`select date_trunc('week', ${table.stageDueOn} + 1)::date as week, 0 as received, 0 as decided,
          ${table.count} as late from ${table}
        where ${table.stageDueOn} < ${today}::date and ${table.stageDueOn} >= ${firstWeek}::date - 1
          and not ${table.paused} and ${table.waitingOn} <> 'entrepreneur'${zoneIs(table.zone)}`;
  const rows = rowsOf<{ week: string; received: string | number; decided: string | number; late: string | number }>(
    await db.execute(sql`
      select week::text as week, sum(received)::float8 as received, sum(decided)::float8 as decided,
        sum(late)::float8 as late
      from (${flowPart(applicationFlowBase)} union all ${flowPart(applicationFlowDeltas)}
            union all ${openLate(applicationPendencyBase)} union all ${openLate(applicationPendencyDeltas)}) parts
      group by week`),
  );
  return rows.map((row) => ({
    week: row.week,
    received: Number(row.received),
    decided: Number(row.decided),
    lateFinished: Number(row.late),
  }));
}
