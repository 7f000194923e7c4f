/** The sweep's milestone reminders: the holder 30 and 7 days before an implementation milestone falls due, the
 * zonal managers once when it is missed; each once however often the sweep runs, and never for a met milestone or an
 * allotment that has ended. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { addCalendarDays } from '@portal/contract';
import { allotmentMilestones, allotments, notifications, users } from '../db/schema';
import { businessTodayIso } from '../core/dates';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { sweepReminders } from './notify-reminders';

describe(`milestone reminders (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const today = businessTodayIso();
  let allotmentId: string;
  let holderId: string;
  let ids: { construction: string; production: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    // An active allotment in possession from the demo data, with both milestones still to meet.
    const [row] = await ctx.db
      .select({ id: allotments.id, holder: allotments.holderUserId })
      .from(allotments)
      .where(and(eq(allotments.status, 'active'), sql`${allotments.possessionDate} is not null`))
      .limit(1);
    allotmentId = row!.id;
    holderId = row!.holder;
    await ctx.db
      .update(allotmentMilestones)
      .set({ metOn: null })
      .where(eq(allotmentMilestones.allotmentId, allotmentId));
    const milestones = await ctx.db
      .select()
      .from(allotmentMilestones)
      .where(eq(allotmentMilestones.allotmentId, allotmentId));
    ids = {
      construction: milestones.find((m) => m.kind === 'commence_construction')!.id,
      production: milestones.find((m) => m.kind === 'start_production')!.id,
    };
    // Nothing else in the demo data falls due in the windows this test reads.
    await ctx.db
      .update(allotmentMilestones)
      .set({ dueOn: addCalendarDays(today, 400) })
      .where(sql`${allotmentMilestones.allotmentId} <> ${allotmentId}`);
  });
  afterAll(() => ctx.close());

  const dueOn = (id: string, days: number) =>
    ctx.db
      .update(allotmentMilestones)
      .set({ dueOn: addCalendarDays(today, days) })
      .where(eq(allotmentMilestones.id, id));
  const told = (code: string, milestoneId: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.code, code), like(notifications.dedupeKey, `${code}:${milestoneId}:%`)));

  it('warns the holder 30 days and again 7 days before a milestone, once each', async () => {
    await dueOn(ids.construction, 20);
    await dueOn(ids.production, 300);
    await sweepReminders(ctx.db);
    await sweepReminders(ctx.db);
    const first = await told('milestone_due_soon', ids.construction);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ userId: holderId, link: '/allotments' });
    expect(first[0]!.params).toMatchObject({
      milestone: 'commence_construction',
      due_on: addCalendarDays(today, 20),
      days_left: 20,
    });
    expect(first[0]!.dedupeKey).toMatch(/:30$/);
    expect(await told('milestone_due_soon', ids.production)).toEqual([]);

    await dueOn(ids.construction, 5);
    await sweepReminders(ctx.db);
    await sweepReminders(ctx.db);
    const both = await told('milestone_due_soon', ids.construction);
    expect(both.map((n) => n.dedupeKey!.split(':').at(-1)).sort()).toEqual(['30', '7']);
  });

  it('tells every active zonal manager once when a milestone is missed, and nobody of a met one', async () => {
    await dueOn(ids.construction, -2);
    await ctx.db
      .update(allotmentMilestones)
      .set({ dueOn: addCalendarDays(today, -3), metOn: addCalendarDays(today, -10) })
      .where(eq(allotmentMilestones.id, ids.production));
    await sweepReminders(ctx.db);
    await sweepReminders(ctx.db);
    const managers = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'zonal_manager'), eq(users.isActive, true)));
    expect(managers.length).toBeGreaterThan(0);
    const missed = await told('milestone_missed', ids.construction);
    expect(missed.map((n) => n.userId).sort()).toEqual(managers.map((m) => m.id).sort());
    expect(missed[0]!.params).toMatchObject({ milestone: 'commence_construction', due_on: addCalendarDays(today, -2) });
    expect(await told('milestone_missed', ids.production)).toEqual([]);
  });

  it('reminds of nothing on an allotment that has ended', async () => {
    await ctx.db.update(allotments).set({ status: 'surrendered' }).where(eq(allotments.id, allotmentId));
    await ctx.db.delete(notifications).where(inArray(notifications.code, ['milestone_due_soon', 'milestone_missed']));
    await dueOn(ids.construction, 3);
    const counts = await sweepReminders(ctx.db);
    expect(counts).toMatchObject({ milestoneDueSoon: 0, milestoneMissed: 0 });
    expect(await told('milestone_due_soon', ids.construction)).toEqual([]);
  });
});
