/** Paying through the payment gateway against the sandbox gateway started in-process (real HTTP, real signatures):
 * the redirect back, the webhook and the re-query each settle an order, exactly once; forged, stale and repeated
 * webhooks change nothing; an amount not ours is a mismatch; an unreachable gateway stores nothing. */
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { startSandboxGateway, type SandboxGateway } from '@portal/gateway-sandbox';
import type { GatewayCheckout, GatewayOrder } from '@portal/contract';
import { gatewayConfigFrom } from '../../../config';
import { gatewayOrders, invoices, notifications, payments, users } from '../../../db/schema';
import { paymentGatewaySetup, type PaymentGatewaySetup } from '../../../lib/gateway';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, insertTestInvoices } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';
import { reconcileGatewayOrders, requeryGatewayOrders } from './jobs';

const KEYS = { keyId: 'rzp_test_unit', keySecret: 'unit-key-secret', webhookSecret: 'unit-webhook-secret' };

/** The hidden inputs and action of the first form of an HTML page. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[
      match[1]!
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
    ] = match[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}

const postForm = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

describe(`paying through the gateway (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let sandbox: SandboxGateway;
  let portalUrl: string;
  let owner: Awaited<ReturnType<typeof entrepreneurWithProfile>>;
  let setup: PaymentGatewaySetup;

  const useGateway = (next: PaymentGatewaySetup) => Object.assign(ctx.app.paymentGateway, next);

  beforeAll(async () => {
    ctx = await createTestContext();
    portalUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    sandbox = await startSandboxGateway({
      port: 0,
      ...KEYS,
      webhookUrl: `${portalUrl}/api/payments/gateway/webhook`,
      log: () => {},
    });
    const config = gatewayConfigFrom(
      {
        GATEWAY_SANDBOX_URL: sandbox.url,
        GATEWAY_KEY_ID: KEYS.keyId,
        GATEWAY_KEY_SECRET: KEYS.keySecret,
        GATEWAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      },
      8000,
    );
    setup = paymentGatewaySetup(config, portalUrl);
    useGateway({ ...setup });
    owner = await entrepreneurWithProfile(ctx, 'Gateway Works');
  });

  afterAll(async () => {
    await sandbox?.close();
    await ctx?.close();
  });

  /** A fresh unpaid invoice of the owner. */
  async function unpaidInvoice() {
    const application = await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email });
    const [invoice] = await insertTestInvoices(ctx, application.id);
    return invoice!;
  }

  async function startOrder(invoiceId: string, token = owner.token): Promise<GatewayCheckout> {
    const response = await ctx.request(token, {
      method: 'POST',
      url: '/api/payments/orders',
      payload: { invoice_id: invoiceId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as GatewayCheckout;
  }

  /** At the sandbox as a browser: open the checkout, press Pay (or Fail) with the losses ticked. */
  async function payAtSandbox(
    checkout: GatewayCheckout,
    options: { loseRedirect?: boolean; loseWebhook?: boolean; fail?: boolean } = {},
  ): Promise<string> {
    const page = await postForm(checkout.checkout.action, checkout.checkout.fields);
    const html = await page.text();
    expect(page.status, html).toBe(200);
    expect(html).toContain('TEST MODE');
    const form = formOf(html);
    const answered = await postForm(form.action, {
      ...form.fields,
      outcome: options.fail ? 'fail' : 'pay',
      ...(options.loseRedirect ? { lose_redirect: '1' } : {}),
      ...(options.loseWebhook ? { lose_webhook: '1' } : {}),
    });
    return answered.text();
  }

  /** Follows the sandbox's auto-submitting page back to the portal's callback; answers the Location. */
  async function followBack(html: string): Promise<string> {
    const form = formOf(html);
    expect(form.action).toBe(`${portalUrl}/api/payments/gateway/callback`);
    const back = await postForm(form.action, form.fields);
    expect(back.status).toBe(303);
    return back.headers.get('location') ?? '';
  }

  const orderRow = async (id: string) =>
    (await ctx.db.select().from(gatewayOrders).where(eq(gatewayOrders.id, id)))[0]!;
  const paymentsOf = async (invoiceId: string) =>
    (await ctx.db.select({ n: count() }).from(payments).where(eq(payments.invoiceId, invoiceId)))[0]!.n;
  const invoiceStatus = async (invoiceId: string) =>
    (await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!.status;

  function signedWebhook(
    order: { gateway_order_id: string; amount: number },
    options: { paymentId?: string; amountPaise?: number; createdAt?: number; event?: string } = {},
  ) {
    const paymentId = options.paymentId ?? `pay_${randomBytes(6).toString('hex')}`;
    const body = JSON.stringify({
      entity: 'event',
      event: options.event ?? 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: paymentId,
            order_id: order.gateway_order_id,
            amount: options.amountPaise ?? Math.round(order.amount * 100),
            currency: 'INR',
            status: 'captured',
            method: 'upi',
          },
        },
      },
      created_at: options.createdAt ?? Math.floor(Date.now() / 1000),
    });
    return { body, signature: createHmac('sha256', KEYS.webhookSecret).update(body).digest('hex') };
  }

  const sendWebhook = (body: string, signature: string | undefined, eventId: string) =>
    fetch(`${portalUrl}/api/payments/gateway/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': eventId,
        ...(signature ? { 'x-razorpay-signature': signature } : {}),
      },
      body,
    });

  /** The mismatch codes of the gateway_mismatch notifications finance users got about a gateway order. */
  async function mismatchNotices(gatewayOrderId: string): Promise<string[]> {
    const rows = await ctx.db
      .select({ params: notifications.params })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(notifications.code, 'gateway_mismatch'), eq(users.role, 'finance')));
    return rows
      .map((row) => row.params as Record<string, unknown>)
      .filter((params) => params.gateway_order_id === gatewayOrderId)
      .map((params) => String(params.mismatch_code));
  }

  it('pays at the sandbox and the signed redirect back settles the order once', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    expect(checkout.order.status).toBe('created');
    expect(checkout.order.test_mode).toBe(true);
    expect(checkout.order.amount).toBe(invoice.amount);
    expect(checkout.checkout.fields.callback_url).toBe(`${portalUrl}/api/payments/gateway/callback`);
    const html = await payAtSandbox(checkout, { loseWebhook: true });
    expect(await followBack(html)).toBe(`/payments/return/${checkout.order.id}`);
    // The same redirect again (a browser's back and resubmit) changes nothing.
    await followBack(html);
    const order = await orderRow(checkout.order.id);
    expect(order.status).toBe('paid');
    expect(order.settledVia).toBe('redirect');
    expect(order.paymentId).not.toBeNull();
    expect(await paymentsOf(invoice.id)).toBe(1);
    expect(await invoiceStatus(invoice.id)).toBe('paid');
    const read = await ctx.request(owner.token, { method: 'GET', url: `/api/payments/orders/${checkout.order.id}` });
    expect((read.json() as GatewayOrder).status).toBe('paid');
    // Paying the invoice again is refused.
    const again = await ctx.request(owner.token, {
      method: 'POST',
      url: '/api/payments/orders',
      payload: { invoice_id: invoice.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invoice_already_paid');
  });

  it('a redirect back with a wrong signature settles nothing', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const form = formOf(await payAtSandbox(checkout, { loseWebhook: true }));
    const back = await postForm(form.action, { ...form.fields, razorpay_signature: '0'.repeat(64) });
    expect(back.status).toBe(303);
    expect((await orderRow(checkout.order.id)).status).toBe('created');
    expect(await paymentsOf(invoice.id)).toBe(0);
  });

  it('the webhook alone settles an order whose redirect back was lost', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const html = await payAtSandbox(checkout, { loseRedirect: true });
    expect(html).toContain(`/payments/return/${checkout.order.id}`);
    expect(html).not.toContain('razorpay_signature');
    const order = await orderRow(checkout.order.id);
    expect(order.status).toBe('paid');
    expect(order.settledVia).toBe('webhook');
    expect(await paymentsOf(invoice.id)).toBe(1);
  });

  it('with both answers lost (the portal down), the re-query settles the order', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    await payAtSandbox(checkout, { loseRedirect: true, loseWebhook: true });
    expect((await orderRow(checkout.order.id)).status).toBe('created');
    const result = await requeryGatewayOrders(ctx.db, ctx.app.paymentGateway);
    expect(result.settled).toBeGreaterThanOrEqual(1);
    const order = await orderRow(checkout.order.id);
    expect(order.status).toBe('paid');
    expect(order.settledVia).toBe('requery');
    expect(await paymentsOf(invoice.id)).toBe(1);
    // Run again: nothing more.
    await requeryGatewayOrders(ctx.db, ctx.app.paymentGateway);
    expect(await paymentsOf(invoice.id)).toBe(1);
  });

  it("a failed payment is marked failed by the gateway's signed webhook; the browser's word is only shown", async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const html = await payAtSandbox(checkout, { fail: true });
    expect(await followBack(html)).toBe(`/payments/return/${checkout.order.id}?said=failed`);
    expect((await orderRow(checkout.order.id)).status).toBe('failed');
    expect(await invoiceStatus(invoice.id)).toBe('pending');
  });

  it('a failure the browser reports, its webhook lost, is marked failed only once the status query confirms it', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const html = await payAtSandbox(checkout, { fail: true, loseWebhook: true });
    expect(await followBack(html)).toBe(`/payments/return/${checkout.order.id}?said=failed`);
    expect((await orderRow(checkout.order.id)).status).toBe('created');
    await requeryGatewayOrders(ctx.db, ctx.app.paymentGateway);
    expect((await orderRow(checkout.order.id)).status).toBe('failed');
  });

  it('an unsigned callback and a forged one leave a pending order pending', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const gatewayOrderId = checkout.order.gateway_order_id;
    const callback = `${portalUrl}/api/payments/gateway/callback`;
    const answers = [
      // A "success" without its signature: anyone who has seen the order id can post it.
      await postForm(callback, { razorpay_order_id: gatewayOrderId, razorpay_payment_id: 'pay_unsigned00001' }),
      // A "failure", as the gateway's failure redirect posts it (never signed).
      await postForm(callback, {
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': 'Payment failed',
        'error[metadata]': JSON.stringify({ order_id: gatewayOrderId, payment_id: 'pay_unsigned00002' }),
      }),
      await postForm(callback, { 'error[code]': 'BAD_REQUEST_ERROR', razorpay_order_id: gatewayOrderId }),
      // Signed with the wrong key.
      await postForm(callback, {
        razorpay_order_id: gatewayOrderId,
        razorpay_payment_id: 'pay_forged0000001',
        razorpay_signature: createHmac('sha256', 'not-the-key-secret')
          .update(`${gatewayOrderId}|pay_forged0000001`)
          .digest('hex'),
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303, 303]);
    expect(answers.map((answer) => answer.headers.get('location'))).toEqual([
      `/payments/return/${checkout.order.id}`,
      `/payments/return/${checkout.order.id}?said=failed`,
      `/payments/return/${checkout.order.id}?said=failed`,
      `/payments/return/${checkout.order.id}`,
    ]);
    const order = await orderRow(checkout.order.id);
    expect(order.status).toBe('created');
    expect(order.gatewayPaymentId).toBeNull();
    expect(await paymentsOf(invoice.id)).toBe(0);
    expect(await invoiceStatus(invoice.id)).toBe('pending');
  });

  it('a paid order whose answers were lost, told "failed" by the browser, stays pending and the re-query settles it once', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    await payAtSandbox(checkout, { loseRedirect: true, loseWebhook: true });
    const back = await postForm(`${portalUrl}/api/payments/gateway/callback`, {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[metadata]': JSON.stringify({ order_id: checkout.order.gateway_order_id }),
    });
    expect(back.headers.get('location')).toBe(`/payments/return/${checkout.order.id}?said=failed`);
    expect((await orderRow(checkout.order.id)).status).toBe('created');
    // Two runs at once (two processes past the lease, or a late one): one payment.
    await Promise.all([
      requeryGatewayOrders(ctx.db, ctx.app.paymentGateway),
      requeryGatewayOrders(ctx.db, ctx.app.paymentGateway),
    ]);
    const order = await orderRow(checkout.order.id);
    expect(order.status).toBe('paid');
    expect(order.settledVia).toBe('requery');
    expect(await paymentsOf(invoice.id)).toBe(1);
    await requeryGatewayOrders(ctx.db, ctx.app.paymentGateway, undefined, new Date(Date.now() + 3_600_000));
    expect(await paymentsOf(invoice.id)).toBe(1);
  });

  it('paying again after a payment the portal has not heard of is refused: the gateway is asked first', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    await payAtSandbox(checkout, { loseRedirect: true, loseWebhook: true });
    const again = await ctx.request(owner.token, {
      method: 'POST',
      url: '/api/payments/orders',
      payload: { invoice_id: invoice.id },
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('invoice_already_paid');
    const orders = await ctx.db.select().from(gatewayOrders).where(eq(gatewayOrders.invoiceId, invoice.id));
    expect(orders.map((order) => [order.status, order.settledVia])).toEqual([['paid', 'requery']]);
    expect(await paymentsOf(invoice.id)).toBe(1);
  });

  it('asks the re-query about a young order every run and an older one less often', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const checks = async () => (await orderRow(checkout.order.id)).checks;
    const every = ctx.app.paymentGateway.config.requeryEveryMs;
    const at = (ms: number) => new Date(Date.now() + ms);
    await requeryGatewayOrders(ctx.db, ctx.app.paymentGateway);
    expect(await checks()).toBe(1);
    // Asked again a run later, not within the same run's interval.
    await requeryGatewayOrders(ctx.db, ctx.app.paymentGateway, undefined, at(every / 2));
    expect(await checks()).toBe(1);
    await requeryGatewayOrders(ctx.db, ctx.app.paymentGateway, undefined, at(every + 1000));
    expect(await checks()).toBe(2);
    // Ten hours old and asked a minute ago: not due until an hour has passed.
    await ctx.db
      .update(gatewayOrders)
      .set({ createdAt: at(-10 * 3_600_000), lastCheckedAt: at(-60_000) })
      .where(eq(gatewayOrders.id, checkout.order.id));
    await requeryGatewayOrders(ctx.db, ctx.app.paymentGateway);
    expect(await checks()).toBe(2);
    await requeryGatewayOrders(ctx.db, ctx.app.paymentGateway, undefined, at(3_600_000));
    expect(await checks()).toBe(3);
  });

  it('refuses forged and stale webhooks (401) and takes a repeated event once', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const { body, signature } = signedWebhook(checkout.order);
    const forged = await sendWebhook(body, createHmac('sha256', 'not-the-secret').update(body).digest('hex'), 'evt_f');
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code: string }).code).toBe('signature_invalid');
    expect((await sendWebhook(body, undefined, 'evt_none')).status).toBe(401);
    const stale = signedWebhook(checkout.order, { createdAt: Math.floor(Date.now() / 1000) - 25 * 3600 });
    expect((await sendWebhook(stale.body, stale.signature, 'evt_stale')).status).toBe(401);
    expect((await orderRow(checkout.order.id)).status).toBe('created');

    // An event id already taken changes nothing, even with another (signed) payment in it.
    const eventId = `evt_${randomBytes(6).toString('hex')}`;
    const taken = await orderRow(checkout.order.id);
    const first = signedWebhook(checkout.order, { event: 'payment.authorized' });
    expect((await sendWebhook(first.body, first.signature, eventId)).status).toBe(200);
    expect((await sendWebhook(body, signature, eventId)).status).toBe(200);
    expect(await orderRow(checkout.order.id)).toEqual(taken);
    expect(await paymentsOf(invoice.id)).toBe(0);
  });

  it('refuses a signed event dated beyond the clock skew, and takes one within it', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const now = Math.floor(Date.now() / 1000);
    const future = signedWebhook(checkout.order, { createdAt: now + 3 * 86_400 });
    const refused = await sendWebhook(future.body, future.signature, `evt_${randomBytes(6).toString('hex')}`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('signature_invalid');
    const justAhead = signedWebhook(checkout.order, { createdAt: now + 6 * 60 });
    expect(
      (await sendWebhook(justAhead.body, justAhead.signature, `evt_${randomBytes(6).toString('hex')}`)).status,
    ).toBe(401);
    expect((await orderRow(checkout.order.id)).status).toBe('created');
    const skewed = signedWebhook(checkout.order, { createdAt: now + 60 });
    expect((await sendWebhook(skewed.body, skewed.signature, `evt_${randomBytes(6).toString('hex')}`)).status).toBe(
      200,
    );
    expect((await orderRow(checkout.order.id)).status).toBe('paid');
  });

  it('100 parallel deliveries of one webhook (and of others for it) record one payment', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const { body, signature } = signedWebhook(checkout.order, { paymentId: 'pay_parallel1' });
    const eventId = `evt_${randomBytes(6).toString('hex')}`;
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, () => sendWebhook(body, signature, eventId)),
      ...Array.from({ length: 10 }, (_, i) => sendWebhook(body, signature, `${eventId}_${i}`)),
    ]);
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    expect(await paymentsOf(invoice.id)).toBe(1);
    const order = await orderRow(checkout.order.id);
    expect(order.status).toBe('paid');
    expect(order.gatewayPaymentId).toBe('pay_parallel1');
  });

  it('an amount differing from the order is a mismatch and the invoice stays unpaid', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const { body, signature } = signedWebhook(checkout.order, {
      amountPaise: Math.round(checkout.order.amount * 100) - 100,
    });
    expect((await sendWebhook(body, signature, `evt_${randomBytes(6).toString('hex')}`)).status).toBe(200);
    const order = await orderRow(checkout.order.id);
    expect(order.status).toBe('mismatch');
    expect(order.mismatchCode).toBe('amount_mismatch');
    expect(await invoiceStatus(invoice.id)).toBe('pending');
    expect(await paymentsOf(invoice.id)).toBe(0);
    // Finance is told, once each, with the reason.
    expect(await mismatchNotices(checkout.order.gateway_order_id)).toEqual(['amount_mismatch']);
  });

  it('answers 503 gateway_unavailable and stores nothing when the gateway cannot be reached', async () => {
    const invoice = await unpaidInvoice();
    const gone = await startSandboxGateway({ port: 0, ...KEYS, log: () => {} });
    const goneUrl = gone.url;
    await gone.close();
    useGateway(
      paymentGatewaySetup(
        gatewayConfigFrom(
          {
            GATEWAY_SANDBOX_URL: goneUrl,
            GATEWAY_KEY_ID: KEYS.keyId,
            GATEWAY_KEY_SECRET: KEYS.keySecret,
            GATEWAY_WEBHOOK_SECRET: KEYS.webhookSecret,
          },
          8000,
        ),
        portalUrl,
      ),
    );
    try {
      const response = await ctx.request(owner.token, {
        method: 'POST',
        url: '/api/payments/orders',
        payload: { invoice_id: invoice.id },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('gateway_unavailable');
      const stored = await ctx.db
        .select({ n: count() })
        .from(gatewayOrders)
        .where(eq(gatewayOrders.invoiceId, invoice.id));
      expect(stored[0]!.n).toBe(0);
    } finally {
      useGateway({ ...setup });
    }
  });

  it('refuses the direct payment with gateway_required when the real gateway is configured', async () => {
    const invoice = await unpaidInvoice();
    const sandboxConfig = ctx.app.paymentGateway.config;
    ctx.app.paymentGateway.config = { ...sandboxConfig, mode: 'razorpay' };
    try {
      const response = await ctx.request(owner.token, {
        method: 'POST',
        url: '/api/payments',
        payload: {
          invoice_id: invoice.id,
          application_id: invoice.applicationId,
          amount: invoice.amount,
          payment_method: 'online',
        },
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('gateway_required');
    } finally {
      ctx.app.paymentGateway.config = sandboxConfig;
    }
    expect(await invoiceStatus(invoice.id)).toBe('pending');
  });

  it("another entrepreneur's invoice answers 404, and so does its order", async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const other = await entrepreneurWithProfile(ctx, 'Other Works');
    const response = await ctx.request(other.token, {
      method: 'POST',
      url: '/api/payments/orders',
      payload: { invoice_id: invoice.id },
    });
    expect(response.statusCode).toBe(404);
    const read = await ctx.request(other.token, { method: 'GET', url: `/api/payments/orders/${checkout.order.id}` });
    expect(read.statusCode).toBe(404);
    const list = await ctx.request(other.token, { method: 'GET', url: '/api/payments/orders' });
    expect((list.json() as GatewayOrder[]).map((order) => order.id)).not.toContain(checkout.order.id);
  });

  it('the daily reconciliation marks an order paid here but not captured at the gateway', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    await ctx.db
      .update(gatewayOrders)
      .set({ status: 'paid', settledVia: 'webhook' })
      .where(eq(gatewayOrders.id, checkout.order.id));
    expect(await reconcileGatewayOrders(ctx.db, ctx.app.paymentGateway)).toBeGreaterThanOrEqual(1);
    const order = await orderRow(checkout.order.id);
    expect(order.status).toBe('mismatch');
    expect(order.mismatchCode).toBe('not_captured_at_gateway');
    expect(await mismatchNotices(checkout.order.gateway_order_id)).toEqual(['not_captured_at_gateway']);
    // A second run marks and tells nothing more.
    await reconcileGatewayOrders(ctx.db, ctx.app.paymentGateway);
    expect(await mismatchNotices(checkout.order.gateway_order_id)).toEqual(['not_captured_at_gateway']);
  });

  it('answers every payment endpoint a body of any shape with a 2xx, 3xx or 4xx with code and detail, never a 5xx', async () => {
    const invoice = await unpaidInvoice();
    const checkout = await startOrder(invoice.id);
    const gatewayOrderId = checkout.order.gateway_order_id;
    const now = Math.floor(Date.now() / 1000);
    const huge = 'x'.repeat(1_200_000);
    const shapes: unknown[] = [
      null,
      [],
      [1, 'two', null],
      'a string',
      42,
      -1.5,
      true,
      {},
      { razorpay_order_id: null, razorpay_payment_id: 5, razorpay_signature: {} },
      { razorpay_order_id: [gatewayOrderId, 'x'], razorpay_payment_id: ['pay_1'], razorpay_signature: ['0'] },
      { razorpay_order_id: gatewayOrderId, razorpay_payment_id: 'pay_1', razorpay_signature: 'short' },
      { razorpay_order_id: 'x'.repeat(10_000) },
      { 'error[metadata]': 'null' },
      { 'error[metadata]': '[1]' },
      { 'error[metadata]': '{"order_id": 5}' },
      { 'error[metadata]': '{not json', 'error[code]': 'X' },
      { 'error[metadata]': JSON.stringify({ order_id: gatewayOrderId }) },
      { invoice_id: null },
      { invoice_id: invoice.id, origin: 'https://evil.example' },
      { invoice_id: invoice.id, origin: { route: '../../evil' } },
      { invoice_id: 'not-a-uuid' },
      { event: 'payment.captured', created_at: now, payload: null },
      { event: 'payment.captured', created_at: now, payload: { payment: null } },
      { event: 'payment.captured', created_at: now, payload: { payment: { entity: null } } },
      { event: 'payment.captured', created_at: now, payload: { payment: { entity: { id: 5, order_id: [] } } } },
      { event: 'payment.captured', created_at: 'yesterday' },
      { event: 5, created_at: now },
      {
        event: 'payment.captured',
        created_at: now,
        payload: { payment: { entity: { id: 'pay_z', order_id: 'order_nope', status: 'captured', amount: 'lots' } } },
      },
      { event: 'payment.failed', created_at: now, payload: { order: { entity: { id: gatewayOrderId } } } },
      { deep: JSON.parse('['.repeat(500) + ']'.repeat(500)) as unknown },
    ];
    const raws = [...shapes.map((shape) => JSON.stringify(shape)), '', '{', 'null', huge, '\u0000'];
    const statuses: Array<[string, number]> = [];
    const expectClientAnswer = async (label: string, answer: Response) => {
      statuses.push([label, answer.status]);
      if (answer.status >= 400) {
        const body = (await answer.json()) as { code?: unknown; detail?: unknown };
        expect(typeof body.code, label).toBe('string');
        expect(typeof body.detail, label).toBe('string');
      } else {
        await answer.arrayBuffer();
      }
    };
    const post = (path: string, body: string, type: string | null, extra: Record<string, string> = {}) =>
      fetch(`${portalUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...(type ? { 'content-type': type } : {}), ...extra },
        body,
      });
    const signed = (raw: string) => ({
      'x-razorpay-signature': createHmac('sha256', KEYS.webhookSecret).update(raw).digest('hex'),
      'x-razorpay-event-id': `evt_${randomBytes(6).toString('hex')}`,
    });
    for (const [index, raw] of raws.entries()) {
      const label = `#${index} ${raw.slice(0, 60)}`;
      for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain', null]) {
        await expectClientAnswer(`callback ${type} ${label}`, await post('/api/payments/gateway/callback', raw, type));
        await expectClientAnswer(`webhook ${type} ${label}`, await post('/api/payments/gateway/webhook', raw, type));
        await expectClientAnswer(
          `signed webhook ${type} ${label}`,
          await post('/api/payments/gateway/webhook', raw, type, signed(raw)),
        );
        await expectClientAnswer(
          `order ${type} ${label}`,
          await post('/api/payments/orders', raw, type, { authorization: `Bearer ${owner.token}` }),
        );
      }
      // The same shape as a form, field by field.
      if (typeof shapes[index] === 'object' && shapes[index] !== null && !Array.isArray(shapes[index])) {
        const form = new URLSearchParams(
          Object.entries(shapes[index] as Record<string, unknown>).map(([key, value]): [string, string] => [
            key,
            typeof value === 'string' ? value : JSON.stringify(value),
          ]),
        ).toString();
        await expectClientAnswer(
          `callback form ${label}`,
          await post('/api/payments/gateway/callback', form, 'application/x-www-form-urlencoded'),
        );
      }
    }
    for (const path of [
      `/api/payments/orders/${checkout.order.id}`,
      '/api/payments/orders/not-a-uuid',
      '/api/payments/orders/00000000-0000-4000-8000-000000000000',
      '/api/payments/orders?status=bogus',
      '/api/payments/orders?limit=-1&sort=nonsense',
      `/api/payments/orders/${'9'.repeat(5000)}`,
    ]) {
      const answer = await fetch(`${portalUrl}${path}`, { headers: { authorization: `Bearer ${owner.token}` } });
      await expectClientAnswer(`GET ${path.slice(0, 60)}`, answer);
    }
    expect(statuses.filter(([, status]) => status >= 500)).toEqual([]);
    // The order was never the gateway's to settle here: it is as it was.
    expect((await orderRow(checkout.order.id)).status).toBe('created');
    expect(await paymentsOf(invoice.id)).toBe(0);
  });

  it('the sandbox refuses bad basic auth', async () => {
    const answer = await fetch(`${sandbox.url}/v1/orders`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${KEYS.keyId}:wrong`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ amount: 10_000, currency: 'INR', receipt: 'x' }),
    });
    expect(answer.status).toBe(401);
  });
});
