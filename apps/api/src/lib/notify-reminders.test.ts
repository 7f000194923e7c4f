/** The reminder sweep: invoices due soon and overdue, and overdue cases, each told once per item (and recipient)
 * per day, however often and in however many processes the sweep runs; and the mail arrives once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { addCalendarDays } from '@portal/contract';
import { openDatabase, type Database } from '../db/client';
import { applications, jobLeases, mailOutbox, notifications } from '../db/schema';
import { DEMO_USERS } from '../demo/seed';
import { nextNumber } from '../repositories/counters';
import { insertInvoice, type InvoiceRow } from '../repositories/invoices';
import { findUserByEmail, insertUser } from '../repositories/users';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { insertTestApplication } from '../test/workflow-fixtures';
import { businessTodayIso } from '../core/dates';
import { startTestSmtpServer } from './mail/smtp-test-server';
import { createSmtpTransport } from './mail/transport';
import { createMailWorker } from './mail/worker';
import { REMINDER_LEASE, runReminderSweep, sweepReminders } from './notify-reminders';

const ENTREPRENEUR = DEMO_USERS.find((user) => user.role === 'entrepreneur')!.email;

describe(`reminder sweep (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const today = businessTodayIso();

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function invoiceDueIn(days: number): Promise<InvoiceRow> {
    const application = await insertTestApplication(ctx, 'pending_payment');
    return (await insertInvoice(ctx.db, {
      applicationId: application.id,
      invoiceType: 'premium_instalment',
      amount: 512_500,
      dueDate: addCalendarDays(today, days),
      invoiceNumber: await nextNumber(ctx.db, 'invoice'),
    }))!;
  }

  const toldAbout = (code: string, invoiceId: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.code, code), like(notifications.dedupeKey, `${code}:${invoiceId}:%`)));
  const mailedAbout = (code: string, invoiceId: string) =>
    ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, code), like(mailOutbox.dedupeKey, `${code}:${invoiceId}:%`)));

  /** Another API process on the same database: its own connection pool on PostgreSQL; PGlite is opened by one
   * process only, so there the two sweeps share the one handle. */
  async function secondInstance(): Promise<{ db: Database; close(): Promise<void> }> {
    if (TEST_DB_KIND !== 'postgres') return { db: ctx.db, close: async () => {} };
    const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_PG_URL!);
    url.pathname = `/${result.rows[0]!.name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    return { db: handle.db, close: () => handle.close() };
  }

  const freeTheLease = () => ctx.db.delete(jobLeases).where(eq(jobLeases.name, REMINDER_LEASE));

  it('reminds of an invoice due within 7 days once, however often the sweep runs, and the mail arrives once', async () => {
    const due = await invoiceDueIn(3);
    const later = await invoiceDueIn(8);
    const paid = await invoiceDueIn(2);
    await ctx.db.execute(sql`update invoices set status = 'paid', paid_at = now() where id = ${paid.id}`);

    await freeTheLease();
    expect(await runReminderSweep(ctx.db, { holder: 'process-1' })).not.toBeNull();
    expect(await runReminderSweep(ctx.db, { holder: 'process-1' })).toMatchObject({ dueSoon: 0 });
    await sweepReminders(ctx.db);

    const [reminder, ...more] = await toldAbout('invoice_due_soon', due.id);
    expect(more).toEqual([]);
    const owner = (await findUserByEmail(ctx.db, ENTREPRENEUR))!;
    expect(reminder).toMatchObject({
      userId: owner.id,
      link: `/applications/${due.applicationId}`,
      applicationId: due.applicationId,
      params: { invoice_number: due.invoiceNumber, amount: 512_500, due_date: due.dueDate },
    });
    expect(await toldAbout('invoice_due_soon', later.id)).toEqual([]);
    expect(await toldAbout('invoice_due_soon', paid.id)).toEqual([]);
    expect(await mailedAbout('invoice_due_soon', due.id)).toHaveLength(1);

    const server = await startTestSmtpServer();
    try {
      const send = () =>
        createMailWorker({
          db: ctx.db,
          transport: createSmtpTransport(server.url),
          from: 'Portal <no-reply@portal.test>',
          portalUrl: 'https://portal.test',
          batchSize: 1000,
        });
      const first = send();
      await first.runOnce();
      await first.stop();
      await sweepReminders(ctx.db);
      const second = send();
      await second.runOnce();
      await second.stop();
      const mails = server.received.filter((mail) => mail.parsed.subject?.includes(due.invoiceNumber));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual([ENTREPRENEUR]);
      expect(mails[0]!.parsed.subject).toMatch(/^Reminder: invoice .* is due on /);
      expect(mails[0]!.parsed.text).toContain('₹5,12,500');
    } finally {
      await server.close();
    }
  });

  it('reminds once when two app instances on one database sweep at the same moment', async () => {
    const due = await Promise.all(Array.from({ length: 12 }, (_, index) => invoiceDueIn(1 + (index % 6))));
    const other = await secondInstance();
    try {
      // Under the lease: one of the two runs the sweep, the other finds the lease taken.
      await freeTheLease();
      const leased = await Promise.all([
        runReminderSweep(ctx.db, { holder: 'instance-1' }),
        runReminderSweep(other.db, { holder: 'instance-2' }),
      ]);
      expect(leased.filter((counts) => counts !== null)).toHaveLength(1);
      // Without it (a lease that ran out mid-sweep): both sweep at once, and still nobody is told twice.
      await Promise.all([sweepReminders(ctx.db), sweepReminders(other.db), sweepReminders(ctx.db)]);
    } finally {
      await other.close();
    }
    for (const invoice of due) {
      expect(await toldAbout('invoice_due_soon', invoice.id)).toHaveLength(1);
      expect(await mailedAbout('invoice_due_soon', invoice.id)).toHaveLength(1);
    }
  });

  it('reminds of an overdue invoice once a day', async () => {
    const overdue = await invoiceDueIn(-2);
    await sweepReminders(ctx.db);
    await sweepReminders(ctx.db);
    expect(await toldAbout('invoice_overdue', overdue.id)).toHaveLength(1);
    expect(await toldAbout('invoice_due_soon', overdue.id)).toHaveLength(0);
    // The next day: once more.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await sweepReminders(ctx.db, { now: tomorrow });
    await sweepReminders(ctx.db, { now: tomorrow });
    const told = await toldAbout('invoice_overdue', overdue.id);
    expect(told.map((row) => row.dedupeKey).sort()).toEqual(
      [`invoice_overdue:${overdue.id}:${today}`, `invoice_overdue:${overdue.id}:${businessTodayIso(tomorrow)}`].sort(),
    );
    expect(await mailedAbout('invoice_overdue', overdue.id)).toHaveLength(2);
  });

  it('tells one holder of each of their overdue invoices in one batch, each notification and mail of its own invoice', async () => {
    // Written in one statement for the batch: each mail must still go with its own notification's invoice.
    const invoices = [await invoiceDueIn(-3), await invoiceDueIn(-4), await invoiceDueIn(-5)];
    await sweepReminders(ctx.db);
    for (const invoice of invoices) {
      const [told, ...moreTold] = await toldAbout('invoice_overdue', invoice.id);
      expect(moreTold).toEqual([]);
      expect(told).toMatchObject({ params: { invoice_number: invoice.invoiceNumber, due_date: invoice.dueDate } });
      const [mail, ...moreMails] = await mailedAbout('invoice_overdue', invoice.id);
      expect(moreMails).toEqual([]);
      expect(mail).toMatchObject({
        dedupeKey: told!.dedupeKey,
        params: { invoice_number: invoice.invoiceNumber, due_date: invoice.dueDate },
      });
    }
  });

  it('alerts the officers of an overdue case once a day: its assignee, or else every officer of the role', async () => {
    const zonal = (await findUserByEmail(ctx.db, DEMO_USERS.find((u) => u.role === 'zonal_manager')!.email))!;
    const second = (await insertUser(ctx.db, {
      email: `zonal-${Date.now()}@example.com`,
      passwordHash: 'not-a-real-hash',
      fullName: 'Second Zonal Manager',
      role: 'zonal_manager',
    }))!;
    const pastDue = addCalendarDays(today, -5);
    const unassigned = await insertTestApplication(ctx, 'under_scrutiny');
    const assigned = await insertTestApplication(ctx, 'under_scrutiny');
    const paused = await insertTestApplication(ctx, 'under_scrutiny');
    const onTime = await insertTestApplication(ctx, 'under_scrutiny');
    await ctx.db
      .update(applications)
      .set({ stageDueOn: pastDue })
      .where(sql`${applications.id} in (${unassigned.id}, ${assigned.id}, ${paused.id})`);
    await ctx.db.update(applications).set({ assignedTo: second.id }).where(eq(applications.id, assigned.id));
    await ctx.db.update(applications).set({ clockPausedAt: new Date() }).where(eq(applications.id, paused.id));

    await sweepReminders(ctx.db);
    await sweepReminders(ctx.db);
    const alerted = async (applicationId: string) =>
      (
        await ctx.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.applicationId, applicationId), eq(notifications.code, 'case_overdue')))
      )
        .map((row) => row.userId)
        .sort();
    expect(await alerted(unassigned.id)).toEqual([zonal.id, second.id].sort());
    expect(await alerted(assigned.id)).toEqual([second.id]);
    expect(await alerted(paused.id)).toEqual([]);
    expect(await alerted(onTime.id)).toEqual([]);
    const [alert] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.applicationId, assigned.id), eq(notifications.code, 'case_overdue')));
    expect(alert).toMatchObject({
      link: `/officer/applications/${assigned.id}`,
      params: { application_number: assigned.applicationNumber, due_date: pastDue, role: 'zonal_manager' },
    });
  });
});
