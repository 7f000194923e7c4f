/** The reply-by job with a controlled "now": the applicant is reminded 3 days and 1 day before a query's reply-by
 * date, once each however often the job runs; the day after, an unanswered query lapses, the officer who raised it is
 * told once, the timeline says so and a late answer is refused; an answered query never lapses. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { type ApplicationQuery, type Role } from '@portal/contract';
import { applicationQueries, jobLeases, mailOutbox, notifications } from '../../../db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../demo/seed';
import { findApplicationById } from '../../../repositories/applications';
import { findUserByEmail } from '../../../repositories/users';
import { listEventsForApplication } from '../../../repositories/timeline';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';
import { QUERY_REPLY_BY_LEASE, runQueryReplyBy, sweepQueryReplyBy } from './query-reply-by';

/** 10:00 in India on a day of March 2026. */
const at = (day: number) => new Date(`2026-03-${String(day).padStart(2, '0')}T04:30:00Z`);
/** Raised on Thursday 5 March, to be answered by Thursday 12 March. */
const RESPOND_BY = '2026-03-12';

describe(`the query reply-by job (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => ctx.close());

  async function tokenOf(role: Role): Promise<string> {
    const email = DEMO_USERS.find((user) => user.role === role)!.email;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: email, password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().access_token as string;
  }
  const userIdOf = async (role: Role) =>
    (await findUserByEmail(ctx.db, DEMO_USERS.find((user) => user.role === role)!.email))!.id;

  async function raisedQuery(): Promise<{ applicationId: string; query: ApplicationQuery }> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(5));
    const application = await insertTestApplication(ctx, 'under_scrutiny');
    const raised = await ctx.request(await tokenOf('zonal_manager'), {
      method: 'POST',
      url: `/api/applications/${application.id}/queries`,
      payload: { message: 'Please send the bank solvency certificate', respond_by: RESPOND_BY },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    return { applicationId: application.id, query: raised.json() };
  }

  const remindersOf = (queryId: string, days: number) =>
    ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.code, 'query_reply_due'),
          eq(notifications.dedupeKey, `query_reply_due:${queryId}:${RESPOND_BY}:${days}`),
        ),
      );
  const mailsOf = (queryId: string) =>
    ctx.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, 'query_reply_due'), like(mailOutbox.dedupeKey, `query_reply_due:${queryId}:%`)),
      );
  const lapseNotices = (applicationId: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.code, 'query_lapsed'), eq(notifications.applicationId, applicationId)));
  const queryRow = async (id: string) =>
    (await ctx.db.select().from(applicationQueries).where(eq(applicationQueries.id, id)))[0]!;

  it('reminds the applicant 3 days and 1 day before, once each however often it runs, then lapses the query the day after', async () => {
    const { applicationId, query } = await raisedQuery();
    const entrepreneur = await userIdOf('entrepreneur');

    // The day it is raised: its own notification has just told the applicant.
    await sweepQueryReplyBy(ctx.db, { now: at(5) });
    expect(await remindersOf(query.id, 3)).toEqual([]);

    // Monday 9 March, 3 days before: once, under the lease or not, in one process or two.
    await ctx.db.delete(jobLeases).where(eq(jobLeases.name, QUERY_REPLY_BY_LEASE));
    expect(await runQueryReplyBy(ctx.db, { now: at(9), holder: 'process-1' })).toMatchObject({ threeDays: 1 });
    expect(await runQueryReplyBy(ctx.db, { now: at(9), holder: 'process-2' })).toBeNull();
    expect(await sweepQueryReplyBy(ctx.db, { now: at(9) })).toEqual({ threeDays: 0, oneDay: 0, lapsed: 0 });
    const [three, ...moreThree] = await remindersOf(query.id, 3);
    expect(moreThree).toEqual([]);
    expect(three).toMatchObject({
      userId: entrepreneur,
      applicationId,
      params: { respond_by: RESPOND_BY, days_left: 3 },
      link: `/applications/${applicationId}`,
    });
    expect(await mailsOf(query.id)).toHaveLength(1);

    // Tuesday: between the two warnings, nothing.
    expect(await sweepQueryReplyBy(ctx.db, { now: at(10) })).toEqual({ threeDays: 0, oneDay: 0, lapsed: 0 });

    // Wednesday 11 March, the day before: the second warning, once.
    expect(await sweepQueryReplyBy(ctx.db, { now: at(11) })).toMatchObject({ oneDay: 1 });
    expect(await sweepQueryReplyBy(ctx.db, { now: at(11) })).toEqual({ threeDays: 0, oneDay: 0, lapsed: 0 });
    const [one, ...moreOne] = await remindersOf(query.id, 1);
    expect(moreOne).toEqual([]);
    expect(one).toMatchObject({ userId: entrepreneur, params: { days_left: 1 } });
    expect(await mailsOf(query.id)).toHaveLength(2);

    // The reply-by day itself: it may still be answered.
    expect(await sweepQueryReplyBy(ctx.db, { now: at(12) })).toEqual({ threeDays: 0, oneDay: 0, lapsed: 0 });
    expect((await queryRow(query.id)).lapsedAt).toBeNull();

    // Friday 13 March, the day after: lapsed once, the officer who raised it told once, by SYSTEM on the timeline.
    vi.setSystemTime(at(13));
    expect(await sweepQueryReplyBy(ctx.db, { now: at(13) })).toMatchObject({ lapsed: 1 });
    expect(await sweepQueryReplyBy(ctx.db, { now: at(13) })).toMatchObject({ lapsed: 0 });
    expect(await sweepQueryReplyBy(ctx.db, { now: at(14) })).toMatchObject({ lapsed: 0 });
    expect((await queryRow(query.id)).lapsedAt).toEqual(at(13));
    const [notice, ...moreNotices] = await lapseNotices(applicationId);
    expect(moreNotices).toEqual([]);
    expect(notice).toMatchObject({
      userId: await userIdOf('zonal_manager'),
      params: { respond_by: RESPOND_BY },
      link: `/officer/applications/${applicationId}`,
    });
    const events = await listEventsForApplication(ctx.db, applicationId);
    expect(events.filter((event) => event.event_code === 'query_lapsed')).toEqual([
      expect.objectContaining({ user_role: 'SYSTEM', entity_type: 'query', params: { respond_by: RESPOND_BY } }),
    ]);
    // The case now waits on its officers (reject, or extend the date once); its clock still stands still.
    expect(await findApplicationById(ctx.db, applicationId)).toMatchObject({ waitingOn: 'zonal_manager' });
    expect((await findApplicationById(ctx.db, applicationId))!.clockPausedAt).not.toBeNull();

    // A late answer is refused, with its reason; the query reads as lapsed.
    const late = await ctx.request(await tokenOf('entrepreneur'), {
      method: 'POST',
      url: `/api/queries/${query.id}/response`,
      payload: { message: 'Here it is, late' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'wrong_state', reason: 'query_lapsed' });
    expect(late.json().detail).toMatch(/reply-by date of this query has passed/);
    const listed = await ctx.request(await tokenOf('entrepreneur'), {
      method: 'GET',
      url: `/api/applications/${applicationId}/queries`,
    });
    expect(listed.json()[0]).toMatchObject({
      id: query.id,
      status: 'open',
      lapsed: true,
      lapsed_at: at(13).toISOString(),
      extended: false,
    });
  });

  it('never lapses an answered query, nor reminds of it', async () => {
    const { applicationId, query } = await raisedQuery();
    vi.setSystemTime(at(6));
    const answered = await ctx.request(await tokenOf('entrepreneur'), {
      method: 'POST',
      url: `/api/queries/${query.id}/response`,
      payload: { message: 'The certificate is attached' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    for (const day of [9, 11, 13, 20]) await sweepQueryReplyBy(ctx.db, { now: at(day) });
    expect(await remindersOf(query.id, 3)).toEqual([]);
    expect(await remindersOf(query.id, 1)).toEqual([]);
    expect((await queryRow(query.id)).lapsedAt).toBeNull();
    expect(await lapseNotices(applicationId)).toEqual([]);
  });

  it('leaves the queries of a decided application alone', async () => {
    const { applicationId, query } = await raisedQuery();
    vi.setSystemTime(at(6));
    const rejected = await ctx.request(await tokenOf('zonal_manager'), {
      method: 'PUT',
      url: `/api/applications/${applicationId}/status`,
      payload: { status: 'rejected', current_stage: 'Rejected: not eligible', remarks: 'Not eligible' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    for (const day of [9, 11, 13]) await sweepQueryReplyBy(ctx.db, { now: at(day) });
    expect(await remindersOf(query.id, 3)).toEqual([]);
    expect((await queryRow(query.id)).lapsedAt).toBeNull();
  });
});
