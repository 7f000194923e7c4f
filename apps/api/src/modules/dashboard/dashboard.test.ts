import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  APPROVED_OR_LATER_STATUSES,
  OFFICER_PENDING_REVIEW_STATUSES,
  STAFF_ROLES,
  entrepreneurStatsSchema,
  officerStatsSchema,
  type ApplicationStatus,
} from '@portal/contract';
import { allotments, applicants, applications, assets, invoices, payments } from '../../db/schema';
import { isoDay } from '../../core/dates';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../test/harness';

describe(`dashboard stats (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const stats = async (token: string) => {
    const response = await ctx.request(token, { method: 'GET', url: '/api/dashboard/stats' });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /** The officer figures worked out in JavaScript from every row, to hold the SQL to account. */
  async function expectedOfficerStats() {
    const today = isoDay(new Date());
    // Drafts are the applicant's own until submitted, so staff figures leave them out.
    const apps = (await ctx.db.select().from(applications)).filter((row) => row.status !== 'draft');
    const invoiceRows = await ctx.db.select().from(invoices);
    const paymentRows = (await ctx.db.select().from(payments)).filter((row) => row.status === 'success');
    const available = (await ctx.db.select().from(assets)).filter((row) => row.status === 'available');
    const withStatus = (statuses: readonly ApplicationStatus[]) =>
      apps.filter((row) => statuses.includes(row.status)).length;
    const sum = (rows: { amount: number }[]) =>
      Math.round(rows.reduce((total, row) => total + row.amount, 0) * 100) / 100;
    const unpaid = invoiceRows.filter((row) => row.status === 'pending');
    const paid = invoiceRows.filter((row) => row.status === 'paid');
    return {
      total_applications: apps.length,
      pending_review: withStatus(OFFICER_PENDING_REVIEW_STATUSES),
      pending_committee: withStatus(['pending_committee']),
      approved: withStatus(APPROVED_OR_LATER_STATUSES),
      available_assets: available.length,
      total_invoices: invoiceRows.length,
      pending_invoices: unpaid.length,
      paid_invoices: paid.length,
      overdue_invoices: unpaid.filter((row) => row.dueDate < today).length,
      total_invoices_amount: sum(invoiceRows),
      pending_invoices_amount: sum(unpaid),
      paid_invoices_amount: sum(paid),
      total_payments: paymentRows.length,
      total_payments_amount: sum(paymentRows),
    };
  }

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('gives the demo entrepreneur their own figures under the entrepreneur names only', async () => {
    const body = await stats(await ctx.tokenFor('entrepreneur'));
    // Seeded: draft, submitted, under_scrutiny, pending_committee, and four in possession or later whose allotments
    // the entrepreneur holds, one of them surrendered (seed-estate.ts).
    expect(body).toEqual({ total_applications: 8, pending_applications: 3, approved_applications: 4, allotments: 3 });
    expect(entrepreneurStatsSchema.strict().safeParse(body).success).toBe(true);
  });

  it('gives a new entrepreneur without a profile zeros, not an error', async () => {
    const fresh = await registerEntrepreneur(ctx);
    expect(await stats(fresh.token)).toEqual({
      total_applications: 0,
      pending_applications: 0,
      approved_applications: 0,
      allotments: 0,
    });
  });

  it('gives the seeded officer figures', async () => {
    const body = await stats(await ctx.tokenFor('ho'));
    expect(officerStatsSchema.strict().safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      total_applications: 7,
      pending_review: 2,
      pending_committee: 1,
      approved: 4,
      // 30 seeded, three held by the seeded allotments in possession (the surrendered one's is back).
      available_assets: 27,
      // The three submitted applications' two invoices each are pending; the four in possession paid the processing
      // fee, the EMD and the first premium instalment: 4 × 11,800 + 35% of 1,02,00,000 (their plots' valuations).
      total_invoices: 18,
      pending_invoices: 6,
      paid_invoices: 12,
      overdue_invoices: 0,
      total_payments: 12,
      total_payments_amount: 3_617_200,
    });
    // What waits on the caller is their inbox's count (waiting-counts.test.ts).
    expect(body).toEqual({
      ...(await expectedOfficerStats()),
      waiting_on_me: expect.any(Number),
      waiting_on_me_capped: false,
    });
  });

  it.each(STAFF_ROLES)('%s gets the officer and finance names', async (role) => {
    const body = await stats(await ctx.tokenFor(role));
    expect(Object.keys(body).sort()).toEqual(Object.keys(officerStatsSchema.shape).sort());
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await ctx.request(null, { method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
  });

  it('counts later statuses as approved, allotments (not cancelled ones), payments, paid and overdue invoices', async () => {
    const owner = await registerEntrepreneur(ctx, 'Second Owner');
    const [profile] = await ctx.db
      .insert(applicants)
      .values({
        userId: owner.id,
        organizationName: 'Second Owner Industries',
        panNumber: 'ABCDE1234F',
        category: 'general',
        address: '1 Road',
        city: 'Warangal',
        state: 'Telangana',
        pincode: '506001',
        bankName: 'Bank',
        bankAccount: '1234567890',
        bankIfsc: 'SBIN0001234',
      })
      .returning();
    const [asset, secondAsset] = await ctx.db.select().from(assets).limit(2);
    const make = async (status: ApplicationStatus, assetId: string) =>
      (
        await ctx.db
          .insert(applications)
          .values({
            applicationNumber: `APP-DASH-${status}`,
            applicantId: profile!.id,
            assetId,
            status,
            currentStage: status,
            estimatedInvestment: 1_000_000,
            employmentGeneration: 5,
            projectDescription: 'Dashboard fixture',
          })
          .returning()
      )[0]!;
    const approved = await make('approved', asset!.id);
    const finalAllotment = await make('final_allotment', secondAsset!.id);
    await make('rejected', asset!.id);
    await make('payment_verified', asset!.id);
    await ctx.db.insert(allotments).values([
      {
        allotmentNumber: 'ALT-DASH-1',
        applicationId: finalAllotment.id,
        assetId: secondAsset!.id,
        allotmentDate: '2026-01-01',
        allotmentType: 'final',
      },
      {
        allotmentNumber: 'ALT-DASH-2',
        applicationId: approved.id,
        assetId: asset!.id,
        allotmentDate: '2025-01-01',
        status: 'cancelled',
      },
    ]);
    await ctx.db.update(assets).set({ status: 'allotted' }).where(eq(assets.id, secondAsset!.id));

    // Paid (due in the past, so never overdue), unpaid and past due (overdue), unpaid and due later; one failed payment.
    const [paidInvoice, overdueInvoice] = await ctx.db
      .insert(invoices)
      .values([
        {
          invoiceNumber: 'INV-DASH-1',
          applicationId: approved.id,
          invoiceType: 'processing_fee',
          amount: 11_800,
          dueDate: '2020-01-01',
          status: 'paid',
          paidAt: new Date(),
        },
        {
          invoiceNumber: 'INV-DASH-2',
          applicationId: approved.id,
          invoiceType: 'emd',
          amount: 250_000.5,
          dueDate: '2020-01-01',
        },
        {
          invoiceNumber: 'INV-DASH-3',
          applicationId: finalAllotment.id,
          invoiceType: 'emd',
          amount: 99_999.25,
          dueDate: '2999-12-31',
        },
      ])
      .returning();
    await ctx.db.insert(payments).values([
      {
        receiptNumber: 'RCP-DASH-1',
        applicationId: approved.id,
        invoiceId: paidInvoice!.id,
        amount: 11_800,
        transactionReference: 'MOCK-1',
      },
      {
        receiptNumber: 'RCP-DASH-2',
        applicationId: approved.id,
        invoiceId: overdueInvoice!.id,
        amount: 5,
        transactionReference: 'MOCK-2',
        status: 'failed',
      },
    ]);

    expect(await stats(owner.token)).toEqual({
      total_applications: 4,
      pending_applications: 0,
      approved_applications: 3,
      allotments: 1,
    });

    const body = await stats(await ctx.tokenFor('finance'));
    expect(body).toMatchObject({
      total_applications: 11, // the seeded draft is left out
      approved: 7,
      available_assets: 26,
      total_invoices: 21,
      pending_invoices: 8,
      paid_invoices: 13,
      overdue_invoices: 1,
      total_payments: 13,
      total_payments_amount: 3_617_200 + 11_800,
      paid_invoices_amount: 3_617_200 + 11_800,
    });
    // What waits on the caller is their inbox's count (waiting-counts.test.ts).
    expect(body).toEqual({
      ...(await expectedOfficerStats()),
      waiting_on_me: expect.any(Number),
      waiting_on_me_capped: false,
    });
  });
});
