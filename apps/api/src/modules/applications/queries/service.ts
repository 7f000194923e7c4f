/** Queries (shortfall letters): an officer asks the applicant for something missing, which stops the service clock;
 * the applicant answers, and when no query is left open the clock runs again with the due date moved on by the
 * working days it stood still. A query left unanswered past its reply-by date lapses (modules/applications/rules/query-reply-by.ts): it can
 * no longer be answered, and the officer rejects the application or extends the date once. Each change locks the
 * application row first, then writes through conditional updates in the same transaction. */
import {
  isApplicant,
  statusesFor,
  statusLabel,
  type ApplicationQuery,
  type CreateQueryRequest,
  type ExtendQueryRequest,
  type QueryResponseRequest,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { APPLICATION_NOT_FOUND, loadVisibleApplication } from '../../../case/access';
import { badRequest, conflict, forbidden, notFound, unprocessable, wrongState } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import { pauseClockForQuery, resumeClockIfNoOpenQuery } from '../rules/clock';
import { actorOf, type CurrentUser } from '../../../plugins/auth';
import { findApplicationWithOwner, lockApplication, type ApplicationRow } from '../../../repositories/applications';
import {
  answerQueryIfOpen,
  closeQueryIfStatus,
  extendQueryIfLapsed,
  findQueryById,
  insertQuery,
  searchQueries,
  toApplicationQuery,
  type QueryListQuery,
  type QueryRow,
} from '../../../repositories/queries';
import { recordEvent } from '../../../case/events';
import { LOST_RACE } from '../rules/transition';
import { clock } from '../../../core/clock';
import { businessTodayIso } from '../../../core/dates';

export const QUERY_NOT_FOUND = 'Query not found';
export const RESPOND_BY_PAST = 'respond_by: The reply date must be today or later';
export const QUERY_WRONG_STATUS = (status: ApplicationRow['status']) =>
  `A query can be raised only while the application is under scrutiny or pending committee, not in status ${statusLabel(status)}`;
const QUERY_ALREADY = (status: QueryRow['status']) => `This query has already been ${status}`;
export const QUERY_LAPSED =
  'The reply-by date of this query has passed, so it can no longer be answered. The officer may extend the date once; you will be told if they do';
export const QUERY_NOT_LAPSED = 'Only a query whose reply-by date has passed with no answer can have its date extended';
export const QUERY_ALREADY_EXTENDED = 'The reply-by date of this query has been extended once already';
export const EXTEND_NOT_FUTURE = 'respond_by: The new reply-by date must be after today';

/** Raises a query on an application under scrutiny or before the committee, and stops its clock. */
export async function raiseQuery(
  db: Database,
  user: CurrentUser,
  applicationId: string,
  request: CreateQueryRequest,
): Promise<ApplicationQuery> {
  const now = clock.now();
  if (request.respond_by < businessTodayIso(now)) throw unprocessable(RESPOND_BY_PAST);
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    if (!statusesFor('raise_query').includes(application.status)) {
      throw conflict(QUERY_WRONG_STATUS(application.status));
    }
    const query = await insertQuery(tx, {
      applicationId,
      message: request.message,
      respondBy: request.respond_by,
      raisedBy: user.id,
      raisedByName: user.fullName,
      raisedAt: now,
    });
    await pauseClockForQuery(tx, application, now);
    await recordEvent(tx, actorOf(user), {
      applicationId,
      code: 'query_raised',
      params: { message: request.message, respond_by: request.respond_by },
      entityType: 'query',
      entityId: query.id,
    });
    return toApplicationQuery(query);
  });
}

/** The queries of an application the caller may see (the owner, or staff), newest first. */
export async function listQueries(
  db: Database,
  user: CurrentUser,
  applicationId: string,
  query: QueryListQuery,
): Promise<Page<ApplicationQuery>> {
  await loadVisibleApplication(db, user, applicationId);
  const page = await searchQueries(db, applicationId, query);
  return { ...page, items: page.items.map(toApplicationQuery) };
}

/** The applicant answers an open query on their own application. Staff are refused (403); for anyone else the
 * query does not exist (404). */
