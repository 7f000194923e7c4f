/** The deadline sweep with a frozen clock (decision 017): a stage past its due date by its own target again is
 * escalated once, its officers and the level above told once (a zonal manager of another zone not at all); a deemable
 * stage past its limit is deemed approved by SYSTEM through the case engine, with its timeline entry and a letter;
 * a paused clock neither escalates nor deems; a committee's stage escalates to the administrators and is never
 * deemed. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { addWorkingDays, type Role } from '@portal/contract';
import { CALENDAR } from '../../../core/business-calendar';
import { allotments, applications, jobLeases, mailOutbox, notifications } from '../../../db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../demo/seed';
import { hashPassword } from '../../../lib/passwords';
import { issueDeemedApprovalLetter } from '../../documents/issued-documents/service';
import { insertAllotment } from '../../../repositories/allotments';
import { findApplicationById } from '../../../repositories/applications';
import { nextNumber } from '../../../repositories/counters';
import { findLatestLeaseDeed, insertLeaseDeed } from '../../../repositories/lease-deeds';
import { listEventsForApplication } from '../../../repositories/timeline';
import { findUserByEmail, insertUser } from '../../../repositories/users';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';
import { DEADLINE_LEASE, runDeadlineSweep, sweepDeadlines } from './escalation';

/** 10:00 in Kolkata on a business day. */
const at = (day: string) => new Date(`${day}T04:30:00Z`);
const MONDAY = '2026-03-02';

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe(`deadline sweep: escalation and deemed approval (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const ids: Partial<Record<Role, string>> = {};
  let zoneManager: string;
  let otherZoneManager: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ['zonal_manager', 'ho', 'admin', 'committee'] as const) {
      ids[role] = (await findUserByEmail(ctx.db, DEMO_USERS.find((user) => user.role === role)!.email))!.id;
    }
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const manager = async (email: string, zone: string) => {
      const user = (await insertUser(ctx.db, { email, passwordHash, fullName: email, role: 'zonal_manager' }))!;
      await ctx.db.execute(sql`update users set zone = ${zone} where id = ${user.id}`);
      return user.id;
    };
    // The test assets are in "Test Zone".
    zoneManager = await manager('zm-test-zone@example.com', 'Test Zone');
    otherZoneManager = await manager('zm-other-zone@example.com', 'Other Zone');
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => ctx.close());

  const freeze = (day: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(day));
  };
  const sweep = (day: string) => sweepDeadlines(ctx.db, { now: at(day), issueLetter });
  const issueLetter = (eventId: string) =>
    issueDeemedApprovalLetter(
      {
        db: ctx.db,
        storage: ctx.app.storage,
        org: ctx.app.org,
        signer: ctx.app.documentSigner,
        baseUrl: 'https://portal.test',
      },
      eventId,
    );
  const escalationsOf = (applicationId: string) =>
    ctx.db
      .select({ userId: notifications.userId, params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.code, 'case_escalated'), eq(notifications.applicationId, applicationId)));
  const mailsOf = async (applicationId: string) =>
    (
      await ctx.db
        .select({ to: mailOutbox.toEmail, dedupeKey: mailOutbox.dedupeKey })
        .from(mailOutbox)
        .where(eq(mailOutbox.template, 'case_escalated'))
    ).filter((mail) => mail.dedupeKey?.includes(applicationId));
  const get = async (role: Role, url: string) => ctx.request(await ctx.tokenFor(role), { method: 'GET', url });

  it('escalates a late stage once, tells its officers and head office once, then deems it approved with a letter', async () => {
    freeze(MONDAY);
    const app = await insertTestApplication(ctx, 'submitted');
    const due = app.stageDueOn!;
    expect(due).toBe(addWorkingDays(MONDAY, 3, CALENDAR));
    // Due + 3 working days (its own target again) is the last day it may still wait.
    const lastDay = addWorkingDays(due, 3, CALENDAR);
    const escalationDay = addWorkingDays(lastDay, 1, CALENDAR);

    freeze(lastDay);
    await sweep(lastDay);
    expect((await findApplicationById(ctx.db, app.id))!.escalatedAt).toBeNull();
    expect(await escalationsOf(app.id)).toEqual([]);

    freeze(escalationDay);
    await sweep(escalationDay);
    const row = (await findApplicationById(ctx.db, app.id))!;
    expect(row).toMatchObject({ status: 'submitted', escalatedTo: 'ho' });
    expect(row.escalatedAt).toEqual(at(escalationDay));
    const told = await escalationsOf(app.id);
    const toldIds = told.map((item) => item.userId).sort();
    // The role's officers of this zone (or of every zone) and the head office; never another zone's manager.
    expect(toldIds).toContain(ids.zonal_manager);
    expect(toldIds).toContain(zoneManager);
    expect(toldIds).toContain(ids.ho);
    expect(toldIds).not.toContain(otherZoneManager);
    expect(toldIds).not.toContain(ids.admin);
    expect(new Set(toldIds).size).toBe(toldIds.length);
    expect(told[0]!.params).toMatchObject({
      application_number: app.applicationNumber,
      status: 'submitted',
      waiting_on: 'zonal_manager',
      escalated_to: 'ho',
      due_date: due,
    });
    expect(await mailsOf(app.id)).toHaveLength(told.length);
    expect((await listEventsForApplication(ctx.db, app.id))[0]).toMatchObject({
      event_code: 'case_escalated',
      user_role: 'SYSTEM',
      params: { from: 'submitted', escalated_to: 'ho', due_on: due },
    });
    // The API answer carries the level, for the badge.
    expect((await get('zonal_manager', `/api/applications/${app.id}`)).json()).toMatchObject({ escalated_to: 'ho' });

    // Run again, and under the lease from two holders: nobody is told twice, the case is not escalated again.
    expect(await sweep(escalationDay)).toMatchObject({ escalated: 0, notified: 0 });
    await ctx.db.delete(jobLeases).where(eq(jobLeases.name, DEADLINE_LEASE));
    const [first, second] = await Promise.all([
      runDeadlineSweep(ctx.db, { holder: 'process-1', now: at(escalationDay) }),
      runDeadlineSweep(ctx.db, { holder: 'process-2', now: at(escalationDay) }),
    ]);
    expect([first, second].filter((counts) => counts !== null)).toEqual([{ escalated: 0, notified: 0, deemed: 0 }]);
    expect(await escalationsOf(app.id)).toHaveLength(told.length);
    expect((await findApplicationById(ctx.db, app.id))!.escalatedAt).toEqual(at(escalationDay));

    // Fifteen working days after the due date it may still wait; the day after, it is deemed approved.
    const lastDeemable = addWorkingDays(due, 15, CALENDAR);
    freeze(lastDeemable);
    expect(await sweep(lastDeemable)).toMatchObject({ deemed: 0 });
    expect((await findApplicationById(ctx.db, app.id))!.status).toBe('submitted');

    const deemedDay = addWorkingDays(lastDeemable, 1, CALENDAR);
    freeze(deemedDay);
    expect((await sweep(deemedDay)).deemed).toBeGreaterThanOrEqual(1);
    const moved = (await findApplicationById(ctx.db, app.id))!;
    // The move scrutiny's officer would have made, through the engine: a new stage with its own clock, not escalated.
    expect(moved).toMatchObject({
      status: 'under_scrutiny',
      waitingOn: 'zonal_manager',
      escalatedTo: null,
      escalatedAt: null,
      stageDueOn: addWorkingDays(deemedDay, 15, CALENDAR),
    });
    const [deemed] = await listEventsForApplication(ctx.db, app.id);
    expect(deemed).toMatchObject({
      event_code: 'deemed_approved',
      user_role: 'SYSTEM',
      user_name: 'SYSTEM',
      action: 'Deemed approved',
      params: { event: 'start_scrutiny', from: 'submitted', to: 'under_scrutiny', due_on: due, working_days: 15 },
    });
    const [toldOwner] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.code, 'deemed_approved'), eq(notifications.applicationId, app.id)));
    expect(toldOwner).toMatchObject({ params: { application_number: app.applicationNumber, due_on: due } });

    // The letter: issued by the sweep, readable by the applicant, in words, with its verification code.
    const letter = await get('entrepreneur', `/api/applications/${app.id}/deemed-approval-letter.pdf`);
    expect(letter.statusCode, letter.body).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    const code = String(letter.headers['x-verification-code']);
    const text = await pdfText(letter.rawPayload);
    for (const expected of [
      'Letter of Deemed Approval',
      app.applicationNumber,
      'Stage deemed approved',
      'Submitted',
      'Under scrutiny',
      '15 working days',
      `Verification code: ${code}`,
    ]) {
      expect(text).toContain(expected);
    }
    const verified = await ctx.request(null, { method: 'GET', url: `/api/verify/${code}` });
    expect(verified.json()).toMatchObject({ kind: 'deemed_approval_letter', status: 'valid' });
    // The same letter every time (issued once, by the sweep).
    const again = await get('ho', `/api/applications/${app.id}/deemed-approval-letter.pdf`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['x-verification-code']).toBe(code);

    // Deemed once: another sweep leaves the new stage alone.
    expect((await sweep(deemedDay)).deemed).toBe(0);
    expect((await findApplicationById(ctx.db, app.id))!.status).toBe('under_scrutiny');
  });

  it('deems a lease deed left unverified approved: the deed, the allotment made final, and the possession step next', async () => {
    freeze(MONDAY);
    const app = await insertTestApplication(ctx, 'lease_submitted');
    const allotment = (await insertAllotment(ctx.db, {
      allotmentNumber: await nextNumber(ctx.db, 'allotment'),
      applicationId: app.id,
      assetId: app.assetId,
      allotmentType: 'provisional',
      allotmentDate: MONDAY,
      expiryDate: null,
      createdBy: ids.ho!,
    }))!;
    await insertLeaseDeed(ctx.db, {
      allotmentId: allotment.id,
      fileName: 'deed.pdf',
      storageKey: 'fixture-deed',
      fileSize: 2048,
    });
    const due = app.stageDueOn!;
    const deemedDay = addWorkingDays(due, 16, CALENDAR);
    freeze(deemedDay);
    await sweep(deemedDay);

    expect(await findApplicationById(ctx.db, app.id)).toMatchObject({
      status: 'final_allotment',
      waitingOn: 'zonal_manager',
      escalatedTo: null,
    });
    expect(await findLatestLeaseDeed(ctx.db, allotment.id)).toMatchObject({
      verificationStatus: 'approved',
      verifiedBy: null,
    });
    const [final] = await ctx.db.select().from(allotments).where(eq(allotments.id, allotment.id));
    expect(final!.allotmentType).toBe('final');
    const events = await listEventsForApplication(ctx.db, app.id);
    // These three and no other, in whichever order one transaction's events are listed.
    expect(events.map((event) => event.event_code).sort()).toEqual([
      'case_escalated',
      'deemed_approved',
      'lease_deed_approved',
    ]);
    expect(events.find((event) => event.event_code === 'deemed_approved')).toMatchObject({
      user_role: 'SYSTEM',
      params: { event: 'approve_lease_deed', from: 'lease_submitted', to: 'final_allotment', due_on: due },
    });
    const letter = await get('legal', `/api/applications/${app.id}/deemed-approval-letter.pdf`);
    expect(letter.statusCode, letter.body).toBe(200);
    expect(await pdfText(letter.rawPayload)).toContain('Lease deed submitted');
  });

  it('never escalates nor deems a stage whose clock is paused by an open query', async () => {
    freeze(MONDAY);
    const app = await insertTestApplication(ctx, 'submitted');
    await ctx.db
      .update(applications)
      .set({ clockPausedAt: at(MONDAY) })
      .where(eq(applications.id, app.id));
    const farPast = addWorkingDays(app.stageDueOn!, 40, CALENDAR);
    freeze(farPast);
    await sweep(farPast);
    expect(await findApplicationById(ctx.db, app.id)).toMatchObject({
      status: 'submitted',
      escalatedTo: null,
      escalatedAt: null,
    });
    expect(await escalationsOf(app.id)).toEqual([]);
    expect((await listEventsForApplication(ctx.db, app.id)).map((event) => event.event_code)).not.toContain(
      'deemed_approved',
    );
  });

  it("escalates a committee's late decision to the administrators and never deems it", async () => {
    freeze(MONDAY);
    const app = await insertTestApplication(ctx, 'pending_committee');
    const due = app.stageDueOn!;
    // Past the deemed point of a deemable stage, and before its own escalation point (30 working days): nothing.
    const early = addWorkingDays(due, 20, CALENDAR);
    freeze(early);
    await sweep(early);
    expect(await findApplicationById(ctx.db, app.id)).toMatchObject({ status: 'pending_committee', escalatedTo: null });

    const late = addWorkingDays(due, 31, CALENDAR);
    freeze(late);
    await sweep(late);
    expect(await findApplicationById(ctx.db, app.id)).toMatchObject({
      status: 'pending_committee',
      escalatedTo: 'admin',
    });
    const toldIds = (await escalationsOf(app.id)).map((item) => item.userId);
    expect(toldIds).toContain(ids.committee);
    expect(toldIds).toContain(ids.admin);
    expect(toldIds).not.toContain(zoneManager);

    const muchLater = addWorkingDays(due, 60, CALENDAR);
    freeze(muchLater);
    await sweep(muchLater);
    expect(await findApplicationById(ctx.db, app.id)).toMatchObject({ status: 'pending_committee' });
    const codes = (await listEventsForApplication(ctx.db, app.id)).map((event) => event.event_code);
    expect(codes).not.toContain('deemed_approved');
    expect(codes.filter((code) => code === 'case_escalated')).toHaveLength(1);
  });
});
