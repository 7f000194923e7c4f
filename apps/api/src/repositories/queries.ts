/** Queries (shortfall letters) raised on an application. Every change of a query's status is a conditional update
 * on the status it leaves, so a racing answer or close finds nothing to update. */
import { and, asc, count, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  QUERY_LIST,
  type ApplicationQuery,
  type ApplicationStatus,
  type QueryStatus,
  type queryListQuerySchema,
} from '@portal/contract';
import type { Database } from '../db/client';
import { applicants, applicationQueries, applications } from '../db/schema';
import { likePattern, type Page, pageOfTable, type SortExpression } from '../core/list-page';

export type QueryListQuery = z.output<typeof queryListQuerySchema>;
export type QueryRow = typeof applicationQueries.$inferSelect;

export function toApplicationQuery(row: QueryRow): ApplicationQuery {
  return {
    id: row.id,
    application_id: row.applicationId,
    message: row.message,
    respond_by: row.respondBy,
    raised_by_name: row.raisedByName,
    raised_at: row.raisedAt.toISOString(),
    status: row.status,
    response: row.response,
    responded_at: row.respondedAt ? row.respondedAt.toISOString() : null,
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
    lapsed: row.lapsedAt !== null,
    lapsed_at: row.lapsedAt ? row.lapsedAt.toISOString() : null,
    extended: row.extendedAt !== null,
    extended_at: row.extendedAt ? row.extendedAt.toISOString() : null,
    original_respond_by: row.originalRespondBy,
  };
}

export interface NewQuery {
  applicationId: string;
  message: string;
  respondBy: string;
  raisedBy: string;
  raisedByName: string;
  raisedAt: Date;
}

export async function insertQuery(db: Database, values: NewQuery): Promise<QueryRow> {
  const [row] = await db.insert(applicationQueries).values(values).returning();
  return row!;
}

export async function findQueryById(db: Database, id: string): Promise<QueryRow | undefined> {
  const [row] = await db.select().from(applicationQueries).where(eq(applicationQueries.id, id));
  return row;
}

export async function countOpenQueries(db: Database, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(applicationQueries)
    .where(and(eq(applicationQueries.applicationId, applicationId), eq(applicationQueries.status, 'open')));
  return row?.open ?? 0;
}

/** The open queries that still wait on the applicant (not lapsed): whom the application waits on counts these. */
export async function countLiveOpenQueries(db: Database, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(applicationQueries)
    .where(
      and(
        eq(applicationQueries.applicationId, applicationId),
        eq(applicationQueries.status, 'open'),
        isNull(applicationQueries.lapsedAt),
      ),
    );
  return row?.open ?? 0;
}

/** Records the applicant's answer if the query is still open; undefined means it was not. */
export async function answerQueryIfOpen(
  db: Database,
  id: string,
  response: string,
  at: Date,
): Promise<QueryRow | undefined> {
  const [row] = await db
    .update(applicationQueries)
    .set({ status: 'answered', response, respondedAt: at })
    .where(
      and(eq(applicationQueries.id, id), eq(applicationQueries.status, 'open'), isNull(applicationQueries.lapsedAt)),
    )
    .returning();
  return row;
}

/** The officer's one extension of a lapsed open query's reply-by date: the first date is kept, the lapse and the
 * reminders are cleared (the new date is reminded of again). Undefined when the query is not open, not lapsed or
 * extended before. */
export async function extendQueryIfLapsed(
  db: Database,
  id: string,
  respondBy: string,
  at: Date,
): Promise<QueryRow | undefined> {
  const [row] = await db
    .update(applicationQueries)
    .set({
      respondBy,
      originalRespondBy: sql`${applicationQueries.respondBy}`,
      extendedAt: at,
      lapsedAt: null,
      remindedThreeDaysAt: null,
      remindedOneDayAt: null,
    })
    .where(
      and(
        eq(applicationQueries.id, id),
        eq(applicationQueries.status, 'open'),
        isNotNull(applicationQueries.lapsedAt),
        isNull(applicationQueries.extendedAt),
      ),
    )
    .returning();
  return row;
}

/** An open query the reply-by job reminds or lapses, with what its notifications name. */
export interface ReplyByQuery {
  id: string;
  applicationId: string;
  applicationNumber: string;
  respondBy: string;
  raisedAt: Date;
  ownerId: string;
}

/** Open queries on applications in `statuses` whose reply-by date is in [from, to] (either end optional), not yet
 * stamped by `unstamped` (a reminder's column, or the lapse), in (respond_by, id) order after `after`. */
