/** The sandbox eSign Service Provider: a small TEST MODE server speaking the CCA's eSign API (version 2.1) as an ESP
 * does, so the portal's real Application Service Provider code (its signed request, the check of the ESP's signed
 * response, the PKCS#7 put into the PDF) runs unchanged against it, without Aadhaar or a licensed CA.
 *
 * - POST /esign/2.1/signdoc: the browser posts the ASP's signed request (form field eSignRequest, the Esign XML). A
 *   request whose signature does not verify with the ASP's TEST certificate, or that is not a version 2.1 request for
 *   one SHA-256 InputHash with a PKCS#7 answer, is answered with an error response; otherwise a fake Aadhaar OTP page.
 * - POST /esign/2.1/otp: what that page posts. OTP 123456 signs: a certificate for the name given, issued by the TEST
 *   CA, a detached CMS SignedData over the InputHash, and the ESP-signed EsignResp posted by the browser to the
 *   request's responseUrl (form field eSignResponse). Any other OTP is refused on the page; Cancel answers an error.
 * - GET /: a TEST MODE page with the fault switch (POST /sandbox/fault: fault=none|bad_signature|other_txn|
 *   other_hash, so a portal's refusals can be seen); GET /ca.pem: the TEST CA, the trust anchor of what it signs.
 *
 * Its keys are public (test-keys.ts): a signature it makes proves nothing about anyone. */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { certificateBase64, detachedSignedData, issueSignerCertificate } from './signer';
import { SANDBOX_ASP_CERT_PEM, SANDBOX_CA_CERT_PEM, SANDBOX_ESP_CERT_PEM, SANDBOX_ESP_KEY_PEM } from './test-keys';
import { parseXml, signEnveloped, verifyEnveloped } from './xml-signature';

export { SANDBOX_ASP_CERT_PEM, SANDBOX_CA_CERT_PEM, SANDBOX_ESP_CERT_PEM } from './test-keys';

/** The form fields of the two posts, as ESPs name them. */
export const ESIGN_REQUEST_FIELD = 'eSignRequest';
export const ESIGN_RESPONSE_FIELD = 'eSignResponse';
/** The OTP the fake Aadhaar page accepts, and the test Aadhaar number it offers. */
export const SANDBOX_OTP = '123456';
export const SANDBOX_AADHAAR_NUMBER = '999999990019';
/** Where the sandbox takes requests, under its address. */
export const SIGNDOC_PATH = '/esign/2.1/signdoc';

/** The error codes of the sandbox's error responses (errCode). */
export const SANDBOX_ERRORS = {
  requestSignature: { code: 'ESP-101', message: "The request's signature does not verify with the ASP's certificate" },
  requestMalformed: { code: 'ESP-102', message: 'The request is not an eSign 2.1 request for one SHA-256 hash' },
  cancelled: { code: 'ESP-201', message: 'The signer cancelled' },
} as const;

/** How the sandbox answers, for tests of the ASP's checks: honestly; with a response signed by another key; with a
 * response for another transaction; or with a PKCS#7 over another hash than the one asked for. */
export type EsignFault = 'none' | 'bad_signature' | 'other_txn' | 'other_hash';
const FAULTS: readonly EsignFault[] = ['none', 'bad_signature', 'other_txn', 'other_hash'];
const FAULT_WORDS: Record<EsignFault, string> = {
  none: 'None: honest responses',
  bad_signature: 'Bad signature: responses signed with another key',
  other_txn: 'Other transaction: responses for another txn',
  other_hash: 'Other hash: a PKCS#7 over another hash',
};

export interface EsignSandboxOptions {
  /** 0 for any free port. */
  port?: number;
  host?: string;
  /** The address browsers reach the sandbox at (by default http://host:port). */
  publicUrl?: string;
  /** The sandbox's clock, for its timestamps, certificates and signing times. */
  now?: () => Date;
  /** Where problems are told. */
  log?: (line: string) => void;
  /** The certificate of the ASP whose requests it takes: by default the portal's TEST ASP certificate. */
  aspCertPem?: string;
}

