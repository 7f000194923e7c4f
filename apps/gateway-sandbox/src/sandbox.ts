/** The sandbox payment gateway: a small TEST MODE server speaking Razorpay's public protocol, so the portal's real
 * gateway code (the official SDK, signatures, webhooks, re-query) runs unchanged against it.
 *
 * - POST /v1/orders (basic auth key_id:key_secret; 401 otherwise), GET /v1/orders/:id, GET /v1/orders/:id/payments,
 *   GET /v1/payments/:id: the Orders and Payments API.
 * - POST /v1/checkout/embedded: the hosted checkout page (a form the portal's browser posts: key_id, order_id, name,
 *   description, callback_url, cancel_url, prefill[...]), with Pay and Fail and two checkboxes that lose the redirect
 *   back or the webhook, so the portal's other ways of learning the answer can be seen at work.
 * - POST /sandbox/pay: what those buttons post. Pay records a captured payment, marks the order paid, sends the
 *   signed webhooks payment.captured and order.paid to the portal, then posts the browser back to callback_url with
 *   razorpay_payment_id, razorpay_order_id and razorpay_signature. Fail sends payment.failed and posts error[...] back.
 *
 * The portal's own return page for an order, used when the redirect back is lost, is the checkout's `cancel_url`: the
 * portal sets it to its /payments/return/<order> page (where a cancelled payment also belongs). State is in memory. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The fixed, public TEST keys the portal and the sandbox share in sandbox mode (never real keys: the sandbox moves no
 * money). The portal's config repeats them. */
export const SANDBOX_TEST_KEYS = {
  keyId: 'rzp_test_sandbox',
  keySecret: 'sandbox_test_key_secret',
  webhookSecret: 'sandbox_test_webhook_secret',
} as const;

export interface SandboxOptions {
  /** 0 for any free port. */
  port?: number;
  host?: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The portal's webhook endpoint (…/api/payments/gateway/webhook); unset: no webhooks are sent. */
  webhookUrl?: string;
  /** The address browsers reach the sandbox at (by default http://host:port). */
  publicUrl?: string;
  /** Where problems are told (webhook deliveries that failed). */
  log?: (line: string) => void;
}

export interface SandboxGateway {
  url: string;
  close(): Promise<void>;
}

type OrderStatus = 'created' | 'attempted' | 'paid';