export async function answerQuery(
  db: Database,
  user: CurrentUser,
  queryId: string,
  request: QueryResponseRequest,
): Promise<ApplicationQuery> {
  if (!isApplicant(user)) throw forbidden('Only the applicant can answer a query');
  const found = await findQueryById(db, queryId);
  const owner = found && (await findApplicationWithOwner(db, found.applicationId));
  if (!found || owner?.ownerUserId !== user.id) throw notFound(QUERY_NOT_FOUND);
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, found.applicationId);
    if (!application) throw notFound(QUERY_NOT_FOUND);
    const now = clock.now();
    const current = await findQueryById(tx, queryId);
    if (current?.status === 'open' && current.lapsedAt) throw wrongState(QUERY_LAPSED, 'query_lapsed');
    const answered = await answerQueryIfOpen(tx, queryId, request.message, now);
    if (!answered) throw conflict(QUERY_ALREADY((await findQueryById(tx, queryId))?.status ?? 'closed'));
    await resumeClockIfNoOpenQuery(tx, application, now);
    await recordEvent(tx, actorOf(user), {
      applicationId: application.id,
      code: 'query_answered',
      params: { message: request.message },
      entityType: 'query',
      entityId: queryId,
    });
    return toApplicationQuery(answered);
  });
}

/** An officer extends a lapsed query's reply-by date to a day after today, once: the query waits on the applicant
 * again, is reminded of anew, and the applicant is told. */
export async function extendQuery(
  db: Database,
  user: CurrentUser,
  queryId: string,
  request: ExtendQueryRequest,
): Promise<ApplicationQuery> {
  const now = clock.now();
  if (request.respond_by <= businessTodayIso(now)) throw badRequest(EXTEND_NOT_FUTURE);
  const found = await findQueryById(db, queryId);
  if (!found) throw notFound(QUERY_NOT_FOUND);
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, found.applicationId);
    if (!application) throw notFound(QUERY_NOT_FOUND);
    if (!statusesFor('raise_query').includes(application.status)) {
      throw conflict(QUERY_WRONG_STATUS(application.status));
    }
    // Read under the application's lock: the reply-by job and an answer take the same lock first.
    const current = await findQueryById(tx, queryId);
    if (!current) throw notFound(QUERY_NOT_FOUND);
    if (current.extendedAt) throw wrongState(QUERY_ALREADY_EXTENDED, 'query_already_extended');
    if (current.status !== 'open' || !current.lapsedAt) throw wrongState(QUERY_NOT_LAPSED, 'query_not_lapsed');
    const extended = await extendQueryIfLapsed(tx, queryId, request.respond_by, now);
    if (!extended) throw conflict(LOST_RACE);
    await recordEvent(tx, actorOf(user), {
      applicationId: application.id,
      code: 'query_extended',
      params: { respond_by: extended.respondBy, original_respond_by: extended.originalRespondBy },
      entityType: 'query',
      entityId: queryId,
    });
    return toApplicationQuery(extended);
  });
}

/** An officer closes a query, answered or not; closing the last open one restarts the clock. */
export async function closeQuery(db: Database, user: CurrentUser, queryId: string): Promise<ApplicationQuery> {
  const found = await findQueryById(db, queryId);
  if (!found) throw notFound(QUERY_NOT_FOUND);
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, found.applicationId);
    if (!application) throw notFound(QUERY_NOT_FOUND);
    const now = clock.now();
    const current = await findQueryById(tx, queryId);
    if (!current || current.status === 'closed') throw conflict(QUERY_ALREADY('closed'));
    const closed = await closeQueryIfStatus(tx, queryId, [current.status], user.id, now);
    if (!closed) throw conflict(QUERY_ALREADY((await findQueryById(tx, queryId))?.status ?? 'closed'));
    if (current.status === 'open') await resumeClockIfNoOpenQuery(tx, application, now);
    await recordEvent(tx, actorOf(user), {
      applicationId: application.id,
      code: 'query_closed',
      params: {},
      entityType: 'query',
      entityId: queryId,
    });
    return toApplicationQuery(closed);
  });
}
