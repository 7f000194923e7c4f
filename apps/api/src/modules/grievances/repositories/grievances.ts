/** The grievances' rows (decision 038): the grievance, its one move writer (through the case engine), its story and
 * its files, the officers' inbox page, the ladder's late grievances and the public figures per month and category. */
import { and, asc, eq, gte, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  GrievanceCategory,
  GrievanceFigure,
  GrievanceListQuery,
  GrievanceStatus,
  Language,
  Role,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { lockAuditChain } from '../../../db/audit-context';
import {
  allotments,
  applications,
  grievanceAttachments,
  grievanceEntries,
  grievances,
  invoices,
  users,
} from '../../../db/schema';
import { numberPattern, pageOfTable, type Page, type SortExpression } from '../../../core/list-page';
import type { Recipient } from '../../../repositories/notifications';

export type GrievanceRow = typeof grievances.$inferSelect;
export type NewGrievance = typeof grievances.$inferInsert;
export type GrievanceEntryRow = typeof grievanceEntries.$inferSelect;
export type GrievanceAttachmentRow = typeof grievanceAttachments.$inferSelect;

export async function insertGrievance(db: Database, values: NewGrievance): Promise<GrievanceRow> {
  const [row] = await db.insert(grievances).values(values).returning();
  return row!;
}

export async function findGrievanceById(db: Database, id: string): Promise<GrievanceRow | undefined> {
  const [row] = await db.select().from(grievances).where(eq(grievances.id, id));
  return row;
}

/** Reads the grievance and locks its row until the transaction ends: every step on it is taken under this lock. */
export async function lockGrievance(db: Database, id: string): Promise<GrievanceRow | undefined> {
  // The audit chain first, as every write does (a row lock held while waiting for it could deadlock).
  await lockAuditChain(db);
  const [row] = await db.select().from(grievances).where(eq(grievances.id, id)).for('update');
  return row;
}

/** A grievance's move (GRIEVANCE_EVENTS, through the case engine), written only while it is still in one of `from`:
 * of two people moving it at once, one gets undefined. */
export async function writeGrievanceMove(
  db: Database,
  id: string,
  from: readonly GrievanceStatus[],
  to: GrievanceStatus,
  values: Partial<
    Pick<GrievanceRow, 'dueOn' | 'detailAskedAt' | 'resolvedAt' | 'resolvedOnTime' | 'reopenedAt' | 'escalatedAt'>
  > &
    Partial<Pick<GrievanceRow, 'escalatedTo'>>,
): Promise<GrievanceRow | undefined> {
  const [row] = await db
    .update(grievances)
    .set({ ...values, status: to })
    .where(and(eq(grievances.id, id), inArray(grievances.status, [...from])))
    .returning();
  return row;
}

/** The complainant's rating, once, while the grievance is resolved (GRIEVANCE_STEPS.rate). */
export async function rateGrievanceIfUnrated(
  db: Database,
  id: string,
  rating: number,
  ratedAt: Date,
): Promise<GrievanceRow | undefined> {
  const [row] = await db
    .update(grievances)
    .set({ rating, ratedAt })
    .where(and(eq(grievances.id, id), eq(grievances.status, 'resolved'), isNull(grievances.rating)))
    .returning();
  return row;
}

/** The ladder's once-only mark (GRIEVANCE_STEPS.escalate): only while it is still open, not escalated, and due on the
 * day it was found due (an answer that moved the day on meanwhile leaves it). */
export async function markGrievanceEscalatedIf(
  db: Database,
  found: Pick<GrievanceRow, 'id' | 'dueOn'>,
  escalatedTo: Role,
  escalatedAt: Date,
): Promise<GrievanceRow | undefined> {
  const [row] = await db
    .update(grievances)
    .set({ escalatedTo, escalatedAt })
    .where(
      and(
        eq(grievances.id, found.id),
        eq(grievances.status, 'open'),
        isNull(grievances.escalatedAt),
        eq(grievances.dueOn, found.dueOn),
      ),
    )
    .returning();
  return row;
}

export async function insertGrievanceEntry(
  db: Database,
  values: typeof grievanceEntries.$inferInsert,
): Promise<GrievanceEntryRow> {
  const [row] = await db.insert(grievanceEntries).values(values).returning();
  return row!;
}

/** The grievance's story in order, with each person's name. */
export async function findGrievanceEntries(
  db: Database,
  grievanceId: string,
): Promise<(GrievanceEntryRow & { actorName: string | null })[]> {
  const rows = await db
    .select({ entry: grievanceEntries, actorName: users.fullName })
    .from(grievanceEntries)
    .leftJoin(users, eq(users.id, grievanceEntries.actorId))
    .where(eq(grievanceEntries.grievanceId, grievanceId))
    .orderBy(asc(grievanceEntries.createdAt), asc(grievanceEntries.id));
  return rows.map((row) => ({ ...row.entry, actorName: row.actorName }));
}

export async function insertGrievanceAttachment(
  db: Database,
  values: typeof grievanceAttachments.$inferInsert,
): Promise<GrievanceAttachmentRow> {
  const [row] = await db.insert(grievanceAttachments).values(values).returning();
  return row!;
}

export async function findGrievanceAttachments(db: Database, grievanceId: string): Promise<GrievanceAttachmentRow[]> {
  return db
    .select()
    .from(grievanceAttachments)
    .where(eq(grievanceAttachments.grievanceId, grievanceId))
    .orderBy(asc(grievanceAttachments.uploadedAt), asc(grievanceAttachments.id));
}

export async function findGrievanceAttachment(
  db: Database,
  grievanceId: string,
  id: string,
): Promise<GrievanceAttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(grievanceAttachments)
    .where(and(eq(grievanceAttachments.grievanceId, grievanceId), eq(grievanceAttachments.id, id)));
  return row;
}

