/** The outbox over a kill -9: a worker in its own process is killed while an SMTP server holds its message's data
 * unanswered; a new worker then delivers every message, each once, under the Message-ID it had (the stalled copy's,
 * which a receiver would use to drop a repeat), and the outbox records the cut-short attempt. Needs PostgreSQL (two
 * processes on one database): it runs in the api-postgres project. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, inArray, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { enqueueMails, listMailAttempts } from '../../repositories/mail-outbox';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-test-server';
import { renderMail } from './templates';
import { createSmtpTransport } from './transport';
import { createMailWorker } from './worker';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const FROM = 'Allotment Portal <no-reply@portal.test>';
const PORTAL = 'https://portal.test';
const LEASE_MS = 2_000;

function killTest() {
  let ctx: TestContext;
  let databaseUrl: string;
  let child: ChildProcess | undefined;
  const servers: TestSmtpServer[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ seed: false });
    const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_PG_URL!);
    url.pathname = `/${result.rows[0]!.name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.close()));
    await ctx.close();
  });

  it('loses nothing and sends each message once when the worker process is killed mid-send', async () => {
    const stalled = await startTestSmtpServer({ stallData: true });
    const good = await startTestSmtpServer();
    servers.push(stalled, good);
    const keys = Array.from({ length: 5 }, (_, index) => `kill-test:${index}`);
    await enqueueMails(
      ctx.db,
      keys.map((key, index) => ({
        to: `person${index}@example.com`,
        template: index % 2 === 0 ? 'invoice_overdue' : 'case_assigned',
        params: {
          full_name: `Person ${index}`,
          application_number: `APP-2026-00000${index}`,
          invoice_number: `INV-2026-00000${index}`,
          invoice_type: 'emd',
          amount: 1000 * (index + 1),
          due_date: '2026-02-01',
          status: 'under_scrutiny',
          assigned_by: 'Suresh Reddy',
          link: `/applications/00000000-0000-4000-8000-00000000000${index}`,
        },
        dedupeKey: key,
      })),
    );

    child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'worker-process.fixture.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        SMTP_URL: stalled.url,
        MAIL_FROM: FROM,
        PUBLIC_URL: PORTAL,
        WORKER_HOLDER: 'doomed-worker',
        LEASE_MS: String(LEASE_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));

    // The worker has handed over the first message's data and waits for the server's answer: kill it there.
    const [held] = await stalled.waitFor(1, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}; the worker process said:\n${output}`);
    });
    child.kill('SIGKILL');
    await exited;
    expect(child.signalCode).toBe('SIGKILL');

    const rows = () =>
      ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.dedupeKey, keys)).orderBy(asc(mailOutbox.dedupeKey));
    const atKill = await rows();
    const killed = atKill.find((row) => row.status === 'sending')!;
    expect(atKill.map((row) => row.status).sort()).toEqual(['pending', 'pending', 'pending', 'pending', 'sending']);
    expect(killed).toMatchObject({ leaseHolder: 'doomed-worker', attempts: 1 });
    expect(held!.messageId).toBe(`<${killed.id}@portal.test>`);
    expect((await listMailAttempts(ctx.db, killed.id)).map((attempt) => [attempt.outcome, attempt.finishedAt])).toEqual(
      [['sending', null]],
    );

    // A new worker: the four waiting go at once, the killed one when the dead worker's lease has run out.
    const survivor = createMailWorker({
      db: ctx.db,
      transport: createSmtpTransport(good.url),
      from: FROM,
      portalUrl: PORTAL,
      holder: 'survivor',
    });
    const deadline = Date.now() + 30_000;
    while ((await rows()).some((row) => row.status !== 'sent') && Date.now() < deadline) {
      if ((await survivor.runOnce()).sent === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await survivor.stop();

    const after = await rows();
    expect(after.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    await good.waitFor(5);
    expect(good.received).toHaveLength(5);
    // Each message arrived once, under its own Message-ID, with its own words.
    const byMessageId = new Map(good.received.map((mail) => [mail.messageId, mail]));
    expect(byMessageId.size).toBe(5);
    for (const row of after) {
      const mail = byMessageId.get(`<${row.id}@portal.test>`);
      expect(mail, row.dedupeKey!).toBeDefined();
      const expected = renderMail(row.template, row.language, row.params, PORTAL);
      expect(mail!.to).toEqual([row.toEmail]);
      expect(mail!.parsed.subject).toBe(expected.subject);
      expect(mail!.parsed.text?.trim()).toBe(expected.text.trim());
    }
    // The resent copy of the killed message carries the Message-ID of the copy the stalled server held.
    expect(byMessageId.get(held!.messageId)!.parsed.text?.trim()).toBe(held!.parsed.text?.trim());
    expect(after.find((row) => row.id === killed.id)).toMatchObject({ attempts: 2, leaseHolder: null });
    const attempts = await listMailAttempts(ctx.db, killed.id);
    expect(attempts.map((attempt) => [attempt.outcome, attempt.finishedAt !== null])).toEqual([
      ['sending', false],
      ['sent', true],
    ]);
  }, 120_000);
}

if (TEST_DB_KIND === 'postgres') describe('the outbox over a kill -9 (postgres)', killTest);
else it.skip('the outbox over a kill -9: needs PostgreSQL, runs in the api-postgres project');
