/** Queries (shortfall letters) raised on an application. Every change of a query's status is a conditional update
 * on the status it leaves, so a racing answer or close finds nothing to update. */
import { and, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { QUERY_LIST, type ApplicationQuery, type QueryStatus, type queryListQuerySchema } from '@portal/contract';
import type { Database } from '../db/client';
import { applicationQueries } from '../db/schema';
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
    .where(and(eq(applicationQueries.id, id), eq(applicationQueries.status, 'open')))
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
