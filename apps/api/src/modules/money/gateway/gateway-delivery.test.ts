/** Paying through the sandbox gateway over real HTTP with real signatures: the sandbox runs in-process on an ephemeral
 * port, the portal listens on another, and the sandbox's webhooks reach the portal as Razorpay's would. */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSandboxGateway, type SandboxGateway } from '@portal/gateway-sandbox';
import type { GatewayCheckout, GatewayOrder } from '@portal/contract';
import type { GatewayConfig } from '../../../config';
import { gatewayOrders, invoices, payments } from '../../../db/schema';
import { paymentGatewaySetup } from '../../../lib/gateway';
import type { InvoiceRow } from '../../../repositories/invoices';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, insertTestInvoices } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

const KEYS = { keyId: 'rzp_test_delivery', keySecret: 'delivery-key-secret', webhookSecret: 'delivery-webhook-secret' };
const hmac = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('hex');

/** The hidden fields of a sandbox page's form, as the browser would post them. */
function hiddenFields(html: string): Record<string, string> {
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[unescape(match[1]!)] = unescape(match[2]!);
  }
  return fields;
}

/** A port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe(`payments through the gateway, delivered over HTTP (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let sandbox: SandboxGateway;
  let config: GatewayConfig;
  let portalUrl: string;
  let owner: { token: string; userId: string; email: string };
  let stranger: { token: string };

  const paymentsOf = (invoiceId: string) => ctx.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
  const invoiceRow = async (id: string) => (await ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const ordersOf = (invoiceId: string) =>
    ctx.db.select().from(gatewayOrders).where(eq(gatewayOrders.invoiceId, invoiceId));

  async function ownerInvoice(): Promise<InvoiceRow> {
    const application = await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email });
    return (await insertTestInvoices(ctx, application.id))[0]!;
  }

  async function startOrder(invoice: InvoiceRow): Promise<GatewayCheckout> {
    const response = await ctx.request(owner.token, {
      method: 'POST',
      url: '/api/payments/orders',
      payload: { invoice_id: invoice.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  /** The browser at the gateway: the hosted checkout, then Pay or Fail (with the two checkboxes). */
  async function checkoutAndPay(
    checkout: GatewayCheckout,
    choice: { outcome?: 'pay' | 'fail'; loseRedirect?: boolean; loseWebhook?: boolean } = {},
  ): Promise<string> {
    const form = (action: string, fields: Record<string, string>) =>
      fetch(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }).then((answer) => answer.text());
    const page = await form(checkout.checkout.action, checkout.checkout.fields);
    expect(page).toContain('TEST MODE');
    return form(`${sandbox.url}/sandbox/pay`, {
      order_id: checkout.order.gateway_order_id,
      outcome: choice.outcome ?? 'pay',
      ...(choice.loseRedirect ? { lose_redirect: '1' } : {}),
      ...(choice.loseWebhook ? { lose_webhook: '1' } : {}),
    });
  }

  /** The browser's POST back to the portal. */
  const callback = (fields: Record<string, string>) =>
    fetch(`${portalUrl}/api/payments/gateway/callback`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  /** A webhook as the gateway sends it, signed with `secret`. */
  function webhook(
    body: object,
    options: { secret?: string; eventId?: string; signature?: string | null } = {},
  ): Promise<Response> {
    const raw = JSON.stringify(body);
    const signature =
      options.signature === undefined ? hmac(raw, options.secret ?? KEYS.webhookSecret) : options.signature;
    return fetch(`${portalUrl}/api/payments/gateway/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-razorpay-signature': signature }),
        'x-razorpay-event-id': options.eventId ?? `evt_${Math.random().toString(36).slice(2)}`,
      },
      body: raw,
    });
  }

  const capturedEvent = (
    gatewayOrderId: string,
    paymentId: string,
    amountPaise: number,
    createdAt = Date.now() / 1000,
  ) => ({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          order_id: gatewayOrderId,
          amount: amountPaise,
          currency: 'INR',
          status: 'captured',
        },
      },
    },
    created_at: Math.floor(createdAt),
  });

  async function orderOf(id: string): Promise<GatewayOrder> {
    const response = await ctx.request(owner.token, { method: 'GET', url: `/api/payments/orders/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await entrepreneurWithProfile(ctx, 'Godavari Forgings');
    stranger = await entrepreneurWithProfile(ctx, 'Another Works');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    portalUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    sandbox = await startSandboxGateway({
      port: 0,
      ...KEYS,
      webhookUrl: `${portalUrl}/api/payments/gateway/webhook`,
      log: () => {},
    });
    config = {
      mode: 'sandbox',
      apiUrl: sandbox.url,
      ...KEYS,
      requeryEveryMs: 15 * 60_000,
    };
    Object.assign(ctx.app.paymentGateway, paymentGatewaySetup(config, portalUrl));
  });
  afterAll(async () => {
    await sandbox?.close();
    await ctx?.close();
  });

  it('pays through the hosted checkout: the signed redirect back settles the order once, at the amount due', async () => {
    const invoice = await ownerInvoice();
    const checkout = await startOrder(invoice);
    expect(checkout.order).toMatchObject({
      status: 'created',
      amount: 11_800,
      test_mode: true,
      invoice_id: invoice.id,
    });
    expect(checkout.checkout.action).toBe(`${sandbox.url}/v1/checkout/embedded`);

    const page = await checkoutAndPay(checkout, { loseWebhook: true });
    const back = hiddenFields(page);
    const answer = await callback(back);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/payments/return/${checkout.order.id}`);
    // The browser posting it again (a reload) pays nothing more.
    expect((await callback(back)).status).toBe(303);

    expect(await orderOf(checkout.order.id)).toMatchObject({ status: 'paid', settled_via: 'redirect' });
    const paid = await paymentsOf(invoice.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ paymentMethod: 'online', transactionReference: back.razorpay_payment_id });
    expect((await invoiceRow(invoice.id)).status).toBe('paid');
  });

  it('settles by the webhook alone when the redirect back is lost', async () => {
    const invoice = await ownerInvoice();
    const checkout = await startOrder(invoice);
    const page = await checkoutAndPay(checkout, { loseRedirect: true });
    // The page the sandbox shows: a plain link back, no signature.
    expect(page).toContain(`/payments/return/${checkout.order.id}`);
    expect(page).not.toContain('razorpay_signature');
    expect(await orderOf(checkout.order.id)).toMatchObject({ status: 'paid', settled_via: 'webhook' });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it('a forged, unsigned or stale webhook is refused with 401 and changes nothing', async () => {
    const invoice = await ownerInvoice();
    const checkout = await startOrder(invoice);
    const event = capturedEvent(checkout.order.gateway_order_id, 'pay_forged000001', 1_180_000);
    const forged = await webhook(event, { secret: 'not-the-webhook-secret' });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code: string }).code).toBe('signature_invalid');
    expect((await webhook(event, { signature: null })).status).toBe(401);
    // Signed right, but two days old: a replay.
    const stale = capturedEvent(
      checkout.order.gateway_order_id,
      'pay_stale0000001',
      1_180_000,
      Date.now() / 1000 - 2 * 86_400,
    );
    expect((await webhook(stale)).status).toBe(401);
    expect(await orderOf(checkout.order.id)).toMatchObject({ status: 'created', settled_via: null });
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
  });

  it('an event id already taken changes nothing, and 100 parallel deliveries record one payment', async () => {
    const invoice = await ownerInvoice();
    const checkout = await startOrder(invoice);
    const event = capturedEvent(checkout.order.gateway_order_id, 'pay_parallel0001', 1_180_000);
    // 50 deliveries of one event (one event id) and 50 of the same payment under other event ids, all at once.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        webhook(event, { eventId: index < 50 ? 'evt_same_one' : `evt_other_${index}` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 100 }, () => 200));
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect(await orderOf(checkout.order.id)).toMatchObject({ status: 'paid', settled_via: 'webhook' });

    // The same event id again, now with a failure in it: taken already, nothing changes.
    const again = await webhook({ ...event, event: 'payment.failed' }, { eventId: 'evt_same_one' });
    expect(again.status).toBe(200);
    expect(await orderOf(checkout.order.id)).toMatchObject({ status: 'paid' });
  });

  it('a payment of another amount than the order is a mismatch for finance, and the invoice stays unpaid', async () => {
    const invoice = await ownerInvoice();
    const checkout = await startOrder(invoice);
    const answer = await webhook(capturedEvent(checkout.order.gateway_order_id, 'pay_short0000001', 100_000));
    expect(answer.status).toBe(200);
    expect(await orderOf(checkout.order.id)).toMatchObject({ status: 'mismatch', mismatch_code: 'amount_mismatch' });
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    expect((await invoiceRow(invoice.id)).status).not.toBe('paid');
    const finance = await ctx.tokenFor('finance');
    const list = await ctx.request(finance, { method: 'GET', url: '/api/payments/orders?status=mismatch' });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as GatewayOrder[]).map((order) => order.id)).toContain(checkout.order.id);
  });

  it("another entrepreneur's invoice is 404, a paid one 409", async () => {
    const invoice = await ownerInvoice();
    const response = await ctx.request(stranger.token, {
      method: 'POST',
      url: '/api/payments/orders',
      payload: { invoice_id: invoice.id },
    });
    expect(response.statusCode).toBe(404);
    const checkout = await startOrder(invoice);
    expect(
      (await ctx.request(stranger.token, { method: 'GET', url: `/api/payments/orders/${checkout.order.id}` }))
        .statusCode,
    ).toBe(404);
    await callback(hiddenFields(await checkoutAndPay(checkout, { loseWebhook: true })));
    const paid = await ctx.request(owner.token, {
      method: 'POST',
      url: '/api/payments/orders',
      payload: { invoice_id: invoice.id },
    });
    expect(paid.statusCode).toBe(409);
    expect(await ordersOf(invoice.id)).toHaveLength(1);
  });

  it('an unreachable gateway answers 503 gateway_unavailable and keeps nothing', async () => {
    const invoice = await ownerInvoice();
    const down = paymentGatewaySetup({ ...config, apiUrl: `http://127.0.0.1:${await closedPort()}` }, portalUrl);
    const up = { ...ctx.app.paymentGateway };
    Object.assign(ctx.app.paymentGateway, down);
    try {
      const response = await ctx.request(owner.token, {
        method: 'POST',
        url: '/api/payments/orders',
        payload: { invoice_id: invoice.id },
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().code).toBe('gateway_unavailable');
    } finally {
      Object.assign(ctx.app.paymentGateway, up);
    }
    expect(await ordersOf(invoice.id)).toHaveLength(0);
  });

  it('the direct payment answers 409 gateway_required with the real gateway configured', async () => {
    const invoice = await ownerInvoice();
    const saved = ctx.app.paymentGateway.config;
    ctx.app.paymentGateway.config = { ...saved, mode: 'razorpay' };
    try {
      const response = await ctx.request(owner.token, {
        method: 'POST',
        url: '/api/payments',
        payload: {
          application_id: invoice.applicationId,
          invoice_id: invoice.id,
          amount: 11_800,
          payment_method: 'online',
        },
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('gateway_required');
    } finally {
      ctx.app.paymentGateway.config = saved;
    }
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
  });
});
