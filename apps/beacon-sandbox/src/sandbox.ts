/** The sandbox randomness beacon: a small TEST MODE server speaking drand's public HTTP API with a chain of its own, on
 * drand's "quicknet" scheme (bls-unchained-g1-rfc9380), so the portal's real beacon code (drand-client, the signature
 * check) runs unchanged against it, without the internet.
 *
 * - GET /info, GET /{chainhash}/info: the chain info. GET /chains: [chainhash].
 * - GET /public/latest, GET /public/{round}, and the same under /{chainhash}/: a round that is due by the sandbox's
 *   clock; a future round is 404, as on drand's relays.
 * - GET /: a TEST MODE page with the chain, the latest round and a fault switch; POST /sandbox/fault: what its buttons
 *   post (fault=none|down|forged), so the portal's handling of a beacon that is down or lies can be seen.
 *
 * Its key is public: anyone who reads this file can compute every round, past and future. It guards nothing. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bls12_381 } from '@noble/curves/bls12-381';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils';

/** The fixed, public TEST key of the sandbox chain: sha256('portal sandbox beacon: TEST MODE, guards nothing') reduced
 * modulo the order of BLS12-381's scalar field (the hash itself is above it). */
export const SANDBOX_BEACON_SECRET_KEY = '1156eb204d29b48045c93e4aae084a438da610a95cd9033f68656e9c149227e8';
export const SANDBOX_BEACON_PERIOD_SECONDS = 3;
/** 2026-01-01T00:00:00Z, in epoch seconds: round 1. */
export const SANDBOX_BEACON_GENESIS_TIME = 1767225600;
export const SANDBOX_BEACON_ID = 'portal-sandbox';
export const SANDBOX_BEACON_SCHEME = 'bls-unchained-g1-rfc9380';
/** The key the `forged` fault signs with: sha256("portal sandbox beacon: a forger's key, TEST MODE"). */
const FORGER_SECRET_KEY = '47fa2a99adb8e760161eecb76bd0c8c8f841b680cfb2331a03072d364d552ded';

/** drand's ChainInfo, as /info answers it. */
export interface BeaconChainInfo {
  /** Hex, the public key on G2 (96 bytes). */
  public_key: string;
  /** Seconds between rounds. */
  period: number;
  /** Epoch seconds of round 1. */
  genesis_time: number;
  hash: string;
  groupHash: string;
  schemeID: string;
  metadata: { beaconID: string };
}

/** One round, as /public/{round} answers it. */
export interface BeaconRound {
  round: number;
  /** Hex, sha256 of the signature. */
  randomness: string;
  /** Hex, the signature on G1 (48 bytes). */
  signature: string;
}

export interface ChainOptions {
  /** Hex, 32 bytes. */
  secretKey?: string;
  periodSeconds?: number;
  /** Epoch seconds. */
  genesisTime?: number;
}

/** The default chain's info, written out so the portal's config can repeat it (sandboxChainInfo() computes the same;
 * a test holds them together). */
export const SANDBOX_BEACON_CHAIN: BeaconChainInfo = {
  public_key:
    '83dbdddee19cd50765dc369fb0cb63bda5d1dcf6325e91adeda0af10f420a427c3f1b9f1b5d9eca39b1295f9488840ef06292b885fdfe77de246f770295cc3cbcafc43ecc8488cb88d1b702515195553721eb8e8356ac6c94aa80adeb3b7baa9',
  period: SANDBOX_BEACON_PERIOD_SECONDS,
  genesis_time: SANDBOX_BEACON_GENESIS_TIME,
  hash: 'ee480784770af99c149cac38ea3f1b1c1412727af99f5a982fff8069388bed6d',
  groupHash: '0f13d83cfe624f9a7c895b89de614477975d329dcd2392939755689572eba85c',
  schemeID: SANDBOX_BEACON_SCHEME,
  metadata: { beaconID: SANDBOX_BEACON_ID },
};

function uint32be(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

function uint64be(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value));
  return bytes;
}