export async function openQueriesDue(
  db: Database,
  options: {
    statuses: readonly ApplicationStatus[];
    from?: string;
    to?: string;
    unstamped: 'three_days' | 'one_day' | 'lapsed';
    after: { respondBy: string; id: string } | null;
    limit: number;
  },
): Promise<ReplyByQuery[]> {
  const stamp = {
    three_days: applicationQueries.remindedThreeDaysAt,
    one_day: applicationQueries.remindedOneDayAt,
    lapsed: applicationQueries.lapsedAt,
  }[options.unstamped];
  const conditions: SQL[] = [
    eq(applicationQueries.status, 'open'),
    isNull(stamp),
    isNull(applicationQueries.lapsedAt),
    inArray(applications.status, [...options.statuses]),
  ];
  if (options.from) conditions.push(gte(applicationQueries.respondBy, options.from));
  if (options.to) conditions.push(lte(applicationQueries.respondBy, options.to));
  if (options.after) {
    conditions.push(
      sql`(${applicationQueries.respondBy}, ${applicationQueries.id}) > (${options.after.respondBy}, ${options.after.id})`,
    );
  }
  return db
    .select({
      id: applicationQueries.id,
      applicationId: applicationQueries.applicationId,
      applicationNumber: applications.applicationNumber,
      respondBy: applicationQueries.respondBy,
      raisedAt: applicationQueries.raisedAt,
      ownerId: applicants.userId,
    })
    .from(applicationQueries)
    .innerJoin(applications, eq(applications.id, applicationQueries.applicationId))
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(and(...conditions))
    .orderBy(asc(applicationQueries.respondBy), asc(applicationQueries.id))
    .limit(options.limit);
}

/** Stamps a reminder as sent, if the query is still open on the same reply-by date and not stamped yet; false when
 * another run (or an answer, or an extension) came first. */
export async function stampReminderIfDue(
  db: Database,
  id: string,
  which: 'three_days' | 'one_day',
  respondBy: string,
  at: Date,
): Promise<boolean> {
  const column = which === 'three_days' ? applicationQueries.remindedThreeDaysAt : applicationQueries.remindedOneDayAt;
  const rows = await db
    .update(applicationQueries)
    .set(which === 'three_days' ? { remindedThreeDaysAt: at } : { remindedOneDayAt: at })
    .where(
      and(
        eq(applicationQueries.id, id),
        eq(applicationQueries.status, 'open'),
        eq(applicationQueries.respondBy, respondBy),
        isNull(column),
      ),
    )
    .returning({ id: applicationQueries.id });
  return rows.length > 0;
}

/** Marks the query lapsed, if it is still open and unanswered on the same reply-by date and not lapsed yet. */
export async function lapseQueryIfDue(
  db: Database,
  id: string,
  respondBy: string,
  at: Date,
): Promise<QueryRow | undefined> {
  const [row] = await db
    .update(applicationQueries)
    .set({ lapsedAt: at })
    .where(
      and(
        eq(applicationQueries.id, id),
        eq(applicationQueries.status, 'open'),
        eq(applicationQueries.respondBy, respondBy),
        isNull(applicationQueries.lapsedAt),
      ),
    )
    .returning();
  return row;
}

/** Closes the query if it is still in one of `from`; undefined means it was not. */
export async function closeQueryIfStatus(
  db: Database,
  id: string,
  from: readonly QueryStatus[],
  closedBy: string,
  at: Date,
): Promise<QueryRow | undefined> {
  const [row] = await db
    .update(applicationQueries)
    .set({ status: 'closed', closedBy, closedAt: at })
    .where(and(eq(applicationQueries.id, id), inArray(applicationQueries.status, [...from])))
    .returning();
  return row;
}

const QUERY_SORT_COLUMNS = {
  raised_at: applicationQueries.raisedAt,
} satisfies Record<(typeof QUERY_LIST.sort)[number], SortExpression>;

/** One page of an application's queries, with its total (counted: one application has few). */
export async function searchQueries(
  db: Database,
  applicationId: string,
  query: QueryListQuery,
): Promise<Page<QueryRow>> {
  const conditions: SQL[] = [eq(applicationQueries.applicationId, applicationId)];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(applicationQueries.message, pattern), ilike(applicationQueries.response, pattern))!);
  }
  return pageOfTable(db, {
    table: applicationQueries,
    request: query,
    sortColumns: QUERY_SORT_COLUMNS,
    conditions,
    total: 'all',
  });
}
