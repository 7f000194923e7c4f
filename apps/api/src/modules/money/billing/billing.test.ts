import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Application, Invoice, Payment } from '@portal/contract';
import { applications, invoices, payments } from '../../../db/schema';
import { markInvoicePaidIfUnpaid, type InvoiceRow } from '../../../repositories/invoices';
import type { ApplicationRow } from '../../../repositories/applications';
import type { PaymentRow } from '../repositories/payments';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import {
  entrepreneurWithProfile,
  expectLimitRefused,
  getList,
  insertTestInvoices,
  insertTestPayment,
  walkList,
} from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

const PROFILE = {
  organization_name: 'Godavari Polymers',
  pan_number: 'LMNOP4321Q',
  address: '7 Canal Road',
  city: 'Nalgonda',
  state: 'Telangana',
  pincode: '508001',
  bank_name: 'Indian Bank',
  bank_account: '998877665544',
  bank_ifsc: 'IDIB000N001',
};

describe(`invoices and payments (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;

  /** A fresh entrepreneur with a submitted application and its two invoices. */
  async function submittedApplication(): Promise<{ token: string; application: Application; invoices: Invoice[] }> {
    const { token } = await registerEntrepreneur(ctx);
    expect((await ctx.request(token, { method: 'POST', url: '/api/applicants', payload: PROFILE })).statusCode).toBe(
      201,
    );
    const [asset] = (await ctx.request(token, { method: 'GET', url: '/api/assets/available' })).json();
    const created = await ctx.request(token, {
      method: 'POST',
      url: '/api/applications',
      payload: {
        asset_id: asset.id,
        project_description: 'Recycling unit',
        estimated_investment: 5_000_000,
        employment_generation: 12,
      },
    });
    const application = created.json();
    const submitted = await ctx.request(token, { method: 'POST', url: `/api/applications/${application.id}/submit` });
    expect(submitted.statusCode).toBe(200);
    const list = (
      await ctx.request(token, { method: 'GET', url: `/api/invoices?application_id=${application.id}` })
    ).json();
    return { token, application: submitted.json().application, invoices: list };
  }

  const pay = (token: string, invoice: Invoice, overrides: Record<string, unknown> = {}) =>
    ctx.request(token, {
      method: 'POST',
      url: '/api/payments',
      payload: {
        invoice_id: invoice.id,
        application_id: invoice.application_id,
        amount: invoice.amount,
        payment_method: 'online',
        transaction_reference: `MOCK-${Date.now()}`,
        ...overrides,
      },
    });

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  describe('GET /invoices', () => {
    it('answers an entrepreneur only their own invoices, and staff with read:finance all of them', async () => {
      const first = await submittedApplication();
      const second = await submittedApplication();
      const own = (await ctx.request(first.token, { method: 'GET', url: '/api/invoices' })).json();
      expect(own.map((invoice: Invoice) => invoice.application_id)).toEqual([
        first.application.id,
        first.application.id,
      ]);
      const raviIds = (await ctx.request(await ctx.tokenFor('entrepreneur'), { method: 'GET', url: '/api/invoices' }))
        .json()
        .map((invoice: Invoice) => invoice.id);
      // The demo's three submitted applications, two invoices each, and the four in possession, three paid each.
      expect(raviIds).toHaveLength(18);
      expect(raviIds).not.toContain(first.invoices[0]!.id);
      for (const role of ['finance', 'ho', 'legal'] as const) {
        const all = (await ctx.request(await ctx.tokenFor(role), { method: 'GET', url: '/api/invoices' })).json();
        expect(all.map((invoice: Invoice) => invoice.id)).toEqual(
          expect.arrayContaining([...first.invoices, ...second.invoices].map((invoice) => invoice.id)),
        );
      }
      const filtered = (
        await ctx.request(await ctx.tokenFor('finance'), {
          method: 'GET',
          url: `/api/invoices?application_id=${second.application.id}`,
        })
      ).json();
      expect(filtered.map((invoice: Invoice) => invoice.id).sort()).toEqual(
        second.invoices.map((invoice) => invoice.id).sort(),
      );
    });

    it("answers 404 for another entrepreneur's application, 422 for a malformed id, 401 without a token", async () => {
      const first = await submittedApplication();
      const second = await submittedApplication();
      const refused = await ctx.request(second.token, {
        method: 'GET',
        url: `/api/invoices?application_id=${first.application.id}`,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().detail).toBe('Application not found');
      expect(
        (await ctx.request(second.token, { method: 'GET', url: '/api/invoices?application_id=abc' })).statusCode,
      ).toBe(422);
      expect((await ctx.request(null, { method: 'GET', url: '/api/invoices' })).statusCode).toBe(401);
    });

    it('reads an unpaid invoice past its due date as overdue, and it can still be paid', async () => {
      const { token, invoices: list } = await submittedApplication();
      const target = list[0]!;
      await ctx.db.update(invoices).set({ dueDate: '2020-01-01' }).where(eq(invoices.id, target.id));
      const read = (await ctx.request(token, { method: 'GET', url: '/api/invoices' }))
        .json()
        .find((invoice: Invoice) => invoice.id === target.id);
      expect(read.status).toBe('overdue');
      expect((await pay(token, target)).statusCode).toBe(201);
      const after = (await ctx.request(token, { method: 'GET', url: '/api/invoices' }))
        .json()
        .find((invoice: Invoice) => invoice.id === target.id);
      expect(after.status).toBe('paid');
    });
  });

  describe('POST /payments', () => {
    it('records a payment with a receipt number, marks the invoice paid and writes the timeline', async () => {
      const { token, application, invoices: list } = await submittedApplication();
      const invoice = list.find((item) => item.invoice_type === 'processing_fee')!;
      const response = await pay(token, invoice, { transaction_reference: 'MOCK-1700000000000' });
      expect(response.statusCode).toBe(201);
      const payment: Payment = response.json();
      expect(payment).toMatchObject({
        application_id: application.id,
        invoice_id: invoice.id,
        amount: 11800,
        payment_method: 'online',
        transaction_reference: 'MOCK-1700000000000',
        status: 'success',
      });
      expect(payment.receipt_number).toMatch(new RegExp(`^RCP-${new Date().getUTCFullYear()}-\\d{6}$`));
      const listed = (
        await ctx.request(token, { method: 'GET', url: `/api/invoices?application_id=${application.id}` })
      ).json();
      const paid = listed.find((item: Invoice) => item.id === invoice.id);
      expect(paid.status).toBe('paid');
      expect(paid.paid_at).toBeTruthy();
      const timeline = (
        await ctx.request(token, { method: 'GET', url: `/api/applications/${application.id}/timeline?sort=-timestamp` })
      ).json();
      expect(timeline[0]).toMatchObject({
        action: 'Payment received',
        entity_type: 'payment',
        user_role: 'entrepreneur',
      });
      expect(timeline[0].details).toContain(payment.receipt_number);
      // Paying everything outside pending_payment leaves the status alone. Without a gateway's reference, the payment
      // gets the portal's own.
      const emd = list.find((item) => item.invoice_type === 'emd')!;
      const portal = await pay(token, emd, { transaction_reference: undefined });
      expect(portal.statusCode, portal.body).toBe(201);
      expect(portal.json().transaction_reference).toMatch(/^TXN-\d{4}-\d{6}$/);
      const [row] = await ctx.db.select().from(applications).where(eq(applications.id, application.id));
      expect(row!.status).toBe('submitted');
    });

    it('refuses to pay an invoice twice with 409, even when two payments race', async () => {
      const { token, invoices: list } = await submittedApplication();
      const [first, second] = list;
      expect((await pay(token, first!)).statusCode).toBe(201);
      const again = await pay(token, first!);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('This invoice has already been paid');
      const raced = await Promise.all([pay(token, second!), pay(token, second!), pay(token, second!)]);
      expect(raced.map((result) => result.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, second!.id))).toHaveLength(1);
    });

    it('refuses an amount that is not the invoice amount with 400', async () => {
      const { token, invoices: list } = await submittedApplication();
      const response = await pay(token, list[0]!, { amount: list[0]!.amount - 1 });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/must equal the invoice amount/);
      expect(await ctx.db.select().from(payments).where(eq(payments.invoiceId, list[0]!.id))).toHaveLength(0);
    });

    it("refuses another application's invoice (404), another entrepreneur's application (404) and staff (403)", async () => {
      const first = await submittedApplication();
      const second = await submittedApplication();
      const mixed = await pay(first.token, second.invoices[0]!, { application_id: first.application.id });
      expect(mixed.statusCode).toBe(404);
      expect(mixed.json().detail).toBe('Invoice not found');
      expect((await pay(first.token, second.invoices[0]!)).statusCode).toBe(404);
      expect((await pay(first.token, first.invoices[0]!, { invoice_id: crypto.randomUUID() })).statusCode).toBe(404);
      expect((await pay(await ctx.tokenFor('finance'), first.invoices[0]!)).statusCode).toBe(403);
      const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, second.invoices[0]!.id));
      expect(invoice!.status).toBe('pending');
    });

    it('refuses malformed bodies with 422 and a detail', async () => {
      const { token, invoices: list } = await submittedApplication();
      for (const overrides of [
        { amount: -10 },
        { amount: 'lots' },
        { payment_method: 'cash' },
        { transaction_reference: '' },
        { invoice_id: 'x' },
      ]) {
        const response = await pay(token, list[0]!, overrides);
        expect(response.statusCode).toBe(422);
        expect(response.json().detail).toBeTruthy();
      }
      expect((await ctx.request(token, { method: 'POST', url: '/api/payments', payload: {} })).statusCode).toBe(422);
    });

    it('moves an application pending payment to payment_verified, by SYSTEM, when its last invoice is paid', async () => {
      const { token, application, invoices: list } = await submittedApplication();
      await ctx.db
        .update(applications)
        .set({ status: 'pending_payment', currentStage: 'Pending payment' })
        .where(eq(applications.id, application.id));
      expect((await pay(token, list[0]!)).statusCode).toBe(201);
      let [row] = await ctx.db.select().from(applications).where(eq(applications.id, application.id));
      expect(row!.status).toBe('pending_payment');
      expect((await pay(token, list[1]!)).statusCode).toBe(201);
      [row] = await ctx.db.select().from(applications).where(eq(applications.id, application.id));
      expect(row!.status).toBe('payment_verified');
      expect(row!.currentStage).toBe('Payment verified');
      const timeline = (
        await ctx.request(token, { method: 'GET', url: `/api/applications/${application.id}/timeline?sort=-timestamp` })
      ).json();
      expect(timeline[0]).toMatchObject({
        action: 'Payment verified',
        user_role: 'SYSTEM',
        user_name: 'SYSTEM',
        entity_type: 'application',
      });
      expect(timeline[1].action).toBe('Payment received');
    });

    it('verifies exactly once when the last two invoices are paid at the same time', async () => {
      const { token, application, invoices: list } = await submittedApplication();
      await ctx.db.update(applications).set({ status: 'pending_payment' }).where(eq(applications.id, application.id));
      const results = await Promise.all(list.map((invoice) => pay(token, invoice)));
      expect(results.map((result) => result.statusCode)).toEqual([201, 201]);
      const [row] = await ctx.db.select().from(applications).where(eq(applications.id, application.id));
      expect(row!.status).toBe('payment_verified');
      const timeline = (
        await ctx.request(token, { method: 'GET', url: `/api/applications/${application.id}/timeline` })
      ).json();
      expect(timeline.filter((event: { action: string }) => event.action === 'Payment verified')).toHaveLength(1);
    });
  });

  describe('GET /payments', () => {
    it('answers an entrepreneur their own payments, staff all, filtered by application', async () => {
      const first = await submittedApplication();
      const second = await submittedApplication();
      const firstPayment = (await pay(first.token, first.invoices[0]!)).json();
      const secondPayment = (await pay(second.token, second.invoices[0]!)).json();
      const own = (await ctx.request(first.token, { method: 'GET', url: '/api/payments' })).json();
      expect(own.map((payment: Payment) => payment.id)).toEqual([firstPayment.id]);
      const all = (await ctx.request(await ctx.tokenFor('finance'), { method: 'GET', url: '/api/payments' })).json();
      expect(all.map((payment: Payment) => payment.id)).toEqual(
        expect.arrayContaining([firstPayment.id, secondPayment.id]),
      );
      expect(all[0].id).toBe(secondPayment.id); // newest first
      const filtered = (
        await ctx.request(await ctx.tokenFor('admin'), {
          method: 'GET',
          url: `/api/payments?application_id=${first.application.id}`,
        })
      ).json();
      expect(filtered.map((payment: Payment) => payment.id)).toEqual([firstPayment.id]);
      expect(
        (
          await ctx.request(second.token, {
            method: 'GET',
            url: `/api/payments?application_id=${first.application.id}`,
          })
        ).statusCode,
      ).toBe(404);
    });
  });
  describe('list protocol', () => {
    let owner: Awaited<ReturnType<typeof entrepreneurWithProfile>>;
    let rival: Awaited<ReturnType<typeof entrepreneurWithProfile>>;
    let apps: ApplicationRow[];
    let rivalInvoices: InvoiceRow[];
    let ownInvoices: InvoiceRow[][];
    let ownPayments: PaymentRow[];
    let rivalPayment: PaymentRow;

    const countRows = async (query: ReturnType<typeof sql>) =>
      ((await ctx.db.execute(query)) as { rows: { n: number }[] }).rows[0]!.n;

    beforeAll(async () => {
      owner = await entrepreneurWithProfile(ctx, 'Krishna Castings');
      rival = await entrepreneurWithProfile(ctx, 'Penna Pulp');
      apps = [];
      for (let index = 0; index < 3; index++) {
        apps.push(await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email }));
      }
      const rivalApp = await insertTestApplication(ctx, 'submitted', { ownerEmail: rival.email });
      // apps[0]: both overdue; apps[1]: fee paid, EMD pending; apps[2]: both paid.
      ownInvoices = [
        await insertTestInvoices(ctx, apps[0]!.id, '2020-01-01'),
        await insertTestInvoices(ctx, apps[1]!.id),
        await insertTestInvoices(ctx, apps[2]!.id),
      ];
      rivalInvoices = await insertTestInvoices(ctx, rivalApp.id);
      const paid = [ownInvoices[1]![0]!, ownInvoices[2]![0]!, ownInvoices[2]![1]!];
      ownPayments = [];
      for (const invoice of paid) {
        await markInvoicePaidIfUnpaid(ctx.db, invoice.id);
        ownPayments.push(await insertTestPayment(ctx, invoice, owner.userId));
      }
      await markInvoicePaidIfUnpaid(ctx.db, rivalInvoices[0]!.id);
      rivalPayment = await insertTestPayment(ctx, rivalInvoices[0]!, rival.userId);
    });

    it("pages an entrepreneur's invoices, never another's, with filters by shown status and q", async () => {
      const first = await getList<Invoice>(ctx, owner.token, '/api/invoices?limit=4');
      expect(first.items).toHaveLength(4);
      expect(first.total).toBe(6);
      const all = await walkList<Invoice>(ctx, owner.token, '/api/invoices?limit=4');
      expect(all.map((invoice) => invoice.id).sort()).toEqual(
        ownInvoices
          .flat()
          .map((invoice) => invoice.id)
          .sort(),
      );
      expect(all.map((invoice) => invoice.id)).not.toContain(rivalInvoices[0]!.id);
      const overdue = await getList<Invoice>(ctx, owner.token, '/api/invoices?status=overdue');
      expect(overdue.items.map((invoice) => invoice.id).sort()).toEqual(
        ownInvoices[0]!.map((invoice) => invoice.id).sort(),
      );
      expect(overdue.items.every((invoice) => invoice.status === 'overdue')).toBe(true);
      const pending = await getList<Invoice>(ctx, owner.token, '/api/invoices?status=pending');
      expect(pending.items.map((invoice) => invoice.id)).toEqual([ownInvoices[1]![1]!.id]);
      const unpaid = await getList<Invoice>(ctx, owner.token, '/api/invoices?status=pending,overdue');
      expect(unpaid.total).toBe(3);
      const byNumber = await getList<Invoice>(
        ctx,
        owner.token,
        `/api/invoices?q=${ownInvoices[2]![1]!.invoiceNumber.toLowerCase()}`,
      );
      expect(byNumber.items.map((invoice) => invoice.id)).toEqual([ownInvoices[2]![1]!.id]);
      const byApplication = await getList<Invoice>(ctx, owner.token, `/api/invoices?q=${apps[1]!.applicationNumber}`);
      expect(byApplication.items.map((invoice) => invoice.id).sort()).toEqual(
        ownInvoices[1]!.map((invoice) => invoice.id).sort(),
      );
      const emd = await getList<Invoice>(ctx, owner.token, '/api/invoices?invoice_type=emd&sort=due_date');
      expect(emd.items.map((invoice) => invoice.invoice_type)).toEqual(['emd', 'emd', 'emd']);
      expect(emd.items[0]!.due_date).toBe('2020-01-01');
      const rivalSees = await walkList<Invoice>(ctx, rival.token, '/api/invoices?limit=1');
      expect(rivalSees.map((invoice) => invoice.id).sort()).toEqual(rivalInvoices.map((invoice) => invoice.id).sort());
      await expectLimitRefused(ctx, owner.token, '/api/invoices');
    });

    it('gives staff totals from the summary that match a recount, overdue included', async () => {
      const finance = await ctx.tokenFor('finance');
      const today = new Date().toISOString().slice(0, 10);
      const all = await getList<Invoice>(ctx, finance, '/api/invoices?limit=3');
      expect(all.items).toHaveLength(3);
      expect(all.total).toBe(await countRows(sql`select count(*)::int as n from invoices`));
      expect(all.capped).toBe(false);
      const overdue = await getList<Invoice>(ctx, finance, '/api/invoices?status=overdue&limit=200');
      expect(overdue.total).toBe(
        await countRows(sql`select count(*)::int as n from invoices where status = 'pending' and due_date < ${today}`),
      );
      expect(overdue.items.every((invoice) => invoice.status === 'overdue')).toBe(true);
      const pending = await getList<Invoice>(ctx, finance, '/api/invoices?status=pending&limit=1');
      expect(pending.total).toBe(
        await countRows(sql`select count(*)::int as n from invoices where status = 'pending' and due_date >= ${today}`),
      );
      const dueIn2020 = await getList<Invoice>(ctx, finance, '/api/invoices?from=2020-01-01&to=2020-12-31');
      expect(dueIn2020.total).toBe(
        await countRows(
          sql`select count(*)::int as n from invoices where due_date between '2020-01-01' and '2020-12-31'`,
        ),
      );
    });

    it("pages an entrepreneur's payments, never another's, with a status filter and q", async () => {
      const first = await getList<Payment>(ctx, owner.token, '/api/payments?limit=2');
      expect(first.items).toHaveLength(2);
      expect(first.total).toBe(3);
      const all = await walkList<Payment>(ctx, owner.token, '/api/payments?limit=2');
      expect(all.map((payment) => payment.id).sort()).toEqual(ownPayments.map((payment) => payment.id).sort());
      expect(all.map((payment) => payment.id)).not.toContain(rivalPayment.id);
      expect((await getList(ctx, owner.token, '/api/payments?status=failed')).total).toBe(0);
      expect((await getList(ctx, owner.token, '/api/payments?status=success')).total).toBe(3);
      const byReceipt = await getList<Payment>(ctx, owner.token, `/api/payments?q=${ownPayments[1]!.receiptNumber}`);
      expect(byReceipt.items.map((payment) => payment.id)).toEqual([ownPayments[1]!.id]);
      const byApplication = await getList<Payment>(ctx, owner.token, `/api/payments?q=${apps[2]!.applicationNumber}`);
      expect(byApplication.total).toBe(2);
      const rivalSees = await getList<Payment>(ctx, rival.token, '/api/payments');
      expect(rivalSees.items.map((payment) => payment.id)).toEqual([rivalPayment.id]);
      const finance = await ctx.tokenFor('finance');
      const staff = await getList<Payment>(ctx, finance, '/api/payments?limit=2&sort=-amount');
      expect(staff.items).toHaveLength(2);
      expect(staff.total).toBe(await countRows(sql`select count(*)::int as n from payments`));
      expect(staff.items[0]!.amount).toBeGreaterThanOrEqual(staff.items[1]!.amount);
      await expectLimitRefused(ctx, finance, '/api/payments');
    });
  });
});
