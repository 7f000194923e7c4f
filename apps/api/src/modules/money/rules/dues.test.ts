import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { interestOnArrears } from '@portal/contract';
import { openDatabase, type DatabaseHandle } from '../../../db/client';
import { allotments, invoices, ledgerEntries, mailOutbox, notifications, timelineEvents } from '../../../db/schema';
import { businessTodayIso } from '../../../core/dates';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile } from '../../../test/list-fixtures';
import { insertTestPlot, type TestPlot } from '../../../test/service-fixtures';
import { billYearlyDues, billYearlyDuesIn, duesTermsOn, financialYearOf } from './dues';

describe(`yearly dues billing (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof entrepreneurWithProfile>>;
  let fullYear: TestPlot;
  let midYear: TestPlot;
  let notPossessed: TestPlot;
  let surrendered: TestPlot;

  const duesOf = (allotmentId: string) =>
    ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.allotmentId, allotmentId))
      .orderBy(asc(invoices.financialYear), asc(invoices.invoiceType));

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await entrepreneurWithProfile(ctx, 'Dues Works');
    fullYear = await insertTestPlot(ctx, { ownerEmail: owner.email, possessionDate: '2025-06-10' });
    midYear = await insertTestPlot(ctx, { ownerEmail: owner.email, possessionDate: '2026-10-01' });
    notPossessed = await insertTestPlot(ctx, { ownerEmail: owner.email, possessionDate: null });
    surrendered = await insertTestPlot(ctx, { ownerEmail: owner.email, possessionDate: '2025-01-01' });
    await ctx.db.update(allotments).set({ status: 'surrendered' }).where(eq(allotments.id, surrendered.allotmentId));
  });
  afterAll(() => ctx.close());

  it('knows the financial year, its length and the due date', () => {
    expect(financialYearOf('2026-04-01')).toBe(2026);
    expect(financialYearOf('2027-03-31')).toBe(2026);
    const terms = duesTermsOn('2026-04-01');
    expect(terms).toMatchObject({ yearStart: '2026-04-01', yearEnd: '2027-03-31', daysInYear: 365 });
    expect(terms.dueDate).toBe('2026-05-01');
    expect(duesTermsOn('2026-10-15').dueDate).toBe('2026-11-14');
    expect(duesTermsOn('2027-04-01').daysInYear).toBe(366);
  });

  it('bills on 1 April each active allotment in possession once, for the full year, and tells its holder', async () => {
    const result = await billYearlyDues(ctx.db, { today: '2026-04-01', holder: 'test-a' });
    expect(result?.financialYear).toBe(2026);
    const rows = await duesOf(fullYear.allotmentId);
    expect(rows.map((row) => [row.invoiceType, row.amount, row.dueDate, row.financialYear])).toEqual([
      ['lease_rent', 1000, '2026-05-01', 2026],
      ['maintenance_charge', 12000, '2026-05-01', 2026],
    ]);
    expect(rows.every((row) => row.billedTo === owner.userId && row.status === 'pending')).toBe(true);
    expect(rows[0]!.invoiceNumber).toMatch(/^INV-2026-\d{6}$/);
    expect(rows[0]!.invoiceNumber).not.toBe(rows[1]!.invoiceNumber);
    expect(await duesOf(notPossessed.allotmentId)).toEqual([]);
    expect(await duesOf(surrendered.allotmentId)).toEqual([]);

    const ids = rows.map((row) => row.id);
    const ledger = await ctx.db.select().from(ledgerEntries).where(inArray(ledgerEntries.invoiceId, ids));
    expect(ledger.map((entry) => entry.debit).sort((a, b) => a - b)).toEqual([1000, 12000]);
    const events = await ctx.db.select().from(timelineEvents).where(inArray(timelineEvents.entityId, ids));
    expect(events.map((event) => event.eventCode)).toEqual(['invoice_generated', 'invoice_generated']);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.userId), eq(notifications.code, 'invoice_generated')));
    expect(told.filter((row) => ids.some((id) => row.dedupeKey === `invoice_generated:${id}`))).toHaveLength(2);
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.dedupeKey,
          ids.map((id) => `invoice_generated:${id}`),
        ),
      );
    expect(mails).toHaveLength(2);
    const leaseMail = mails.find((mail) => mail.dedupeKey === `invoice_generated:${rows[0]!.id}`)!;
    expect(leaseMail.template).toBe('invoice_generated');
    expect(leaseMail.toEmail).toBe(owner.email);
    expect(leaseMail.params).toMatchObject({
      invoice_number: rows[0]!.invoiceNumber,
      invoice_type: 'lease_rent',
      amount: 1000,
      due_date: '2026-05-01',
      link: '/allotments',
    });
    expect(typeof leaseMail.params.full_name).toBe('string');
    expect(typeof leaseMail.params.application_number).toBe('string');
  });

  it('prorates the first year by day from possession (possessed on 1 October: 182 of 365 days)', async () => {
    const rows = await duesOf(midYear.allotmentId);
    // 1000 sqm x 1 x 182/365 = 498.630..., x 12 = 5983.561...
    expect(rows.map((row) => [row.invoiceType, row.amount])).toEqual([
      ['lease_rent', 498.63],
      ['maintenance_charge', 5983.56],
    ]);
  });

  it('run again, in the same year, bills nothing more', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    const again = await ctx.db.transaction((tx) => billYearlyDuesIn(tx, '2026-06-01'));
    expect(again.billed).toEqual({ lease_rent: 0, maintenance_charge: 0 });
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('catches up an allotment possessed after the billing day at the next run, due 30 days after that run', async () => {
    const late = await insertTestPlot(ctx, { ownerEmail: owner.email, possessionDate: '2026-12-01' });
    await ctx.db.transaction((tx) => billYearlyDuesIn(tx, '2026-12-02'));
    const rows = await duesOf(late.allotmentId);
    // 121 days (1 December to 31 March) of 365.
    expect(rows.map((row) => [row.invoiceType, row.amount, row.dueDate])).toEqual(
      [
        ['lease_rent', 331.51],
        ['maintenance_charge', 3978.08],
      ].map(([type, amount]) => [type, amount, '2027-01-01']),
    );
  });

  it('two runs at once (two database handles on PostgreSQL) bill each allotment once', async () => {
    const plots = await Promise.all(
      Array.from({ length: 5 }, () => insertTestPlot(ctx, { ownerEmail: owner.email, possessionDate: '2026-02-01' })),
    );
    let second: DatabaseHandle | undefined;
    let otherDb = ctx.db;
    if (TEST_DB_KIND === 'postgres') {
      const [row] = (
        (await ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
      ).rows;
      const url = new URL(process.env.TEST_PG_URL!);
      url.pathname = `/${row!.name}`;
      second = await openDatabase({ databaseUrl: url.toString() });
      otherDb = second.db;
    }
    try {
      // Past the lease (each transaction on its own), and through the lease with two holders.
      const [a, b] = await Promise.all([
        ctx.db.transaction((tx) => billYearlyDuesIn(tx, '2027-04-01')),
        otherDb.transaction((tx) => billYearlyDuesIn(tx, '2027-04-01')),
        billYearlyDues(ctx.db, { today: '2027-04-01', holder: 'process-1' }),
        billYearlyDues(otherDb, { today: '2027-04-01', holder: 'process-2' }),
      ]);
      expect(a!.billed.lease_rent + b!.billed.lease_rent).toBeGreaterThanOrEqual(plots.length);
    } finally {
      await second?.close();
    }
    for (const plot of plots) {
      const rows = (await duesOf(plot.allotmentId)).filter((row) => row.financialYear === 2027);
      expect(rows.map((row) => [row.invoiceType, row.amount])).toEqual([
        ['lease_rent', 1000],
        ['maintenance_charge', 12000],
      ]);
    }
    // No invoice number given twice.
    const [dupes] = (
      (await ctx.db.execute(
        sql`select count(*)::int as n from (select ${invoices.invoiceNumber} from ${invoices} group by 1 having count(*) > 1) d`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(dupes!.n).toBe(0);
  });

  it('a late dues invoice asks interest by day; POST /api/payments takes the amount due and the ledger shows interest then payment', async () => {
    const [lease] = (await duesOf(fullYear.allotmentId)).filter(
      (row) => row.financialYear === 2026 && row.invoiceType === 'lease_rent',
    );
    const today = businessTodayIso();
    const interest = interestOnArrears(1000, '2026-05-01', today);
    // Due 1 May 2026; a day late is 1000 x 12% / 365 = 0.33.
    expect(interestOnArrears(1000, '2026-05-01', '2026-05-02')).toBe(0.33);
    expect(interestOnArrears(1000, '2026-05-01', '2026-05-01')).toBe(0);

    const shown = await ctx.request(owner.token, {
      method: 'GET',
      url: `/api/invoices?application_id=${fullYear.applicationId}`,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const listed = (shown.json() as { id: string; interest: number; amount_due: number }[]).find(
      (item) => item.id === lease!.id,
    );
    expect(listed).toMatchObject({ interest, amount_due: Math.round((1000 + interest) * 100) / 100 });

    const pay = (amount: number) =>
      ctx.request(owner.token, {
        method: 'POST',
        url: '/api/payments',
        payload: { invoice_id: lease!.id, application_id: fullYear.applicationId, amount, payment_method: 'online' },
      });
    if (interest > 0) {
      const principalOnly = await pay(1000);
      expect(principalOnly.statusCode).toBe(400);
    }
    const paid = await pay(Math.round((1000 + interest) * 100) / 100);
    expect(paid.statusCode, paid.body).toBe(201);
    const entries = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.applicationId, fullYear.applicationId))
      .orderBy(asc(ledgerEntries.id));
    const tail = entries.slice(-2).map((entry) => [entry.entryType, entry.debit, entry.credit]);
    expect(tail).toEqual(
      interest > 0
        ? [
            ['interest', interest, 0],
            ['payment', 0, Math.round((1000 + interest) * 100) / 100],
          ]
        : [entries.at(-2)!, entries.at(-1)!].map((entry) => [entry.entryType, entry.debit, entry.credit]),
    );
  });
});
