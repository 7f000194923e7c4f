/** Fuzzing from the request schemas: thousands of seeded, repeatable requests across every operation that reads a
 * body, a query string or a path parameter, each one valid request spoiled in one way (wrong types, missing and extra
 * fields, huge, empty and control-character strings, extreme numbers, impossible dates, bad UUIDs, bad JSON, wrong
 * content types). No answer may be a 5xx, and every 4xx must be the shared error body: JSON with a `detail` and a
 * declared `code`. A failure names the request's number, so the same seed replays it. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@portal/contract';
import { createTestContext, multipart, SAMPLE_FILES, TEST_DB_KIND, type TestContext } from '../test/harness';
import {
  buildWorld,
  exampleBody,
  exampleQuery,
  key,
  pathFor,
  readOperations,
  type Operation,
  type World,
} from './fixtures';
import { mulberry32, type Random } from './random';

const SEED = 0x5ec0de;
const REQUESTS = 5_200;

const HUGE = 'x'.repeat(100_000);
const NASTY_STRINGS = [
  '',
  ' ',
  HUGE,
  'a\u0000b',
  '\u0000',
  '\u0001\u0007\u001b[31m\u007f',
  'line\r\nbreak',
  '\uFFFF\uFFFE',
  '\uD800',
  '😀'.repeat(50),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '0000-01-01',
  '2026-02-30',
  '99999-01-01',
  '2026-13-01',
  '-0001-01-01',
  '2026-02-29T25:61:61Z',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '1e308',
  '-1',
  'NaN',
  'Infinity',
  'true',
  'null',
  '{}',
  '[]',
];
const NASTY_NUMBERS = [1e308, -1e308, -1, 0, -0, 0.5, 2 ** 53 + 2, -(2 ** 63), 5e-324];

function deep(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}
const NASTY_OTHERS: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2, 3],
  { $ne: null },
  ['a', 'b'],
  deep(200),
  Array.from({ length: 2000 }, () => 'x'),
];

function nastyValue(random: Random): unknown {
  const pick = random.int(10);
  if (pick < 6) return random.pick(NASTY_STRINGS);
  if (pick < 8) return random.pick(NASTY_NUMBERS);
  return random.pick(NASTY_OTHERS);
}

/** Strings for a query string or a path segment (already strings there). */
function nastyText(random: Random): string {
  const value = nastyValue(random);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const BAD_JSON = ['{', '{"a":', '[', 'nul', '{"a":1}}', '\u0000', '{"a":"\u0000', '{"__proto__":{"x":1}}', '"str"'];
const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=nothing',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'image/png',
];

interface FuzzRequest {
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  /** What was spoiled, for the failure list. */
  how: string;
}

