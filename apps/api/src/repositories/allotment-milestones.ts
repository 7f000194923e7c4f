/** An allotment's implementation milestones (decision 014): one row per kind, made when possession is recorded.
 * Marking one met and extending one are conditional updates, so a racing writer finds nothing to change. */
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { MilestoneKind } from '@portal/contract';
import type { Database } from '../db/client';
import { allotmentLateBase, allotmentLateDeltas, allotmentMilestones } from '../db/schema';

export type MilestoneRow = typeof allotmentMilestones.$inferSelect;

export async function insertMilestones(
  db: Database,
  allotmentId: string,
  dues: { kind: MilestoneKind; dueOn: string; metOn?: string | null }[],
): Promise<MilestoneRow[]> {
  if (dues.length === 0) return [];
  const rows = await db
    .insert(allotmentMilestones)
    .values(dues.map((due) => ({ allotmentId, kind: due.kind, dueOn: due.dueOn, metOn: due.metOn ?? null })))
    .onConflictDoNothing()
    .returning();
  return rows as MilestoneRow[];
}

/** The milestones of these allotments, construction first. */
export async function findMilestones(db: Database, allotmentIds: readonly string[]): Promise<MilestoneRow[]> {
  if (allotmentIds.length === 0) return [];
  const rows = await db
    .select()
    .from(allotmentMilestones)
    .where(inArray(allotmentMilestones.allotmentId, [...allotmentIds]))
    .orderBy(allotmentMilestones.allotmentId, allotmentMilestones.dueOn);
  return rows as MilestoneRow[];
}

/** Marks the milestones of these kinds met on `day`, those not met yet; answers the ones it marked. */
export async function markMilestonesMet(
  db: Database,
  allotmentId: string,
  kinds: readonly MilestoneKind[],
  day: string,
): Promise<MilestoneRow[]> {
  const rows = await db
    .update(allotmentMilestones)
    .set({ metOn: day })
    .where(
      and(
        eq(allotmentMilestones.allotmentId, allotmentId),
        inArray(allotmentMilestones.kind, [...kinds]),
        isNull(allotmentMilestones.metOn),
      ),
    )
    .returning();
  return rows as MilestoneRow[];
}

/** Moves a milestone's due date on by one extension, only if it is still unmet with `extensions` extensions and
 * below `max`; undefined when it changed meanwhile. */
export async function extendMilestoneIf(
  db: Database,
  milestone: { allotmentId: string; kind: MilestoneKind; extensions: number },
  dueOn: string,
  max: number,
): Promise<MilestoneRow | undefined> {
  const [row] = await db
    .update(allotmentMilestones)
    .set({ dueOn, extensions: milestone.extensions + 1 })
    .where(
      and(
        eq(allotmentMilestones.allotmentId, milestone.allotmentId),
        eq(allotmentMilestones.kind, milestone.kind),
        eq(allotmentMilestones.extensions, milestone.extensions),
        lt(allotmentMilestones.extensions, max),
        isNull(allotmentMilestones.metOn),
      ),
    )
    .returning();
  return row as MilestoneRow | undefined;
}

/** How many active allotments' milestones of `kind` are unmet past their due day as of `today` (a business day), in
 * one zone when given: from the late summary's rows (migration 0031: a row per kind, zone and due day, kept by the
 * milestones', allotments' and plots' triggers), so the count does not grow with the late milestones. */
export async function countLateMilestones(
  db: Database,
  kind: MilestoneKind,
  today: string,
  zone?: string,
): Promise<number> {
  const columns = (table: typeof allotmentLateBase | typeof allotmentLateDeltas) => ({
    kind: table.kind,
    zone: table.zone,
    dueOn: table.dueOn,
    count: table.count,
  });
  const parts = db
    .select(columns(allotmentLateBase))
    .from(allotmentLateBase)
    .unionAll(db.select(columns(allotmentLateDeltas)).from(allotmentLateDeltas))
    .as('parts');
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${parts.count}), 0)` })
    .from(parts)
    .where(and(eq(parts.kind, kind), lt(parts.dueOn, today), zone ? eq(parts.zone, zone) : undefined));
  return Number(row?.n ?? 0);
}
