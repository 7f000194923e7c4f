/** GET /api/audit and its CSV export: admins only, filtered, paged by the list protocol. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type AuditEntry } from '@portal/contract';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { getList } from '../../test/list-fixtures';

describe(`GET /api/audit (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let admin: string;
  let userId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.tokenFor('admin');
    const created = await ctx.request(admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        email: `listed-${TEST_DB_KIND}@corp.example.in`,
        password: 'Officer@2026',
        full_name: 'Listed',
        role: 'ho',
      },
    });
    userId = created.json().id;
    for (const name of ['Listed Two', 'Listed Three']) {
      await ctx.request(admin, { method: 'PATCH', url: `/api/users/${userId}`, payload: { full_name: name } });
    }
  });
  afterAll(() => ctx.close());

  it.each(STAFF_ROLES.filter((role) => role !== 'admin'))('refuses %s (403)', async (role) => {
    const token = await ctx.tokenFor(role);
    expect((await ctx.request(token, { method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
    expect((await ctx.request(token, { method: 'GET', url: '/api/audit/export.csv' })).statusCode).toBe(403);
  });

  it('refuses an entrepreneur and an anonymous caller', async () => {
    const { token } = await registerEntrepreneur(ctx);
    expect((await ctx.request(token, { method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
    expect((await ctx.request(null, { method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('names each record by what people call it, read with the page: a user by name and email, an application by its number', async () => {
    const users = await getList<AuditEntry>(ctx, admin, `/api/audit?entity=users&entity_id=${userId}`);
    for (const entry of users.items) {
      expect(entry).toMatchObject({
        entity_id: userId,
        entity_name: 'Listed Three',
        entity_email: `listed-${TEST_DB_KIND}@corp.example.in`,
        actor_name: expect.any(String),
        actor_email: expect.stringContaining('@'),
      });
    }
    const applications = await getList<AuditEntry>(ctx, admin, '/api/audit?entity=applications&limit=20');
    expect(applications.items.length).toBeGreaterThan(0);
    for (const entry of applications.items) {
      expect(entry.entity_name, entry.entity_id ?? '').toMatch(/^APP-\d{4}-\d{6}$/);
      expect(entry.entity_email).toBeNull();
    }
  });

  it('filters by entity, entity id, action and actor, newest first', async () => {
    const page = await getList<AuditEntry>(ctx, admin, `/api/audit?entity=users&entity_id=${userId}`);
    expect(page.status).toBe(200);
    expect(page.total).toBe(3);
    expect(page.items.map((entry) => entry.action)).toEqual(['update', 'update', 'insert']);
    expect(page.items[0]).toMatchObject({ actor_role: 'admin', actor_name: expect.any(String), entity: 'users' });
    expect(page.items[0]!.changes).toEqual({ full_name: ['Listed Two', 'Listed Three'] });

    const updates = await getList<AuditEntry>(ctx, admin, `/api/audit?entity_id=${userId}&action=update`);
    expect(updates.items).toHaveLength(2);
    const byActor = await getList<AuditEntry>(ctx, admin, `/api/audit?actor=${page.items[0]!.actor_id}&entity=users`);
    expect(byActor.items.map((entry) => entry.entity_id)).toContain(userId);
    const future = await getList<AuditEntry>(ctx, admin, `/api/audit?from=2999-01-01`);
    expect(future.items).toEqual([]);
    expect((await getList<AuditEntry>(ctx, admin, `/api/audit?from=2000-01-01&to=2999-12-31`)).total).toBeGreaterThan(
      3,
    );
    expect((await ctx.request(admin, { method: 'GET', url: '/api/audit?action=rename' })).statusCode).toBe(422);
    expect((await ctx.request(admin, { method: 'GET', url: '/api/audit?cursor=nonsense' })).statusCode).toBe(422);
  });

  it('pages by the list protocol, cursor included, without overlap', async () => {
    const first = await getList<AuditEntry>(ctx, admin, '/api/audit?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBeTruthy();
    const second = await getList<AuditEntry>(ctx, admin, `/api/audit?limit=2&cursor=${first.nextCursor}`);
    expect(second.items[0]!.seq).toBe(first.items[1]!.seq - 1);
    const byOffset = await getList<AuditEntry>(ctx, admin, '/api/audit?limit=2&offset=2');
    expect(byOffset.items.map((entry) => entry.seq)).toEqual(second.items.map((entry) => entry.seq));
    expect(first.links.next).toBeTruthy();
  });

  it('streams the filtered entries as CSV', async () => {
    const response = await ctx.request(admin, { method: 'GET', url: `/api/audit/export.csv?entity_id=${userId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'seq,at,actor_id,actor_name,actor_role,request_id,client_address,action,entity,entity_id,changes',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',insert,users,');
    expect(response.body).not.toMatch(/password|argon2/);
  });
});