export interface EsignSandbox {
  url: string;
  /** Where the ASP's request is posted: url + SIGNDOC_PATH. */
  signdocUrl: string;
  setFault(fault: EsignFault): void;
  close(): Promise<void>;
}

/** A request accepted and waiting for its OTP. */
interface PendingSigning {
  txn: string;
  aspId: string;
  /** Lower-case hex SHA-256: the InputHash. */
  hash: string;
  docInfo: string;
  responseUrl: string;
  expiresAt: number;
}

const PENDING_FOR_MS = 30 * 60 * 1000;

const TEST_BANNER =
  '<div role="note" style="background:#8a1c00;color:#fff;font:700 1.75rem/1.3 system-ui,sans-serif;padding:1rem;text-align:center;letter-spacing:.1em">TEST MODE: a sandbox eSign provider. Nothing it signs proves who anyone is.</div>';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const escapeXml = escapeHtml;

function page(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} (TEST MODE)</title>
<style>body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}main{max-width:40rem;margin:2rem auto;padding:0 1rem}label{display:block;font-weight:700;margin:1rem 0 .25rem}.hint{color:#444;margin:0 0 .25rem}input{font:inherit;padding:.5rem;border:2px solid #1a1a1a;border-radius:4px;width:100%;max-width:20rem;box-sizing:border-box}input[aria-invalid="true"]{border-color:#b00020}.error{color:#b00020;font-weight:700;margin:.25rem 0}.summary{border:4px solid #b00020;padding:1rem;margin:1rem 0}code,dd{overflow-wrap:anywhere;font-family:ui-monospace,monospace}dt{font-weight:700}dd{margin:0 0 .6rem}button{font:inherit;padding:.6rem 1.4rem;margin:1rem .5rem 0 0;border:2px solid #1a1a1a;border-radius:4px;background:#fff;color:#1a1a1a;cursor:pointer;min-height:44px}button.primary{background:#0b5394;border-color:#0b5394;color:#fff}button[aria-pressed="true"]{background:#0b5394;border-color:#0b5394;color:#fff}button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #b35c00;outline-offset:2px}a{color:#0b5394}</style></head>
<body>${TEST_BANNER}<main>${body}</main>${script}</body></html>`;
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

/** The eSign API's timestamps: Indian Standard Time, without a zone, to the second. */
export function esignTimestamp(date: Date): string {
  return new Date(date.getTime() + 330 * 60 * 1000).toISOString().slice(0, 19);
}

/** The XML of a form field: as it was posted, or base64 of it (some ASPs encode it). */
export function xmlOfField(value: string | null): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('<')) return trimmed;
  const decoded = Buffer.from(trimmed, 'base64').toString('utf8').trim();
  return decoded.startsWith('<') ? decoded : null;
}

export async function startEsignSandbox(options: EsignSandboxOptions = {}): Promise<EsignSandbox> {
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => new Date());
  const aspCertPem = options.aspCertPem ?? SANDBOX_ASP_CERT_PEM;
  const pending = new Map<string, PendingSigning>();
  let fault: EsignFault = 'none';
  let baseUrl = '';
  // The key the bad_signature fault signs with: made once, never published.
  let forger: { keyPem: string } | undefined;

  const send = (
    response: http.ServerResponse,
    status: number,
    body: string,
    type = 'text/html; charset=utf-8',
    headers: http.OutgoingHttpHeaders = {},
  ) => {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
    response.end(body);
  };
  const notAllowed = (response: http.ServerResponse, allow: string) =>
    send(response, 405, 'Method not allowed', 'text/plain; charset=utf-8', { allow });

  function signResponse(xml: string): string {
    if (fault !== 'bad_signature') return signEnveloped(xml, SANDBOX_ESP_KEY_PEM, SANDBOX_ESP_CERT_PEM);
    forger ??= {
      keyPem: crypto
        .generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    };
    return signEnveloped(xml, forger.keyPem, SANDBOX_ESP_CERT_PEM);
  }

  function responseXml(
    txn: string,
    body: { status: '1'; certificate: string; signature: string } | { status: '0'; errCode: string; errMsg: string },
  ) {
    const attributes = [
      'ver="2.1"',
      `status="${body.status}"`,
      `ts="${esignTimestamp(now())}"`,
      `txn="${escapeXml(fault === 'other_txn' ? crypto.randomUUID() : txn)}"`,
      `resCode="${crypto.randomUUID()}"`,
      body.status === '1' ? 'errCode="NA" errMsg="NA"' : `errCode="${body.errCode}" errMsg="${escapeXml(body.errMsg)}"`,
    ].join(' ');
    const content =
      body.status === '1'
        ? `<UserX509Certificate>${body.certificate}</UserX509Certificate><Signatures><DocSignature id="1" sigHashAlgorithm="SHA256" error="">${body.signature}</DocSignature></Signatures>`
        : '';
    return signResponse(`<?xml version="1.0" encoding="UTF-8"?><EsignResp ${attributes}>${content}</EsignResp>`);
  }

  /** The page that posts the ESP's response back to the ASP, as the browser's next step. */
  function postBack(response: http.ServerResponse, responseUrl: string, xml: string, heading: string) {
    send(
      response,
      200,
      page(
        heading,
        `<h1>${escapeHtml(heading)}</h1><form id="back" method="post" action="${escapeHtml(responseUrl)}"><input type="hidden" name="${ESIGN_RESPONSE_FIELD}" value="${escapeHtml(xml)}"><p>Returning you to the service that asked for the signature.</p><button class="primary" type="submit">Return to the service</button></form>`,
        '<script>document.getElementById("back").submit()</script>',
      ),
    );
  }

  function otpPage(
    signingId: string,
    signing: PendingSigning,
    values: { aadhaar: string; name: string },
    errors: { aadhaar?: string; name?: string; otp?: string } = {},
  ) {
    const listed = Object.entries(errors).filter(([, message]) => message);
    const field = (id: 'aadhaar' | 'name' | 'otp', label: string, hint: string, attributes: string, value: string) => {
      const error = errors[id];
      const described = [`${id}-hint`, ...(error ? [`${id}-error`] : [])].join(' ');
      return `<label for="${id}">${escapeHtml(label)}</label><p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>${
        error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''
      }<input id="${id}" name="${id}" ${attributes} value="${escapeHtml(value)}" aria-describedby="${described}"${
        error ? ' aria-invalid="true"' : ''
      }>`;
    };
    return page(
      'Sign with Aadhaar eSign',
      `<h1>Sign with Aadhaar eSign</h1>
${
  listed.length
    ? `<div class="summary" role="alert" tabindex="-1"><h2>There is a problem</h2><ul>${listed
        .map(([id, message]) => `<li><a href="#${id}">${escapeHtml(message!)}</a></li>`)
        .join('')}</ul></div>`
    : ''
}
<p>${escapeHtml(signing.aspId)} asks you to sign this document:</p>
<dl><dt>Document</dt><dd>${escapeHtml(signing.docInfo)}</dd><dt>Its SHA-256</dt><dd>${escapeHtml(signing.hash)}</dd></dl>
<form method="post" action="${baseUrl}/esign/2.1/otp" novalidate>
<input type="hidden" name="signing" value="${escapeHtml(signingId)}">
${field('aadhaar', 'Aadhaar number', '12 digits. A test number is filled in.', 'inputmode="numeric" autocomplete="off" maxlength="14"', values.aadhaar)}
${field('name', 'Name as in Aadhaar', 'The name the signature certificate is issued to.', 'autocomplete="name" maxlength="100"', values.name)}
${field('otp', 'One-time password', `Sent to the mobile number linked with the Aadhaar number (TEST MODE: it is ${SANDBOX_OTP}).`, 'inputmode="numeric" autocomplete="one-time-code" maxlength="6"', '')}
<button class="primary" type="submit" name="action" value="sign">Sign the document</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
      listed.length ? '<script>document.querySelector(".summary").focus()</script>' : '',
    );
  }

  async function signdoc(request: http.IncomingMessage, response: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const xml = xmlOfField(form.get(ESIGN_REQUEST_FIELD));
    const root = xml ? parseXml(xml)?.documentElement : undefined;
    const responseUrl = root?.localName === 'Esign' ? root.getAttribute('responseUrl') : null;
    if (!xml || !root || !responseUrl || !/^https?:\/\//.test(responseUrl) || !URL.canParse(responseUrl)) {
      return send(
        response,
        400,
        page(
          'Request not read',
          '<h1>The request could not be read</h1><p>No eSign request with a responseUrl was posted.</p>',
        ),
      );
    }
    const txn = root.getAttribute('txn') ?? '';
    const covered = verifyEnveloped(xml, aspCertPem, 'Esign');
    if (!covered) {
      const { code, message } = SANDBOX_ERRORS.requestSignature;
      return postBack(
        response,
        responseUrl,
        responseXml(txn, { status: '0', errCode: code, errMsg: message }),
        'Request refused',
      );
    }
    const hashes = Array.from(covered.getElementsByTagName('InputHash'));
    const hash = hashes[0]?.textContent?.trim().toLowerCase() ?? '';
    const wellFormed =
      covered.getAttribute('ver') === '2.1' &&
      covered.getAttribute('responseSigType') === 'pkcs7' &&
      covered.getAttribute('responseUrl') === responseUrl &&
      hashes.length === 1 &&
      hashes[0]!.getAttribute('hashAlgorithm') === 'SHA256' &&
      /^[0-9a-f]{64}$/.test(hash) &&
      Boolean(covered.getAttribute('txn'));
    if (!wellFormed) {
      const { code, message } = SANDBOX_ERRORS.requestMalformed;
      return postBack(
        response,
        responseUrl,
        responseXml(txn, { status: '0', errCode: code, errMsg: message }),
        'Request refused',
      );
    }
    const signingId = crypto.randomBytes(16).toString('hex');
    const signing: PendingSigning = {
      txn: covered.getAttribute('txn')!,
      aspId: covered.getAttribute('aspId') ?? '',
      hash,
      docInfo: hashes[0]!.getAttribute('docInfo') ?? '',
      responseUrl,
      expiresAt: now().getTime() + PENDING_FOR_MS,
    };
    pending.set(signingId, signing);
    send(response, 200, otpPage(signingId, signing, { aadhaar: SANDBOX_AADHAAR_NUMBER, name: '' }));
  }

  async function otp(request: http.IncomingMessage, response: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const signingId = form.get('signing') ?? '';
    const signing = pending.get(signingId);
    if (!signing || signing.expiresAt < now().getTime()) {
      pending.delete(signingId);
      return send(
        response,
        410,
        page(
          'Signing expired',
          '<h1>This signing has expired or was finished</h1><p>Start again from the service.</p>',
        ),
      );
    }
    if (form.get('action') === 'cancel') {
      pending.delete(signingId);
      const { code, message } = SANDBOX_ERRORS.cancelled;
      return postBack(
        response,
        signing.responseUrl,
        responseXml(signing.txn, { status: '0', errCode: code, errMsg: message }),
        'Signing cancelled',
      );
    }
    const aadhaar = (form.get('aadhaar') ?? '').replace(/\s+/g, '');
    const name = (form.get('name') ?? '').trim();
    const errors = {
      aadhaar: /^\d{12}$/.test(aadhaar) ? undefined : 'Enter the 12-digit Aadhaar number',
      name: name && name.length <= 100 ? undefined : 'Enter the name as in Aadhaar',
      otp: form.get('otp')?.trim() === SANDBOX_OTP ? undefined : 'The one-time password is not right',
    };
    if (errors.aadhaar || errors.name || errors.otp) {
      return send(response, 200, otpPage(signingId, signing, { aadhaar, name }, errors));
    }
    pending.delete(signingId);
    const signedAt = now();
    const signer = issueSignerCertificate(name, signedAt);
    const digest = Buffer.from(signing.hash, 'hex');
    const signed = fault === 'other_hash' ? crypto.createHash('sha256').update(digest).digest() : digest;
    const signature = detachedSignedData(signed, signer, signedAt).toString('base64');
    postBack(
      response,
      signing.responseUrl,
      responseXml(signing.txn, { status: '1', certificate: certificateBase64(signer.certificate), signature }),
      'Document signed',
    );
  }

  function homePage(): string {
    const buttons = FAULTS.map(
      (value) =>
        `<button type="submit" name="fault" value="${value}" aria-pressed="${value === fault}">${escapeHtml(FAULT_WORDS[value])}</button>`,
    ).join('\n');
    return page(
      'Sandbox eSign provider',
      `<h1>Sandbox eSign Service Provider</h1>
<p>Speaks the CCA's eSign API, version 2.1: an ASP's browser posts its signed request to <code>${escapeHtml(baseUrl + SIGNDOC_PATH)}</code> (form field ${ESIGN_REQUEST_FIELD}); after a fake Aadhaar OTP (${SANDBOX_OTP}) the signed response goes back to the request's responseUrl (form field ${ESIGN_RESPONSE_FIELD}).</p>
<p>Its keys are written in its source. The certificate authority of its signatures: <a href="/ca.pem">ca.pem</a>.</p>
<h2>Error codes</h2>
<dl>${Object.values(SANDBOX_ERRORS)
        .map(({ code, message }) => `<dt>${code}</dt><dd>${escapeHtml(message)}</dd>`)
        .join('')}</dl>
<h2>Fault</h2>
<form method="post" action="/sandbox/fault">
<fieldset><legend>How the provider answers (now: ${fault})</legend>
${buttons}
</fieldset>
</form>`,
    );
  }

  async function setFaultFromRequest(request: http.IncomingMessage, response: http.ServerResponse) {
    const requested = new URLSearchParams(await readBody(request)).get('fault');
    if (!FAULTS.includes(requested as EsignFault)) {
      return send(response, 400, `fault must be one of ${FAULTS.join(', ')}`, 'text/plain; charset=utf-8');
    }
    fault = requested as EsignFault;
    send(response, 303, '', 'text/plain; charset=utf-8', { location: '/' });
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const { pathname } = new URL(request.url ?? '/', 'http://sandbox');
    const method = request.method ?? 'GET';
    const reading = method === 'GET' || method === 'HEAD';
    for (const [id, signing] of pending) if (signing.expiresAt < now().getTime()) pending.delete(id);

    if (pathname === '/') return reading ? send(response, 200, homePage()) : notAllowed(response, 'GET, HEAD');
    if (pathname === '/ca.pem') {
      return reading
        ? send(response, 200, SANDBOX_CA_CERT_PEM, 'application/x-pem-file')
        : notAllowed(response, 'GET, HEAD');
    }
    if (pathname === SIGNDOC_PATH) return method === 'POST' ? signdoc(request, response) : notAllowed(response, 'POST');
    if (pathname === '/esign/2.1/otp') return method === 'POST' ? otp(request, response) : notAllowed(response, 'POST');
    if (pathname === '/sandbox/fault') {
      return method === 'POST' ? setFaultFromRequest(request, response) : notAllowed(response, 'POST');
    }
    send(response, 404, 'Not found', 'text/plain; charset=utf-8');
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      log(`sandbox eSign provider: ${error.message}`);
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
    signdocUrl: `${baseUrl}${SIGNDOC_PATH}`,
    setFault(next: EsignFault) {
      if (!FAULTS.includes(next)) throw new Error(`Unknown eSign fault ${String(next)}`);
      fault = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