/** The chain info of a sandbox chain. drand derives its chain hash from its group file; the sandbox has none, so its
 * own definition is: hash = sha256(public key bytes || uint32_be(period) || uint64_be(genesis_time) || UTF-8 scheme id
 * || UTF-8 beacon id), and groupHash = sha256(public key bytes). */
export function sandboxChainInfo(options: ChainOptions = {}): BeaconChainInfo {
  const period = options.periodSeconds ?? SANDBOX_BEACON_PERIOD_SECONDS;
  const genesisTime = options.genesisTime ?? SANDBOX_BEACON_GENESIS_TIME;
  if (!Number.isInteger(period) || period < 1 || period > 0xffffffff)
    throw new Error(`Invalid beacon period ${period}`);
  if (!Number.isSafeInteger(genesisTime) || genesisTime < 0)
    throw new Error(`Invalid beacon genesis time ${genesisTime}`);
  const publicKey = bls12_381.getPublicKeyForShortSignatures(options.secretKey ?? SANDBOX_BEACON_SECRET_KEY);
  const hash = sha256(
    concatBytes(
      publicKey,
      uint32be(period),
      uint64be(genesisTime),
      utf8ToBytes(SANDBOX_BEACON_SCHEME),
      utf8ToBytes(SANDBOX_BEACON_ID),
    ),
  );
  return {
    public_key: bytesToHex(publicKey),
    period,
    genesis_time: genesisTime,
    hash: bytesToHex(hash),
    groupHash: bytesToHex(sha256(publicKey)),
    schemeID: SANDBOX_BEACON_SCHEME,
    metadata: { beaconID: SANDBOX_BEACON_ID },
  };
}

/** Round `round` as the chain of `secretKey` makes it: the signature of sha256(uint64_be(round)), and its sha256. */
export function signRound(round: number, secretKey: string = SANDBOX_BEACON_SECRET_KEY): BeaconRound {
  if (!Number.isSafeInteger(round) || round < 1) throw new Error(`Invalid beacon round ${round}`);
  const signature = bls12_381.signShortSignature(sha256(uint64be(round)), secretKey);
  return { round, randomness: bytesToHex(sha256(signature)), signature: bytesToHex(signature) };
}

/** The round due at `timeMs` (epoch milliseconds), as drand counts: round 1 at genesis, one more every period; 0
 * before genesis. */
export function roundAt(timeMs: number, info: Pick<BeaconChainInfo, 'period' | 'genesis_time'>): number {
  if (!Number.isFinite(timeMs)) throw new Error('Invalid beacon time');
  if (timeMs < info.genesis_time * 1000) return 0;
  return Math.floor((timeMs / 1000 - info.genesis_time) / info.period) + 1;
}

/** When `round` is due, in epoch milliseconds (as drand-client's roundTime). */
export function roundTime(info: Pick<BeaconChainInfo, 'period' | 'genesis_time'>, round: number): number {
  return (info.genesis_time + (round - 1) * info.period) * 1000;
}

export type BeaconFault = 'none' | 'down' | 'forged';
const FAULTS: readonly BeaconFault[] = ['none', 'down', 'forged'];

export interface BeaconSandboxOptions extends ChainOptions {
  /** 0 for any free port. */
  port?: number;
  host?: string;
  /** The sandbox's clock, epoch milliseconds; by default Date.now, or the portal's clock when portalUrl is set. */
  now?: () => number;
  /** The portal's address: unless `now` is given, the sandbox follows the portal's clock (which a test or a demo admin
   * may move forward), read from the X-Portal-Time header of its /api/health. */
  portalUrl?: string;
  /** Where problems are told (the portal's clock unreadable). */
  log?: (line: string) => void;
}

export interface BeaconSandbox {
  url: string;
  info: BeaconChainInfo;
  setFault(fault: BeaconFault): void;
  close(): Promise<void>;
}

const TEST_BANNER =
  '<div role="note" style="background:#8a1c00;color:#fff;font:700 1.75rem/1.3 system-ui,sans-serif;padding:1rem;text-align:center;letter-spacing:.1em">TEST MODE: a sandbox beacon. Anyone who reads its source can predict every round.</div>';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} (TEST MODE)</title>