function spoilBody(op: Operation, base: Record<string, unknown>, random: Random): Omit<FuzzRequest, 'method' | 'url'> {
  const properties = Object.keys((op.jsonBody?.properties ?? {}) as Record<string, unknown>);
  const required = (op.jsonBody?.required ?? []) as string[];
  const json = (value: unknown, how: string) => ({
    payload: JSON.stringify(value),
    headers: { 'content-type': 'application/json' },
    how,
  });
  const strategy = random.int(10);
  if (strategy <= 2 && properties.length) {
    const field = random.pick(properties);
    return json({ ...base, [field]: nastyValue(random) }, `body.${field} spoiled`);
  }
  if (strategy === 3 && properties.length) {
    const body: Record<string, unknown> = { ...base };
    for (let count = 0; count < 3; count++) body[random.pick(properties)] = nastyValue(random);
    return json(body, 'three fields spoiled');
  }
  if (strategy === 4 && required.length) {
    const field = random.pick(required);
    const { [field]: _dropped, ...rest } = base;
    return json(rest, `body.${field} missing`);
  }
  if (strategy === 5) {
    const field = random.pick(['extra', '__proto__', 'constructor', 'id', 'role', 'status', 'x'.repeat(1000)]);
    return {
      payload: `{${Object.entries(base)
        .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`)
        .concat(`${JSON.stringify(field)}:${JSON.stringify(nastyValue(random))}`)
        .join(',')}}`,
      headers: { 'content-type': 'application/json' },
      how: `extra field ${field.slice(0, 20)}`,
    };
  }
  if (strategy === 6) return json(random.pick([null, [], 'a string', 42, true, [base]]), 'whole body replaced');
  if (strategy === 7) {
    const raw = random.pick([...BAD_JSON, '']);
    return { payload: raw, headers: { 'content-type': 'application/json' }, how: `bad JSON ${JSON.stringify(raw)}` };
  }
  if (strategy === 8) {
    const type = random.pick(WRONG_TYPES);
    return { payload: JSON.stringify(base), headers: { 'content-type': type }, how: `content type ${type}` };
  }
  // Every field spoiled at once.
  const body: Record<string, unknown> = {};
  for (const field of properties) body[field] = nastyValue(random);
  return json(body, 'every field spoiled');
}

function spoilUpload(random: Random): Omit<FuzzRequest, 'method' | 'url'> {
  const strategy = random.int(6);
  if (strategy === 0) {
    const form = multipart({ document_type: nastyText(random) }, { name: 'a.pdf', bytes: SAMPLE_FILES.pdf() });
    return { ...form, how: 'multipart with a spoiled field' };
  }
  if (strategy === 1) {
    const name = random.pick(['a.exe', '', '\u0000.pdf', '../../x.pdf', HUGE.slice(0, 5000) + '.pdf']);
    const bytes = random.pick([SAMPLE_FILES.exe(), Buffer.alloc(0), SAMPLE_FILES.png(), Buffer.from(HUGE)]);
    return { ...multipart({ document_type: 'dpr' }, { name, bytes }), how: 'multipart with a bad file' };
  }
  if (strategy === 2) return { ...multipart({ document_type: 'dpr' }), how: 'multipart without a file' };
  if (strategy === 3)
    return {
      payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=y' },
      how: 'broken multipart',
    };
  if (strategy === 4) {
    const csv = random.pick([HUGE, 'asset_code\n\u0000\n', 'a,b,c\n"unclosed', '\uFEFF,,,,\n,,,,', '']);
    return { payload: csv, headers: { 'content-type': 'text/csv' }, how: 'CSV body' };
  }
  const type = random.pick(WRONG_TYPES);
  return { payload: random.pick(BAD_JSON), headers: { 'content-type': type }, how: `upload as ${type}` };
}

/** Percent-encodes text; a lone surrogate, which has no UTF-8, becomes the bytes of one (invalid UTF-8). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
}

function spoilQuery(op: Operation, random: Random): { query: string; how: string } {
  const names = [...op.query.map((param) => param.name), 'limit', 'cursor', 'sort', 'unknown'];
  const strategy = random.int(4);
  const name = random.pick(names);
  const value = nastyText(random);
  if (strategy === 0) return { query: `${name}=${encode(value)}&${name}=b`, how: `query ${name} twice` };
  if (strategy === 1) return { query: `${name}=${value.slice(0, 200)}`, how: `query ${name} raw` }; // unencoded
  if (strategy === 2) return { query: `${name}[]=${encode(value)}`, how: `query ${name}[]` };
  return { query: `${name}=${encode(value)}`, how: `query ${name}` };
}

function spoilPath(op: Operation, url: string, random: Random): { url: string; how: string } {
  const param = random.pick(op.pathParams);
  const values = [
    nastyText(random),
    crypto.randomUUID(),
    'not-a-uuid',
    '%00',
    '%2e%2e%2f%2e%2e%2f',
    'x'.repeat(5000),
    crypto.randomUUID().toUpperCase(),
    '-1',
  ];
  const raw = random.pick(values);
  const encoded = raw === '%00' || raw.startsWith('%2e') ? raw : encode(raw);
  // Put the spoiled value where the real one stood in the operation's path.
  const segments = op.path.split('/');
  const real = url.split('?')[0]!.split('/');
  const at = segments.indexOf(`{${param}}`);
  real[at] = encoded;
  return { url: real.join('/') + (url.includes('?') ? url.slice(url.indexOf('?')) : ''), how: `path ${param}` };
}

function fuzzRequest(op: Operation, world: World, random: Random): FuzzRequest {
  let url = pathFor(op, world) + exampleQuery(op);
  const hows: string[] = [];
  const example = exampleBody(op, world);
  let body: Omit<FuzzRequest, 'method' | 'url'> = example
    ? {
        payload:
          typeof example.payload === 'string' || Buffer.isBuffer(example.payload)
            ? example.payload
            : JSON.stringify(example.payload),
        headers: example.headers ?? { 'content-type': 'application/json' },
        how: '',
      }
    : { headers: {}, how: '' };
  const targets: ('body' | 'query' | 'path')[] = [];
  if (op.jsonBody || op.consumes.length) targets.push('body');
  if (op.query.length || op.method === 'GET') targets.push('query');
  if (op.pathParams.length) targets.push('path');
  const target = random.pick(targets);
  if (target === 'body') {
    body = op.jsonBody
      ? spoilBody(op, (example?.payload ?? {}) as Record<string, unknown>, random)
      : spoilUpload(random);
    hows.push(body.how);
  } else if (target === 'query') {
    const spoiled = spoilQuery(op, random);
    url += `${url.includes('?') ? '&' : '?'}${spoiled.query}`;
    hows.push(spoiled.how);
  } else {
    const spoiled = spoilPath(op, url, random);
    url = spoiled.url;
    hows.push(spoiled.how);
  }
  return { method: op.method, url, payload: body.payload, headers: body.headers, how: hows.join(', ') };
}

describe(`fuzzing from the request schemas (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await buildWorld(ctx);
    operations = (await readOperations(ctx)).filter(
      // Signing out would end the shared admin's or entrepreneur's session and turn the rest of the run into 401s.
      (op) =>
        (op.jsonBody || op.consumes.length || op.query.length || op.pathParams.length) &&
        key(op) !== 'POST /api/auth/logout',
    );
  });
  afterAll(() => ctx.close());

  it.each([
    ['POST /api/applications/{id}/documents', 'entrepreneur'],
    ['POST /api/allotments/{id}/lease-deed', 'entrepreneur'],
    ['POST /api/assets/import', 'admin'],
  ] as const)('%s answers a multipart body it cannot read with 400, not 500', async (route, role) => {
    const op = operations.find((candidate) => key(candidate) === route)!;
    for (const contentType of ['multipart/form-data; boundary=y', 'multipart/form-data']) {
      const response = await ctx.request(world.tokens[role], {
        method: 'POST',
        url: pathFor(op, world),
        payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'bad_request', detail: expect.stringMatching(/multipart/) });
    }
  });

  it(`answers ${REQUESTS} spoiled requests (seed ${SEED}) without a 5xx, every 4xx in the error shape`, async () => {
    expect(operations.length).toBeGreaterThan(30);
    const random = mulberry32(SEED);
    const codes = new Set<string>(ERROR_CODES);
    const offenders: string[] = [];
    const answered: Record<string, number> = {};
    const started = performance.now();
    for (let index = 0; index < REQUESTS; index++) {
      const op = random.pick(operations);
      const who = random.int(20);
      const token = who < 9 ? world.tokens.admin : who < 18 ? world.tokens.entrepreneur : null;
      const request = fuzzRequest(op, world, random);
      const response = await ctx.request(token, {
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      const status = response.statusCode;
      answered[`${Math.floor(status / 100)}xx`] = (answered[`${Math.floor(status / 100)}xx`] ?? 0) + 1;
      // No payment gateway runs in this world: a gateway order is answered with the documented 503
      // gateway_unavailable (nothing stored; the gateway module's tests pay through a real sandbox).
      const gatewayAway =
        status === 503 && errorShapeProblem(response, codes) === null && response.json().code === 'gateway_unavailable';
      const problem =
        status >= 500 && !gatewayAway
          ? 'a 5xx'
          : status >= 400 && !gatewayAway
            ? errorShapeProblem(response, codes)
            : null;
      if (problem) {
        offenders.push(
          `#${index} ${key(op)} as ${token === null ? 'anonymous' : who < 9 ? 'admin' : 'entrepreneur'} ` +
            `(${request.how}) -> ${status} ${problem}: ${response.body.slice(0, 200)}`,
        );
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz (${TEST_DB_KIND}, seed ${SEED}): ${REQUESTS} requests over ${operations.length} operations in ` +
        `${seconds} s; answers ${JSON.stringify(answered)}; ${offenders.length} unexpected`,
    );
    expect(offenders).toEqual([]);
  }, 180_000);
});

function errorShapeProblem(
  response: { headers: Record<string, unknown>; body: string },
  codes: Set<string>,
): string | null {
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return 'not JSON';
  let body: { detail?: unknown; code?: unknown };
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'unreadable JSON';
  }
  if (typeof body.detail !== 'string' || body.detail.length === 0) return 'no detail';
  if (typeof body.code !== 'string' || !codes.has(body.code)) return 'no declared code';
  return null;
}
