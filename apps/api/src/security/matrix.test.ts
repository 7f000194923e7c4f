/** The authorization matrix: every operation the server answers, called by nobody, by each demo role and (for a
 * record an entrepreneur owns) by another entrepreneur, and compared with the table written by hand in
 * expected-access.ts, not with the route guards, the contract's permission table or the OpenAPI x-roles (which are
 * read from those guards, so a guard naming the wrong permission would agree with itself). A 'no' cell must be
 * refused with 403, a stranger to the owner's record with 404, nobody with 401 unless the route is public; a 'yes'
 * or 'own' cell must never be refused (401, 403) nor told 404 for a record that exists. No cell may answer 5xx. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@portal/contract';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/seed';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import {
  EXPECTED_ACCESS,
  GATEWAY_SIGNED_ROUTES,
  NOT_IN_WORLD,
  REFERENCE_ROUTES,
  ROLE_COLUMNS,
  type Cell,
  type Row,
} from './expected-access';
import {
  buildWorld,
  exampleBody,
  exampleQuery,
  isOwnedRecordRoute,
  key,
  pathFor,
  readOperations,
  type Operation,
  type World,
} from './fixtures';

/** Operations that end the caller's session: each caller signs in afresh for them, so the shared tokens live on. */
const ENDS_SESSION = new Set(['POST /api/auth/logout']);

/** Operations whose example body names a record of the owner (an invoice, an application). */
const BODY_NAMES_OWNED_RECORD = new Set([
  'POST /api/payments',
  'POST /api/service-requests',
  'POST /api/challans',
  'POST /api/payments/orders',
]);

type Caller = Role | 'anonymous' | 'other-entrepreneur';

/** Every route the server answers, as `METHOD /path/{param}`, read from Fastify's own route tree (not from the
 * OpenAPI document, which a route can leave). HEAD is the automatic twin of GET. */
function servedRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes = new Set<string>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const joined = stack.join('');
    const path = (joined.length > 1 ? joined.replace(/\/$/, '') : joined).replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.add(`${method} ${path}`);
    }
  }
  return [...routes].filter(
    (route) =>
      route.split(' ')[1]!.startsWith('/api/') && !REFERENCE_ROUTES.test(route) && !GATEWAY_SIGNED_ROUTES.test(route),
  );
}

function rowOf(op: Operation): Row {
  const row = EXPECTED_ACCESS[key(op)];
  if (!row) throw new Error(`${key(op)} has no row in expected-access.ts`);
  return row;
}

function cellOf(row: Exclude<Row, 'public'>, caller: Role | 'other-entrepreneur'): Cell {
  return row[ROLE_COLUMNS.indexOf(caller === 'other-entrepreneur' ? 'entrepreneur' : caller)]!;
}

/** Whether the operation names a record of the demo entrepreneur (in its path or its example body). */
const namesOwnedRecord = (op: Operation) => isOwnedRecordRoute(op) || BODY_NAMES_OWNED_RECORD.has(key(op));

/** What a cell must answer: an exact status, or an allowed caller's answer. */
function expectation(row: Row, caller: Caller): { exactly: number; why: string } | 'allowed' {
  if (row === 'public') return 'allowed';
  if (caller === 'anonymous') return { exactly: 401, why: 'not signed in' };
  const cell = cellOf(row, caller);
  if (cell === 'no') return { exactly: 403, why: 'the table says no' };
  // The stranger is called only where the operation names the owner's record.
  if (caller === 'other-entrepreneur' && cell === 'own') return { exactly: 404, why: "another entrepreneur's record" };
  return 'allowed';
}

/** Who calls an operation, refused callers first so an allowed caller's change cannot hide a refusal. */
function callersOf(op: Operation, row: Row): Caller[] {
  if (row === 'public') return ['anonymous', ...ROLE_COLUMNS];
  const stranger = namesOwnedRecord(op) ? ['other-entrepreneur' as const] : [];
  const refused = ROLE_COLUMNS.filter((role) => cellOf(row, role) === 'no');
  const allowed = ROLE_COLUMNS.filter((role) => cellOf(row, role) !== 'no');
  return ['anonymous', ...stranger, ...refused, ...allowed];
}

