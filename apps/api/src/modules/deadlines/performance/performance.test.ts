import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addWorkingDays,
  PERFORMANCE_REQUESTS_PER_MINUTE,
  PERFORMANCE_STAGES,
  publicPerformanceSchema,
  SERVICE_TARGETS,
  type PublicPerformance,
} from '@portal/contract';
import { appeals, applicationStageHistory, applications, performanceSnapshots, users } from '../../../db/schema';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';
import { snapshotPerformance, stageOutcome } from '../rules/performance';

/** An instant at ten in the morning, India time, of a business day. */
const at = (day: string) => new Date(`${day}T10:00:00+05:30`);
/** The figures' "now": Wednesday 17 June 2026. Window: 19 March to 17 June; months April, May and June. */
const NOW = at('2026-06-17');

describe(`public performance figures (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let ho: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    ho = await ctx.tokenFor('ho');
  });
  afterAll(() => ctx.close());

  const getFigures = (token: string | null = null) =>
    ctx.request(token, { method: 'GET', url: '/api/public/performance' });

  /** An application that entered `status` on `entered` (its due date by the service clock) and left it on `left`
   * for the next status, written as the case engine writes it: the trigger keeps the finished stage. */
  async function finishedStage(
    status: 'under_scrutiny' | 'pending_committee',
    entered: string,
    left: string,
    pause: { pausedWorkingDays?: number; clockPausedAt?: Date } = {},
  ) {
    const app = await insertTestApplication(ctx, status);
    await ctx.db
      .update(applications)
      .set({
        stageEnteredAt: at(entered),
        stageDueOn: addWorkingDays(entered, SERVICE_TARGETS[status]!.workingDays),
        pausedWorkingDays: pause.pausedWorkingDays ?? 0,
        clockPausedAt: pause.clockPausedAt ?? null,
      })
      .where(eq(applications.id, app.id));
    await ctx.db
      .update(applications)
      .set({ status: status === 'under_scrutiny' ? 'pending_committee' : 'approved', stageEnteredAt: at(left) })
      .where(eq(applications.id, app.id));
    return app;
  }

  it('keeps a stage moved on by the case engine, with its dates, due date and zone', async () => {
    const app = await insertTestApplication(ctx, 'pending_committee');
    const rejected = await ctx.request(ho, {
      method: 'PUT',
      url: `/api/applications/${app.id}/status`,
      payload: { status: 'rejected', current_stage: 'Rejected by the committee' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [kept] = await ctx.db
      .select()
      .from(applicationStageHistory)
      .where(eq(applicationStageHistory.applicationId, app.id));
    expect(kept).toMatchObject({
      status: 'pending_committee',
      nextStatus: 'rejected',
      dueOn: app.stageDueOn,
      pausedWorkingDays: 0,
    });
    expect(kept!.enteredAt.getTime()).toBe(app.stageEnteredAt.getTime());
    expect(kept!.leftAt.getTime()).toBeGreaterThanOrEqual(app.stageEnteredAt.getTime());
    expect(kept!.zone).toEqual(expect.any(String));
  });

  it('answers signed out with each stage promise before the figures are first worked out', async () => {
    await ctx.db.delete(performanceSnapshots);
    const response = await getFigures();
    expect(response.statusCode, response.body).toBe(200);
    const body = publicPerformanceSchema.parse(response.json());
    expect(body.as_of).toBeNull();
    expect(body.stages.map((stage) => stage.status)).toEqual(PERFORMANCE_STAGES);
    expect(body.stages.find((stage) => stage.status === 'under_scrutiny')).toMatchObject({
      target_working_days: 15,
      waiting_on: 'zonal_manager',
      finished: 0,
      median_working_days: null,
    });
  });

  it('a stage finished late and one on time: median, 90th percentile, on-time share by month, and appeals', async () => {
    await ctx.db.delete(applicationStageHistory);
    // Under scrutiny (15 working days): 9 working days, on time in May; 24 working days, late in June.
    const onTime = await finishedStage('under_scrutiny', '2026-05-04', '2026-05-15');
    await finishedStage('under_scrutiny', '2026-05-04', '2026-06-05');
    // Outside the 90 days and the three months: not counted.
    await finishedStage('under_scrutiny', '2026-01-05', '2026-02-02');
    // Before the committee (30 working days): 12 working days, of which 2 paused by an answered query = 10.
    await finishedStage('pending_committee', '2026-06-01', '2026-06-17', { pausedWorkingDays: 2 });
    const [officer] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'ho')).limit(1);
    await ctx.db.insert(appeals).values({
      appealNumber: 'APL-2026-900001',
      applicationId: onTime.id,
      filedBy: officer!.id,
      ground: 'late',
      stageStatus: 'under_scrutiny',
      statement: 'The stage took longer than its promised working days.',
      status: 'allowed',
      filedAt: at('2026-06-10'),
      dueOn: '2026-07-22',
    });

    const figures = await snapshotPerformance(ctx.db, { now: NOW });
    expect(figures).not.toBeNull();

    const response = await getFigures();
    expect(response.statusCode, response.body).toBe(200);
    const body = publicPerformanceSchema.parse(response.json()) as PublicPerformance;
    expect(body).toMatchObject({ as_of: '2026-06-17', since: '2026-03-19', window_days: 90 });
    const scrutiny = body.stages.find((stage) => stage.status === 'under_scrutiny')!;
    expect(scrutiny).toMatchObject({
      target_working_days: 15,
      finished: 2,
      median_working_days: 16.5,
      p90_working_days: 24,
      on_time_share: 0.5,
      appeals: { filed: 1, allowed: 1, dismissed: 0 },
    });
    expect(scrutiny.months).toEqual([
      { month: '2026-04', finished: 0, on_time: 0, on_time_share: null },
      { month: '2026-05', finished: 1, on_time: 1, on_time_share: 1 },
      { month: '2026-06', finished: 1, on_time: 0, on_time_share: 0 },
    ]);
    const committee = body.stages.find((stage) => stage.status === 'pending_committee')!;
    expect(committee).toMatchObject({ finished: 1, median_working_days: 10, p90_working_days: 10, on_time_share: 1 });
    const untouched = body.stages.find((stage) => stage.status === 'submitted')!;
    expect(untouched).toMatchObject({ finished: 0, median_working_days: null, on_time_share: null });

    // An appeal decided after the day's figures were stored is counted at once, against its stage.
    await ctx.db.insert(appeals).values({
      appealNumber: 'APL-2026-900002',
      applicationId: onTime.id,
      filedBy: officer!.id,
      ground: 'late',
      stageStatus: 'pending_committee',
      statement: 'The committee did not meet within its promised working days.',
      status: 'dismissed',
      filedAt: at('2026-06-17'),
      dueOn: '2026-07-29',
    });
    const later = publicPerformanceSchema.parse((await getFigures()).json()) as PublicPerformance;
    expect(later.stages.find((stage) => stage.status === 'pending_committee')!.appeals).toEqual({
      filed: 1,
      allowed: 0,
      dismissed: 1,
    });
  });

  it('names no one: no application number, applicant, officer, email or record id in the answer', async () => {
    const response = await getFigures();
    const text = response.body;
    const [someApplication] = await ctx.db
      .select({ id: applications.id, number: applications.applicationNumber })
      .from(applications)
      .limit(1);
    expect(text).not.toContain(someApplication!.number);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(text).not.toMatch(/@|APL-|name|email|phone|applicant_id|application_id/i);
    const stageKeys = Object.keys((response.json() as PublicPerformance).stages[0]!).sort();
    expect(stageKeys).toEqual(
      [
        'appeals',
        'finished',
        'median_working_days',
        'months',
        'on_time_share',
        'p90_working_days',
        'status',
        'target_working_days',
        'waiting_on',
      ].sort(),
    );
  });

  it('the daily job is idempotent: run again the same day it keeps one row with the same figures', async () => {
    const first = await snapshotPerformance(ctx.db, { now: NOW });
    const second = await snapshotPerformance(ctx.db, { now: new Date(NOW.getTime() + 60_000) });
    expect(second).toEqual(first);
    const rows = await ctx.db
      .select({ day: performanceSnapshots.computedOn })
      .from(performanceSnapshots)
      .where(eq(performanceSnapshots.computedOn, '2026-06-17'));
    expect(rows).toHaveLength(1);
    // Another process while the lease is held: it does not run.
    expect(await snapshotPerformance(ctx.db, { now: NOW, holder: 'another-process' })).toBeNull();
    const [{ count }] = (await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(performanceSnapshots)
      .where(and(eq(performanceSnapshots.computedOn, '2026-06-17')))) as [{ count: number }];
    expect(Number(count)).toBe(1);
  });

  it('limits one address to PERFORMANCE_REQUESTS_PER_MINUTE look-ups a minute, in the error shape', async () => {
    const lookUp = () => ctx.app.inject({ method: 'GET', url: '/api/public/performance', remoteAddress: '10.9.8.7' });
    for (let index = 0; index < PERFORMANCE_REQUESTS_PER_MINUTE; index++) {
      expect((await lookUp()).statusCode).toBe(200);
    }
    const limited = await lookUp();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBe('60');
    // Another address is not held back.
    const other = await ctx.app.inject({ method: 'GET', url: '/api/public/performance', remoteAddress: '10.9.8.6' });
    expect(other.statusCode).toBe(200);
  });

  it('a query still open when the stage was left pauses it to that day and moves its due date on', () => {
    // Entered Monday 1 June (due 15 working days later, 22 June); paused from 8 June; left Friday 26 June.
    const outcome = stageOutcome({
      id: 'x',
      status: 'under_scrutiny',
      enteredAt: at('2026-06-01'),
      leftAt: at('2026-06-26'),
      dueOn: '2026-06-22',
      pausedWorkingDays: 0,
      clockPausedAt: at('2026-06-08'),
    });
    // 19 working days from 1 to 26 June, 14 of them paused (8 to 26 June): 5 counted; due moved to 10 July.
    expect(outcome).toEqual({ workingDays: 5, onTime: true });
    const unpaused = stageOutcome({
      id: 'y',
      status: 'under_scrutiny',
      enteredAt: at('2026-06-01'),
      leftAt: at('2026-06-26'),
      dueOn: '2026-06-22',
      pausedWorkingDays: 0,
      clockPausedAt: null,
    });
    expect(unpaused).toEqual({ workingDays: 19, onTime: false });
  });
});