/** What a grievance shows beside its own columns: the complainant's name and the number of the case it names. */
export interface GrievanceLabels {
  complainants: Map<string, string>;
  numbers: Map<string, string>;
}

export async function findGrievanceLabels(db: Database, rows: readonly GrievanceRow[]): Promise<GrievanceLabels> {
  const ids = <K extends keyof GrievanceRow>(key: K) =>
    [
      ...new Set(rows.map((row) => row[key]).filter((id): id is NonNullable<GrievanceRow[K]> => id !== null)),
    ] as string[];
  const complainantIds = ids('raisedBy');
  const applicationIds = ids('applicationId');
  const allotmentIds = ids('allotmentId');
  const invoiceIds = ids('invoiceId');
  const [people, apps, allots, invs] = await Promise.all([
    complainantIds.length === 0
      ? []
      : db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, complainantIds)),
    applicationIds.length === 0
      ? []
      : db
          .select({ id: applications.id, number: applications.applicationNumber })
          .from(applications)
          .where(inArray(applications.id, applicationIds)),
    allotmentIds.length === 0
      ? []
      : db
          .select({ id: allotments.id, number: allotments.allotmentNumber })
          .from(allotments)
          .where(inArray(allotments.id, allotmentIds)),
    invoiceIds.length === 0
      ? []
      : db
          .select({ id: invoices.id, number: invoices.invoiceNumber })
          .from(invoices)
          .where(inArray(invoices.id, invoiceIds)),
  ]);
  return {
    complainants: new Map(people.map((row) => [row.id, row.name])),
    numbers: new Map([...apps, ...allots, ...invs].map((row) => [row.id, row.number])),
  };
}

const GRIEVANCE_SORT: Record<'due_on' | 'raised_at', SortExpression> = {
  due_on: grievances.dueOn,
  raised_at: grievances.raisedAt,
};

/** One page of grievances: the complainant's own (`raisedBy`), or the officers' inbox (a zonal manager with a zone:
 * that zone's, and those of no zone routed to their role none). `today` is the business day that decides overdue. */
export async function searchGrievances(
  db: Database,
  options: { query: GrievanceListQuery; today: string; raisedBy?: string; zone?: string },
): Promise<Page<GrievanceRow>> {
  const { query } = options;
  const conditions: SQL[] = [];
  if (options.raisedBy) conditions.push(eq(grievances.raisedBy, options.raisedBy));
  if (options.zone) conditions.push(eq(grievances.zone, options.zone));
  if (query.status?.length) conditions.push(inArray(grievances.status, query.status));
  if (query.category?.length) conditions.push(inArray(grievances.category, query.category));
  if (query.overdue) conditions.push(eq(grievances.status, 'open'), lt(grievances.dueOn, options.today));
  if (query.q) conditions.push(like(grievances.grievanceNumber, numberPattern(query.q)));
  return pageOfTable(db, {
    table: grievances,
    request: query,
    sortColumns: GRIEVANCE_SORT,
    conditions,
    total: 'capped',
  });
}

/** The next `limit` open grievances of `category` not yet escalated, due on or before `dueBy`, after `after` in
 * due-date order (grievances_escalation_due_idx). */
export async function lateGrievances(
  db: Database,
  options: {
    category: GrievanceCategory;
    dueBy: string;
    after: { dueOn: string; id: string } | null;
    limit: number;
  },
): Promise<GrievanceRow[]> {
  const { after } = options;
  return db
    .select()
    .from(grievances)
    .where(
      and(
        eq(grievances.status, 'open'),
        isNull(grievances.escalatedAt),
        eq(grievances.category, options.category),
        sql`${grievances.dueOn} <= ${options.dueBy}::date`,
        after ? sql`(${grievances.dueOn}, ${grievances.id}) > (${after.dueOn}::date, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(grievances.dueOn), asc(grievances.id))
    .limit(options.limit);
}

/** The active officers of `role` who hear of a grievance of `zone`: a zonal manager only of their own zone's (or every
 * zone's when they have none); other roles of every zone. */
export async function grievanceOfficers(db: Database, role: Role, zone: string | null): Promise<Recipient[]> {
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
        role === 'zonal_manager' && zone !== null ? or(isNull(users.zone), eq(users.zone, zone)) : undefined,
      ),
    )
    .orderBy(asc(users.id));
}

/** The complainant as a recipient (when still active). */
export async function grievanceComplainant(db: Database, userId: string): Promise<Recipient | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: sql<Language>`${users.language}`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  return row;
}

/**
 * Per month (of the business calendar, India time) and category, over grievances raised since `since`: received,
 * resolved by their promised day, and reopened. One grouped read over grievances_raised_at_idx's range.
 */
export async function grievanceFiguresSince(db: Database, since: Date): Promise<GrievanceFigure[]> {
  const month = sql<string>`to_char(${grievances.raisedAt} at time zone 'Asia/Kolkata', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      category: grievances.category,
      received: sql<number>`count(*)::int`,
      resolved_on_time: sql<number>`(count(*) filter (where ${grievances.resolvedOnTime}))::int`,
      reopened: sql<number>`(count(*) filter (where ${grievances.reopenedAt} is not null))::int`,
    })
    .from(grievances)
    .where(gte(grievances.raisedAt, since))
    .groupBy(month, grievances.category)
    .orderBy(month, grievances.category);
  return rows.map((row) => ({
    month: row.month,
    category: row.category,
    received: Number(row.received),
    resolved_on_time: Number(row.resolved_on_time),
    reopened: Number(row.reopened),
  }));
}
