/** The sandbox state single window: a small TEST MODE server speaking the single-window protocol of decision 036 as
 * the state's single window would, so the portal's real code (its intake, handoff, push and pull) runs unchanged
 * against it.
 *
 * - GET /: the CAFs filed here, each with its application number and the statuses the portal pushed, in order; the
 *   switches that make it down (every push answered 503) or slow (each push answered after a delay).
 * - GET /caf/new, POST /caf: an investor's short Common Application Form, sent to the portal's intake signed with the
 *   shared key (HMAC-SHA256 over timestamp, nonce, method, path and the body's SHA-256).
 * - GET /caf/{id}: the CAF's application number, a "continue on the corporation's portal" link carrying a fresh
 *   handoff token (HS256, 5 minutes, its own jti), and the pushed statuses.
 * - POST /api/department/status: the portal's pushes, believed only with the portal's signature, each nonce once;
 *   a repeated event is acknowledged and kept once.
 * - POST /sandbox/mode (form or JSON: down, slow_ms) and GET /sandbox/state (JSON): the switches and what it holds,
 *   for tests. GET /documents/sample-dpr.pdf: a sample DPR the form can attach by its URL and SHA-256.
 *
 * It imports nothing of the portal's: its protocol code is its own, as a real single window's would be. */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The fixed, public TEST credentials the portal's sandbox settings carry too. */
export const SANDBOX_CREDENTIALS = {
  clientId: 'sandbox-single-window',
  departmentId: 'sandbox-industrial-corporation',
  key: 'TEST-ONLY single window key: public, proves nothing',
} as const;

export const STATUS_PUSH_PATH = '/api/department/status';
export const INTAKE_PATH = '/api/single-window/v1/cafs';
const SIGNATURE_WINDOW_SECONDS = 300;
const HANDOFF_SECONDS = 300;

/** A small PDF the sandbox serves as a CAF's detailed project report. */
export const SAMPLE_DPR = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface SingleWindowSandboxOptions {
  /** 0 for any free port. */
  port?: number;
  host?: string;
  /** The address browsers and the portal reach the sandbox at (by default http://host:port). */
  publicUrl?: string;
  /** The portal's address: its intake for the CAF, its handoff page for the investor. */
  portalUrl: string;
  credentials?: { clientId: string; departmentId: string; key: string };
  log?: (line: string) => void;
}

export interface PushedStatus {
  event_id: string;
  sequence: number;
  status_code: string;
  status_at: string;
  reason: string | null;
  document_url: string | null;
}

export interface SandboxCaf {
  id: string;
  cafId: string;
  applicationNumber: string;
  applicationId: string | null;
  statuses: PushedStatus[];
}

export interface SingleWindowSandbox {
  url: string;
  setDown(down: boolean): void;
  setSlow(ms: number): void;
  /** The pushes answered 503 while down. */
  refusedWhileDown(): number;
  /** Every push acknowledged, a repeated event counted again. */
  pushesAcknowledged(): number;
  /** Files a CAF at the portal (as the form does); answers the portal's status and body. */
  fileCaf(caf: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }>;
  /** A fresh handoff token for the CAF (what the page's link carries). */
  handoffToken(cafId: string, options?: { expiresInSeconds?: number }): string;
  /** The portal's handoff address for the CAF, with a fresh token. */
  handoffUrl(cafId: string): string;
  /** Asks the portal's pull for the CAF's status. */
  pull(cafId: string): Promise<{ status: number; body: Record<string, unknown> }>;
  /** The statuses pushed for a CAF, in the order received. */
  statusesOf(cafId: string): PushedStatus[];
  close(): Promise<void>;
}

const sha256Hex = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

function signingString(timestamp: string, nonce: string, method: string, path: string, body: string): string {
  return [timestamp, nonce, method.toUpperCase(), path, sha256Hex(body)].join('\n');
}

/** The headers of a request signed with the shared key. */
export function signRequest(
  credentials: { clientId: string; key: string },
  method: string,
  path: string,
  body: string,
  options: { timestamp?: number; nonce?: string } = {},
): Record<string, string> {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? crypto.randomUUID();
  const signature = crypto
    .createHmac('sha256', credentials.key)
    .update(signingString(timestamp, nonce, method, path, body))
    .digest('base64');
  return {
    'x-sw-client-id': credentials.clientId,
    'x-sw-timestamp': timestamp,
    'x-sw-nonce': nonce,
    'x-sw-signature': signature,
  };
}