interface Order {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: OrderStatus;
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  description: string | null;
  email: string | null;
  contact: string | null;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

interface Checkout {
  callbackUrl: string;
  cancelUrl: string;
  name: string;
  description: string;
  email: string;
}

const TEST_BANNER =
  '<div role="note" style="background:#8a1c00;color:#fff;font:700 1.75rem/1.3 system-ui,sans-serif;padding:1rem;text-align:center;letter-spacing:.1em">TEST MODE: no real money moves</div>';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function page(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} (TEST MODE)</title>
<style>body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}main{max-width:36rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.4rem;margin:.5rem .5rem 0 0;border:2px solid #1a1a1a;border-radius:4px;background:#fff;color:#1a1a1a;cursor:pointer}button.primary{background:#0b5394;border-color:#0b5394;color:#fff}button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #b35c00;outline-offset:2px}.amount{font-size:2rem;font-weight:700}label{display:block;margin:.4rem 0}</style></head>
<body>${TEST_BANNER}<main>${body}</main>${script}</body></html>`;
}

function rupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const hmac = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('hex');
const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSandboxGateway(options: SandboxOptions): Promise<SandboxGateway> {
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const checkouts = new Map<string, Checkout>();
  const log = options.log ?? ((line: string) => console.error(line));
  let baseUrl = '';

  const send = (
    response: http.ServerResponse,
    status: number,
    body: string,
    type = 'application/json; charset=utf-8',
  ) => {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(body);
  };
  const json = (response: http.ServerResponse, status: number, value: unknown) =>
    send(response, status, JSON.stringify(value));
  const apiError = (response: http.ServerResponse, status: number, description: string) =>
    json(response, status, {
      error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
    });
  const html = (response: http.ServerResponse, status: number, body: string) =>
    send(response, status, body, 'text/html; charset=utf-8');

  function authorised(request: http.IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const expected = `${options.keyId}:${options.keySecret}`;
    return safeEqual(Buffer.from(header.slice(6), 'base64').toString('utf8'), expected);
  }

  /** Delivers one signed webhook, retrying a few times (the portal may be restarting). */
  async function deliver(event: string, payload: Record<string, unknown>): Promise<void> {
    if (!options.webhookUrl) return;
    const eventId = newId('evt');
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: nowSeconds(),
    });
    const signature = hmac(body, options.webhookSecret);
    for (let attempt = 1; attempt <= 4; attempt++) {
      try {
        const answer = await fetch(options.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': signature,
            'x-razorpay-event-id': eventId,
          },
          body,
        });
        if (answer.ok) return;
        log(`sandbox gateway: webhook ${event} answered ${answer.status} (attempt ${attempt})`);
        if (answer.status < 500) return;
      } catch (error) {
        log(`sandbox gateway: webhook ${event} not delivered (attempt ${attempt}): ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }

  function orderPayload(order: Order, payment: Payment) {
    return { payment: { entity: payment }, order: { entity: order } };
  }

  function checkoutPage(order: Order, checkout: Checkout): string {
    return page(
      'Pay',
      `<h1>Pay ${escapeHtml(checkout.name || 'the portal')}</h1>
<p>${escapeHtml(checkout.description)}</p>
<p>Amount: <span class="amount">${rupees(order.amount)}</span></p>
<p>Order ${escapeHtml(order.id)}${order.receipt ? `, receipt ${escapeHtml(order.receipt)}` : ''}</p>
<form method="post" action="${baseUrl}/sandbox/pay">
<input type="hidden" name="order_id" value="${escapeHtml(order.id)}">
<fieldset><legend>Simulate a lost answer</legend>
<label><input type="checkbox" name="lose_redirect" value="1"> Lose the redirect back</label>
<label><input type="checkbox" name="lose_webhook" value="1"> Lose the webhook</label>
</fieldset>
<button class="primary" type="submit" name="outcome" value="pay">Pay</button>
<button type="submit" name="outcome" value="fail">Fail</button>
</form>`,
    );
  }

  /** A page that posts `fields` to `action` at once (and, without JavaScript, with its button). */
  function postBackPage(action: string, fields: Record<string, string>, heading: string): string {
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    return page(
      heading,
      `<h1>${escapeHtml(heading)}</h1><form id="back" method="post" action="${escapeHtml(action)}">${inputs}<button class="primary" type="submit">Return to the portal</button></form>`,
      '<script>document.getElementById("back").submit()</script>',
    );
  }

  async function pay(form: URLSearchParams, response: http.ServerResponse): Promise<void> {
    const order = orders.get(form.get('order_id') ?? '');
    const checkout = order && checkouts.get(order.id);
    if (!order || !checkout) return html(response, 404, page('Not found', '<h1>No such checkout</h1>'));
    const loseRedirect = form.get('lose_redirect') === '1';
    const loseWebhook = form.get('lose_webhook') === '1';
    const fail = form.get('outcome') === 'fail';
    if (order.status === 'paid') {
      return html(response, 409, page('Already paid', '<h1>This order has already been paid</h1>'));
    }
    order.attempts += 1;
    const payment: Payment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: fail ? 'failed' : 'captured',
      order_id: order.id,
      method: 'netbanking',
      captured: !fail,
      description: checkout.description || null,
      email: checkout.email || null,
      contact: null,
      error_code: fail ? 'BAD_REQUEST_ERROR' : null,
      error_description: fail ? 'Payment failed (TEST MODE)' : null,
      created_at: nowSeconds(),
    };
    payments.set(payment.id, payment);
    if (fail) {
      order.status = 'attempted';
      if (!loseWebhook) await deliver('payment.failed', { payment: { entity: payment } });
      if (loseRedirect) return html(response, 200, lostRedirectPage(checkout, 'Payment failed (TEST MODE).'));
      return html(
        response,
        200,
        postBackPage(
          checkout.callbackUrl,
          {
            'error[code]': 'BAD_REQUEST_ERROR',
            'error[description]': 'Payment failed (TEST MODE)',
            'error[source]': 'customer',
            'error[step]': 'payment_authorization',
            'error[reason]': 'payment_failed',
            'error[metadata]': JSON.stringify({ order_id: order.id, payment_id: payment.id }),
          },
          'Payment failed (TEST MODE)',
        ),
      );
    }
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    if (!loseWebhook) {
      await deliver('payment.captured', orderPayload(order, payment));
      await deliver('order.paid', orderPayload(order, payment));
    }
    if (loseRedirect) return html(response, 200, lostRedirectPage(checkout, 'Payment done (TEST MODE).'));
    return html(
      response,
      200,
      postBackPage(
        checkout.callbackUrl,
        {
          razorpay_payment_id: payment.id,
          razorpay_order_id: order.id,
          razorpay_signature: hmac(`${order.id}|${payment.id}`, options.keySecret),
        },
        'Payment done (TEST MODE)',
      ),
    );
  }

  function lostRedirectPage(checkout: Checkout, sentence: string): string {
    // No signature fields: the portal must learn the answer by the webhook or its own re-query.
    return page(
      sentence,
      `<h1>${escapeHtml(sentence)}</h1><p>The redirect back was lost on purpose. <a href="${escapeHtml(checkout.cancelUrl)}">Return to the portal</a></p>`,
    );
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const method = request.method ?? 'GET';
    const parts = url.pathname.split('/').filter(Boolean);

    if (method === 'GET' && url.pathname === '/') {
      return html(
        response,
        200,
        page('Sandbox gateway', '<h1>Sandbox payment gateway</h1><p>Speaks the Razorpay protocol for testing.</p>'),
      );
    }
    if (parts[0] === 'v1' && parts[1] === 'checkout' && parts[2] === 'embedded' && method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const order = orders.get(form.get('order_id') ?? '');
      if (form.get('key_id') !== options.keyId || !order) {
        return html(response, 400, page('Bad checkout', '<h1>Unknown key or order</h1>'));
      }
      const checkout: Checkout = {
        callbackUrl: form.get('callback_url') ?? '',
        cancelUrl: form.get('cancel_url') ?? form.get('callback_url') ?? '',
        name: form.get('name') ?? '',
        description: form.get('description') ?? '',
        email: form.get('prefill[email]') ?? '',
      };
      checkouts.set(order.id, checkout);
      return html(response, 200, checkoutPage(order, checkout));
    }
    if (method === 'POST' && url.pathname === '/sandbox/pay') {
      return pay(new URLSearchParams(await readBody(request)), response);
    }
    if (parts[0] !== 'v1') return html(response, 404, page('Not found', '<h1>Not found</h1>'));
    if (!authorised(request)) return apiError(response, 401, 'Authentication failed');

    if (method === 'POST' && parts[1] === 'orders' && parts.length === 2) {
      let body: { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown };
      try {
        body = JSON.parse((await readBody(request)) || '{}');
      } catch {
        return apiError(response, 400, 'The request body is not JSON');
      }
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
        return apiError(response, 400, 'The amount must be at least INR 1.00');
      }
      const order: Order = {
        id: newId('order'),
        entity: 'order',
        amount: body.amount as number,
        amount_paid: 0,
        amount_due: body.amount as number,
        currency: typeof body.currency === 'string' ? body.currency : 'INR',
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: (body.notes && typeof body.notes === 'object' ? body.notes : {}) as Record<string, string>,
        created_at: nowSeconds(),
      };
      orders.set(order.id, order);
      return json(response, 200, order);
    }
    if (method === 'GET' && parts[1] === 'orders' && parts[2]) {
      const order = orders.get(parts[2]);
      if (!order) return apiError(response, 400, 'The id provided does not exist');
      if (parts.length === 3) return json(response, 200, order);
      if (parts[3] === 'payments' && parts.length === 4) {
        const items = [...payments.values()].filter((payment) => payment.order_id === order.id);
        return json(response, 200, { entity: 'collection', count: items.length, items });
      }
    }
    if (method === 'GET' && parts[1] === 'payments' && parts[2] && parts.length === 3) {
      const payment = payments.get(parts[2]);
      if (!payment) return apiError(response, 400, 'The id provided does not exist');
      return json(response, 200, payment);
    }
    return apiError(response, 404, 'The requested URL was not found on the server.');
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      log(`sandbox gateway: ${error.message}`);
      if (!response.headersSent) apiError(response, 500, 'The sandbox failed');
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = options.publicUrl?.replace(/\/$/, '') ?? `http://${host}:${address.port}`;
  return {
    url: baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
