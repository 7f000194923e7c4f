import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Notification, OutboxMessage } from '@portal/contract';
import { mailOutbox } from '../../db/schema';
import { enqueueMail } from '../../repositories/mail-outbox';
import { insertNotifications } from '../../repositories/notifications';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../test/harness';

describe(`notifications and the outbox API (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    alice = await registerEntrepreneur(ctx, 'Alice');
    bob = await registerEntrepreneur(ctx, 'Bob');
    // Alice: five notifications a second apart, Bob: one.
    const base = Date.now() - 60_000;
    await insertNotifications(
      ctx.db,
      Array.from({ length: 5 }, (_, index) => ({
        userId: alice.id,
        code: 'invoice_due_soon' as const,
        params: { invoice_number: `INV-${index}` },
        link: `/applications/${index}`,
        applicationId: null,
        dedupeKey: null,
      })),
    );
    // Distinct times, INV-4 the newest.
    const rows = (
      (await ctx.db.execute(
        sql`select id from notifications where user_id = ${alice.id} order by params->>'invoice_number'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    for (const [index, row] of rows.entries()) {
      await ctx.db.execute(
        sql`update notifications set created_at = ${new Date(base + index * 1000).toISOString()}::timestamptz where id = ${row.id}`,
      );
    }
    await insertNotifications(ctx.db, [
      {
        userId: bob.id,
        code: 'query_raised',
        params: { application_number: 'APP-2026-000009' },
        link: '/applications/x',
        applicationId: null,
        dedupeKey: null,
      },
    ]);
  });
  afterAll(() => ctx.close());

  const get = (token: string, url: string) => ctx.request(token, { method: 'GET', url });
  const post = (token: string, url: string) => ctx.request(token, { method: 'POST', url });
  const count = async (token: string) => (await get(token, '/api/notifications/unread-count')).json().count as number;

  it('lists only the caller’s own, newest first, in pages with the list headers', async () => {
    const first = await get(alice.token, '/api/notifications?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.headers.link).toContain('rel="next"');
    const page: Notification[] = first.json();
    expect(page.map((n) => n.params.invoice_number)).toEqual(['INV-4', 'INV-3']);
    expect(page[0]).toMatchObject({ code: 'invoice_due_soon', link: '/applications/4', read_at: null });
    const next = await get(alice.token, '/api/notifications?limit=2&offset=2');
    expect((next.json() as Notification[]).map((n) => n.params.invoice_number)).toEqual(['INV-2', 'INV-1']);

    const bobs: Notification[] = (await get(bob.token, '/api/notifications')).json();
    expect(bobs.map((n) => n.code)).toEqual(['query_raised']);
    expect(await count(alice.token)).toBe(5);
    expect(await count(bob.token)).toBe(1);
  });

  it('marks one read (only one’s own: 404 for anyone else’s), filters the unread and marks all read', async () => {
    const [newest] = (await get(alice.token, '/api/notifications?limit=1')).json() as Notification[];
    const bobsOwn = ((await get(bob.token, '/api/notifications')).json() as Notification[])[0]!;

    const stolen = await post(bob.token, `/api/notifications/${newest!.id}/read`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().detail).toBe('Notification not found');
    expect((await post(alice.token, `/api/notifications/${bobsOwn.id}/read`)).statusCode).toBe(404);
    expect((await post(alice.token, '/api/notifications/00000000-0000-4000-8000-000000000000/read')).statusCode).toBe(
      404,
    );
    expect((await post(alice.token, '/api/notifications/not-an-id/read')).statusCode).toBe(422);
    expect(await count(bob.token)).toBe(1);

    const read = await post(alice.token, `/api/notifications/${newest!.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: newest!.id });
    const readAt = read.json().read_at as string;
    expect(readAt).toBeTruthy();
    // Reading it again keeps the first time.
    expect((await post(alice.token, `/api/notifications/${newest!.id}/read`)).json().read_at).toBe(readAt);
    expect(await count(alice.token)).toBe(4);

    const unread = await get(alice.token, '/api/notifications?unread=true');
    expect(unread.headers['x-total-count']).toBe('4');
    expect((unread.json() as Notification[]).every((n) => n.read_at === null && n.id !== newest!.id)).toBe(true);
    expect((await get(alice.token, '/api/notifications?unread=yes')).statusCode).toBe(422);

    const all = await post(alice.token, '/api/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ count: 0 });
    expect(await count(alice.token)).toBe(0);
    expect((await get(alice.token, '/api/notifications?unread=true')).json()).toEqual([]);
    expect((await get(alice.token, '/api/notifications')).headers['x-total-count']).toBe('5');
    // Bob's are untouched.
    expect(await count(bob.token)).toBe(1);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.request(null, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await ctx.request(null, { method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(401);
    expect((await ctx.request(null, { method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(401);
  });

  describe('the outbox (admins)', () => {
    let failedId: string;

    beforeAll(async () => {
      await enqueueMail(ctx.db, { to: 'pending@example.com', template: 'password_reset', dedupeKey: 'o-1' });
      await enqueueMail(ctx.db, { to: 'failed@example.com', template: 'invoice_overdue', dedupeKey: 'o-2' });
      await enqueueMail(ctx.db, { to: 'sent@example.com', template: 'case_assigned', dedupeKey: 'o-3' });
      await ctx.db
        .update(mailOutbox)
        .set({ status: 'failed', attempts: 8, lastError: '550 Mailbox unavailable' })
        .where(eq(mailOutbox.dedupeKey, 'o-2'));
      await ctx.db
        .update(mailOutbox)
        .set({ status: 'sent', attempts: 1, sentAt: sql`now()`, nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.dedupeKey, 'o-3'));
      const [failed] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'o-2'));
      failedId = failed!.id;
    });

    it('is closed to everyone but admins', async () => {
      for (const role of ['entrepreneur', 'zonal_manager', 'ho', 'finance', 'legal', 'committee']) {
        const token = await ctx.tokenFor(role);
        expect((await get(token, '/api/outbox')).statusCode, role).toBe(403);
        expect((await get(token, '/api/outbox/summary')).statusCode, role).toBe(403);
        expect((await post(token, `/api/outbox/${failedId}/retry`)).statusCode, role).toBe(403);
      }
    });

    it('lists messages by status, template and recipient, with the summary figures', async () => {
      const admin = await ctx.tokenFor('admin');
      const all = await get(admin, '/api/outbox');
      expect(all.statusCode).toBe(200);
      const messages: OutboxMessage[] = all.json();
      expect(messages.map((m) => m.to_email)).toEqual(
        expect.arrayContaining(['pending@example.com', 'failed@example.com', 'sent@example.com']),
      );
      const failed = messages.find((m) => m.id === failedId)!;
      expect(failed).toMatchObject({
        status: 'failed',
        template: 'invoice_overdue',
        language: 'en',
        attempts: 8,
        last_error: '550 Mailbox unavailable',
        next_attempt_at: null,
      });
      const byStatus: OutboxMessage[] = (await get(admin, '/api/outbox?status=failed,sent')).json();
      expect(byStatus.map((m) => m.status).sort()).toEqual(['failed', 'sent']);
      const byTemplate: OutboxMessage[] = (await get(admin, '/api/outbox?template=password_reset')).json();
      expect(byTemplate.map((m) => m.to_email)).toEqual(['pending@example.com']);
      const byAddress = await get(admin, '/api/outbox?q=FAILED@');
      expect((byAddress.json() as OutboxMessage[]).map((m) => m.id)).toEqual([failedId]);
      expect(byAddress.headers['x-total-count']).toBe('1');
      expect((await get(admin, '/api/outbox?status=lost')).statusCode).toBe(422);

      const summary = await get(admin, '/api/outbox/summary');
      expect(summary.json()).toEqual({ smtp_configured: false, pending: 1, failed: 1, sent_last_24h: 1 });
    });

    it('sends a failed message again, and only a failed one', async () => {
      const admin = await ctx.tokenFor('admin');
      const retried = await post(admin, `/api/outbox/${failedId}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ id: failedId, status: 'pending', attempts: 0 });
      expect(retried.json().next_attempt_at).toBeTruthy();
      const again = await post(admin, `/api/outbox/${failedId}/retry`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'wrong_state',
        reason: 'outbox_not_failed',
        params: { status: 'pending' },
      });
      expect(again.json().detail).toMatch(/only a failed message/i);
      expect((await post(admin, '/api/outbox/00000000-0000-4000-8000-000000000000/retry')).statusCode).toBe(404);
      expect((await get(admin, '/api/outbox/summary')).json()).toMatchObject({ pending: 2, failed: 0 });
    });
  });
});
