/** POST /queries/{id}/extend: an officer who may raise queries extends a lapsed query's reply-by date once, to a day
 * after today; the query waits on the applicant again, is reminded of anew, and the applicant is told. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type ApplicationQuery, type Role } from '@portal/contract';
import { applicationQueries, notifications } from '../../../db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../demo/seed';
import { sweepQueryReplyBy } from '../rules/query-reply-by';
import { findApplicationById } from '../../../repositories/applications';
import { listEventsForApplication } from '../../../repositories/timeline';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';

/** 10:00 in India on a day of March 2026. */
const at = (day: number) => new Date(`2026-03-${String(day).padStart(2, '0')}T04:30:00Z`);
const RESPOND_BY = '2026-03-12';

describe(`extending a lapsed query's reply-by date (${TEST_DB_KIND})`, () => {
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

  const extend = async (role: Role, queryId: string, respondBy: string) =>
    ctx.request(await tokenOf(role), {
      method: 'POST',
      url: `/api/queries/${queryId}/extend`,
      payload: { respond_by: respondBy },
    });

  /** A query raised on 5 March to be answered by 12 March; lapsed on the 13th unless `lapse` is false. */
  async function query(lapse = true): Promise<{ applicationId: string; query: ApplicationQuery }> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(5));
    const application = await insertTestApplication(ctx, 'under_scrutiny');
    const raised = await ctx.request(await tokenOf('zonal_manager'), {
      method: 'POST',
      url: `/api/applications/${application.id}/queries`,
      payload: { message: 'Please send the fire safety certificate', respond_by: RESPOND_BY },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    vi.setSystemTime(at(13));
    if (lapse) expect(await sweepQueryReplyBy(ctx.db, { now: at(13) })).toMatchObject({ lapsed: 1 });
    return { applicationId: application.id, query: raised.json() };
  }

  it('extends a lapsed query once: the new date is answered, reminded of again, and the applicant told', async () => {
    const { applicationId, query: lapsed } = await query();
    // Reminded before it lapsed: the stamps are cleared by the extension.
    await ctx.db
      .update(applicationQueries)
      .set({ remindedThreeDaysAt: at(9), remindedOneDayAt: at(11) })
      .where(eq(applicationQueries.id, lapsed.id));

    const extended = await extend('zonal_manager', lapsed.id, '2026-03-20');
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json()).toMatchObject({
      id: lapsed.id,
      status: 'open',
      respond_by: '2026-03-20',
      original_respond_by: RESPOND_BY,
      lapsed: false,
      lapsed_at: null,
      extended: true,
      extended_at: at(13).toISOString(),
    });
    const [row] = await ctx.db.select().from(applicationQueries).where(eq(applicationQueries.id, lapsed.id));
    expect(row).toMatchObject({ lapsedAt: null, remindedThreeDaysAt: null, remindedOneDayAt: null });

    const events = await listEventsForApplication(ctx.db, applicationId);
    expect(events[0]).toMatchObject({
      event_code: 'query_extended',
      user_role: 'zonal_manager',
      params: { respond_by: '2026-03-20', original_respond_by: RESPOND_BY },
    });
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.code, 'query_extended'), eq(notifications.applicationId, applicationId)));
    expect(told).toEqual([
      expect.objectContaining({
        params: expect.objectContaining({ respond_by: '2026-03-20', original_respond_by: RESPOND_BY }),
      }),
    ]);
    // It waits on the applicant again, and the new date is reminded of (3 days before it).
    expect(await findApplicationById(ctx.db, applicationId)).toMatchObject({ waitingOn: 'entrepreneur' });
    expect(await sweepQueryReplyBy(ctx.db, { now: at(17) })).toMatchObject({ threeDays: 1 });

    // Only once.
    vi.setSystemTime(at(21));
    expect(await sweepQueryReplyBy(ctx.db, { now: at(21) })).toMatchObject({ lapsed: 1 });
    const again = await extend('zonal_manager', lapsed.id, '2026-03-30');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'wrong_state', reason: 'query_already_extended' });
  });

  it('lets the applicant answer an extended query', async () => {
    const { query: lapsed } = await query();
    expect((await extend('ho', lapsed.id, '2026-03-16')).statusCode).toBe(200);
    const answered = await ctx.request(await tokenOf('entrepreneur'), {
      method: 'POST',
      url: `/api/queries/${lapsed.id}/response`,
      payload: { message: 'The certificate is attached' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'answered', extended: true });
  });

  it('refuses a query that has not lapsed (409), a date not after today (400) and the applicant (403)', async () => {
    const { query: open } = await query(false);
    const notLapsed = await extend('zonal_manager', open.id, '2026-03-20');
    expect(notLapsed.statusCode).toBe(409);
    expect(notLapsed.json()).toMatchObject({ code: 'wrong_state', reason: 'query_not_lapsed' });

    expect(await sweepQueryReplyBy(ctx.db, { now: at(13) })).toMatchObject({ lapsed: 1 });
    for (const day of ['2026-03-13', '2026-03-01']) {
      const past = await extend('zonal_manager', open.id, day);
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({ code: 'bad_request' });
      expect(past.json().detail).toMatch(/after today/);
    }
    const applicant = await extend('entrepreneur', open.id, '2026-03-20');
    expect(applicant.statusCode).toBe(403);
    const missing = await extend('zonal_manager', '00000000-0000-4000-8000-000000000000', '2026-03-20');
    expect(missing.statusCode).toBe(404);
    // Nothing was written by the refusals.
    const [row] = await ctx.db.select().from(applicationQueries).where(eq(applicationQueries.id, open.id));
    expect(row).toMatchObject({ respondBy: RESPOND_BY, extendedAt: null });
  });

  it('lets one of two extensions at the same time win; the other is refused', async () => {
    const { query: lapsed } = await query();
    const [zonal, head] = [await tokenOf('zonal_manager'), await tokenOf('ho')];
    const answers = await Promise.all(
      [
        [zonal, '2026-03-20'],
        [head, '2026-03-25'],
      ].map(([token, day]) =>
        ctx.request(token!, { method: 'POST', url: `/api/queries/${lapsed.id}/extend`, payload: { respond_by: day } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    const [row] = await ctx.db.select().from(applicationQueries).where(eq(applicationQueries.id, lapsed.id));
    expect(row!.respondBy).toBe(winner.respond_by);
    expect(row!.originalRespondBy).toBe(RESPOND_BY);
  });
});
