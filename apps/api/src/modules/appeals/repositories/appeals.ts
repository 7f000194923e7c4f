/** The appeals' rows: filing, the hearing and the order as conditional writes, the appellate officer's page, and the
 * figures per stage that count appeals against the stage appealed from (the public performance page reads them). */
import { and, desc, eq, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import {
  APPEAL_ACTIONS,
  APPEAL_OPEN_STATUSES,
  type AppealListQuery,
  type AppealStageFigure,
  type AppealStatus,
  type ApplicationStatus,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { applicants, applications, appeals, timelineEvents, users } from '../../../db/schema';
import { idIn, numberPattern, pageOfTable, type Page, type SortExpression } from '../../../core/list-page';

export type AppealRow = typeof appeals.$inferSelect;
export type NewAppeal = typeof appeals.$inferInsert;

/** Writes the appeal unless one on the application is still filed (the partial unique index appeals_one_open_idx):
 * undefined then. */
export async function insertAppealIfNoneOpen(db: Database, values: NewAppeal): Promise<AppealRow | undefined> {
  const [row] = await db
    .insert(appeals)
    .values(values)
    .onConflictDoNothing({ target: appeals.applicationId, where: sql`status = 'filed'` })
    .returning();
  return row;
}

export async function findAppealById(db: Database, id: string): Promise<AppealRow | undefined> {
  const [row] = await db.select().from(appeals).where(eq(appeals.id, id));
  return row;
}

/** Reads the appeal and locks its row until the transaction ends (callers lock its application first). */
export async function lockAppeal(db: Database, id: string): Promise<AppealRow | undefined> {
  const [row] = await db.select().from(appeals).where(eq(appeals.id, id)).for('update');
  return row;
}

/** The application's appeals, newest first. */
export async function findAppealsOfApplication(db: Database, applicationId: string): Promise<AppealRow[]> {
  return db
    .select()
    .from(appeals)
    .where(eq(appeals.applicationId, applicationId))
    .orderBy(desc(appeals.filedAt), desc(appeals.id));
}

/** Records the hearing while the appeal waits for its order (APPEAL_ACTIONS.record_hearing); undefined once it has
 * one. */
export async function recordHearingIfOpen(
  db: Database,
  id: string,
  hearingNote: string,
  heardAt: Date,
): Promise<AppealRow | undefined> {
  const [row] = await db
    .update(appeals)
    .set({ hearingNote, heardAt })
    .where(and(eq(appeals.id, id), inArray(appeals.status, [...APPEAL_ACTIONS.record_hearing.in])))
    .returning();
  return row;
}

/** An appeal's order (APPEAL_EVENTS, through the case engine), written only while it is still in one of `from`: of two
 * officers ordering at once, one gets undefined. */
export async function writeAppealMove(
  db: Database,
  id: string,
  from: readonly AppealStatus[],
  to: AppealStatus,
  values: Pick<AppealRow, 'orderText' | 'directedDueOn' | 'decidedBy' | 'decidedAt'>,
): Promise<AppealRow | undefined> {
  const [row] = await db
    .update(appeals)
    .set({ ...values, status: to })
    .where(and(eq(appeals.id, id), inArray(appeals.status, [...from])))
    .returning();
  return row;
}

/** The status the application was last rejected from, read from its timeline (the move's `from`). */
export async function statusRejectedFrom(db: Database, applicationId: string): Promise<ApplicationStatus | null> {
  const [row] = await db
    .select({ from: sql<string | null>`${timelineEvents.params} ->> 'from'` })
    .from(timelineEvents)
    .where(and(eq(timelineEvents.applicationId, applicationId), sql`${timelineEvents.params} ->> 'to' = 'rejected'`))
    .orderBy(desc(timelineEvents.seq))
    .limit(1);
  return (row?.from as ApplicationStatus | null | undefined) ?? null;
}

/** What an appeal shows beside its own columns: its application's number and organisation, the decider's name. */
export interface AppealLabels {
  applications: Map<string, { number: string; organizationName: string | null }>;
  deciders: Map<string, string>;
}

export async function findAppealLabels(db: Database, rows: readonly AppealRow[]): Promise<AppealLabels> {
  const applicationIds = [...new Set(rows.map((row) => row.applicationId))];
  const deciderIds = [...new Set(rows.map((row) => row.decidedBy).filter((id): id is string => id !== null))];
  const [found, deciders] = await Promise.all([
    applicationIds.length === 0
      ? []
      : db
          .select({
            id: applications.id,
            number: applications.applicationNumber,
            organizationName: applicants.organizationName,
          })
          .from(applications)
          .leftJoin(applicants, eq(applicants.id, applications.applicantId))
          .where(inArray(applications.id, applicationIds)),
    deciderIds.length === 0
      ? []
      : db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, deciderIds)),
  ]);
  return {
    applications: new Map(found.map((row) => [row.id, { number: row.number, organizationName: row.organizationName }])),
    deciders: new Map(deciders.map((row) => [row.id, row.name])),
  };
}

const APPEAL_SORT: Record<'due_on' | 'filed_at', SortExpression> = {
  due_on: appeals.dueOn,
  filed_at: appeals.filedAt,
};

/** One page of appeals for the appellate officer. `today` is the business day that decides overdue. */
export async function searchAppeals(db: Database, query: AppealListQuery, today: string): Promise<Page<AppealRow>> {
  const conditions: SQL[] = [];
  if (query.status?.length) conditions.push(inArray(appeals.status, query.status));
  if (query.ground?.length) conditions.push(inArray(appeals.ground, query.ground));
  if (query.overdue) conditions.push(inArray(appeals.status, [...APPEAL_OPEN_STATUSES]), lt(appeals.dueOn, today));
  if (query.q) {
    const pattern = numberPattern(query.q);
    conditions.push(
      idIn(
        appeals.id,
        sql`select ${appeals.id} from ${appeals} where ${like(appeals.appealNumber, pattern)}`,
        sql`select ${appeals.id} from ${appeals} where ${appeals.applicationId} in (select ${applications.id} from ${applications} where ${like(applications.applicationNumber, pattern)})`,
      ),
    );
  }
  return pageOfTable(db, { table: appeals, request: query, sortColumns: APPEAL_SORT, conditions, total: 'capped' });
}

/**
 * Appeals counted against the stage appealed from (as the Right to Service laws count them): per stage_status, the
 * appeals filed since `since`, and how many of those were allowed and dismissed. Stages with no appeal are left out.
 * One grouped read over appeals_filed_idx.
 */
export async function appealsByStageSince(db: Database, since: Date): Promise<AppealStageFigure[]> {
  const rows = await db
    .select({
      stage_status: appeals.stageStatus,
      filed: sql<number>`count(*)::int`,
      allowed: sql<number>`(count(*) filter (where ${appeals.status} = 'allowed'))::int`,
      dismissed: sql<number>`(count(*) filter (where ${appeals.status} = 'dismissed'))::int`,
    })
    .from(appeals)
    .where(sql`${appeals.filedAt} >= ${since.toISOString()}`)
    .groupBy(appeals.stageStatus)
    .orderBy(appeals.stageStatus);
  return rows.map((row) => ({
    stage_status: row.stage_status,
    filed: Number(row.filed),
    allowed: Number(row.allowed),
    dismissed: Number(row.dismissed),
  }));
}
