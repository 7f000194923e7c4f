import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addWorkingDays,
  APPEAL_WORKING_DAYS,
  businessToday,
  type Appeal,
  type AppealStageFigures,
  type ApplicationAppeals,
} from '@portal/contract';
import { applications, notifications, timelineEvents } from '../../../db/schema';
import { findApplicationById } from '../../../repositories/applications';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, getList } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';
import { appealsByStageSince } from '../repositories/appeals';

describe(`appeals to the head office (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let owner: string;
  let zonal: string;
  let ho: string;
  let admin: string;
  const statement = 'My application has waited well past its service date without a decision.';

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await ctx.tokenFor('entrepreneur');
    zonal = await ctx.tokenFor('zonal_manager');
    ho = await ctx.tokenFor('ho');
    admin = await ctx.tokenFor('admin');
  });
  afterAll(() => ctx.close());

  const file = (token: string, applicationId: string, body: unknown = { statement }) =>
    ctx.request(token, { method: 'POST', url: `/api/applications/${applicationId}/appeals`, payload: body as object });
  const order = (token: string, id: string, body: object) =>
    ctx.request(token, { method: 'POST', url: `/api/appeals/${id}/order`, payload: body });

  /** The demo entrepreneur's application under scrutiny, its service date ten days gone. */
  async function lateCase() {
    const app = await insertTestApplication(ctx, 'under_scrutiny');
    await ctx.db.update(applications).set({ stageDueOn: '2020-01-06' }).where(eq(applications.id, app.id));
    return app;
  }

  /** The demo entrepreneur's application rejected from pending_committee by the head office, through the API. */
  async function rejectedCase() {
    const app = await insertTestApplication(ctx, 'pending_committee');
    const rejected = await ctx.request(ho, {
      method: 'PUT',
      url: `/api/applications/${app.id}/status`,
      payload: { status: 'rejected', current_stage: 'Rejected by the committee' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    return app;
  }

  async function filed(applicationId: string): Promise<Appeal> {
    const response = await file(owner, applicationId);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Appeal;
  }

  it('files an appeal on a late case: numbered, due in 30 working days, the head office told, on the timeline', async () => {
    const app = await lateCase();
    const before = await ctx.request(owner, { method: 'GET', url: `/api/applications/${app.id}/appeals` });
    expect(before.json()).toMatchObject({ can_appeal: true, ground: 'late', stage_status: 'under_scrutiny' });

    const appeal = await filed(app.id);
    expect(appeal.appeal_number).toMatch(/^APL-\d{4}-\d{6}$/);
    expect(appeal).toMatchObject({ ground: 'late', stage_status: 'under_scrutiny', status: 'filed', statement });
    expect(appeal.due_on).toBe(addWorkingDays(businessToday(), APPEAL_WORKING_DAYS));

    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.applicationId, app.id), eq(notifications.code, 'appeal_filed')));
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.link).toBe(`/officer/appeals/${appeal.id}`);
    const events = await ctx.db
      .select()
      .from(timelineEvents)
      .where(and(eq(timelineEvents.applicationId, app.id), eq(timelineEvents.eventCode, 'appeal_filed')));
    expect(events).toHaveLength(1);

    const after = (await ctx
      .request(owner, { method: 'GET', url: `/api/applications/${app.id}/appeals` })
      .then((r) => r.json())) as ApplicationAppeals;
    expect(after).toMatchObject({ can_appeal: false, refusal: 'appeal_open' });
    expect(after.appeals.map((row) => row.id)).toEqual([appeal.id]);
  });

  it('refuses an appeal on a case within its clock (409 appeal_not_allowed), a second open one (409 appeal_open) and bad input (422)', async () => {
    const onTime = await insertTestApplication(ctx, 'under_scrutiny');
    const refused = await file(owner, onTime.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('appeal_not_allowed');

    // A late case that waits on the applicant (an open query pauses its clock) is not the corporation's delay.
    const paused = await lateCase();
    await ctx.db.update(applications).set({ clockPausedAt: new Date() }).where(eq(applications.id, paused.id));
    expect((await file(owner, paused.id)).json().code).toBe('appeal_not_allowed');

    const late = await lateCase();
    await filed(late.id);
    const second = await file(owner, late.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('appeal_open');

    const other = await lateCase();
    for (const body of [{}, { statement: 'too short' }, { statement: 'x'.repeat(4001) }, { statement: 42 }]) {
      const bad = await file(owner, other.id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json().code).toBe('validation_failed');
    }
  });

  it("answers 404 for an appeal on someone else's application, and 403 for staff filing", async () => {
    const late = await lateCase();
    const stranger = await entrepreneurWithProfile(ctx, `Appeal Stranger ${Date.now()}`);
    const foreign = await file(stranger.token, late.id);
    expect(foreign.statusCode).toBe(404);
    const read = await ctx.request(stranger.token, { method: 'GET', url: `/api/applications/${late.id}/appeals` });
    expect(read.statusCode).toBe(404);
    expect((await file(ho, late.id)).statusCode).toBe(403);
    // Appeals are the head office's: a zonal manager neither lists nor orders them.
    expect((await ctx.request(zonal, { method: 'GET', url: '/api/appeals' })).statusCode).toBe(403);
  });

  it('gives an order once: of two concurrent orders exactly one wins, the other 409 appeal_state', async () => {
    const appeal = await filed((await lateCase()).id);
    const body = { outcome: 'dismissed', order_text: 'The delay was explained by the site inspection.' };
    const results = await Promise.all([order(ho, appeal.id, body), order(ho, appeal.id, body)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('appeal_state');
    const again = await order(ho, appeal.id, { ...body, outcome: 'allowed', directed_due_on: '2099-01-05' });
    expect(again.statusCode).toBe(409);
    const hearing = await ctx.request(ho, {
      method: 'POST',
      url: `/api/appeals/${appeal.id}/hearing`,
      payload: { hearing_note: 'Heard after the order' },
    });
    expect(hearing.json().code).toBe('appeal_state');
    // The admin reads, never orders.
    expect((await ctx.request(admin, { method: 'GET', url: `/api/appeals/${appeal.id}` })).statusCode).toBe(200);
    expect((await order(admin, appeal.id, body)).statusCode).toBe(403);
  });

  it('records a hearing, then allows a late case: the stage is due on the directed day and its officers are told', async () => {
    const app = await lateCase();
    // The late stage had climbed the ladder: the directed date starts it again.
    await ctx.db
      .update(applications)
      .set({ escalatedTo: 'ho', escalatedAt: new Date() })
      .where(eq(applications.id, app.id));
    const appeal = await filed(app.id);
    const heard = await ctx.request(ho, {
      method: 'POST',
      url: `/api/appeals/${appeal.id}/hearing`,
      payload: { hearing_note: 'Heard the applicant and the zonal office.' },
    });
    expect(heard.statusCode, heard.body).toBe(200);
    expect(heard.json()).toMatchObject({ hearing_note: 'Heard the applicant and the zonal office.' });
    // The applicant does not read the officers' hearing note.
    const own = (await ctx
      .request(owner, { method: 'GET', url: `/api/applications/${app.id}/appeals` })
      .then((r) => r.json())) as ApplicationAppeals;
    expect(own.appeals[0]!.hearing_note).toBeNull();

    const allowedBody = { outcome: 'allowed', order_text: 'Scrutiny is to be finished within the directed date.' };
    const missing = await order(ho, appeal.id, allowedBody);
    expect(missing.statusCode).toBe(422);
    const past = await order(ho, appeal.id, { ...allowedBody, directed_due_on: '2020-01-06' });
    expect(past.statusCode).toBe(422);

    const directed = addWorkingDays(businessToday(), 5);
    const allowed = await order(ho, appeal.id, { ...allowedBody, directed_due_on: directed });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ status: 'allowed', directed_due_on: directed });
    expect(await findApplicationById(ctx.db, app.id)).toMatchObject({
      stageDueOn: directed,
      escalatedTo: null,
      escalatedAt: null,
    });

    const told = await ctx.db.select().from(notifications).where(eq(notifications.applicationId, app.id));
    expect(told.filter((row) => row.code === 'appeal_directed').length).toBeGreaterThan(0);
    expect(told.filter((row) => row.code === 'appeal_decided')).toHaveLength(1);
  });

  it('allows an appeal on a rejection: back to scrutiny through the case engine, with its timeline event', async () => {
    const app = await rejectedCase();
    const state = (await ctx
      .request(owner, { method: 'GET', url: `/api/applications/${app.id}/appeals` })
      .then((r) => r.json())) as ApplicationAppeals;
    // The stage it was rejected from, read from the timeline.
    expect(state).toMatchObject({ can_appeal: true, ground: 'rejected', stage_status: 'pending_committee' });
    const appeal = await filed(app.id);
    const allowed = await order(ho, appeal.id, {
      outcome: 'allowed',
      order_text: 'The rejection did not consider the revised project report.',
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const moved = (await findApplicationById(ctx.db, app.id))!;
    expect(moved.status).toBe('under_scrutiny');
    // A fresh clock and whom it waits on, as every move through the engine writes.
    expect(moved.waitingOn).toBe('zonal_manager');
    expect(moved.stageDueOn).not.toBeNull();
    const events = await ctx.db
      .select()
      .from(timelineEvents)
      .where(and(eq(timelineEvents.applicationId, app.id), eq(timelineEvents.eventCode, 'status_changed')));
    const reopened = events.find((event) => event.params.event === 'appeal_allowed');
    expect(reopened).toMatchObject({ userRole: 'ho', params: { from: 'rejected', to: 'under_scrutiny' } });
  });

  it('lists appeals by the list protocol and counts them against their stage', async () => {
    const page = await getList<Appeal>(ctx, ho, '/api/appeals?status=filed&sort=-filed_at&limit=1');
    expect(page.status).toBe(200);
    expect(page.items.map((row) => row.status)).toEqual(['filed']);
    // Two appeals above still wait for their order.
    expect(page.total).toBe(2);
    expect(page.nextCursor).not.toBeNull();
    const next = await getList<Appeal>(
      ctx,
      ho,
      `/api/appeals?status=filed&sort=-filed_at&limit=1&cursor=${page.nextCursor}`,
    );
    expect(next.items).toHaveLength(1);
    expect(next.items[0]!.filed_at <= page.items[0]!.filed_at).toBe(true);

    const one = page.items[0]!;
    const searched = await getList<Appeal>(ctx, ho, `/api/appeals?q=${one.appeal_number.toLowerCase()}`);
    expect(searched.items.map((row) => row.id)).toEqual([one.id]);
    const byApplication = await getList<Appeal>(ctx, ho, `/api/appeals?q=${one.application_number}`);
    expect(byApplication.items.map((row) => row.id)).toContain(one.id);
    const overdue = await getList<Appeal>(ctx, ho, '/api/appeals?overdue=true');
    expect(overdue.items).toEqual([]);
    expect((await ctx.request(ho, { method: 'GET', url: '/api/appeals?ground=nope' })).statusCode).toBe(422);

    const figures = (await ctx
      .request(ho, { method: 'GET', url: '/api/appeals/by-stage' })
      .then((r) => r.json())) as AppealStageFigures;
    const scrutiny = figures.stages.find((row) => row.stage_status === 'under_scrutiny')!;
    expect(scrutiny.filed).toBeGreaterThanOrEqual(4);
    expect(scrutiny.allowed).toBe(1);
    expect(scrutiny.dismissed).toBe(1);
    expect(figures.stages.find((row) => row.stage_status === 'pending_committee')).toMatchObject({
      filed: 1,
      allowed: 1,
      dismissed: 0,
    });
    // The repository function the public performance page imports, with its window.
    expect(await appealsByStageSince(ctx.db, new Date(Date.now() + 60_000))).toEqual([]);
  });
});
