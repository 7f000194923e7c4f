import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, homeFor } from '@portal/contract';
import { DEMO_USERS } from '../../demo/seed';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';

const form = (body: Record<string, string>) => ({
  payload: new URLSearchParams(body).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe(`auth (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ loginAttemptsPerMinute: 5 });
  });
  afterAll(() => ctx.close());

  it.each(ROLES)('a demo %s signs in and /auth/me answers the role', async (role) => {
    const demo = DEMO_USERS.find((user) => user.role === role)!;
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...form({ username: demo.email, password: 'Demo@12345' }),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().token_type).toBe('bearer');
    const me = await ctx.request(login.json().access_token, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role, full_name: demo.fullName, email: demo.email });
    expect(me.json()).not.toHaveProperty('password_hash');
    expect(homeFor(role)).toMatch(/^\//);
  });

  it('refuses a wrong password with a readable detail', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...form({ username: 'legal@example.com', password: 'wrong-pass' }),
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().detail).toBe('Incorrect email or password');
  });

  it('refuses a missing, malformed or tampered token with 401', async () => {
    expect((await ctx.request(null, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await ctx.request('not-a-jwt', { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const token = await ctx.tokenFor('ho');
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: crypto.randomUUID() }),
    ).toString('base64url');
    const tampered = await ctx.request(`${header}.${forged}.${signature}`, { method: 'GET', url: '/api/auth/me' });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().detail).toBeTruthy();
  });

  it('registers an entrepreneur, who can sign in; a duplicate email answers 409', async () => {
    const body = { email: 'New.Person@Example.com', password: 'Tidy-Lantern-42', full_name: 'New Person' };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role: 'entrepreneur', email: 'new.person@example.com' });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, email: 'new.person@example.com' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already exists/);
    expect(await ctx.tokenFor('new.person@example.com', 'Tidy-Lantern-42')).toBeTruthy();
  });

  it('answers 422 with field messages for a malformed registration', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nope', password: 'short', full_name: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining(['body.email', 'body.password', 'body.full_name']),
    );
  });

  it('limits sign-in attempts for one email with 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        ...form({ username: 'someone-else@example.com', password: 'guess' }),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers a JSON 404 for an unknown /api path', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/No such endpoint/);
  });
});
