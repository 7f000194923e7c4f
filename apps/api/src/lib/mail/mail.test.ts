/** The outbox worker against a real SMTP server in this process: what arrives, with which Message-ID, and what the
 * outbox records for each attempt, success, retry and give-up. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { mailOutbox, notifications } from '../../db/schema';
import { DEMO_USERS } from '../../demo/seed';
import {
  claimNextMail,
  enqueueMail,
  findMailById,
  listMailAttempts,
  type OutboxRow,
} from '../../repositories/mail-outbox';
import { findUserByEmail } from '../../repositories/users';
import { startRuntime } from '../../runtime';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { insertTestApplication } from '../../test/workflow-fixtures';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-test-server';
import { renderMail } from './templates';
import { createSmtpTransport } from './transport';
import { createMailWorker, messageIdFor, type MailWorkerOptions } from './worker';

const FROM = 'Allotment Portal <no-reply@portal.test>';
const PORTAL = 'https://portal.test';

describe(`mail through SMTP (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const servers: TestSmtpServer[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    // Each test starts from an empty outbox, so a run sends only what the test queued.
    await ctx.db.execute(sql`delete from mail_outbox`);
  });

  async function smtp(options?: Parameters<typeof startTestSmtpServer>[0]): Promise<TestSmtpServer> {
    const server = await startTestSmtpServer(options);
    servers.push(server);
    return server;
  }

  function worker(server: TestSmtpServer, options: Partial<MailWorkerOptions> = {}) {
    return createMailWorker({
      db: ctx.db,
      transport: createSmtpTransport(server.url),
      from: FROM,
      portalUrl: PORTAL,
      holder: 'test-worker',
      ...options,
    });
  }

  async function outboxRowByKey(key: string): Promise<OutboxRow> {
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
    return row!;
  }

  it('sends the password reset mail with its working link, once, under a Message-ID made from the outbox id', async () => {
    const server = await smtp();
    const resetUrl = 'https://portal.test/reset-password?token=abc123&x=<y>';
    const key = `password_reset:test:${Date.now()}`;
    expect(
      await enqueueMail(ctx.db, {
        to: 'ravi@example.com',
        template: 'password_reset',
        params: { full_name: 'Ravi Kumar', reset_url: resetUrl, expires_minutes: 30 },
        dedupeKey: key,
      }),
    ).toBe(true);
    // The same key again queues nothing.
    expect(
      await enqueueMail(ctx.db, {
        to: 'ravi@example.com',
        template: 'password_reset',
        params: { full_name: 'Ravi Kumar', reset_url: resetUrl, expires_minutes: 30 },
        dedupeKey: key,
      }),
    ).toBe(false);
    const queued = await outboxRowByKey(key);

    const mailer = worker(server);
    expect(await mailer.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    await mailer.stop();

    const [mail] = await server.waitFor(1);
    expect(server.received).toHaveLength(1);
    expect(mail!.to).toEqual(['ravi@example.com']);
    expect(mail!.messageId).toBe(messageIdFor(queued.id, FROM));
    expect(mail!.messageId).toBe(`<${queued.id}@portal.test>`);
    expect(mail!.parsed.subject).toBe('Reset your password');
    expect(mail!.parsed.from?.text).toContain('no-reply@portal.test');
    expect(mail!.parsed.text).toContain('Dear Ravi Kumar,');
    expect(mail!.parsed.text).toContain(`Choose a new password: ${resetUrl}`);
    expect(mail!.parsed.text).toContain('within 30 minutes');
    // The HTML part links to the same address, escaped, and a mail reader's link follows it.
    const html = String(mail!.parsed.html);
    expect(html).toContain('href="https://portal.test/reset-password?token=abc123&amp;x=&lt;y&gt;"');
    const href = /href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    expect(new URL(href).searchParams.get('token')).toBe('abc123');

    const sent = (await findMailById(ctx.db, queued.id))!;
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, leaseHolder: null, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    const attempts = await listMailAttempts(ctx.db, queued.id);
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['sent']);
    expect(attempts[0]!.finishedAt).toBeInstanceOf(Date);

    // Nothing is due any more: another run sends nothing.
    const again = worker(server);
    expect(await again.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    await again.stop();
    expect(server.received).toHaveLength(1);
  });

  it('mails the applicant the reason when an officer rejects a document through the API', async () => {
    const server = await smtp();
    const owner = DEMO_USERS.find((user) => user.role === 'entrepreneur')!;
    const officer = await ctx.tokenFor('zonal_manager');
    const application = await insertTestApplication(ctx, 'under_scrutiny', { documents: 'pending' });
    const documents = await ctx.request(await ctx.tokenFor('entrepreneur'), {
      method: 'GET',
      url: `/api/applications/${application.id}/documents`,
    });
    const pan = (documents.json() as { id: string; document_type: string }[]).find(
      (doc) => doc.document_type === 'pan_card',
    )!;
    const reason = 'The PAN card scan is blurred & cut off <at the edge>';
    const rejected = await ctx.request(officer, {
      method: 'PUT',
      url: `/api/applications/${application.id}/documents/${pan.id}/verify?verified=false`,
      payload: { reason },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const mailer = worker(server);
    expect((await mailer.runOnce()).sent).toBe(1);
    await mailer.stop();
    const [mail] = await server.waitFor(1);
    expect(mail!.to).toEqual([owner.email]);
    expect(mail!.parsed.subject).toBe(`Document rejected on application ${application.applicationNumber}`);
    expect(mail!.parsed.text).toContain(`Reason: ${reason}`);
    expect(mail!.parsed.text).toContain('PAN card (pan_card.pdf)');
    expect(mail!.parsed.text).toContain(`${PORTAL}/applications/${application.id}`);
    expect(String(mail!.parsed.html)).toContain(
      'Reason: The PAN card scan is blurred &amp; cut off &lt;at the edge&gt;',
    );

    const user = (await findUserByEmail(ctx.db, owner.email))!;
    const [notification] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.applicationId, application.id)));
    expect(notification).toMatchObject({
      code: 'document_rejected',
      link: `/applications/${application.id}`,
      params: {
        application_number: application.applicationNumber,
        document_type: 'pan_card',
        file_name: 'pan_card.pdf',
        reason,
      },
    });
  });

  it('retries a refused message with growing waits, gives up after the last attempt and tells the admins', async () => {
    const server = await smtp({ refuseRecipient: (address) => (address === 'busy@example.com' ? 451 : null) });
    const queued = await enqueueAndRead('busy@example.com');
    const mailer = worker(server, { maxAttempts: 3, backoffBaseMs: 60_000 });

    expect(await mailer.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let row = (await findMailById(ctx.db, queued.id))!;
    expect(row).toMatchObject({ status: 'pending', attempts: 1, leaseHolder: null });
    expect(row.lastError).toMatch(/451/);
    expect(await secondsUntilDue(queued.id)).toBeGreaterThan(50);
    expect(await secondsUntilDue(queued.id)).toBeLessThanOrEqual(60);

    // Not due yet: a run does not touch it.
    expect(await mailer.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await findMailById(ctx.db, queued.id))!.attempts).toBe(1);

    await makeDue(queued.id);
    expect(await mailer.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    row = (await findMailById(ctx.db, queued.id))!;
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    // The wait doubles.
    expect(await secondsUntilDue(queued.id)).toBeGreaterThan(110);
    expect(await secondsUntilDue(queued.id)).toBeLessThanOrEqual(120);

    await makeDue(queued.id);
    // The third attempt fails for good; the same run then sends the admins' mail about it.
    expect(await mailer.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 1 });
    await mailer.stop();
    row = (await findMailById(ctx.db, queued.id))!;
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    const attempts = await listMailAttempts(ctx.db, queued.id);
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['failed', 'failed', 'failed']);
    expect(attempts.every((attempt) => attempt.finishedAt && /451/.test(attempt.error ?? ''))).toBe(true);
    expect(server.received.map((mail) => [mail.to, mail.parsed.subject])).toEqual([
      [['admin@example.com'], 'A mail to busy@example.com could not be sent'],
    ]);
    expect(server.received[0]!.parsed.text).toContain('after 3 attempts');
    expect(server.received[0]!.parsed.text).toContain(`${PORTAL}/officer/outbox`);

    // Every admin is told in-app and by mail.
    const admin = (await findUserByEmail(ctx.db, 'admin@example.com'))!;
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.code, 'outbox_failure')));
    expect(told.map((notification) => notification.params)).toContainEqual(
      expect.objectContaining({ outbox_id: queued.id, to_email: 'busy@example.com', attempts: 3 }),
    );
    expect(told[0]!.link).toBe('/officer/outbox');
    const adminMail = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toEmail, 'admin@example.com'), eq(mailOutbox.template, 'outbox_failure')));
    expect(adminMail.map((message) => message.status)).toEqual(['sent']);
  });

  it('gives up at once on a permanent refusal (5xx), and never mails about a failed failure mail', async () => {
    const server = await smtp({ refuseRecipient: () => 550 });
    const queued = await enqueueAndRead('gone@example.com');
    const mailer = worker(server, { maxAttempts: 5 });
    // The message fails for good; then the admins' outbox_failure mail fails too, and is told in-app only.
    const result = await mailer.runOnce();
    await mailer.stop();
    expect(result).toEqual({ sent: 0, retrying: 0, failed: 2 });
    expect((await findMailById(ctx.db, queued.id))!).toMatchObject({ status: 'failed', attempts: 1 });
    const counted = (await ctx.db.execute(
      sql`select count(*)::int as n from mail_outbox where template = 'outbox_failure'`,
    )) as unknown as { rows: { n: number }[] };
    const n = counted.rows[0]!.n;
    expect(n).toBe(1);
  });

  it('sends a message again when its worker died holding it (the lease ran out), recording both attempts', async () => {
    const server = await smtp();
    const queued = await enqueueAndRead('ravi@example.com');
    // A worker claims it with a lease that is over at once, then dies without a word.
    const claim = await claimNextMail(ctx.db, 'dead-worker', 0);
    expect(claim?.message.id).toBe(queued.id);

    const mailer = worker(server);
    expect((await mailer.runOnce()).sent).toBe(1);
    await mailer.stop();
    expect(server.received.map((mail) => mail.messageId)).toEqual([`<${queued.id}@portal.test>`]);
    expect(await findMailById(ctx.db, queued.id)).toMatchObject({ status: 'sent', attempts: 2 });
    const attempts = await listMailAttempts(ctx.db, queued.id);
    expect(attempts.map((attempt) => [attempt.outcome, attempt.finishedAt !== null])).toEqual([
      ['sending', false],
      ['sent', true],
    ]);
  });

  it('leaves a message held under a live lease alone', async () => {
    const server = await smtp();
    const queued = await enqueueAndRead('ravi@example.com');
    await claimNextMail(ctx.db, 'busy-worker', 60_000);
    const mailer = worker(server);
    expect((await mailer.runOnce()).sent).toBe(0);
    await mailer.stop();
    expect(await findMailById(ctx.db, queued.id)).toMatchObject({ status: 'sending', leaseHolder: 'busy-worker' });
  });

  it('cuts a send short when the worker stops (the process shuts down), leaving the message due again at once', async () => {
    const stalled = await smtp({ stallData: true });
    const queued = await enqueueAndRead('ravi@example.com');
    const mailer = worker(stalled);
    mailer.start(60_000);
    await stalled.waitFor(1);
    await mailer.stop();
    expect(await mailer.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await findMailById(ctx.db, queued.id)).toMatchObject({ status: 'pending', attempts: 1, leaseHolder: null });
    expect(await secondsUntilDue(queued.id)).toBeLessThanOrEqual(0);
    const attempts = await listMailAttempts(ctx.db, queued.id);
    expect(attempts.map((attempt) => [attempt.outcome, attempt.error])).toEqual([
      ['failed', expect.stringMatching(/shutting down/)],
    ]);
  });

  it('renders what arrives from the template of the message', async () => {
    const server = await smtp();
    const queued = await enqueueAndRead('ravi@example.com');
    const mailer = worker(server);
    await mailer.runOnce();
    await mailer.stop();
    const [mail] = await server.waitFor(1);
    const expected = renderMail(queued.template, queued.language, queued.params, PORTAL);
    expect(mail!.parsed.subject).toBe(expected.subject);
    expect(mail!.parsed.text?.trim()).toBe(expected.text.trim());
  });

  async function enqueueAndRead(to: string): Promise<OutboxRow> {
    const key = `test:${to}:${Math.random()}`;
    await enqueueMail(ctx.db, {
      to,
      template: 'invoice_overdue',
      params: {
        full_name: 'Ravi Kumar',
        application_number: 'APP-2026-000001',
        invoice_number: 'INV-2026-000001',
        invoice_type: 'emd',
        amount: 200000,
        due_date: '2026-01-31',
        link: '/applications/00000000-0000-4000-8000-000000000000',
      },
      dedupeKey: key,
    });
    return outboxRowByKey(key);
  }

  async function secondsUntilDue(id: string): Promise<number> {
    const result = (await ctx.db.execute(
      sql`select extract(epoch from next_attempt_at - now())::float as s from mail_outbox where id = ${id}`,
    )) as unknown as { rows: { s: number }[] };
    return Number(result.rows[0]!.s);
  }

  /** Stands for the wait: the retry's time has come. */
  async function makeDue(id: string): Promise<void> {
    await ctx.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
  }
});

