/** The reads and writes of the deadline sweep (modules/deadlines/rules/escalation.ts): stages past a point of the escalation ladder,
 * found a batch at a time on the inbox index (waiting_on, due date, id where the clock runs), the once-only mark of
 * an escalation, and the officers of a role who are told of a zone's cases. */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ApplicationStatus, Language, Role } from '@portal/contract';
import type { Database } from '../../../db/client';
import { applications, assets, timelineEvents, users } from '../../../db/schema';
import type { Recipient } from '../../../repositories/notifications';

/** A stage past a deadline point, with what its notifications say and whom they reach. */
export interface LateStage {
  id: string;
  applicationNumber: string;
  status: ApplicationStatus;
  waitingOn: Role;
  stageDueOn: string;
  stageEnteredAt: Date;
  assignedTo: string | null;
  /** The asset's zone: a zonal manager with a zone is told only of that zone's cases. */
  zone: string;
}

/** The due order of the inbox index (applications_waiting_running_idx). */
const DUE = sql<string>`coalesce(${applications.stageDueOn}, '9999-12-31'::date)`;

/** The next `limit` stages in `status` waiting on `role` with a running clock, due on or before `dueBy`, after
 * `after` in due-date order. Those not escalated yet (`unescalated`) are read from applications_escalation_due_idx
 * (status, due date, id, only running clocks not escalated), so a stage leaves the range once escalated; the others
 * (the deemed pass) from the inbox index (waiting_on, due date, id, running clocks), whose deemable stages leave it
 * once deemed. */
export async function lateStages(
  db: Database,
  options: {
    status: ApplicationStatus;
    role: Role;
    dueBy: string;
    unescalated: boolean;
    after: { dueOn: string; id: string } | null;
    limit: number;
  },
): Promise<LateStage[]> {
  const { after } = options;
  // The escalation index has the due date itself (never null there); the inbox index its coalesce.
  const due = options.unescalated ? sql<string>`${applications.stageDueOn}` : DUE;
  const where = and(
    eq(applications.status, options.status),
    eq(applications.waitingOn, options.role),
    isNull(applications.clockPausedAt),
    options.unescalated ? and(isNull(applications.escalatedAt), isNotNull(applications.stageDueOn)) : undefined,
    sql`${due} <= ${options.dueBy}::date`,
    after ? sql`(${due}, ${applications.id}) > (${after.dueOn}::date, ${after.id}::uuid)` : undefined,
  );
  // The page's ids first, from the index alone (an index-only scan of applications_escalation_due_idx when
  // unescalated: the planner cannot know that escalated stages left it, and would read the heap otherwise).
  const keys = await db
    .select({ id: applications.id })
    .from(applications)
    .where(where)
    .orderBy(asc(due), asc(applications.id))
    .limit(options.limit);
  if (keys.length === 0) return [];
  return db
    .select({
      id: applications.id,
      applicationNumber: applications.applicationNumber,
      status: applications.status,
      waitingOn: sql<Role>`${applications.waitingOn}`,
      stageDueOn: sql<string>`${DUE}::text`,
      stageEnteredAt: applications.stageEnteredAt,
      assignedTo: applications.assignedTo,
      zone: assets.zone,
    })
    .from(applications)
    .innerJoin(assets, eq(assets.id, applications.assetId))
    .where(
      inArray(
        applications.id,
        keys.map((key) => key.id),
      ),
    )
    .orderBy(asc(DUE), asc(applications.id));
}

/** The active officers of `role` who are told of a case in `zone`: a zonal manager only of their own zone's cases
 * (or every zone's when they have none); other roles of every zone. */
export async function activeOfficersOfZone(db: Database, role: Role, zone: string): Promise<Recipient[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: sql<Language>`${users.language}`,
    })
    .from(users)
    .where(
      and(
        eq(users.role, role),
        eq(users.isActive, true),
        role === 'zonal_manager' ? or(isNull(users.zone), eq(users.zone, zone)) : undefined,
      ),
    )
    .orderBy(asc(users.id));
}

/** The zone of each active officer among `ids` holding `role` (the case's assignee), with their address. */
export async function activeAssignees(
  db: Database,
  ids: readonly string[],
  role: Role,
): Promise<Map<string, Recipient & { zone: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: sql<Language>`${users.language}`,
      zone: users.zone,
    })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true), eq(users.role, role)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A deemed move as its timeline entry recorded it. */
export interface DeemedMoveRow {
  eventId: string;
  applicationId: string;
  from: ApplicationStatus;
  to: ApplicationStatus;
  dueOn: string;
  workingDays: number;
  deemedAt: Date;
}

/** The deemed move recorded by the timeline entry `eventId`, or the application's latest one. */
export async function findDeemedMove(
  db: Database,
  by: { eventId: string } | { applicationId: string },
): Promise<DeemedMoveRow | undefined> {
  const [row] = await db
    .select({
      id: timelineEvents.id,
      applicationId: timelineEvents.applicationId,
      params: timelineEvents.params,
      timestamp: timelineEvents.timestamp,
    })
    .from(timelineEvents)
    .where(
      and(
        eq(timelineEvents.eventCode, 'deemed_approved'),
        'eventId' in by ? eq(timelineEvents.id, by.eventId) : eq(timelineEvents.applicationId, by.applicationId),
      ),
    )
    .orderBy(desc(timelineEvents.seq))
    .limit(1);
  if (!row?.applicationId) return undefined;
  return {
    eventId: row.id,
    applicationId: row.applicationId,
    from: String(row.params.from) as ApplicationStatus,
    to: String(row.params.to) as ApplicationStatus,
    dueOn: String(row.params.due_on),
    workingDays: Number(row.params.working_days),
    deemedAt: row.timestamp,
  };
}
