/** The authorization matrix, generated from the route table: every operation of the OpenAPI document, called by
 * nobody, by each demo role, and (for a record an entrepreneur owns) by another entrepreneur. A role outside the
 * operation's x-roles must be refused with 403, a stranger to the record with 404, nobody with 401 unless the route
 * is public; a role inside x-roles must never be refused as unauthorized or forbidden. No cell may answer 5xx. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@portal/contract';
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
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
const BODY_NAMES_OWNED_RECORD = new Set(['POST /api/payments', 'POST /api/service-requests']);

type Caller = Role | 'anonymous' | 'other-entrepreneur';

/** What a cell must answer: an exact status, or "any status but these". */
function expectation(op: Operation, caller: Caller): { exactly: number } | { not: number[] } {
  if (op.isPublic) return { not: [401, 403] };
  if (caller === 'anonymous') return { exactly: 401 };
  if (caller === 'other-entrepreneur') return { exactly: op.roles.includes('entrepreneur') ? 404 : 403 };
  return op.roles.includes(caller) ? { not: [401, 403] } : { exactly: 403 };
}

/** Who calls an operation, refused callers first so an allowed caller's change cannot hide a refusal. */
function callersOf(op: Operation): Caller[] {
  const stranger =
    isOwnedRecordRoute(op) || BODY_NAMES_OWNED_RECORD.has(key(op)) ? ['other-entrepreneur' as const] : [];
  const refused = ROLES.filter((role) => !op.roles.includes(role));
  const allowed = ROLES.filter((role) => op.roles.includes(role));
  return ['anonymous', ...stranger, ...refused, ...allowed];
}

describe(`authorization matrix from the route table (${TEST_DB_KIND})`, () => {
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

  it('answers every operation, caller by caller, as its x-roles say', async () => {
    expect(operations.length).toBeGreaterThan(40);
    // Reads first, then changes: a change made by an allowed caller must not turn a later read into a 404.
    const ordered = [
      ...operations.filter((op) => op.method === 'GET'),
      ...operations.filter((op) => op.method !== 'GET'),
    ];
    const offenders: string[] = [];
    let cells = 0;
    const answered: Record<string, number> = {};
    for (const op of ordered) {
      for (const caller of callersOf(op)) {
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
        answered[response.statusCode] = (answered[response.statusCode] ?? 0) + 1;
        const want = expectation(op, caller);
        const status = response.statusCode;
        const fine = status < 500 && ('exactly' in want ? status === want.exactly : !want.not.includes(status));
        if (!fine) offenders.push(`${op.method} ${op.path} ${caller} -> ${status} ${response.body.slice(0, 160)}`);
      }
    }
    console.info(
      `authorization matrix (${TEST_DB_KIND}): ${operations.length} operations, ${cells} cells, ${offenders.length} unexpected; answers ${JSON.stringify(answered)}`,
    );
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
    const reads = operations.filter(
      (op) => op.method === 'GET' && op.pathParams.length === 0 && op.roles.includes('entrepreneur'),
    );
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