describe(`authorization matrix against the hand-written table (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await buildWorld(ctx);
    operations = await readOperations(ctx);
  });
  afterAll(() => ctx.close());

  /** A new session of the role's demo user, apart from the one in world.tokens. */
  async function freshToken(role: Role): Promise<string> {
    const email = DEMO_USERS.find((user) => user.role === role)!.email;
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: email, password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return login.json().access_token;
  }

  it('has a column for every role of the contract', () => {
    expect([...ROLES].sort()).toEqual([...ROLE_COLUMNS].sort());
  });

  it('has a row for every route the server answers and the API document lists, and none for a route that is gone', () => {
    const listed = Object.keys(EXPECTED_ACCESS);
    const served = servedRoutes(ctx.app);
    const documented = operations.map(key);
    const missing = (routes: string[]) => routes.filter((route) => !listed.includes(route)).sort();
    expect({
      servedButNotInTable: missing(served),
      documentedButNotInTable: missing(documented),
      inTableButNotServed: listed.filter((route) => !served.includes(route)).sort(),
      inTableButNotDocumented: listed.filter((route) => !documented.includes(route)).sort(),
    }).toEqual({
      servedButNotInTable: [],
      documentedButNotInTable: [],
      inTableButNotServed: [],
      inTableButNotDocumented: [],
    });
  });

  // About 650 requests in a row: on a loaded two-core machine this takes longer than one request's test.
  it('answers every operation, caller by caller, as the table says', { timeout: 180_000 }, async () => {
    // Reads first, then changes: a change made by an allowed caller must not turn a later read into a 404.
    const ordered = [
      ...operations.filter((op) => op.method === 'GET'),
      ...operations.filter((op) => op.method !== 'GET'),
    ].filter((op) => key(op) in EXPECTED_ACCESS);
    const offenders: string[] = [];
    let cells = 0;
    const answered: Record<string, number> = {};
    for (const op of ordered) {
      const row = rowOf(op);
      for (const caller of callersOf(op, row)) {
        const token =
          caller === 'anonymous'
            ? null
            : caller === 'other-entrepreneur'
              ? world.other.token
              : ENDS_SESSION.has(key(op))
                ? await freshToken(caller)
                : world.tokens[caller];
        const body = exampleBody(op, world);
        const response = await ctx.request(token, {
          method: op.method as 'GET',
          url: pathFor(op, world) + exampleQuery(op),
          ...(body?.payload !== undefined ? { payload: body.payload as string } : {}),
          headers: body?.headers ?? {},
        });
        cells++;
        const status = response.statusCode;
        answered[status] = (answered[status] ?? 0) + 1;
        const want = expectation(row, caller);
        const fine =
          status < 500 &&
          (want === 'allowed'
            ? status !== 401 && status !== 403 && (status !== 404 || NOT_IN_WORLD.has(key(op)))
            : status === want.exactly);
        if (!fine) {
          const wanted = want === 'allowed' ? 'allowed' : `${want.exactly} (${want.why})`;
          offenders.push(`${key(op)} as ${caller}: wanted ${wanted}, got ${status} ${response.body.slice(0, 120)}`);
        }
      }
    }
    console.info(
      `authorization matrix (${TEST_DB_KIND}): ${ordered.length} operations, ${cells} cells, ${offenders.length} unexpected; answers ${JSON.stringify(answered)}`,
    );
    expect(ordered.length).toBe(Object.keys(EXPECTED_ACCESS).length);
    expect(offenders).toEqual([]);
  });

  it("never shows another entrepreneur the owner's records in a list or summary", async () => {
    const { ids } = world;
    const owned = [
      ids.applicant,
      ids.application,
      ids.draft,
      ids.document,
      ids.query,
      ids.invoice.id,
      ids.allotment,
      ids.serviceRequest,
      ids.allottable.id,
    ];
    const reads = operations.filter((op) => {
      const row = EXPECTED_ACCESS[key(op)];
      return op.method === 'GET' && op.pathParams.length === 0 && Array.isArray(row) && row[0] !== 'no';
    });
    expect(reads.length).toBeGreaterThan(5);
    const leaks: string[] = [];
    // Each list plainly, and filtered by the owner's application where it takes that filter.
    const urls = reads.flatMap((op) => [
      op.path + exampleQuery(op),
      ...(op.query.some((param) => param.name === 'application_id')
        ? [`${op.path}?application_id=${ids.application}`, `${op.path}?application_id=${ids.allottable.id}`]
        : []),
    ]);
    for (const url of urls) {
      const response = await ctx.request(world.other.token, { method: 'GET', url });
      expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(500);
      const seen = owned.filter((id) => response.body.includes(id));
      if (seen.length) leaks.push(`GET ${url} other-entrepreneur -> ${response.statusCode} shows ${seen.join(', ')}`);
    }
    // The owner, asked the same, sees their own: the check above is not empty by accident.
    const ownList = await ctx.request(world.tokens.entrepreneur, { method: 'GET', url: '/api/applications' });
    expect(ownList.body).toContain(ids.application);
    expect(leaks).toEqual([]);
  });
});
