/** The seed's request bodies keep working (decision 021): every POST, PUT and PATCH of the product spec's API list,
 * with exactly the spec's fields, sent in order by the right demo user on the seeded demo data, is answered 2xx. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_FILES,
  createTestContext,
  multipart,
  registerEntrepreneur,
  TEST_DB_KIND,
  type TestContext,
} from './test/harness';
import { SEED_CALLS, type SeedCall, type SeedWalk } from './test/seed-bodies';

describe(`the seed's request bodies (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let newcomer: string;
  const walk = { documentIds: {} } as SeedWalk;

  beforeAll(async () => {
    ctx = await createTestContext();
    newcomer = (await registerEntrepreneur(ctx, 'Seed Client')).token;
    const committee = await ctx.request(await ctx.tokenFor('committee'), { method: 'GET', url: '/api/auth/me' });
    walk.committeeUserId = committee.json().id;
  });
  afterAll(() => ctx.close());

  const send = async (call: SeedCall) => {
    const token = call.as === null ? null : call.as === 'newcomer' ? newcomer : await ctx.tokenFor(call.as);
    const url = call.url(walk);
    const body = call.body?.(walk) ?? {};
    if (call.encoding === 'form') {
      const payload = new URLSearchParams(body as Record<string, string>).toString();
      return ctx.request(token, {
        method: call.method,
        url,
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    if (call.encoding === 'multipart') {
      const file = { name: call.file!.name, bytes: SAMPLE_FILES[call.file!.kind]() };
      return ctx.request(token, { method: call.method, url, ...multipart(body as Record<string, string>, file) });
    }
    return ctx.request(token, { method: call.method, url, ...(call.encoding === 'json' ? { payload: body } : {}) });
  };

  it('answers every one of them with a 2xx, in the order a client sends them', async () => {
    const read = async (url: string) => (await ctx.request(newcomer, { method: 'GET', url })).json();
    for (const [index, call] of SEED_CALLS.entries()) {
      const answer = await send(call);
      expect(answer.statusCode, `#${index} ${call.spec}: ${answer.body}`).toBeGreaterThanOrEqual(200);
      expect(answer.statusCode, `#${index} ${call.spec}: ${answer.body}`).toBeLessThan(300);
      await call.keep?.(answer.json(), walk, read);
    }
  });
});
