// A user's language: /auth/me answers it, PATCH /auth/me changes it (theirs only, one of en, hi, te), and their mail
// is queued in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';

describe(`the user's language (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('starts as English, changes to Hindi for that user only, and refuses what is not a language', async () => {
    const legal = await ctx.tokenFor('legal');
    const ho = await ctx.tokenFor('ho');
    expect((await ctx.request(legal, { method: 'GET', url: '/api/auth/me' })).json().language).toBe('en');

    const changed = await ctx.request(legal, { method: 'PATCH', url: '/api/auth/me', payload: { language: 'hi' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'legal', language: 'hi' });
    expect((await ctx.request(legal, { method: 'GET', url: '/api/auth/me' })).json().language).toBe('hi');
    expect((await ctx.request(ho, { method: 'GET', url: '/api/auth/me' })).json().language).toBe('en');

    for (const payload of [{ language: 'fr' }, { language: 'hi', role: 'admin' }, {}]) {
      const refused = await ctx.request(legal, { method: 'PATCH', url: '/api/auth/me', payload });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toEqual(expect.any(String));
    }
    expect((await ctx.request(legal, { method: 'GET', url: '/api/auth/me' })).json()).toMatchObject({
      role: 'legal',
      language: 'hi',
    });
    expect(
      (await ctx.request(null, { method: 'PATCH', url: '/api/auth/me', payload: { language: 'te' } })).statusCode,
    ).toBe(401);
  });
});
