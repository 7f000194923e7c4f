import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Invoice, LedgerAdjustment } from '@portal/contract';
import { challans, invoices, ledgerEntries, notifications } from '../../../db/schema';
import { sweepReminders } from '../../../lib/notify-reminders';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, insertTestInvoices, insertTestPayment } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

/** A day `days` from today (YYYY-MM-DD). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe(`an invoice that ends: cancelled with maker-checker or by rule (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let maker: string;
  let checker: string;
  let officer: string;
  let owner: Awaited<ReturnType<typeof entrepreneurWithProfile>>;

  const post = (token: string, url: string, payload?: object) =>
    ctx.request(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
  const invoiceRow = async (id: string) => (await ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const entriesOf = (invoiceId: string) =>
    ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.invoiceId, invoiceId)).orderBy(asc(ledgerEntries.id));
  const balanceOf = async (applicationId: string) => {
    const [row] = await ctx.db
      .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.debit} - ${ledgerEntries.credit}), 0)::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.applicationId, applicationId));
    return Number(row!.balance);
  };
  const propose = (invoice: { id: string; applicationId: string }, reason: unknown = 'Raised twice in error') =>
    post(maker, '/api/ledger-adjustments', {
      application_id: invoice.applicationId,
      kind: 'invoice_cancellation',
      invoice_id: invoice.id,
      reason,
    });
  /** An application pending payment with its processing fee and EMD unpaid, due in `dueInDays`. */
  const unpaidInvoices = async (status: 'pending_payment' | 'under_scrutiny' = 'pending_payment', dueInDays = 30) => {
    const application = await insertTestApplication(ctx, status, { ownerEmail: owner.email });
    const [fee, emd] = await insertTestInvoices(ctx, application.id, dayFromNow(dueInDays));
    return { application, fee: fee!, emd: emd! };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    maker = await ctx.tokenFor('finance');
    officer = await ctx.tokenFor('zonal_manager');
    const admin = await ctx.tokenFor('admin');
    const email = `finance-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const created = await post(admin, '/api/users', {
      email,
      password: 'Quiet-Harbour-73',
      full_name: 'Second Finance Officer',
      role: 'finance',
    });
    expect(created.statusCode, created.body).toBe(201);
    checker = await ctx.tokenFor(email, 'Quiet-Harbour-73');
    owner = await entrepreneurWithProfile(ctx, 'Cancelled Works');
  });
  afterAll(() => ctx.close());

  it('cancels an unpaid invoice once another finance user approves: reversed in the ledger, shown cancelled, never paid', async () => {
    const { application, emd } = await unpaidInvoices();
    const before = await balanceOf(application.id);
    // The owner raised a challan before: it ends with the invoice.
    const challan = await post(owner.token, '/api/challans', { invoice_id: emd.id });
    expect(challan.statusCode, challan.body).toBe(201);

    const prepared = await propose(emd);
    expect(prepared.statusCode, prepared.body).toBe(201);
    const adjustment: LedgerAdjustment = prepared.json();
    expect(adjustment).toMatchObject({ kind: 'invoice_cancellation', status: 'pending', amount: emd.amount });
    // One proposal per invoice while it waits.
    const twice = await propose(emd, 'The same again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('invoice_not_cancellable');

    // The maker may not approve their own: 403, nothing changed.
    const self = await post(maker, `/api/ledger-adjustments/${adjustment.id}/approve`);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('maker_cannot_check');
    expect((await invoiceRow(emd.id)).status).toBe('pending');

    const approved = await post(checker, `/api/ledger-adjustments/${adjustment.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', checker_name: 'Second Finance Officer' });
    const row = await invoiceRow(emd.id);
    expect(row).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Raised twice in error',
      cancellationRule: null,
    });
    // The ledger: the invoice's debit and its reversal, so the account owes what it owed less this invoice.
    const entries = await entriesOf(emd.id);
    expect(entries.map((entry) => [entry.entryType, entry.debit, entry.credit])).toEqual([
      ['invoice', emd.amount, 0],
      ['cancellation', 0, emd.amount],
    ]);
    expect(entries[1]!.adjustmentId).toBe(adjustment.id);
    expect(await balanceOf(application.id)).toBe(before - emd.amount);
    const [challanRow] = await ctx.db.select().from(challans).where(eq(challans.id, challan.json().id));
    expect(challanRow!.status).toBe('cancelled');

    // Shown cancelled, owing nothing, to the owner and to finance (and filtered by it).
    const listed = await ctx.request(owner.token, {
      method: 'GET',
      url: `/api/invoices?application_id=${application.id}`,
    });
    const shown = (listed.json() as Invoice[]).find((invoice) => invoice.id === emd.id)!;
    expect(shown).toMatchObject({
      status: 'cancelled',
      amount_due: 0,
      interest: 0,
      cancellation_reason: 'Raised twice in error',
      cancellation_rule: null,
    });
    expect(shown.cancelled_at).not.toBeNull();
    const filtered = await ctx.request(maker, { method: 'GET', url: '/api/invoices?status=cancelled&limit=100' });
    expect((filtered.json() as Invoice[]).map((invoice) => invoice.id)).toContain(emd.id);

    // Not payable by any way: the gateway, a challan, the direct payment.
    for (const [url, payload] of [
      ['/api/payments/orders', { invoice_id: emd.id }],
      ['/api/challans', { invoice_id: emd.id }],
      [
        '/api/payments',
        { invoice_id: emd.id, application_id: application.id, amount: emd.amount, payment_method: 'online' },
      ],
    ] as const) {
      const refused = await post(owner.token, url, payload);
      expect(refused.statusCode, `${url} ${refused.body}`).toBe(409);
      expect(refused.json().code).toBe('invoice_cancelled');
    }
    // Nothing left to cancel: a second proposal is refused.
    const again = await propose(emd, 'Cancel it once more');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invoice_not_cancellable');
  });

  it('never reminds of a cancelled invoice, late or due soon', async () => {
    const { fee, emd } = await unpaidInvoices('pending_payment', -3);
    const prepared = await propose(fee);
    expect((await post(checker, `/api/ledger-adjustments/${prepared.json().id}/approve`)).statusCode).toBe(200);
    await sweepReminders(ctx.db);
    const reminded = async (invoiceId: string) =>
      ctx.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, owner.userId), sql`${notifications.params}->>'invoice_number' = ${invoiceId}`),
        );
    // The EMD, late and still owed, is reminded of; the cancelled fee of the same day is not.
    expect(await reminded(emd.invoiceNumber)).not.toHaveLength(0);
    expect(await reminded(fee.invoiceNumber)).toHaveLength(0);
  });

  it('refuses bad input: an empty or short reason (422), a paid invoice (409), another application (404)', async () => {
    const { application, fee, emd } = await unpaidInvoices();
    for (const reason of ['', '   ', 'no', null, 42]) {
      const response = await propose(emd, reason);
      expect(response.statusCode, String(reason)).toBe(422);
      expect(response.json().code).toBe('validation_failed');
    }
    const noInvoice = await post(maker, '/api/ledger-adjustments', {
      application_id: application.id,
      kind: 'invoice_cancellation',
      reason: 'No invoice named',
    });
    expect(noInvoice.statusCode).toBe(422);
    await ctx.db.update(invoices).set({ status: 'paid', paidAt: new Date() }).where(eq(invoices.id, fee.id));
    await insertTestPayment(ctx, fee, owner.userId);
    const paid = await propose(fee);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('invoice_not_cancellable');
    const other = await unpaidInvoices();
    const elsewhere = await post(maker, '/api/ledger-adjustments', {
      application_id: application.id,
      kind: 'invoice_cancellation',
      invoice_id: other.emd.id,
      reason: 'Not this application',
    });
    expect(elsewhere.statusCode).toBe(404);
    // Only finance prepares one.
    expect((await post(owner.token, '/api/ledger-adjustments', { application_id: application.id })).statusCode).toBe(
      403,
    );
    // Paid after it was proposed: the approval is refused and nothing is posted.
    const proposed = await propose(emd);
    expect(proposed.statusCode, proposed.body).toBe(201);
    await ctx.db.update(invoices).set({ status: 'paid', paidAt: new Date() }).where(eq(invoices.id, emd.id));
    const late = await post(checker, `/api/ledger-adjustments/${proposed.json().id}/approve`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('invoice_not_cancellable');
    expect((await entriesOf(emd.id)).map((entry) => entry.entryType)).toEqual(['invoice']);
  });

  it('cancels by rule what a rejected application can no longer owe, by nobody, and leaves a paid fee paid', async () => {
    const { application, fee, emd } = await unpaidInvoices('under_scrutiny');
    const paidFee = await invoiceRow(fee.id);
    await ctx.db.update(invoices).set({ status: 'paid', paidAt: new Date() }).where(eq(invoices.id, paidFee.id));
    await insertTestPayment(ctx, paidFee, owner.userId);
    const rejected = await ctx.request(officer, {
      method: 'PUT',
      url: `/api/applications/${application.id}/status`,
      payload: { status: 'rejected', current_stage: 'Not eligible' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The paid processing fee stays paid; the unpaid EMD is cancelled by the rule, by nobody.
    expect((await invoiceRow(fee.id)).status).toBe('paid');
    expect(await invoiceRow(emd.id)).toMatchObject({
      status: 'cancelled',
      cancellationRule: 'application_rejected',
      cancellationReason: null,
    });
    const entries = await entriesOf(emd.id);
    expect(entries.map((entry) => [entry.entryType, entry.credit, entry.postedBy])).toEqual([
      ['invoice', 0, null],
      ['cancellation', emd.amount, null],
    ]);
    expect(await balanceOf(application.id)).toBe(0);
  });

  it('cancels by rule the unpaid invoices of an application its applicant withdraws', async () => {
    const { application, fee, emd } = await unpaidInvoices('pending_payment');
    const withdrawn = await post(owner.token, `/api/applications/${application.id}/withdraw`, { reason: 'Moving' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    for (const invoice of [fee, emd]) {
      expect(await invoiceRow(invoice.id)).toMatchObject({
        status: 'cancelled',
        cancellationRule: 'application_withdrawn',
      });
    }
    expect(await balanceOf(application.id)).toBe(0);
  });
});
