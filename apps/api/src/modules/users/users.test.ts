import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { STAFF_ROLES, type Role, type User } from '@portal/contract';
import { users } from '../../db/schema';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { expectLimitRefused, getList, walkList } from '../../test/list-fixtures';

describe(`users (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let counter = 0;
  const officer = (role: Role = 'zonal_manager') => ({
    email: `officer-${++counter}-${TEST_DB_KIND}@corp.example.in`,
    password: 'Brass-Kettle-2026',
    full_name: `Officer ${counter}`,
    role,
  });
  const create = async (body: object, role: Role = 'admin') =>
    ctx.request(await ctx.tokenFor(role), { method: 'POST', url: '/api/users', payload: body });
  const patch = async (id: string, body: object, role: Role = 'admin') =>
    ctx.request(await ctx.tokenFor(role), { method: 'PATCH', url: `/api/users/${id}`, payload: body });
  const userByEmail = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0];

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  describe('GET /users', () => {
    it.each(STAFF_ROLES)('%s lists the users, without password hashes', async (role) => {
      const response = await ctx.request(await ctx.tokenFor(role), { method: 'GET', url: '/api/users' });
      expect(response.statusCode).toBe(200);
      const list: User[] = response.json();
      expect(list.map((user) => user.email)).toEqual(
        expect.arrayContaining(['admin@example.com', 'committee@example.com']),
      );
      expect(JSON.stringify(list)).not.toMatch(/password|argon2/);
    });

    it('filters on role', async () => {
      const response = await ctx.request(await ctx.tokenFor('zonal_manager'), {
        method: 'GET',
        url: '/api/users?role=committee',
      });
      expect(response.json().map((user: User) => user.role)).toEqual(['committee']);
      expect(
        (await ctx.request(await ctx.tokenFor('ho'), { method: 'GET', url: '/api/users?role=chief' })).statusCode,
      ).toBe(422);
    });

    it('pages the users by name, with role and active filters and q over name and email', async () => {
      const admin = await ctx.tokenFor('admin');
      const made: User[] = [];
      for (const name of ['Pager Amala', 'Pager Bhaskar', 'Pager Chitra', 'Pager Devi']) {
        made.push((await create({ ...officer('legal'), full_name: name })).json());
      }
      expect((await patch(made[3]!.id, { is_active: false })).statusCode).toBe(200);
      const first = await getList<User>(ctx, admin, '/api/users?limit=3');
      expect(first.items).toHaveLength(3);
      const [recount] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(first.total).toBe(recount!.n);
      const pagers = await walkList<User>(ctx, admin, '/api/users?q=pager%20&limit=3');
      expect(pagers.map((user) => user.full_name)).toEqual([
        'Pager Amala',
        'Pager Bhaskar',
        'Pager Chitra',
        'Pager Devi',
      ]);
      const active = await getList<User>(ctx, admin, '/api/users?q=pager&is_active=true&role=legal,committee');
      expect(active.total).toBe(3);
      const byEmail = await getList<User>(ctx, admin, `/api/users?q=${made[1]!.email.toUpperCase()}`);
      expect(byEmail.items.map((user) => user.id)).toEqual([made[1]!.id]);
      const newest = await getList<User>(ctx, admin, '/api/users?sort=-created_at&limit=1');
      expect(newest.items[0]!.id).toBe(made[3]!.id);
      await expectLimitRefused(ctx, admin, '/api/users');
    });

    it('refuses an entrepreneur (403) and an anonymous caller (401)', async () => {
      expect(
        (await ctx.request(await ctx.tokenFor('entrepreneur'), { method: 'GET', url: '/api/users' })).statusCode,
      ).toBe(403);
      expect((await ctx.request(null, { method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    });
  });

  describe('POST /users', () => {
    it('lets the admin create an officer, who can then sign in with that role', async () => {
      const body = officer('committee');
      const response = await create(body);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        email: body.email,
        role: 'committee',
        full_name: body.full_name,
        is_active: true,
      });
      const token = await ctx.tokenFor(body.email, body.password);
      const me = await ctx.request(token, { method: 'GET', url: '/api/auth/me' });
      expect(me.json()).toMatchObject({ role: 'committee', email: body.email });
    });

    it('refuses a duplicate email (409), an entrepreneur role (400) and a malformed body (422)', async () => {
      const body = officer();
      expect((await create(body)).statusCode).toBe(201);
      const again = await create({ ...body, email: body.email.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('An account with this email already exists');

      const entrepreneur = await create(officer('entrepreneur'));
      expect(entrepreneur.statusCode).toBe(400);
      expect(entrepreneur.json().detail).toMatch(/register themselves/);

      const malformed = await create({ email: 'not-an-email', password: 'short', full_name: '', role: 'chief' });
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().errors.map((error: { path: string }) => error.path)).toEqual(
        expect.arrayContaining(['body.email', 'body.password', 'body.full_name', 'body.role']),
      );
    });

    it.each(['zonal_manager', 'ho', 'committee', 'legal', 'finance', 'entrepreneur'] as const)(
      'refuses %s with 403 and stores nothing',
      async (role) => {
        const body = officer();
        expect((await create(body, role)).statusCode).toBe(403);
        expect(await userByEmail(body.email)).toBeUndefined();
      },
    );
  });

  describe('PATCH /users/{id}', () => {
    it('changes a role, which takes effect on the very next request of an existing token', async () => {
      const body = officer('zonal_manager');
      const { id } = (await create(body)).json();
      const token = await ctx.tokenFor(body.email, body.password);
      expect((await ctx.request(token, { method: 'GET', url: '/api/reports/assets' })).statusCode).toBe(200);

      const changed = await patch(id, { role: 'legal' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ id, role: 'legal' });
      expect((await userByEmail(body.email))!.role).toBe('legal');
      expect((await ctx.request(token, { method: 'GET', url: '/api/reports/assets' })).statusCode).toBe(403);
    });

    it('deactivates a user: their token stops working at once and they cannot sign in; reactivating restores both', async () => {
      const body = officer('ho');
      const { id } = (await create(body)).json();
      const token = await ctx.tokenFor(body.email, body.password);
      expect((await ctx.request(token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);

      const deactivated = await patch(id, { is_active: false });
      expect(deactivated.statusCode).toBe(200);
      expect(deactivated.json().is_active).toBe(false);
      const refused = await ctx.request(token, { method: 'GET', url: '/api/assets' });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().detail).toMatch(/not active/);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: new URLSearchParams({ username: body.email, password: body.password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(login.statusCode).toBe(401);

      expect((await patch(id, { is_active: true })).statusCode).toBe(200);
      expect((await ctx.request(token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    });

    it('renames a user', async () => {
      const { id } = (await create(officer('finance'))).json();
      const renamed = await patch(id, { full_name: 'Renamed Officer' });
      expect(renamed.json()).toMatchObject({ full_name: 'Renamed Officer', role: 'finance' });
    });

    it('keeps the admin from locking themselves out', async () => {
      const admin = await userByEmail('admin@example.com');
      for (const body of [{ is_active: false }, { role: 'ho' }]) {
        const response = await patch(admin!.id, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toMatch(/your own/);
      }
      expect((await userByEmail('admin@example.com'))!).toMatchObject({ role: 'admin', isActive: true });
    });

    it('neither turns an officer into an entrepreneur nor an entrepreneur into an officer', async () => {
      const { id } = (await create(officer('legal'))).json();
      expect((await patch(id, { role: 'entrepreneur' })).statusCode).toBe(400);
      const entrepreneur = await userByEmail('entrepreneur@example.com');
      const response = await patch(entrepreneur!.id, { role: 'ho' });
      expect(response.statusCode).toBe(400);
      expect((await userByEmail('entrepreneur@example.com'))!.role).toBe('entrepreneur');
      // Deactivating an entrepreneur is allowed.
      expect((await patch(entrepreneur!.id, { is_active: false })).statusCode).toBe(200);
      expect((await patch(entrepreneur!.id, { is_active: true })).statusCode).toBe(200);
    });

    it('answers 404 for an unknown user and 422 for a malformed id or body', async () => {
      expect((await patch(crypto.randomUUID(), { role: 'ho' })).statusCode).toBe(404);
      expect((await patch('not-a-uuid', { role: 'ho' })).statusCode).toBe(422);
      const committee = await userByEmail('committee@example.com');
      expect((await patch(committee!.id, { role: 'chief' })).statusCode).toBe(422);
    });

    it.each(STAFF_ROLES.filter((role) => role !== 'admin'))('refuses %s with 403 and changes nothing', async (role) => {
      const committee = await userByEmail('committee@example.com');
      expect((await patch(committee!.id, { is_active: false }, role)).statusCode).toBe(403);
      expect((await userByEmail('committee@example.com'))!.isActive).toBe(true);
    });
  });
});
