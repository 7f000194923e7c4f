import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addWorkingDays, can, ROLES, type ApplicationQuery, type Role } from '@portal/contract';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../demo/seed';
import { CALENDAR } from '../../../core/business-calendar';
import { findApplicationById } from '../../../repositories/applications';
import { listEventsForApplication } from '../../../repositories/timeline';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';

/** Thursday 5 March 2026, 10:00 in India. */
const THURSDAY = new Date('2026-03-05T04:30:00Z');
/** The Tuesday after: Friday, Monday and Tuesday are three working days later. */
const NEXT_TUESDAY = new Date('2026-03-10T04:30:00Z');

describe(`queries (shortfall letters) and the paused clock (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let stranger: { email: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    stranger = await registerEntrepreneur(ctx, 'Another Entrepreneur');
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => ctx.close());

  /** A fresh sign-in (tokens expire, and these tests move the clock by days). */
  async function tokenOf(role: Role | 'stranger'): Promise<string> {
    const email = role === 'stranger' ? stranger.email : DEMO_USERS.find((user) => user.role === role)!.email;
    const password = role === 'stranger' ? 'Tidy-Lantern-42' : DEMO_PASSWORD;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().access_token as string;
  }

  const raise = async (role: Role, appId: string, body: Record<string, unknown>) =>
    ctx.request(await tokenOf(role), { method: 'POST', url: `/api/applications/${appId}/queries`, payload: body });
  const answer = async (role: Role | 'stranger', queryId: string, message = 'The bank letter is attached') =>
    ctx.request(await tokenOf(role), {
      method: 'POST',
      url: `/api/queries/${queryId}/response`,
      payload: { message },
    });
  const close = async (role: Role, queryId: string) =>
    ctx.request(await tokenOf(role), { method: 'POST', url: `/api/queries/${queryId}/close` });
  const listOf = async (role: Role | 'stranger', appId: string) =>
    ctx.request(await tokenOf(role), { method: 'GET', url: `/api/applications/${appId}/queries` });
  const applicationAs = async (role: Role, appId: string) =>
    (await ctx.request(await tokenOf(role), { method: 'GET', url: `/api/applications/${appId}` })).json();
  const referToCommittee = async (appId: string) =>
    ctx.request(await tokenOf('zonal_manager'), {
      method: 'PUT',
      url: `/api/applications/${appId}/status`,
      payload: { status: 'pending_committee', current_stage: 'x' },
    });
  const letter = { message: 'Please send a bank solvency certificate', respond_by: '2026-03-12' };

  it('pauses the clock on a query, refuses the committee while it is open, and resumes it when answered', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(THURSDAY);
    const app = await insertTestApplication(ctx, 'under_scrutiny');
    const dueBefore = app.stageDueOn!;
    expect(dueBefore).toBe(addWorkingDays('2026-03-05', 15, CALENDAR));

    const raised = await raise('zonal_manager', app.id, letter);
    expect(raised.statusCode, raised.body).toBe(201);
    const query: ApplicationQuery = raised.json();
    expect(query).toMatchObject({
      application_id: app.id,
      message: letter.message,
      respond_by: '2026-03-12',
      status: 'open',
      raised_by_name: DEMO_USERS.find((user) => user.role === 'zonal_manager')!.fullName,
      response: null,
      responded_at: null,
      closed_at: null,
    });
    expect(await applicationAs('entrepreneur', app.id)).toMatchObject({
      clock_paused: true,
      waiting_on: 'entrepreneur',
      overdue: false,
      stage_due_on: dueBefore,
    });
    expect((await findApplicationById(ctx.db, app.id))!.clockPausedAt).toEqual(THURSDAY);
    expect((await listEventsForApplication(ctx.db, app.id))[0]).toMatchObject({
      event_code: 'query_raised',
      entity_type: 'query',
      params: { message: letter.message, respond_by: '2026-03-12' },
    });

    const blocked = await referToCommittee(app.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().detail).toBe("A query is waiting for the applicant's answer");

    vi.setSystemTime(NEXT_TUESDAY);
    expect((await answer('stranger', query.id)).statusCode).toBe(404);
    expect((await answer('zonal_manager', query.id)).statusCode).toBe(403);
    expect((await findApplicationById(ctx.db, app.id))!.clockPausedAt).not.toBeNull();

    const answered = await answer('entrepreneur', query.id);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      response: 'The bank letter is attached',
      responded_at: NEXT_TUESDAY.toISOString(),
    });
    const dueAfter = addWorkingDays(dueBefore, 3, CALENDAR);
    expect(await applicationAs('zonal_manager', app.id)).toMatchObject({
      clock_paused: false,
      waiting_on: 'zonal_manager',
      stage_due_on: dueAfter,
    });
    expect(await findApplicationById(ctx.db, app.id)).toMatchObject({
      clockPausedAt: null,
      pausedWorkingDays: 3,
      stageDueOn: dueAfter,
    });
    expect((await listEventsForApplication(ctx.db, app.id))[0]).toMatchObject({
      event_code: 'query_answered',
      params: { message: 'The bank letter is attached' },
      user_role: 'entrepreneur',
    });

    const again = await answer('entrepreneur', query.id, 'Once more');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This query has already been answered');
    expect((await findApplicationById(ctx.db, app.id))!.pausedWorkingDays).toBe(3);

    const referred = await referToCommittee(app.id);
    expect(referred.statusCode, referred.body).toBe(200);
  });

  it('keeps the clock paused until the last open query is answered or closed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(THURSDAY);
    const app = await insertTestApplication(ctx, 'pending_committee');
    const first: ApplicationQuery = (await raise('committee', app.id, letter)).json();
    vi.setSystemTime(new Date('2026-03-06T04:30:00Z'));
    const second: ApplicationQuery = (
      await raise('ho', app.id, { ...letter, message: 'And the GST certificate' })
    ).json();
    // The second query does not restart the pause.
    expect((await findApplicationById(ctx.db, app.id))!.clockPausedAt).toEqual(THURSDAY);

    vi.setSystemTime(NEXT_TUESDAY);
    expect((await answer('entrepreneur', first.id)).statusCode).toBe(200);
    expect((await applicationAs('ho', app.id)).clock_paused).toBe(true);

    // Closing the still-open one resumes the clock from the first pause.
    const closed = await close('committee', second.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', closed_at: NEXT_TUESDAY.toISOString(), response: null });
    expect(await findApplicationById(ctx.db, app.id)).toMatchObject({
      clockPausedAt: null,
      pausedWorkingDays: 3,
      stageDueOn: addWorkingDays(app.stageDueOn!, 3, CALENDAR),
    });
    expect((await listEventsForApplication(ctx.db, app.id))[0]).toMatchObject({
      event_code: 'query_closed',
      entity_type: 'query',
    });

    // An answered query is closed too, without touching the clock again; a closed one is not closed twice.
    expect((await close('zonal_manager', first.id)).json()).toMatchObject({ status: 'closed' });
    expect((await findApplicationById(ctx.db, app.id))!.pausedWorkingDays).toBe(3);
    expect((await close('zonal_manager', first.id)).statusCode).toBe(409);
    const late = await answer('entrepreneur', second.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('This query has already been closed');
  });

  it('lists the queries of an application newest first, to the owner and staff only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(THURSDAY);
    const app = await insertTestApplication(ctx, 'under_scrutiny');
    await raise('zonal_manager', app.id, { ...letter, message: 'First letter' });
    vi.setSystemTime(new Date('2026-03-05T05:30:00Z'));
    await raise('zonal_manager', app.id, { ...letter, message: 'Second letter' });

    const own = await listOf('entrepreneur', app.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().map((query: ApplicationQuery) => query.message)).toEqual(['Second letter', 'First letter']);
    expect(own.headers['x-total-count']).toBe('2');
    expect((await listOf('legal', app.id)).json()).toHaveLength(2);
    expect((await listOf('stranger', app.id)).statusCode).toBe(404);
    expect((await listOf('entrepreneur', crypto.randomUUID())).statusCode).toBe(404);
    const oldest = await ctx.request(await tokenOf('ho'), {
      method: 'GET',
      url: `/api/applications/${app.id}/queries?sort=raised_at&limit=1`,
    });
    expect(oldest.json().map((query: ApplicationQuery) => query.message)).toEqual(['First letter']);
  });

  it('raises queries only under scrutiny or before the committee (409), with a reply date from today (422)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(THURSDAY);
    for (const status of ['submitted', 'approved', 'rejected'] as const) {
      const app = await insertTestApplication(ctx, status);
      const response = await raise('zonal_manager', app.id, letter);
      expect(response.statusCode, status).toBe(409);
      expect(response.json().detail).toContain('under scrutiny or pending committee');
      expect((await findApplicationById(ctx.db, app.id))!.clockPausedAt).toBeNull();
    }
    const app = await insertTestApplication(ctx, 'under_scrutiny');
    const yesterday = await raise('zonal_manager', app.id, { ...letter, respond_by: '2026-03-04' });
    expect(yesterday.statusCode).toBe(422);
    expect(yesterday.json().detail).toBe('respond_by: The reply date must be today or later');
    expect((await raise('zonal_manager', app.id, { ...letter, respond_by: '05/03/2026' })).statusCode).toBe(422);
    expect((await raise('zonal_manager', app.id, { ...letter, message: '   ' })).statusCode).toBe(422);
    expect((await raise('zonal_manager', crypto.randomUUID(), letter)).statusCode).toBe(404);
    expect((await findApplicationById(ctx.db, app.id))!.clockPausedAt).toBeNull();
    expect((await raise('zonal_manager', app.id, { ...letter, respond_by: '2026-03-05' })).statusCode).toBe(201);
  });

  it.each(ROLES.filter((role) => !can(role, 'update:application:status')))(
    '%s may neither raise nor close a query (403)',
    async (role) => {
      const app = await insertTestApplication(ctx, 'under_scrutiny');
      const respondBy = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      expect((await raise(role, app.id, { ...letter, respond_by: respondBy })).statusCode).toBe(403);
      const query: ApplicationQuery = (
        await raise('zonal_manager', app.id, { ...letter, respond_by: respondBy })
      ).json();
      expect((await close(role, query.id)).statusCode).toBe(403);
      expect((await close('zonal_manager', crypto.randomUUID())).statusCode).toBe(404);
    },
  );

  it('lets exactly one of racing answers win', async () => {
    const app = await insertTestApplication(ctx, 'under_scrutiny');
    const respondBy = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const query: ApplicationQuery = (await raise('zonal_manager', app.id, { ...letter, respond_by: respondBy })).json();
    const token = await tokenOf('entrepreneur');
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        ctx.request(token, {
          method: 'POST',
          url: `/api/queries/${query.id}/response`,
          payload: { message: `Answer ${index}` },
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(5);
    const events = await listEventsForApplication(ctx.db, app.id);
    expect(events.filter((event) => event.event_code === 'query_answered')).toHaveLength(1);
  });
});
