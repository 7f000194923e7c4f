/** The audit trail in the database (migration 0006): what the trigger records for a write made through the API,
 * that the table refuses UPDATE, DELETE and TRUNCATE, and that the chain checker finds a row edited behind its back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { verifyAuditChain } from './verify';

describe(`audit trail (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const entriesFor = (entityId: string) =>
    ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.seq));

  it('records a write made through the API with its actor, role, request and changed fields', async () => {
    const admin = await ctx.tokenFor('admin');
    const created = await ctx.request(admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        email: `audited-${TEST_DB_KIND}@corp.example.in`,
        password: 'Officer@2026',
        full_name: 'Audited One',
        role: 'legal',
      },
    });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().id;
    const patched = await ctx.request(admin, {
      method: 'PATCH',
      url: `/api/users/${id}`,
      payload: { full_name: 'Audited Two' },
    });
    expect(patched.statusCode).toBe(200);

    const [adminRow] = await ctx.db
      .execute(sql`select id from users where role = 'admin' limit 1`)
      .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
    const entries = await entriesFor(id);
    expect(entries.map((entry) => entry.action)).toEqual(['insert', 'update']);
    const [insert, update] = entries;
    for (const entry of entries) {
      expect(entry).toMatchObject({ entity: 'users', actorId: adminRow!.id, actorRole: 'admin' });
      expect(entry.requestId).toMatch(/\S/);
      expect(entry.clientAddress).toBe('127.0.0.1');
      expect(JSON.stringify(entry.changes)).not.toMatch(/password|argon2/);
    }
    expect(insert!.requestId).not.toBe(update!.requestId);
    expect(insert!.changes).toMatchObject({ email: `audited-${TEST_DB_KIND}@corp.example.in`, role: 'legal' });
    expect(update!.changes).toEqual({ full_name: ['Audited One', 'Audited Two'] });
  });

  it('records writes outside a request as the system', async () => {
    await ctx.db.execute(
      sql`update users set full_name = 'System Renamed' where email = ${`audited-${TEST_DB_KIND}@corp.example.in`}`,
    );
    const [last] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(last).toMatchObject({ actorId: null, actorRole: 'system', requestId: null, action: 'update' });
  });

  it('keeps one unbroken chain under concurrent writes', async () => {
    const admin = await ctx.tokenFor('admin');
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        ctx.request(admin, {
          method: 'POST',
          url: '/api/users',
          payload: {
            email: `parallel-${i}-${TEST_DB_KIND}@corp.example.in`,
            password: 'Officer@2026',
            full_name: `Parallel ${i}`,
            role: 'legal',
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const report = await verifyAuditChain(ctx.db);
    expect(report.problem).toBeNull();
    const [count] = (
      (await ctx.db.execute(sql`select count(*)::int as n, max(seq)::int as last from audit_log`)) as unknown as {
        rows: { n: number; last: number }[];
      }
    ).rows;
    expect(report.rows).toBe(count!.n);
    expect(count!.last).toBe(count!.n);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the audit table', async () => {
    await expect(ctx.db.execute(sql`update audit_log set actor_role = 'admin' where seq = 1`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from audit_log where seq = 1`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await verifyAuditChain(ctx.db)).problem).toBeNull();
  });

  it('passes a clean chain and names a row changed behind its back', async () => {
    const clean = await verifyAuditChain(ctx.db);
    expect(clean.problem).toBeNull();
    expect(clean.rows).toBeGreaterThan(10);
    const target = Math.floor(clean.rows / 2);
    await ctx.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await ctx.db.execute(sql`update audit_log set actor_role = 'entrepreneur' where seq = ${target}`);
    } finally {
      await ctx.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
    expect((await verifyAuditChain(ctx.db)).problem).toMatchObject({ seq: target, kind: 'hash' });
  });

  it('names the row after one removed behind its back', async () => {
    const [before] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    const removed = before!.seq - 2;
    await ctx.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await ctx.db.execute(sql`delete from audit_log where seq = ${removed}`);
    } finally {
      await ctx.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
    const report = await verifyAuditChain(ctx.db);
    // The edited row of the test before is found first; the gap is the first problem after it.
    expect(report.problem?.seq).toBeLessThan(removed);
    const after = await verifyAuditChain(ctx.db, { from: report.problem!.seq + 1 });
    expect(after.problem).toMatchObject({ seq: removed + 1, kind: 'gap' });
  });
});