<style>body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}main{max-width:48rem;margin:2rem auto;padding:0 1rem}dt{font-weight:700}dd{margin:0 0 .6rem;overflow-wrap:anywhere;font-family:ui-monospace,monospace}button{font:inherit;padding:.6rem 1.4rem;margin:.5rem .5rem 0 0;border:2px solid #1a1a1a;border-radius:4px;background:#fff;color:#1a1a1a;cursor:pointer}button[aria-pressed="true"]{background:#0b5394;border-color:#0b5394;color:#fff}button:focus-visible,a:focus-visible{outline:3px solid #b35c00;outline-offset:2px}</style></head>
<body>${TEST_BANNER}<main>${body}</main></body></html>`;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 10_000) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A clock that follows the portal's: its offset from ours, read at most once a second, or at once when `fresh` is
 * asked (a round that looks in the future may have come with a move of the portal's clock a moment ago); the last one
 * is kept while the portal cannot be reached. */
function portalClock(portalUrl: string, log: (line: string) => void): (fresh?: boolean) => Promise<number> {
  const healthUrl = `${portalUrl.replace(/\/$/, '')}/api/health`;
  let offsetMs = 0;
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;
  let reachable = true;
  const read = async () => {
    const sent = Date.now();
    try {
      const answer = await fetch(healthUrl, { signal: AbortSignal.timeout(2000) });
      await answer.body?.cancel();
      const portalTime = Date.parse(answer.headers.get('x-portal-time') ?? '');
      if (Number.isNaN(portalTime)) throw new Error(`no X-Portal-Time header (status ${answer.status})`);
      // The portal read its clock somewhere between sending and receiving: halfway is the best guess.
      offsetMs = portalTime - (sent + Date.now()) / 2;
      reachable = true;
    } catch (error) {
      if (reachable)
        log(`sandbox beacon: the portal's clock at ${healthUrl} was not read: ${(error as Error).message}`);
      reachable = false;
    }
  };
  return async (fresh = false) => {
    if (fresh || Date.now() - readAt >= 1000) {
      readAt = Date.now();
      reading ??= read().finally(() => (reading = null));
    }
    if (reading) await reading;
    return Date.now() + offsetMs;
  };
}