describe('without SMTP_URL', () => {
  it('sends nothing and keeps the outbox', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nosmtp-'));
    const server = await startTestSmtpServer();
    const runtime = await startRuntime(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true' }), { inMemory: true });
    try {
      expect(runtime.mail.enabled).toBe(false);
      // The demo portal starts with mail of its own waiting (the yearly dues billed on its plots at start).
      const waitingBefore = await runtime.database.db.$count(mailOutbox, eq(mailOutbox.status, 'pending'));
      await enqueueMail(runtime.database.db, {
        to: 'ravi@example.com',
        template: 'password_reset',
        params: { full_name: 'Ravi', reset_url: 'https://portal.test/reset?token=t', expires_minutes: 30 },
        dedupeKey: 'kept',
      });
      expect(await runtime.mail.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      const [row] = await runtime.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'kept'));
      expect(row).toMatchObject({ status: 'pending', attempts: 0, leaseHolder: null });
      expect(await listMailAttempts(runtime.database.db, row!.id)).toEqual([]);
      expect(server.received).toHaveLength(0);

      const login = await runtime.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: 'username=admin%40example.com&password=Demo%4012345',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const summary = await runtime.app.inject({
        method: 'GET',
        url: '/api/outbox/summary',
        headers: { authorization: `Bearer ${login.json().access_token}` },
      });
      expect(summary.json()).toMatchObject({ smtp_configured: false, pending: waitingBefore + 1, failed: 0 });
    } finally {
      await runtime.close();
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
