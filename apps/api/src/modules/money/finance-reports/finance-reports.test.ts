import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, businessToday, type FinanceSummary, type ReceivablesAgeing } from '@portal/contract';
import { bankCredits, bankStatementImports, gatewayOrders, invoices, payments, refunds } from '../../../db/schema';
import { and, eq } from 'drizzle-orm';
import { nextNumber } from '../../../repositories/counters';
import { collectionsBetween } from '../repositories/finance-reports';
import { foldSummaryDeltas } from '../../../repositories/summaries';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { parseCsv } from '../../../test/csv';
import { entrepreneurWithProfile } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

type Owner = Awaited<ReturnType<typeof entrepreneurWithProfile>>;
const paise = (value: number) => Math.round(value * 100) / 100;
const hex = () => crypto.randomBytes(4).toString('hex');

describe(`finance reports: collections, receivables ageing and what waits on finance (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let finance: string;
  let owner: Owner;
  let applicationId: string;
  let year = 1990;
  const get = (token: string, url: string) => ctx.request(token, { method: 'GET', url });

  /** An unpaid lease rent invoice of the test application (a financial year of its own keeps it unique). */
  async function invoice(amount: number, dueDate: string, status: 'pending' | 'paid' = 'pending') {
    const [row] = await ctx.db
      .insert(invoices)
      .values({
        applicationId,
        invoiceType: 'lease_rent',
        financialYear: year++,
        amount,
        dueDate,
        status,
        invoiceNumber: await nextNumber(ctx.db, 'invoice'),
      })
      .returning();
    return row!;
  }

  async function payment(amount: number, method: 'online' | 'neft_rtgs', at: string, status = 'success' as const) {
    const paid = await invoice(amount, '2019-01-01', 'paid');
    await ctx.db.insert(payments).values({
      receiptNumber: await nextNumber(ctx.db, 'receipt'),
      applicationId,
      invoiceId: paid.id,
      amount,
      paymentMethod: method,
      paymentDate: new Date(at),
      transactionReference: `TXN-${hex()}`,
      status,
      paidBy: owner.userId,
    });
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    finance = await ctx.tokenFor('finance');
    owner = await entrepreneurWithProfile(ctx, 'Ledger Works');
    applicationId = (await insertTestApplication(ctx, 'approved', { ownerEmail: owner.email })).id;
  });
  afterAll(() => ctx.close());

  it('sums collections per business day and mode, with a day of none as zeros and the totals per mode', async () => {
    // 00:30 in Kolkata on 2 March is still 1 March in UTC: it counts on the 2nd.
    await payment(1000.5, 'online', '2019-03-01T04:00:00Z');
    await payment(250.25, 'neft_rtgs', '2019-03-01T10:00:00Z');
    await payment(99.99, 'online', '2019-03-01T19:00:00Z');
    await payment(5000, 'neft_rtgs', '2019-03-04T06:00:00Z');
    // Outside the period (4 March ends at 18:30 UTC) and so not counted.
    await payment(7, 'online', '2019-03-04T18:45:00Z');

    const response = await get(finance, '/api/finance/collections?from=2019-03-01&to=2019-03-04');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      from: '2019-03-01',
      to: '2019-03-04',
      days: [
        { date: '2019-03-01', online: 1000.5, neft_rtgs: 250.25, total: 1250.75 },
        { date: '2019-03-02', online: 99.99, neft_rtgs: 0, total: 99.99 },
        { date: '2019-03-03', online: 0, neft_rtgs: 0, total: 0 },
        { date: '2019-03-04', online: 0, neft_rtgs: 5000, total: 5000 },
      ],
      modes: [
        { mode: 'online', count: 2, amount: 1100.49 },
        { mode: 'neft_rtgs', count: 2, amount: 5250.25 },
      ],
      total: { count: 4, amount: 6350.74 },
    });

    const csv = await get(finance, '/api/finance/collections.csv?from=2019-03-01&to=2019-03-04');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(parseCsv(csv.body)).toEqual([
      ['date', 'online', 'neft_rtgs', 'total'],
      ['2019-03-01', '1000.5', '250.25', '1250.75'],
      ['2019-03-02', '99.99', '0', '99.99'],
      ['2019-03-03', '0', '0', '0'],
      ['2019-03-04', '0', '5000', '5000'],
    ]);
  });

  it('reads the same collections from the summary rows as from the payments, as payments fail, move and fold', async () => {
    const period = ['2019-03-01', '2019-03-04'] as const;
    const both = async () => [
      await collectionsBetween(ctx.db, ...period, 'summary'),
      await collectionsBetween(ctx.db, ...period, 'table'),
    ];
    const [summaryBefore, tableBefore] = await both();
    expect(summaryBefore).toEqual(tableBefore);
    expect(summaryBefore!.total).toEqual({ count: 4, amount: 6350.74 });

    // A refund marks a payment failed; a correction moves one to another day and mode.
    const [failed, moved] = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.applicationId, applicationId), eq(payments.status, 'success')))
      .orderBy(payments.paymentDate)
      .limit(2);
    await ctx.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, failed!.id));
    await ctx.db
      .update(payments)
      .set({ paymentDate: new Date('2019-03-03T06:00:00Z'), paymentMethod: 'online' })
      .where(eq(payments.id, moved!.id));
    const [summaryAfter, tableAfter] = await both();
    expect(summaryAfter).toEqual(tableAfter);
    expect(summaryAfter!.total).toEqual({ count: 3, amount: 5350.24 });
    expect(summaryAfter!.days[2]).toEqual({ date: '2019-03-03', online: 250.25, neft_rtgs: 0, total: 250.25 });

    await foldSummaryDeltas(ctx.db);
    expect(await collectionsBetween(ctx.db, ...period, 'summary')).toEqual(tableAfter);
  });

  it('answers the last 30 days by default and refuses a reversed or too long period (422) and an entrepreneur (403)', async () => {
    const response = await get(finance, '/api/finance/collections');
    expect(response.statusCode, response.body).toBe(200);
    const today = businessToday();
    expect(response.json()).toMatchObject({ from: addCalendarDays(today, -29), to: today });
    expect(response.json().days).toHaveLength(30);

    for (const url of [
      '/api/finance/collections?from=2019-03-05&to=2019-03-01',
      '/api/finance/collections?from=2019-01-01&to=2020-01-02',
      '/api/finance/collections?from=2019-02-30',
      '/api/finance/collections.csv?from=2019-03-05&to=2019-03-01',
    ]) {
      const refused = await get(finance, url);
      expect(refused.statusCode, url).toBe(422);
      expect(refused.json().detail).toBeTruthy();
    }
    // 366 days, both ends included, is the longest period.
    expect((await get(finance, '/api/finance/collections?from=2019-01-01&to=2020-01-01')).statusCode).toBe(200);

    for (const url of [
      '/api/finance/collections',
      '/api/finance/receivables-ageing',
      '/api/finance/summary',
      '/api/finance/collections.csv',
      '/api/finance/receivables.csv',
    ]) {
      expect((await get(owner.token, url)).statusCode, url).toBe(403);
    }
  });

  it('bands unpaid invoices by days past due as of the business today, leaving out paid and not yet due ones', async () => {
    const ageing = async (): Promise<ReceivablesAgeing> => {
      const response = await get(finance, '/api/finance/receivables-ageing');
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const before = await ageing();
    const today = businessToday();
    expect(before.as_of).toBe(today);
    const added = [
      await invoice(100.1, addCalendarDays(today, -1)), // d0_30
      await invoice(200.2, addCalendarDays(today, -30)), // d0_30
      await invoice(300.3, addCalendarDays(today, -31)), // d31_90
      await invoice(400.4, addCalendarDays(today, -90)), // d31_90
      await invoice(500.5, addCalendarDays(today, -91)), // d91_180
      await invoice(600.6, addCalendarDays(today, -181)), // d180_plus
    ];
    await invoice(999, addCalendarDays(today, -60), 'paid');
    await invoice(888, today);
    const after = await ageing();
    const delta = after.bands.map((band, index) => ({
      code: band.code,
      count: band.count - before.bands[index]!.count,
      amount: paise(band.amount - before.bands[index]!.amount),
    }));
    expect(delta).toEqual([
      { code: 'd0_30', count: 2, amount: 300.3 },
      { code: 'd31_90', count: 2, amount: 700.7 },
      { code: 'd91_180', count: 1, amount: 500.5 },
      { code: 'd180_plus', count: 1, amount: 600.6 },
    ]);
    expect(after.total.count - before.total.count).toBe(6);
    expect(paise(after.total.amount - before.total.amount)).toBe(2102.1);

    const csv = await get(finance, '/api/finance/receivables.csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual([
      'invoice_number',
      'application_number',
      'invoice_type',
      'amount',
      'due_date',
      'days_overdue',
      'band',
    ]);
    expect(rows).toHaveLength(after.total.count);
    expect(Number(csv.headers['x-total-count'])).toBe(after.total.count);
    const line = rows.find((row) => row[0] === added[4]!.invoiceNumber);
    expect(line).toEqual([
      added[4]!.invoiceNumber,
      expect.any(String),
      'lease_rent',
      '500.5',
      addCalendarDays(today, -91),
      '91',
      'd91_180',
    ]);
    expect(rows.some((row) => Number(row[3]) === 888)).toBe(false);
  });

  it('sums refunds per status, unmatched credits, settlements awaiting a checker and gateway orders needing a person', async () => {
    const summary = async (): Promise<FinanceSummary> => {
      const response = await get(finance, '/api/finance/summary');
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const before = await summary();

    // One live refund per application and kind: each refund its own application.
    for (const [status, amount] of [
      ['prepared', 1000.1],
      ['prepared', 2000.2],
      ['approved', 3000.3],
      ['paid', 4000.4],
      ['rejected', 5],
    ] as const) {
      const application = await insertTestApplication(ctx, 'rejected', { ownerEmail: owner.email });
      await ctx.db.insert(refunds).values({
        refundNumber: await nextNumber(ctx.db, 'refund'),
        applicationId: application.id,
        payeeUserId: owner.userId,
        kind: 'emd',
        amount,
        status,
        preparedBy: owner.userId,
      });
    }

    const [statement] = await ctx.db
      .insert(bankStatementImports)
      .values({
        fileName: 'statement.csv',
        fileSha256: crypto.randomBytes(32).toString('hex'),
        importedBy: owner.userId,
        rowsTotal: 4,
        matched: 1,
        unmatched: 3,
        duplicates: 0,
        malformed: 0,
        report: [],
      })
      .returning();
    for (const [status, amount] of [
      ['unmatched', 700.7],
      ['unmatched', 0.3],
      ['settlement_pending', 1234.56],
      ['set_aside', 50],
    ] as const) {
      await ctx.db.insert(bankCredits).values({
        importId: statement!.id,
        bankReference: `UTR${hex()}`,
        valueDate: '2019-03-01',
        amount,
        narration: 'NEFT credit',
        status,
      });
    }

    const target = await invoice(10, '2030-01-01');
    const order = (status: 'created' | 'mismatch' | 'paid', minutesAgo: number) =>
      ctx.db.insert(gatewayOrders).values({
        invoiceId: target.id,
        applicationId,
        userId: owner.userId,
        gateway: 'razorpay',
        testMode: true,
        gatewayOrderId: `order_${hex()}`,
        amount: 10,
        status,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
    await order('mismatch', 1);
    await order('created', 20);
    await order('created', 2);
    await order('paid', 30);

    const after = await summary();
    expect(
      after.refunds.map((row, index) => ({
        status: row.status,
        count: row.count - before.refunds[index]!.count,
        amount: paise(row.amount - before.refunds[index]!.amount),
      })),
    ).toEqual([
      { status: 'prepared', count: 2, amount: 3000.3 },
      { status: 'approved', count: 1, amount: 3000.3 },
      { status: 'paid', count: 1, amount: 4000.4 },
      { status: 'rejected', count: 1, amount: 5 },
    ]);
    expect(after.unmatched_credits.count - before.unmatched_credits.count).toBe(2);
    expect(paise(after.unmatched_credits.amount - before.unmatched_credits.amount)).toBe(701);
    expect(after.settlements_awaiting_checker.count - before.settlements_awaiting_checker.count).toBe(1);
    expect(paise(after.settlements_awaiting_checker.amount - before.settlements_awaiting_checker.amount)).toBe(1234.56);
    expect(after.gateway.mismatch - before.gateway.mismatch).toBe(1);
    expect(after.gateway.pending_over_15_min - before.gateway.pending_over_15_min).toBe(1);
  });
});
