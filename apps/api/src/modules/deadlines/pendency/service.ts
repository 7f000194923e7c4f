/** Pendency for officers: steps waiting on an officer by stage and age band, the late ones by zone and by officer,
 * and a 12-week trend, read from summary rows (modules/deadlines/repositories/pendency.ts). A zonal manager with a zone sees that
 * zone's; the head office and the others every zone, or one they choose. */
import {
  addCalendarDays,
  APPLICATION_STATUSES,
  LATE_AGE_BANDS,
  PENDENCY_AGE_BANDS,
  PENDENCY_TREND_WEEKS,
  type ApplicationStatus,
  type Pendency,
  type PendencyAgeBand,
  type PendencyQuery,
  type Role,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { zoneScopeOf, type CurrentUser } from '../../../case/actor';
import { businessTodayIso } from '../../../core/dates';
import { activeUsersByIds } from '../../../repositories/notifications';
import { flowWeeks, pendencyCells } from '../repositories/pendency';

const isLate = (band: PendencyAgeBand) => (LATE_AGE_BANDS as readonly string[]).includes(band);

/** The Monday of the week `day` (YYYY-MM-DD) falls in, `weeks` weeks later (negative: earlier). */
export function mondayOf(day: string, weeks = 0): string {
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addCalendarDays(day, weeks * 7 - sinceMonday);
}

export async function getPendency(
  db: Database,
  user: CurrentUser,
  query: PendencyQuery,
  today: string = businessTodayIso(),
): Promise<Pendency> {
  const zone = zoneScopeOf(user) ?? query.zone;
  const firstWeek = mondayOf(today, -(PENDENCY_TREND_WEEKS - 1));
  const [cells, weeks] = await Promise.all([pendencyCells(db, today, zone), flowWeeks(db, firstWeek, today, zone)]);

  const emptyBands = () =>
    Object.fromEntries(PENDENCY_AGE_BANDS.map((band) => [band, 0])) as Record<PendencyAgeBand, number>;
  const stages = new Map<string, { total: number; bands: Record<PendencyAgeBand, number> }>();
  const lateZones = new Map<string, number>();
  const lateOfficers = new Map<string, { officerId: string | null; waitingOn: Role; count: number }>();
  let total = 0;
  let late = 0;
  for (const cell of cells) {
    const stage = stages.get(cell.status) ?? { total: 0, bands: emptyBands() };
    stage.total += cell.count;
    stage.bands[cell.band] += cell.count;
    stages.set(cell.status, stage);
    total += cell.count;
    if (!isLate(cell.band)) continue;
    late += cell.count;
    lateZones.set(cell.zone, (lateZones.get(cell.zone) ?? 0) + cell.count);
    const key = `${cell.assignedTo ?? ''}:${cell.waitingOn}`;
    const officer = lateOfficers.get(key) ?? { officerId: cell.assignedTo, waitingOn: cell.waitingOn, count: 0 };
    officer.count += cell.count;
    lateOfficers.set(key, officer);
  }
  const officerIds = [...new Set([...lateOfficers.values()].flatMap((row) => (row.officerId ? [row.officerId] : [])))];
  const names = new Map((await activeUsersByIds(db, officerIds)).map((officer) => [officer.id, officer.fullName]));
  const byWeek = new Map(weeks.map((week) => [week.week, week]));

  return {
    today,
    zone: zone ?? null,
    total,
    late,
    by_stage: APPLICATION_STATUSES.filter((status) => stages.has(status)).map((status: ApplicationStatus) => ({
      status,
      ...stages.get(status)!,
    })),
    late_by_zone: [...lateZones.entries()]
      .map(([name, count]) => ({ zone: name, count }))
      .sort((a, b) => b.count - a.count || a.zone.localeCompare(b.zone)),
    late_by_officer: [...lateOfficers.values()]
      .map((row) => ({
        officer_id: row.officerId,
        officer_name: row.officerId ? (names.get(row.officerId) ?? null) : null,
        waiting_on: row.waitingOn,
        count: row.count,
      }))
      .sort((a, b) => b.count - a.count || String(a.officer_name).localeCompare(String(b.officer_name))),
    trend: Array.from({ length: PENDENCY_TREND_WEEKS }, (_, index) => {
      const week = mondayOf(firstWeek, index);
      const figures = byWeek.get(week);
      return {
        week,
        received: figures?.received ?? 0,
        decided: figures?.decided ?? 0,
        late: figures?.lateFinished ?? 0,
      };
    }),
  };
}