/** A handoff token: a JWT (HS256) naming the CAF (sub), for the portal (aud), from the single window (iss). */
export function makeHandoffToken(
  credentials: { clientId: string; departmentId: string; key: string },
  cafId: string,
  options: { issuedAt?: number; expiresInSeconds?: number; jti?: string } = {},
): string {
  const iat = options.issuedAt ?? Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      iss: credentials.clientId,
      aud: credentials.departmentId,
      sub: cafId,
      jti: options.jti ?? crypto.randomUUID(),
      iat,
      exp: iat + (options.expiresInSeconds ?? HANDOFF_SECONDS),
    }),
  );
  const signature = crypto.createHmac('sha256', credentials.key).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

const TEST_BANNER =
  '<div role="note" style="background:#8a1c00;color:#fff;font:700 1.75rem/1.3 system-ui,sans-serif;padding:1rem;text-align:center;letter-spacing:.1em">TEST MODE: a sandbox state single window. Nothing filed here is real.</div>';

function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} (TEST MODE)</title>
<style>body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}main{max-width:44rem;margin:2rem auto;padding:0 1rem}label{display:block;font-weight:700;margin:1rem 0 .25rem}input,textarea{font:inherit;padding:.5rem;border:2px solid #1a1a1a;border-radius:4px;width:100%;max-width:28rem;box-sizing:border-box}input[type=checkbox]{width:auto;min-width:24px;min-height:24px}.check{display:flex;gap:.5rem;align-items:center;font-weight:400}.error{color:#b00020;font-weight:700}.summary{border:4px solid #b00020;padding:1rem;margin:1rem 0}button,.button{display:inline-block;font:inherit;padding:.6rem 1.4rem;margin:1rem .5rem 0 0;border:2px solid #1a1a1a;border-radius:4px;background:#fff;color:#1a1a1a;cursor:pointer;min-height:44px;text-decoration:none;box-sizing:border-box}button.primary,.button.primary{background:#0b5394;border-color:#0b5394;color:#fff}button:focus-visible,input:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid #b35c00;outline-offset:2px}a{color:#0b5394}table{border-collapse:collapse;width:100%}th,td{text-align:left;border-bottom:1px solid #767676;padding:.4rem}.scroll{overflow-x:auto}</style></head>
<body>${TEST_BANNER}<main>${body}</main></body></html>`;
}

async function readBody(request: http.IncomingMessage, limit = 1_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The fields of the short form, and what the CAF is made of them. */
const FORM_FIELDS = [
  { name: 'full_name', label: 'Investor name' },
  { name: 'email', label: 'Email (verified by the single window)', type: 'email' },
  { name: 'mobile', label: 'Mobile number' },
  { name: 'organization_name', label: 'Name of the unit' },
  { name: 'pan_number', label: 'PAN of the unit' },
  { name: 'park', label: 'Industrial park wanted' },
  { name: 'plot_code', label: 'Plot code (optional: leave empty to choose on the portal)', optional: true },
  { name: 'estimated_investment', label: 'Investment (₹)', inputmode: 'decimal' },
  { name: 'employment_generation', label: 'Employment (people)', inputmode: 'numeric' },
] as const;

type FormValues = Record<(typeof FORM_FIELDS)[number]['name'] | 'description' | 'attach_dpr', string>;

export async function startSingleWindowSandbox(options: SingleWindowSandboxOptions): Promise<SingleWindowSandbox> {
  const log = options.log ?? ((line: string) => console.error(line));
  const credentials = options.credentials ?? SANDBOX_CREDENTIALS;
  const portalUrl = options.portalUrl.replace(/\/+$/, '');
  const cafs = new Map<string, SandboxCaf>();
  const seenNonces = new Map<string, number>();
  let down = false;
  let slowMs = 0;
  let refused = 0;
  let acknowledged = 0;
  let baseUrl = '';

  const send = (response: http.ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8') => {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(body);
  };
  const json = (response: http.ServerResponse, status: number, body: unknown) =>
    send(response, status, JSON.stringify(body), 'application/json');
  const redirect = (response: http.ServerResponse, location: string) => {
    response.writeHead(303, { location });
    response.end();
  };

  async function callPortal(method: string, path: string, body = '') {
    const response = await fetch(`${portalUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...signRequest(credentials, method, path, body) },
      body: method === 'GET' ? undefined : body,
    });
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { detail: text };
    }
    return { status: response.status, body: parsed };
  }

  async function fileCaf(caf: Record<string, unknown>) {
    const result = await callPortal('POST', INTAKE_PATH, JSON.stringify(caf));
    if (result.status === 200 || result.status === 201) {
      const cafId = String(result.body.caf_id);
      const known = [...cafs.values()].find((entry) => entry.cafId === cafId);
      if (!known) {
        const id = crypto.randomUUID();
        cafs.set(id, {
          id,
          cafId,
          applicationNumber: String(result.body.application_number),
          applicationId: (result.body.application_id as string | null) ?? null,
          statuses: [],
        });
      }
    }
    return result;
  }

  const handoffToken = (cafId: string, tokenOptions: { expiresInSeconds?: number } = {}) =>
    makeHandoffToken(credentials, cafId, tokenOptions);
  const handoffUrl = (cafId: string) =>
    `${portalUrl}/single-window/handoff?caf=${encodeURIComponent(cafId)}&token=${encodeURIComponent(handoffToken(cafId))}`;

  function cafOf(cafId: string): SandboxCaf | undefined {
    return [...cafs.values()].find((entry) => entry.cafId === cafId);
  }

  function statusList(caf: SandboxCaf): string {
    if (caf.statuses.length === 0) return '<p>No status pushed yet.</p>';
    return `<ol aria-label="Statuses pushed for ${escapeHtml(caf.cafId)}">${caf.statuses
      .map(
        (status) =>
          `<li data-status="${escapeHtml(status.status_code)}">${escapeHtml(status.status_code.replace(/_/g, ' '))} <small>(${escapeHtml(status.status_at)})</small>${status.reason ? `: ${escapeHtml(status.reason)}` : ''}${status.document_url ? ` <a href="${escapeHtml(status.document_url)}">document</a>` : ''}</li>`,
      )
      .join('')}</ol>`;
  }

  function homePage(): string {
    const rows = [...cafs.values()]
      .map(
        (caf) =>
          `<tr><td><a href="/caf/${caf.id}">${escapeHtml(caf.cafId)}</a></td><td>${escapeHtml(caf.applicationNumber)}</td><td>${escapeHtml(caf.statuses.map((status) => status.status_code.replace(/_/g, ' ')).join(', ') || 'none')}</td></tr>`,
      )
      .join('');
    return page(
      'Sandbox single window',
      `<h1>Sandbox state single window</h1>
<p>Investors file one Common Application Form here; the corporation's portal takes it, and pushes each status back.</p>
<p><a class="button primary" href="/caf/new">File a Common Application Form</a></p>
<h2>Forms filed</h2>
${rows ? `<div class="scroll" role="region" aria-label="Forms filed" tabindex="0"><table><thead><tr><th scope="col">CAF id</th><th scope="col">Application number</th><th scope="col">Statuses pushed</th></tr></thead><tbody>${rows}</tbody></table></div>` : '<p>None yet.</p>'}
<h2>How the single window answers pushes</h2>
<form method="post" action="/sandbox/mode">
<label class="check"><input type="checkbox" name="down" value="true"${down ? ' checked' : ''}> Down: answer every push with 503</label>
<label for="slow_ms">Slow: wait this many milliseconds before answering</label>
<input id="slow_ms" name="slow_ms" inputmode="numeric" value="${slowMs}">
<button type="submit">Save how it answers</button>
</form>
<p>Now: ${down ? '<strong>down</strong>' : 'up'}${slowMs ? `, answering after ${slowMs} ms` : ''}. Pushes refused while down: ${refused}.</p>`,
    );
  }

  function formPage(values: Partial<FormValues> = {}, errors: Record<string, string> = {}, failure = ''): string {
    const summary = Object.keys(errors).length
      ? `<div class="summary" role="alert" tabindex="-1" id="error-summary"><h2>There is a problem</h2><ul>${Object.entries(
          errors,
        )
          .map(([name, message]) => `<li><a href="#${name}">${escapeHtml(message)}</a></li>`)
          .join('')}</ul></div>`
      : '';
    const fields = FORM_FIELDS.map((field) => {
      const error = errors[field.name];
      return `<label for="${field.name}">${escapeHtml(field.label)}</label>${error ? `<p class="error" id="${field.name}-error">${escapeHtml(error)}</p>` : ''}<input id="${field.name}" name="${field.name}" type="${'type' in field ? field.type : 'text'}"${'inputmode' in field ? ` inputmode="${field.inputmode}"` : ''} value="${escapeHtml(values[field.name] ?? '')}"${error ? ` aria-invalid="true" aria-describedby="${field.name}-error"` : ''}>`;
    }).join('\n');
    return page(
      'File a Common Application Form',
      `<h1>Common Application Form: land allotment</h1>${summary}${failure ? `<p class="error" role="alert">${escapeHtml(failure)}</p>` : ''}
<form method="post" action="/caf" novalidate>
${fields}
<label for="description">Project</label><textarea id="description" name="description" rows="3">${escapeHtml(values.description ?? '')}</textarea>
<label class="check"><input type="checkbox" name="attach_dpr" value="yes"${values.attach_dpr === '' ? '' : ' checked'}> Attach the sample detailed project report</label>
<button class="primary" type="submit">Send to the corporation</button>
</form>
<p><a href="/">Back to the single window</a></p>`,
    );
  }

  function cafFromForm(values: FormValues): { caf?: Record<string, unknown>; errors: Record<string, string> } {
    const errors: Record<string, string> = {};
    for (const field of FORM_FIELDS) {
      if (!('optional' in field) && !values[field.name]?.trim())
        errors[field.name] = `Enter the ${field.label.toLowerCase()}`;
    }
    if (!values.description?.trim()) errors.description = 'Describe the project';
    if (Object.keys(errors).length) return { errors };
    const caf = {
      caf_id: `CAF-${new Date().getFullYear()}-${crypto.randomInt(100000, 999999)}`,
      investor: {
        full_name: values.full_name.trim(),
        email: values.email.trim(),
        email_verified: true,
        ...(values.mobile.trim() && { mobile: values.mobile.trim() }),
      },
      unit: {
        organization_name: values.organization_name.trim(),
        pan_number: values.pan_number.trim(),
        category: 'general',
        constitution: 'proprietorship',
        address: '1 Industrial Estate Road',
        city: 'Hyderabad',
        state: 'Telangana',
        pincode: '500001',
        bank_name: 'State Bank of India',
        bank_account: '12345678901',
        bank_ifsc: 'SBIN0001234',
      },
      project: {
        description: values.description.trim(),
        estimated_investment: Number(values.estimated_investment),
        employment_generation: Number(values.employment_generation),
      },
      land: { park: values.park.trim(), ...(values.plot_code.trim() && { plot_code: values.plot_code.trim() }) },
      documents:
        values.attach_dpr === 'yes'
          ? [
              {
                document_type: 'dpr',
                file_name: 'detailed-project-report.pdf',
                url: `${baseUrl}/documents/sample-dpr.pdf`,
                sha256: sha256Hex(SAMPLE_DPR),
              },
            ]
          : [],
    };
    return { caf, errors };
  }

  function cafPage(caf: SandboxCaf): string {
    return page(
      `CAF ${caf.cafId}`,
      `<h1>Common Application Form ${escapeHtml(caf.cafId)}</h1>
<dl><dt>The corporation's application number</dt><dd data-testid="application-number">${escapeHtml(caf.applicationNumber)}</dd></dl>
<p><a class="button primary" href="${escapeHtml(handoffUrl(caf.cafId))}">Continue on the corporation's portal</a></p>
<h2>Statuses from the corporation</h2>
${statusList(caf)}
<p><a href="/caf/${caf.id}">Refresh</a> · <a href="/">Back to the single window</a></p>`,
    );
  }

  /** The portal's push: its signature, timestamp and nonce checked, then kept once per event. */
  async function takePush(request: http.IncomingMessage, response: http.ServerResponse) {
    const body = await readBody(request);
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : '';
    };
    const timestamp = header('x-sw-timestamp');
    const nonce = header('x-sw-nonce');
    const expected = crypto
      .createHmac('sha256', credentials.key)
      .update(signingString(timestamp, nonce, 'POST', STATUS_PUSH_PATH, body))
      .digest('base64');
    const given = Buffer.from(header('x-sw-signature'));
    const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= SIGNATURE_WINDOW_SECONDS;
    if (
      header('x-sw-client-id') !== credentials.departmentId ||
      !fresh ||
      !nonce ||
      given.length !== Buffer.byteLength(expected) ||
      !crypto.timingSafeEqual(given, Buffer.from(expected)) ||
      seenNonces.has(nonce)
    ) {
      return json(response, 401, { error: 'signature_refused' });
    }
    seenNonces.set(nonce, Date.now());
    for (const [seen, at] of seenNonces)
      if (Date.now() - at > 2 * SIGNATURE_WINDOW_SECONDS * 1000) seenNonces.delete(seen);
    if (slowMs > 0) await new Promise((resolve) => setTimeout(resolve, slowMs));
    if (down) {
      refused += 1;
      return json(response, 503, { error: 'down' });
    }
    let push: PushedStatus & { caf_id: string };
    try {
      push = JSON.parse(body) as PushedStatus & { caf_id: string };
    } catch {
      return json(response, 400, { error: 'not_json' });
    }
    const caf = cafOf(push.caf_id);
    if (!caf) return json(response, 404, { error: 'unknown_caf' });
    if (!caf.statuses.some((status) => status.event_id === push.event_id)) {
      caf.statuses.push({
        event_id: push.event_id,
        sequence: push.sequence,
        status_code: push.status_code,
        status_at: push.status_at,
        reason: push.reason,
        document_url: push.document_url,
      });
    }
    acknowledged += 1;
    return json(response, 200, { acknowledged: true, event_id: push.event_id });
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    if (path === STATUS_PUSH_PATH && request.method === 'POST') return takePush(request, response);
    if (path === '/' && request.method === 'GET') return send(response, 200, homePage());
    if (path === '/documents/sample-dpr.pdf' && request.method === 'GET') {
      return send(response, 200, SAMPLE_DPR as unknown as string, 'application/pdf');
    }
    if (path === '/caf/new' && request.method === 'GET') return send(response, 200, formPage());
    if (path === '/caf' && request.method === 'POST') {
      const values = Object.fromEntries(new URLSearchParams(await readBody(request))) as FormValues;
      values.attach_dpr ??= '';
      const { caf, errors } = cafFromForm(values);
      if (!caf) return send(response, 422, formPage(values, errors));
      let result;
      try {
        result = await fileCaf(caf);
      } catch {
        return send(response, 502, formPage(values, {}, "The corporation's portal did not answer. Try again."));
      }
      if (result.status !== 200 && result.status !== 201) {
        return send(
          response,
          422,
          formPage(values, {}, `The corporation refused the form: ${String(result.body.detail ?? result.status)}`),
        );
      }
      return redirect(response, `/caf/${cafOf(String(result.body.caf_id))!.id}`);
    }
    const cafMatch = /^\/caf\/([0-9a-f-]{36})$/.exec(path);
    if (cafMatch && request.method === 'GET') {
      const caf = cafs.get(cafMatch[1]!);
      return caf ? send(response, 200, cafPage(caf)) : send(response, 404, page('Not found', '<h1>Not found</h1>'));
    }
    if (path === '/sandbox/mode' && request.method === 'POST') {
      const raw = await readBody(request);
      const isJson = (request.headers['content-type'] ?? '').includes('json');
      const values = isJson
        ? (JSON.parse(raw || '{}') as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(raw));
      down = values.down === true || values.down === 'true';
      const slow = Number(values.slow_ms ?? 0);
      slowMs = Number.isFinite(slow) && slow > 0 ? Math.min(slow, 60_000) : 0;
      return isJson ? json(response, 200, { down, slow_ms: slowMs }) : redirect(response, '/');
    }
    if (path === '/sandbox/state' && request.method === 'GET') {
      return json(response, 200, { down, slow_ms: slowMs, refused, cafs: [...cafs.values()] });
    }
    send(response, 404, page('Not found', '<h1>Not found</h1><p><a href="/">Back to the single window</a></p>'));
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      log(`sandbox single window: ${error.message}`);
      if (!response.headersSent) send(response, 500, 'The sandbox failed', 'text/plain; charset=utf-8');
      else response.end();
    });
  });
  await new Promise<void>((resolve) => {
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = (options.publicUrl ?? `http://${host}:${address.port}`).replace(/\/+$/, '');
  return {
    url: baseUrl,
    setDown: (value) => {
      down = value;
    },
    setSlow: (ms) => {
      slowMs = ms;
    },
    refusedWhileDown: () => refused,
    pushesAcknowledged: () => acknowledged,
    fileCaf,
    handoffToken,
    handoffUrl,
    pull: (cafId) => callPortal('GET', `${INTAKE_PATH}/${encodeURIComponent(cafId)}/status`),
    statusesOf: (cafId) => [...(cafOf(cafId)?.statuses ?? [])],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