export async function startBeaconSandbox(options: BeaconSandboxOptions = {}): Promise<BeaconSandbox> {
  const info = sandboxChainInfo(options);
  const secretKey = options.secretKey ?? SANDBOX_BEACON_SECRET_KEY;
  const log = options.log ?? ((line: string) => console.error(line));
  const injectedNow = options.now;
  const now: (fresh?: boolean) => Promise<number> = injectedNow
    ? async () => injectedNow()
    : options.portalUrl
      ? portalClock(options.portalUrl, log)
      : async () => Date.now();
  let fault: BeaconFault = 'none';

  const send = (
    response: http.ServerResponse,
    status: number,
    body: string,
    type = 'application/json; charset=utf-8',
    headers: http.OutgoingHttpHeaders = {},
  ) => {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
    response.end(body);
  };
  const json = (response: http.ServerResponse, status: number, value: unknown) =>
    send(response, status, JSON.stringify(value));
  const html = (response: http.ServerResponse, status: number, body: string) =>
    send(response, status, body, 'text/html; charset=utf-8');
  const notAllowed = (response: http.ServerResponse, allow: string) =>
    send(response, 405, JSON.stringify({ error: 'method not allowed' }), undefined, { allow });

  function answerRound(response: http.ServerResponse, round: number) {
    json(response, 200, signRound(round, fault === 'forged' ? FORGER_SECRET_KEY : secretKey));
  }

  async function homePage(): Promise<string> {
    const time = await now();
    const latest = roundAt(time, info);
    const rows: [string, string][] = [
      ['Scheme', info.schemeID],
      ['Beacon id', info.metadata.beaconID],
      ['Chain hash', info.hash],
      ['Public key', info.public_key],
      ['Period', `${info.period} s`],
      ['Genesis', new Date(info.genesis_time * 1000).toISOString()],
      ['Sandbox time', new Date(time).toISOString()],
      [
        'Latest round',
        latest >= 1 ? `${latest}, made at ${new Date(roundTime(info, latest)).toISOString()}` : 'none yet',
      ],
    ];
    const buttons = FAULTS.map(
      (value) =>
        `<button type="submit" name="fault" value="${value}" aria-pressed="${value === fault}">${
          { none: 'None: honest rounds', down: 'Down: answer 503', forged: 'Forged: rounds signed with another key' }[
            value
          ]
        }</button>`,
    ).join('\n');
    return page(
      'Sandbox beacon',
      `<h1>Sandbox randomness beacon</h1>
<p>Speaks drand's HTTP API (<a href="/info">/info</a>, <a href="/public/latest">/public/latest</a>, /public/{round}) with a key written in its source: its rounds guard nothing.</p>
<h2>Chain</h2>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<h2>Fault</h2>
<form method="post" action="/sandbox/fault">
<fieldset><legend>How the beacon answers (now: ${fault})</legend>
${buttons}
</fieldset>
</form>`,
    );
  }

  async function setFaultFromRequest(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const body = await readBody(request);
    let requested: unknown;
    if ((request.headers['content-type'] ?? '').includes('application/json')) {
      try {
        requested = (JSON.parse(body) as { fault?: unknown } | null)?.fault;
      } catch {
        return json(response, 400, { error: 'the body is not JSON' });
      }
    } else {
      requested = new URLSearchParams(body).get('fault');
    }
    if (!FAULTS.includes(requested as BeaconFault)) {
      return json(response, 400, { error: `fault must be one of ${FAULTS.join(', ')}` });
    }
    fault = requested as BeaconFault;
    send(response, 303, '', 'text/plain; charset=utf-8', { location: '/' });
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const method = request.method ?? 'GET';
    const reading = method === 'GET' || method === 'HEAD';

    if (url.pathname === '/') {
      return reading ? html(response, 200, await homePage()) : notAllowed(response, 'GET, HEAD');
    }
    if (url.pathname === '/sandbox/fault') {
      return method === 'POST' ? setFaultFromRequest(request, response) : notAllowed(response, 'POST');
    }

    let parts = url.pathname.split('/').filter(Boolean);
    const beaconPath =
      (parts.length === 1 && (parts[0] === 'chains' || parts[0] === 'info')) ||
      (parts.length === 2 && parts[0] === 'public') ||
      (parts.length >= 2 && /^[0-9a-f]{64}$/.test(parts[0]!));
    if (!beaconPath) return json(response, 404, { error: 'not found' });
    if (!reading) return notAllowed(response, 'GET, HEAD');
    if (fault === 'down') return json(response, 503, { error: 'the sandbox beacon is down (TEST MODE fault)' });

    if (parts.length === 1 && parts[0] === 'chains') return json(response, 200, [info.hash]);
    if (/^[0-9a-f]{64}$/.test(parts[0]!)) {
      if (parts[0] !== info.hash) return json(response, 404, { error: 'unknown chain hash' });
      parts = parts.slice(1);
    }
    if (parts.length === 1 && parts[0] === 'info') return json(response, 200, info);
    if (parts.length !== 2 || parts[0] !== 'public') return json(response, 404, { error: 'not found' });

    const latest = roundAt(await now(), info);
    if (parts[1] === 'latest') {
      return latest >= 1 ? answerRound(response, latest) : json(response, 404, { error: 'no beacon yet' });
    }
    const round = /^\d{1,15}$/.test(parts[1]!) ? Number(parts[1]) : NaN;
    if (!(round >= 1)) return json(response, 400, { error: 'invalid round' });
    if (round > latest && round > roundAt(await now(true), info)) {
      return json(response, 404, { error: 'requested future beacon' });
    }
    return answerRound(response, round);
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      log(`sandbox beacon: ${error.message}`);
      if (!response.headersSent) json(response, 500, { error: 'the sandbox failed' });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    info,
    setFault(next: BeaconFault) {
      if (!FAULTS.includes(next)) throw new Error(`Unknown beacon fault ${String(next)}`);
      fault = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
