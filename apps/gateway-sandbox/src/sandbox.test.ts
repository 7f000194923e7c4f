/** The sandbox gateway over real HTTP: basic auth on the API, orders and their payments, the hosted checkout (TEST MODE
 * on every page), Pay with its signed redirect back and signed webhooks, Fail, and the lost redirect or webhook. */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandboxGateway, type SandboxGateway } from './sandbox';

const KEYS = { keyId: 'rzp_test_unit', keySecret: 'unit-key-secret', webhookSecret: 'unit-webhook-secret' };
const hmac = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('hex');

interface Delivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let sandbox: SandboxGateway;
let receiver: http.Server;
let deliveries: Delivery[] = [];

beforeAll(async () => {
  // A stand-in for the portal's webhook endpoint: records what it gets.
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  sandbox = await startSandboxGateway({
    port: 0,
    ...KEYS,
    webhookUrl: `http://127.0.0.1:${port}/api/payments/gateway/webhook`,
    log: () => {},
  });
});

afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  deliveries = [];
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function api(path: string, init: { method?: string; body?: unknown; auth?: string } = {}) {
  const answer = await fetch(`${sandbox.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: init.auth ?? basic(KEYS.keyId, KEYS.keySecret),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

async function form(path: string, fields: Record<string, string>) {
  const answer = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: answer.status, html: await answer.text() };
}

/** The hidden fields of the page's form, as the browser would post them. */
function hiddenFields(html: string): Record<string, string> {
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
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return fields;
}

async function newOrder(amount = 150_075) {
  const created = await api('/v1/orders', { method: 'POST', body: { amount, currency: 'INR', receipt: 'INV-1' } });
  expect(created.status).toBe(200);
  return created.body as { id: string; amount: number; status: string };
}

async function openCheckout(orderId: string) {
  return form('/v1/checkout/embedded', {
    key_id: KEYS.keyId,
    order_id: orderId,
    name: 'Portal',
    description: 'Invoice INV-1',
    callback_url: 'http://portal.test/api/payments/gateway/callback',
    cancel_url: 'http://portal.test/payments/return/abc',
    'prefill[email]': 'payer@example.test',
  });
}

describe('sandbox gateway', () => {
  it('refuses the API without the right basic auth', async () => {
    for (const auth of ['', basic(KEYS.keyId, 'wrong-secret'), basic('rzp_test_other', KEYS.keySecret), 'Bearer x']) {
      const answer = await api('/v1/orders', { method: 'POST', body: { amount: 10_000 }, auth });
      expect(answer.status, auth).toBe(401);
    }
    const order = await newOrder();
    expect((await api(`/v1/orders/${order.id}`, { auth: basic(KEYS.keyId, 'nope') })).status).toBe(401);
    expect((await api(`/v1/orders/${order.id}/payments`, { auth: '' })).status).toBe(401);
  });

  it('makes an order, answers it and refuses an amount under a rupee', async () => {
    const order = await newOrder(150_075);
    expect(order).toMatchObject({ amount: 150_075, status: 'created' });
    expect(order.id).toMatch(/^order_/);
    expect((await api(`/v1/orders/${order.id}`)).body).toMatchObject({ id: order.id, amount: 150_075 });
    expect((await api(`/v1/orders/${order.id}/payments`)).body).toMatchObject({ count: 0, items: [] });
    expect((await api('/v1/orders', { method: 'POST', body: { amount: 99 } })).status).toBe(400);
    expect((await api('/v1/orders', { method: 'POST', body: { amount: 12.5 } })).status).toBe(400);
    expect((await api('/v1/orders/order_missing')).status).toBe(400);
  });

  it('draws the hosted checkout in TEST MODE with the amount, Pay, Fail and the two checkboxes', async () => {
    const order = await newOrder(150_075);
    const page = await openCheckout(order.id);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="en"');
    expect(page.html).toContain('TEST MODE');
    expect(page.html).toContain('₹1,500.75');
    expect(page.html).toMatch(/<h1>/);
    expect(page.html).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(page.html).toMatch(/<button[^>]*>Fail<\/button>/);
    expect(page.html).toMatch(
      /<label><input type="checkbox" name="lose_redirect"[^>]*> Lose the redirect back<\/label>/,
    );
    expect(page.html).toMatch(/<label><input type="checkbox" name="lose_webhook"[^>]*> Lose the webhook<\/label>/);
    // An unknown key or order is refused.
    expect((await form('/v1/checkout/embedded', { key_id: 'rzp_test_other', order_id: order.id })).status).toBe(400);
    expect((await form('/v1/checkout/embedded', { key_id: KEYS.keyId, order_id: 'order_missing' })).status).toBe(400);
  });

  it('Pay captures, signs the webhooks and posts the signed redirect back', async () => {
    const order = await newOrder(250_000);
    await openCheckout(order.id);
    const paid = await form('/sandbox/pay', { order_id: order.id, outcome: 'pay' });
    expect(paid.status).toBe(200);
    expect(paid.html).toContain('TEST MODE');
    expect(paid.html).toContain('action="http://portal.test/api/payments/gateway/callback"');
    // Without JavaScript the browser still has the button.
    expect(paid.html).toMatch(/<button[^>]*type="submit">Return to the portal<\/button>/);
    const back = hiddenFields(paid.html);
    expect(back.razorpay_order_id).toBe(order.id);
    expect(back.razorpay_payment_id).toMatch(/^pay_/);
    expect(back.razorpay_signature).toBe(hmac(`${order.id}|${back.razorpay_payment_id}`, KEYS.keySecret));

    // The webhooks: payment.captured then order.paid, each signed over its raw body, each with its own event id.
    expect(deliveries.map((delivery) => JSON.parse(delivery.body).event)).toEqual(['payment.captured', 'order.paid']);
    const eventIds = new Set<string>();
    for (const delivery of deliveries) {
      expect(delivery.headers['x-razorpay-signature']).toBe(hmac(delivery.body, KEYS.webhookSecret));
      eventIds.add(String(delivery.headers['x-razorpay-event-id']));
      const event = JSON.parse(delivery.body);
      expect(event.payload.payment.entity).toMatchObject({
        id: back.razorpay_payment_id,
        order_id: order.id,
        amount: 250_000,
        status: 'captured',
      });
      expect(Math.abs(event.created_at - Date.now() / 1000)).toBeLessThan(60);
    }
    expect(eventIds.size).toBe(2);

    // The re-query sees the captured payment; the order is paid and cannot be paid twice.
    const payments = await api(`/v1/orders/${order.id}/payments`);
    expect(payments.body.items).toEqual([
      expect.objectContaining({ id: back.razorpay_payment_id, status: 'captured', amount: 250_000 }),
    ]);
    expect((await api(`/v1/payments/${back.razorpay_payment_id}`)).body).toMatchObject({ status: 'captured' });
    expect((await api(`/v1/orders/${order.id}`)).body).toMatchObject({ status: 'paid', amount_due: 0 });
    expect((await form('/sandbox/pay', { order_id: order.id, outcome: 'pay' })).status).toBe(409);
  });

  it('Fail sends payment.failed and posts the error fields back, without a signature', async () => {
    const order = await newOrder();
    await openCheckout(order.id);
    const failed = await form('/sandbox/pay', { order_id: order.id, outcome: 'fail' });
    const back = hiddenFields(failed.html);
    expect(back['error[code]']).toBe('BAD_REQUEST_ERROR');
    expect(JSON.parse(back['error[metadata]']!)).toMatchObject({ order_id: order.id });
    expect(back.razorpay_signature).toBeUndefined();
    expect(deliveries.map((delivery) => JSON.parse(delivery.body).event)).toEqual(['payment.failed']);
    expect((await api(`/v1/orders/${order.id}`)).body).toMatchObject({ status: 'attempted' });
  });

  it('loses the redirect back (a plain link to the return page) or the webhook on request', async () => {
    const lostRedirect = await newOrder();
    await openCheckout(lostRedirect.id);
    const page = await form('/sandbox/pay', { order_id: lostRedirect.id, outcome: 'pay', lose_redirect: '1' });
    expect(page.html).toContain('<a href="http://portal.test/payments/return/abc">Return to the portal</a>');
    expect(page.html).not.toContain('razorpay_signature');
    expect(deliveries).toHaveLength(2);

    deliveries = [];
    const lostWebhook = await newOrder();
    await openCheckout(lostWebhook.id);
    const back = await form('/sandbox/pay', { order_id: lostWebhook.id, outcome: 'pay', lose_webhook: '1' });
    expect(hiddenFields(back.html).razorpay_order_id).toBe(lostWebhook.id);
    expect(deliveries).toHaveLength(0);
  });
});
