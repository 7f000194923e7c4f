import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { interestOnArrears, type Invoice, type LedgerAdjustment } from '@portal/contract';
import { auditLog, invoices, ledgerEntries, mailOutbox, notifications } from '../../../db/schema';
import { businessTodayIso } from '../../../core/dates';
import { billYearlyDuesIn } from '../rules/dues';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile } from '../../../test/list-fixtures';
import { insertTestPlot, type TestPlot } from '../../../test/service-fixtures';

describe(`ledger adjustments with maker-checker (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let maker: string;
  let checker: string;
  let admin: string;
  let owner: Awaited<ReturnType<typeof entrepreneurWithProfile>>;
  let plot: TestPlot;

  const post = (token: string, url: string, payload?: object) =>
    ctx.request(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
  const get = (token: string, url: string) => ctx.request(token, { method: 'GET', url });

  /** The plot's lease rent invoice of 2026 (billed 1 April 2026, due 1 May 2026: late today). */
  const leaseRent = async () =>
    (
      await ctx.db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.allotmentId, plot.allotmentId),
            eq(invoices.invoiceType, 'lease_rent'),
            eq(invoices.financialYear, 2026),
          ),
        )
    )[0]!;
  const maintenance = async () =>
    (
      await ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.allotmentId, plot.allotmentId), eq(invoices.invoiceType, 'maintenance_charge')))
    )[0]!;
  const entriesOf = (adjustmentId: string) =>
    ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.adjustmentId, adjustmentId))
      .orderBy(asc(ledgerEntries.id));
  const invoiceAnswer = async (id: string): Promise<Invoice> => {
    const response = await get(owner.token, `/api/invoices?application_id=${plot.applicationId}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Invoice[]).find((invoice) => invoice.id === id)!;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    maker = await ctx.tokenFor('finance');
    admin = await ctx.tokenFor('admin');
    const email = `finance-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const created = await post(admin, '/api/users', {
      email,
      password: 'Quiet-Harbour-73',
      full_name: 'Second Finance Officer',
      role: 'finance',
    });
    expect(created.statusCode, created.body).toBe(201);
    checker = await ctx.tokenFor(email, 'Quiet-Harbour-73');
    owner = await entrepreneurWithProfile(ctx, 'Waiver Works');
    plot = await insertTestPlot(ctx, { ownerEmail: owner.email, possessionDate: '2025-06-01' });
    await ctx.db.transaction((tx) => billYearlyDuesIn(tx, '2026-04-01'));
  });
  afterAll(() => ctx.close());

  it('refuses a waiver by its maker (403), then another finance user approves it: interest and waiver posted, interest stops', async () => {
    const invoice = await leaseRent();
    const today = businessTodayIso();
    const interest = interestOnArrears(invoice.amount, invoice.dueDate, today);
    expect(interest).toBeGreaterThan(0);
    expect(await invoiceAnswer(invoice.id)).toMatchObject({ interest });

    // Only finance prepares; the waiver is for the interest accrued.
    expect(
      (
        await post(owner.token, '/api/ledger-adjustments', {
          application_id: plot.applicationId,
          kind: 'interest_waiver',
          invoice_id: invoice.id,
          reason: 'Possession was delayed by the corporation',
        })
      ).statusCode,
    ).toBe(403);
    const prepared = await post(maker, '/api/ledger-adjustments', {
      application_id: plot.applicationId,
      kind: 'interest_waiver',
      invoice_id: invoice.id,
      reason: 'Possession was delayed by the corporation',
    });
    expect(prepared.statusCode, prepared.body).toBe(201);
    const adjustment: LedgerAdjustment = prepared.json();
    expect(adjustment).toMatchObject({ status: 'pending', kind: 'interest_waiver', amount: interest });
    expect(adjustment.adjustment_number).toMatch(/^ADJ-/);
    // A second waiver of the same invoice while one waits: 409.
    const twice = await post(maker, '/api/ledger-adjustments', {
      application_id: plot.applicationId,
      kind: 'interest_waiver',
      invoice_id: invoice.id,
      reason: 'The same waiver again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('adjustment_state');

    const self = await post(maker, `/api/ledger-adjustments/${adjustment.id}/approve`);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('maker_cannot_check');
    expect(await entriesOf(adjustment.id)).toEqual([]);

    const listed = await get(checker, '/api/ledger-adjustments?status=pending&limit=50');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['x-total-count']).toBeDefined();
    expect((listed.json() as LedgerAdjustment[]).some((item) => item.id === adjustment.id)).toBe(true);

    const approved = await post(checker, `/api/ledger-adjustments/${adjustment.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', checker_name: 'Second Finance Officer' });
    const entries = await entriesOf(adjustment.id);
    expect(entries.map((entry) => [entry.entryType, entry.debit, entry.credit, entry.sourceKey])).toEqual([
      ['interest', interest, 0, `interest:waiver:${adjustment.id}`],
      ['waiver', 0, interest, `waiver:${adjustment.id}`],
    ]);
    expect(entries[0]!.allotmentId).toBe(plot.allotmentId);
    // Interest stops: the invoice asks its amount only.
    expect((await leaseRent()).interestWaivedAt).not.toBeNull();
    expect(await invoiceAnswer(invoice.id)).toMatchObject({ interest: 0, amount_due: invoice.amount });
    // Approved twice: 409, nothing more posted.
    expect((await post(admin, `/api/ledger-adjustments/${adjustment.id}/approve`)).statusCode).toBe(409);
    expect(await entriesOf(adjustment.id)).toHaveLength(2);
    // The holder is told, in-app and by mail.
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.userId), eq(notifications.code, 'interest_waived')));
    expect(told).toHaveLength(1);
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, owner.userId), eq(mailOutbox.template, 'interest_waived')));
    expect(mails).toHaveLength(1);
    // Maker and checker are in the audit trail.
    const audit = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ledger_adjustments'), eq(auditLog.entityId, adjustment.id)));
    expect(audit[0]!.n).toBe(2);
    // A waived invoice has nothing more to waive.
    const again = await post(maker, '/api/ledger-adjustments', {
      application_id: plot.applicationId,
      kind: 'interest_waiver',
      invoice_id: invoice.id,
      reason: 'Waive it once more',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('no_interest_to_waive');
  });

  it('a rejected waiver changes nothing; a rejection by its maker is 403', async () => {
    const invoice = await maintenance();
    const prepared = await post(maker, '/api/ledger-adjustments', {
      application_id: plot.applicationId,
      kind: 'interest_waiver',
      invoice_id: invoice.id,
      reason: 'Hardship of the unit',
    });
    expect(prepared.statusCode, prepared.body).toBe(201);
    const adjustment: LedgerAdjustment = prepared.json();
    expect(
      (await post(maker, `/api/ledger-adjustments/${adjustment.id}/reject`, { reason: 'Not mine to decide' }))
        .statusCode,
    ).toBe(403);
    const rejected = await post(checker, `/api/ledger-adjustments/${adjustment.id}/reject`, {
      reason: 'No hardship shown',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejection_reason: 'No hardship shown' });
    expect(await entriesOf(adjustment.id)).toEqual([]);
    expect((await maintenance()).interestWaivedAt).toBeNull();
    expect((await invoiceAnswer(invoice.id)).interest).toBeGreaterThan(0);
    expect((await post(checker, `/api/ledger-adjustments/${adjustment.id}/approve`)).statusCode).toBe(409);
  });

  it('a debit and a credit post one adjustment line each when approved by an admin', async () => {
    const debit = await post(maker, '/api/ledger-adjustments', {
      application_id: plot.applicationId,
      kind: 'debit',
      amount: 250.5,
      reason: 'Water charges not billed',
    });
    expect(debit.statusCode, debit.body).toBe(201);
    const credit = await post(maker, '/api/ledger-adjustments', {
      application_id: plot.applicationId,
      kind: 'credit',
      amount: 100,
      reason: 'Charged twice in error',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    for (const response of [debit, credit]) {
      const approved = await post(admin, `/api/ledger-adjustments/${response.json().id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
    }
    expect((await entriesOf(debit.json().id)).map((entry) => [entry.entryType, entry.debit, entry.credit])).toEqual([
      ['adjustment', 250.5, 0],
    ]);
    expect((await entriesOf(credit.json().id)).map((entry) => [entry.entryType, entry.debit, entry.credit])).toEqual([
      ['adjustment', 0, 100],
    ]);
  });

  it('refuses bad input with a readable detail', async () => {
    const noInvoice = await post(maker, '/api/ledger-adjustments', {
      application_id: plot.applicationId,
      kind: 'interest_waiver',
      reason: 'No invoice named',
    });
    expect(noInvoice.statusCode).toBeGreaterThanOrEqual(400);
    expect(noInvoice.statusCode).toBeLessThan(500);
    const noAmount = await post(maker, '/api/ledger-adjustments', {
      application_id: plot.applicationId,
      kind: 'debit',
      reason: 'No amount given',
    });
    expect(noAmount.statusCode).toBeGreaterThanOrEqual(400);
    expect(noAmount.statusCode).toBeLessThan(500);
    const unknown = await post(maker, '/api/ledger-adjustments', {
      application_id: crypto.randomUUID(),
      kind: 'credit',
      amount: 10,
      reason: 'Nobody has this application',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await get(owner.token, '/api/ledger-adjustments')).statusCode).toBe(403);
  });
});
