/** The sandbox SMS provider: a small TEST MODE server speaking Gupshup Enterprise's SMS HTTP API as the provider
 * does, with India's DLT fields, so the portal's real client (its request, the reading of the answer, the delivery
 * reports it believes) runs unchanged against it without sending anything to a phone.
 *
 * - GET or POST /GatewayAPI/rest: method=SendMessage, v=1.1, auth_scheme=plain, userid, password, send_to (91 and ten
 *   digits), msg, msg_type (TEXT or UNICODE_TEXT), mask (the 6-letter DLT sender header), principalEntityId (the DLT
 *   entity id) and dltTemplateId (19 digits). Answered in the text format: `success | <number> | <message id>`, or
 *   `error | <number> | <code> | <reason>` for a refusal. A TEXT message with characters outside GSM-7 is refused, as
 *   a provider does; segments are counted (GSM-7 160/153, UCS-2 70/67).
 * - A delivery report for each message accepted, pushed to the portal's delivery-report URL as the provider's
 *   real-time DLR GET (externalId, deliveredTS, status, cause, phoneNo, errCode, noOfFrags, mask).
 * - GET /: a TEST MODE page with the numbers that got messages and the fault switch (POST /sandbox/fault:
 *   fault=none|down|refuse|undelivered, delay_ms); GET /messages?to=<number>: the messages a number got, newest first
 *   (the page a browser test reads a code from); GET /messages.json?to=<number>: the same as JSON.
 *
 * Its account, password, sender and entity are public TEST values: nothing it accepts reaches anyone. */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The TEST account the sandbox accepts (the portal's sandbox settings repeat them). */
export const SANDBOX_ACCOUNT = {
  userId: '2000100001',
  password: 'sandbox-test-password',
  sender: 'INDPRT',
  entityId: '1101000000000000001',
} as const;

export const SEND_PATH = '/GatewayAPI/rest';

/** How the sandbox behaves: honestly; down (HTTP 503, nothing taken); refusing every message; or taking messages
 * and reporting them undelivered. */
export type SmsFault = 'none' | 'down' | 'refuse' | 'undelivered';
const FAULTS: readonly SmsFault[] = ['none', 'down', 'refuse', 'undelivered'];
const FAULT_WORDS: Record<SmsFault, string> = {
  none: 'None: messages taken and delivered',
  down: 'Down: every request answered HTTP 503',
  refuse: 'Refuse: every message refused (error answer)',
  undelivered: 'Undelivered: taken, then reported undelivered',
};

export interface SandboxSms {
  id: string;
  to: string;
  text: string;
  unicode: boolean;
  segments: number;
  sender: string;
  entityId: string;
  dltTemplateId: string;
  receivedAt: string;
  delivery: 'pending' | 'delivered' | 'undelivered' | 'report_failed';
}

export interface SmsSandboxOptions {
  port?: number;
  host?: string;
  publicUrl?: string;
  /** Where delivery reports go: the portal's /api/sms/delivery-reports/<token>. None: no reports. */
  deliveryReportUrl?: string;
  /** Wait before a delivery report goes (ms). */
  reportDelayMs?: number;
  log?: (line: string) => void;
}

export interface SmsSandbox {
  url: string;
  sendUrl: string;
  setFault(fault: SmsFault, delayMs?: number): void;
  /** Messages to a number, newest first (every message without a number). */
  messages(to?: string): SandboxSms[];
  /** Where delivery reports go from now on. */
  reportTo(url: string | undefined): void;
  /** Every request the sandbox answered (accepted or not). */
  readonly requests: number;
  close(): Promise<void>;
}

const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

/** Septets of a GSM-7 text, or null when a character is outside the alphabet. */
function gsmSeptets(text: string): number | null {
  let septets = 0;
  for (const character of text) {
    if (GSM_BASIC.has(character)) septets += 1;
    else if (GSM_EXTENSION.has(character)) septets += 2;
    else return null;
  }
  return septets;
}

export function segmentsOf(text: string, unicode: boolean): number {
  if (unicode) return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
  const septets = gsmSeptets(text) ?? 0;
  return septets <= 160 ? 1 : Math.ceil(septets / 153);
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const TEST_BANNER =
  '<div role="note" style="background:#8a1c00;color:#fff;font:700 1.75rem/1.3 system-ui,sans-serif;padding:1rem;text-align:center;letter-spacing:.1em">TEST MODE: a sandbox SMS provider. No message reaches a phone.</div>';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} (TEST MODE)</title>
<style>body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}main{max-width:48rem;margin:2rem auto;padding:0 1rem}label{display:block;font-weight:700;margin:1rem 0 .25rem}select,input{font:inherit;padding:.5rem;border:2px solid #1a1a1a;border-radius:4px}button{font:inherit;padding:.6rem 1.4rem;margin:1rem 0 0;border:2px solid #0b5394;border-radius:4px;background:#0b5394;color:#fff;cursor:pointer;min-height:44px}button:focus-visible,select:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #b35c00;outline-offset:2px}a{color:#0b5394}ol{padding:0;list-style:none}li{border:1px solid #555;border-radius:4px;padding:.75rem;margin:.75rem 0}.text{font-size:1.1rem;overflow-wrap:anywhere}.meta{color:#333;font-size:.9rem}</style></head>
<body>${TEST_BANNER}<main>${body}</main></body></html>`;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 100_000) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A message id in the provider's shape: 19 digits, a dash and 10 more. */
function messageId(): string {
  const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(0, 10)).join('');
  return `${crypto.randomInt(1, 10)}${digits(18)}-${digits(10)}`;
}

export async function startSmsSandbox(options: SmsSandboxOptions = {}): Promise<SmsSandbox> {
  const log = options.log ?? ((line: string) => console.error(line));
  const reportDelayMs = options.reportDelayMs ?? 200;
  const sent: SandboxSms[] = [];
  let fault: SmsFault = 'none';
  let delayMs = 0;
  let requests = 0;
  let baseUrl = '';
  const timers = new Set<NodeJS.Timeout>();

  const send = (response: http.ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8') => {
    response.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    });
    response.end(body);
  };

  let reportUrl = options.deliveryReportUrl;

  async function report(message: SandboxSms, delivered: boolean): Promise<void> {
    if (!reportUrl) return;
    const url = new URL(reportUrl);
    const fields: Record<string, string> = {
      externalId: message.id,
      deliveredTS: String(Date.now()),
      status: delivered ? 'SUCCESS' : 'FAIL',
      cause: delivered ? 'SUCCESS' : 'ABSENT_SUBSCRIBER',
      phoneNo: message.to,
      errCode: delivered ? '000' : '027',
      noOfFrags: String(message.segments),
      mask: message.sender,
    };
    for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      message.delivery = answer.ok ? (delivered ? 'delivered' : 'undelivered') : 'report_failed';
      if (!answer.ok) log(`sandbox SMS provider: the delivery report was answered HTTP ${answer.status}`);
    } catch (error) {
      message.delivery = 'report_failed';
      log(`sandbox SMS provider: the delivery report could not be posted (${(error as Error).message})`);
    }
  }

  /** The provider's checks of a SendMessage request, in its order; null when it is acceptable. */
  function refusal(fields: URLSearchParams): { code: string; reason: string } | null {
    if ((fields.get('method') ?? '').toLowerCase() !== 'sendmessage')
      return { code: '101', reason: 'Method not supported' };
    if ((fields.get('auth_scheme') ?? 'plain').toLowerCase() !== 'plain')
      return { code: '102', reason: 'Only plain authentication is supported' };
    if (fields.get('userid') !== SANDBOX_ACCOUNT.userId || fields.get('password') !== SANDBOX_ACCOUNT.password)
      return { code: '105', reason: 'Authentication failed' };
    if (!/^91[6-9]\d{9}$/.test(fields.get('send_to') ?? '')) return { code: '175', reason: 'Invalid destination' };
    if (!fields.get('msg')) return { code: '174', reason: 'The message is empty' };
    const type = (fields.get('msg_type') ?? 'TEXT').toUpperCase();
    if (type !== 'TEXT' && type !== 'UNICODE_TEXT') return { code: '177', reason: 'Unknown msg_type' };
    if (type === 'TEXT' && gsmSeptets(fields.get('msg')!) === null)
      return { code: '178', reason: 'A TEXT message holds characters outside GSM-7: send it as UNICODE_TEXT' };
    if (fields.get('mask') !== SANDBOX_ACCOUNT.sender) return { code: '322', reason: 'Sender header not registered' };
    if (fields.get('principalEntityId') !== SANDBOX_ACCOUNT.entityId)
      return { code: '323', reason: 'DLT entity id not registered' };
    if (!/^\d{19}$/.test(fields.get('dltTemplateId') ?? '')) return { code: '324', reason: 'DLT template id invalid' };
    return null;
  }

  async function sendMessage(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    requests++;
    const body = request.method === 'POST' ? await readBody(request) : '';
    const fields = request.method === 'POST' ? new URLSearchParams(body) : url.searchParams;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (fault === 'down') return send(response, 503, 'Service unavailable', 'text/plain; charset=utf-8');
    const to = fields.get('send_to') ?? '';
    const refused = fault === 'refuse' ? { code: '999', reason: 'Refused (sandbox fault)' } : refusal(fields);
    if (refused) return send(response, 200, `error | ${to} | ${refused.code} | ${refused.reason}`, 'text/plain');
    const unicode = (fields.get('msg_type') ?? '').toUpperCase() === 'UNICODE_TEXT';
    const text = fields.get('msg')!;
    const message: SandboxSms = {
      id: messageId(),
      to,
      text,
      unicode,
      segments: segmentsOf(text, unicode),
      sender: fields.get('mask')!,
      entityId: fields.get('principalEntityId')!,
      dltTemplateId: fields.get('dltTemplateId')!,
      receivedAt: new Date().toISOString(),
      delivery: 'pending',
    };
    sent.push(message);
    const delivered = fault !== 'undelivered';
    const timer = setTimeout(() => {
      timers.delete(timer);
      void report(message, delivered);
    }, reportDelayMs);
    timers.add(timer);
    send(response, 200, `success | ${to} | ${message.id}`, 'text/plain');
  }

  const messagesTo = (to?: string) => sent.filter((message) => !to || message.to === to).reverse();
  const normal = (to: string | null) => {
    const digits = (to ?? '').replace(/\D/g, '');
    return digits.length === 10 ? `91${digits}` : digits;
  };

  function homePage(): string {
    const numbers = [...new Set(sent.map((message) => message.to))];
    const list = numbers.length
      ? `<ul>${numbers
          .map(
            (to) => `<li><a href="/messages?to=${to}">+${escapeHtml(to)}</a>: ${messagesTo(to).length} message(s)</li>`,
          )
          .join('')}</ul>`
      : '<p>No messages yet.</p>';
    const options = FAULTS.map(
      (value) =>
        `<option value="${value}"${value === fault ? ' selected' : ''}>${escapeHtml(FAULT_WORDS[value])}</option>`,
    ).join('');
    return page(
      'Sandbox SMS provider',
      `<h1>Sandbox SMS provider</h1><p>Speaks Gupshup Enterprise's SMS API with DLT fields at <code>${escapeHtml(baseUrl + SEND_PATH)}</code>.</p>
<h2>Numbers</h2>${list}
<h2>Behaviour</h2><form method="post" action="/sandbox/fault"><label for="fault">Fault</label><select id="fault" name="fault">${options}</select>
<label for="delay_ms">Delay before answering (ms)</label><input id="delay_ms" name="delay_ms" inputmode="numeric" value="${delayMs}">
<div><button type="submit">Save</button></div></form>`,
    );
  }

  function messagesPage(to: string): string {
    const list = messagesTo(to);
    const items = list
      .map(
        (message) =>
          `<li><p class="text" lang="${message.unicode ? 'und' : 'en'}">${escapeHtml(message.text)}</p><p class="meta">From ${escapeHtml(message.sender)} · template ${escapeHtml(message.dltTemplateId)} · ${message.unicode ? 'Unicode' : 'GSM-7'} · ${message.segments} segment(s) · ${escapeHtml(message.receivedAt)} · delivery ${message.delivery}</p></li>`,
      )
      .join('');
    return page(
      `Messages to +${to}`,
      `<h1>Messages to +${escapeHtml(to)}</h1><p><a href="/">All numbers</a></p>${list.length ? `<ol aria-label="Messages, newest first">${items}</ol>` : '<p>No messages to this number.</p>'}`,
    );
  }

  async function setFaultFromRequest(request: http.IncomingMessage, response: http.ServerResponse) {
    const fields = new URLSearchParams(await readBody(request));
    const next = fields.get('fault') as SmsFault | null;
    if (!next || !FAULTS.includes(next)) return send(response, 422, page('Unknown fault', '<h1>Unknown fault</h1>'));
    fault = next;
    const delay = Number(fields.get('delay_ms') ?? 0);
    delayMs = Number.isInteger(delay) && delay >= 0 && delay <= 120_000 ? delay : 0;
    response.writeHead(303, { location: '/' });
    response.end();
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const method = request.method ?? 'GET';
    const reading = method === 'GET' || method === 'HEAD';
    if (url.pathname === SEND_PATH && (reading || method === 'POST')) return sendMessage(request, response, url);
    if (url.pathname === '/' && reading) return send(response, 200, homePage());
    if (url.pathname === '/messages' && reading)
      return send(response, 200, messagesPage(normal(url.searchParams.get('to'))));
    if (url.pathname === '/messages.json' && reading) {
      const to = url.searchParams.get('to');
      return send(response, 200, JSON.stringify(messagesTo(to ? normal(to) : undefined)), 'application/json');
    }
    if (url.pathname === '/sandbox/fault' && method === 'POST') return setFaultFromRequest(request, response);
    send(response, 404, 'Not found', 'text/plain; charset=utf-8');
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      log(`sandbox SMS provider: ${error.message}`);
      if (!response.headersSent) send(response, 500, 'The sandbox failed', 'text/plain; charset=utf-8');
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = (options.publicUrl ?? `http://${host}:${address.port}`).replace(/\/+$/, '');
  return {
    url: baseUrl,
    sendUrl: `${baseUrl}${SEND_PATH}`,
    setFault(next, delay = 0) {
      if (!FAULTS.includes(next)) throw new Error(`Unknown SMS fault ${String(next)}`);
      fault = next;
      delayMs = delay;
    },
    messages: messagesTo,
    reportTo(url) {
      reportUrl = url;
    },
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
