// The state's single window (decision 036) against the portal over its real protocol: CAFs signed with the shared key
// taken once per CAF id (also under 20 parallel deliveries), forged, replayed and stale requests refused with nothing
// written, each bad input a 422 naming its field with nothing half-made, the handoff signing the investor in once,
// and the status pushes delivered to the sandbox single window once each, in order, after it was down for a while.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { CafInput } from '@portal/contract';
import {
  INTAKE_PATH,
  makeHandoffToken,
  SANDBOX_CREDENTIALS,
  signRequest,
  startSingleWindowSandbox,
  type SingleWindowSandbox,
} from '@portal/single-window-sandbox';
import {
  applicants,
  applications,
  documents,
  sessions,
  singleWindowCafs,
  singleWindowNonces,
  singleWindowOutbox,
  users,
} from '../../../db/schema';
import { singleWindowConfigFrom } from '../../../lib/single-window/config';
import { sendDuePushes } from '../rules/push';
import { createTestContext, SAMPLE_FILES, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestAsset } from '../../../test/workflow-fixtures';

const DPR = SAMPLE_FILES.pdf();
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** A file server standing in for the single window's document store. */
async function startDocumentServer() {
  const server = http.createServer((request, response) => {
    if (request.url === '/dpr.pdf') return response.end(DPR);
    if (request.url === '/picture.pdf') return response.end(SAMPLE_FILES.png());
    if (request.url === '/huge.pdf') {
      // 50 MB, streamed without a length: the portal must stop reading past its limit.
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.write('%PDF-1.4\n');
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < 50) {
          sent += 1;
          if (!response.write(chunk)) return response.once('drain', more);
        }
        response.end();
      };
      response.on('error', () => undefined);
      return more();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe(`the state's single window (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let files: Awaited<ReturnType<typeof startDocumentServer>>;
  let sandbox: SingleWindowSandbox;
  let portalUrl: string;
  let park: string;
  const plots: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    portalUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    files = await startDocumentServer();
    sandbox = await startSingleWindowSandbox({ port: 0, portalUrl });
    for (let index = 0; index < 60; index += 1) {
      const asset = await insertTestAsset(ctx);
      plots.push(asset.assetCode);
      park = asset.zone;
    }
  });
  afterAll(async () => {
    await sandbox?.close();
    await files?.close();
    await ctx?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  let serial = 0;
  function caf(overrides: { plot?: string | null; documents?: CafInput['documents']; email?: string } = {}) {
    serial += 1;
    const id = `CAF-TEST-${crypto.randomBytes(4).toString('hex')}-${serial}`;
    return {
      caf_id: id,
      investor: {
        full_name: 'Anil Verma',
        email: overrides.email ?? `investor-${id.toLowerCase()}@example.com`,
        email_verified: true as boolean,
        mobile: '9876543210',
      },
      unit: {
        organization_name: 'Verma Polymers',
        pan_number: 'ABCDE1234F',
        address: '4 Ring Road',
        city: 'Hyderabad',
        state: 'Telangana',
        pincode: '500032',
        bank_name: 'State Bank of India',
        bank_account: '123456789012',
        bank_ifsc: 'SBIN0001234',
      },
      project: { description: 'Moulded polymer parts', estimated_investment: 25_000_000, employment_generation: 40 },
      land: { park, ...(overrides.plot !== null && { plot_code: overrides.plot ?? plots.shift()! }) },
      documents: overrides.documents ?? [
        { document_type: 'dpr', file_name: 'dpr.pdf', url: `${files.url}/dpr.pdf`, sha256: sha256(DPR) },
      ],
    } satisfies CafInput;
  }

  /** Sends a body to the intake signed as the single window (or as told), through the portal's HTTP inject. */
  function intake(body: unknown, sign: { key?: string; nonce?: string; timestamp?: number } = {}) {
    const text = JSON.stringify(body);
    const headers = signRequest(
      { clientId: SANDBOX_CREDENTIALS.clientId, key: sign.key ?? SANDBOX_CREDENTIALS.key },
      'POST',
      INTAKE_PATH,
      text,
      sign,
    );
    return ctx.app.inject({
      method: 'POST',
      url: INTAKE_PATH,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: text,
    });
  }

  const countOf = async (table: typeof singleWindowCafs | typeof users | typeof applicants | typeof applications) =>
    Number((await ctx.db.select({ n: count() }).from(table))[0]!.n);
  const storedFiles = () => fs.readdirSync(path.join(ctx.dataDir, 'uploads')).length;

  it('takes a CAF: the investor, their profile and a prefilled draft with its document; the same CAF again is the same application', async () => {
    const body = caf();
    const first = await intake(body);
    expect(first.statusCode, first.body).toBe(201);
    const receipt = first.json();
    expect(receipt).toMatchObject({ caf_id: body.caf_id, status: 'draft', documents_attached: 1 });
    expect(receipt.application_number).toMatch(/^APP-\d{4}-\d{6}$/);
    const [application] = await ctx.db.select().from(applications).where(eq(applications.id, receipt.application_id));
    expect(application).toMatchObject({
      status: 'draft',
      applicationNumber: receipt.application_number,
      projectDescription: 'Moulded polymer parts',
      employmentGeneration: 40,
    });
    const attached = await ctx.db.select().from(documents).where(eq(documents.applicationId, receipt.application_id));
    expect(attached.map((row) => [row.documentType, row.fileSize])).toEqual([['dpr', DPR.length]]);

    const again = await intake(body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(receipt);
  });

  it('makes one applicant and one application of 20 parallel deliveries of one CAF', async () => {
    const body = caf();
    const before = { cafs: await countOf(singleWindowCafs), applications: await countOf(applications) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => intake(body)));
    for (const answer of answers) expect([200, 201], answer.body).toContain(answer.statusCode);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.json().application_number)).size).toBe(1);
    expect(await countOf(singleWindowCafs)).toBe(before.cafs + 1);
    expect(await countOf(applications)).toBe(before.applications + 1);
    const investors = await ctx.db.select().from(users).where(eq(users.email, body.investor.email));
    expect(investors).toHaveLength(1);
    const profiles = await ctx.db.select().from(applicants).where(eq(applicants.userId, investors[0]!.id));
    expect(profiles).toHaveLength(1);
  });

  it('refuses a forged, a replayed and a stale request with 401, writing nothing', async () => {
    const nonces = async () => Number((await ctx.db.select({ n: count() }).from(singleWindowNonces))[0]!.n);
    const before = { cafs: await countOf(singleWindowCafs), users: await countOf(users), nonces: await nonces() };

    const forged = await intake(caf(), { key: 'not the shared key, but long enough to look like one' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('signature_refused');
    const stale = await intake(caf(), { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(401);
    const unsigned = await ctx.app.inject({ method: 'POST', url: INTAKE_PATH, payload: caf() });
    expect(unsigned.statusCode).toBe(401);
    expect(await countOf(singleWindowCafs)).toBe(before.cafs);
    expect(await countOf(users)).toBe(before.users);
    expect(await nonces()).toBe(before.nonces);

    // A replay: the very same signed request (its nonce) a second time.
    const body = caf();
    const nonce = crypto.randomUUID();
    const timestamp = Math.floor(Date.now() / 1000);
    expect((await intake(body, { nonce, timestamp })).statusCode).toBe(201);
    const cafsAfterFirst = await countOf(singleWindowCafs);
    const replay = await intake(body, { nonce, timestamp });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('signature_refused');
    expect(await countOf(singleWindowCafs)).toBe(cafsAfterFirst);
  });

  it('answers each bad input with 422 naming the field, and makes nothing of it', async () => {
    const before = {
      cafs: await countOf(singleWindowCafs),
      users: await countOf(users),
      applications: await countOf(applications),
      files: storedFiles(),
    };
    const cases: [string, ReturnType<typeof caf>][] = [
      ['unit.pan_number', { ...caf(), unit: { ...caf().unit, pan_number: 'ABCD1234' } }],
      ['land.park', { ...caf(), land: { park: 'No Such Park' } }],
      ['land.plot_code', caf({ plot: 'NO-SUCH-PLOT' })],
      [
        'documents.0.sha256',
        caf({
          documents: [
            { document_type: 'dpr', file_name: 'dpr.pdf', url: `${files.url}/dpr.pdf`, sha256: 'ab'.repeat(32) },
          ],
        }),
      ],
      [
        'documents.0.file_name',
        caf({
          documents: [
            {
              document_type: 'dpr',
              file_name: 'dpr.pdf',
              url: `${files.url}/picture.pdf`,
              sha256: sha256(SAMPLE_FILES.png()),
            },
          ],
        }),
      ],
      [
        'documents.0.file_name',
        caf({
          documents: [{ document_type: 'dpr', file_name: 'dpr.png', url: `${files.url}/dpr.pdf`, sha256: sha256(DPR) }],
        }),
      ],
      [
        'documents.0.url',
        caf({
          documents: [
            { document_type: 'dpr', file_name: 'huge.pdf', url: `${files.url}/huge.pdf`, sha256: 'cd'.repeat(32) },
          ],
        }),
      ],
      [
        'documents.1.sha256',
        caf({
          documents: [
            { document_type: 'dpr', file_name: 'dpr.pdf', url: `${files.url}/dpr.pdf`, sha256: sha256(DPR) },
            { document_type: 'pan_card', file_name: 'pan.pdf', url: `${files.url}/dpr.pdf`, sha256: 'ef'.repeat(32) },
          ],
        }),
      ],
    ];
    for (const [field, body] of cases) {
      const answer = await intake(body);
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(422);
      expect(
        answer.json().errors.map((error: { path: string }) => error.path.replace(/^body\./, '')),
        field,
      ).toContain(field);
    }
    expect(await countOf(singleWindowCafs)).toBe(before.cafs);
    expect(await countOf(users)).toBe(before.users);
    expect(await countOf(applications)).toBe(before.applications);
    expect(storedFiles()).toBe(before.files);
  });

  it('links an existing account only by an email the single window verified', async () => {
    const email = 'existing.investor@example.com';
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'Tidy-Lantern-42', full_name: 'Existing Investor' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const unverified = caf({ email });
    unverified.investor.email_verified = false;
    const refused = await intake(unverified);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors[0].path).toBe('body.investor.email');

    const verified = await intake(caf({ email }));
    expect(verified.statusCode, verified.body).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(singleWindowCafs)
      .where(eq(singleWindowCafs.cafId, verified.json().caf_id));
    expect(row!.userId).toBe(registered.json().id);
  });

  describe('the handoff', () => {
    const handoff = (cafId: string, token: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/single-window/handoff', payload: { caf_id: cafId, token } });
    const sessionsOf = async (userId: string) =>
      Number((await ctx.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n);

    it('signs the investor in on their draft once; a reused, expired, forged or other CAF token signs nobody in', async () => {
      const receipt = (await intake(caf())).json();
      const other = (await intake(caf())).json();
      const [row] = await ctx.db.select().from(singleWindowCafs).where(eq(singleWindowCafs.cafId, receipt.caf_id));
      const userId = row!.userId;

      const token = sandbox.handoffToken(receipt.caf_id);
      const taken = await handoff(receipt.caf_id, token);
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.json()).toMatchObject({ caf_id: receipt.caf_id, application_id: receipt.application_id });
      const draft = await ctx.request(taken.json().access_token, {
        method: 'GET',
        url: `/api/applications/${receipt.application_id}`,
      });
      expect(draft.statusCode).toBe(200);
      expect(draft.json()).toMatchObject({ status: 'draft', project_description: 'Moulded polymer parts' });
      // Another's draft is not theirs.
      const others = await ctx.request(taken.json().access_token, {
        method: 'GET',
        url: `/api/applications/${other.application_id}`,
      });
      expect(others.statusCode).toBe(404);

      const signedIn = await sessionsOf(userId);
      const refusals = [
        ['reused', await handoff(receipt.caf_id, token)],
        [
          'expired',
          await handoff(
            receipt.caf_id,
            makeHandoffToken(SANDBOX_CREDENTIALS, receipt.caf_id, {
              issuedAt: Math.floor(Date.now() / 1000) - 600,
              expiresInSeconds: 300,
            }),
          ),
        ],
        ['for another CAF', await handoff(receipt.caf_id, sandbox.handoffToken(other.caf_id))],
        [
          'forged',
          await handoff(
            receipt.caf_id,
            makeHandoffToken(
              { ...SANDBOX_CREDENTIALS, key: 'someone else entirely, with a long enough key' },
              receipt.caf_id,
            ),
          ),
        ],
        [
          'too long-lived',
          await handoff(receipt.caf_id, sandbox.handoffToken(receipt.caf_id, { expiresInSeconds: 86_400 })),
        ],
      ] as const;
      for (const [name, answer] of refusals) {
        expect(answer.statusCode, name).toBe(401);
        expect(answer.json().code, name).toBe('handoff_refused');
      }
      expect(await sessionsOf(userId)).toBe(signedIn);
    });

    it('lets the investor of a CAF that named no plot choose one, making the prefilled draft with its documents', async () => {
      const body = caf({ plot: null });
      const receipt = (await intake(body)).json();
      expect(receipt).toMatchObject({ application_id: null, status: 'draft', documents_attached: 0 });
      const session = (await handoff(receipt.caf_id, sandbox.handoffToken(receipt.caf_id))).json();
      expect(session.application_id).toBeNull();
      const mine = await ctx.request(session.access_token, {
        method: 'GET',
        url: `/api/single-window/cafs/${receipt.caf_id}`,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ park, application_number: receipt.application_number });
      const stranger = await ctx.request(await ctx.tokenFor('entrepreneur'), {
        method: 'GET',
        url: `/api/single-window/cafs/${receipt.caf_id}`,
      });
      expect(stranger.statusCode).toBe(404);

      const plot = await insertTestAsset(ctx);
      const made = await ctx.request(session.access_token, {
        method: 'POST',
        url: `/api/single-window/cafs/${receipt.caf_id}/application`,
        payload: { asset_id: plot.id },
      });
      expect(made.statusCode, made.body).toBe(201);
      const applicationId = made.json().application_id as string;
      const [draft] = await ctx.db.select().from(applications).where(eq(applications.id, applicationId));
      expect(draft).toMatchObject({ applicationNumber: receipt.application_number, assetId: plot.id, status: 'draft' });
      expect(await ctx.db.select().from(documents).where(eq(documents.applicationId, applicationId))).toHaveLength(1);
      const twice = await ctx.request(session.access_token, {
        method: 'POST',
        url: `/api/single-window/cafs/${receipt.caf_id}/application`,
        payload: { asset_id: plot.id },
      });
      expect(twice.statusCode).toBe(409);
    });
  });

  describe('status pushes', () => {
    const config = () => ({ ...singleWindowConfigFrom({}, 8000), url: sandbox.url });

    it('delivers each event once and in order after the single window was down for several pushes; the pull agrees', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      let now = Date.now();
      const step = (minutes: number) => {
        now += minutes * 60_000;
        vi.setSystemTime(now);
      };
      const receipt = (await sandbox.fileCaf(caf())).body as { caf_id: string; application_id: string };
      const session = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/single-window/handoff',
          payload: { caf_id: receipt.caf_id, token: sandbox.handoffToken(receipt.caf_id) },
        })
      ).json();
      const investor = session.access_token as string;
      const zonal = await ctx.tokenFor('zonal_manager');

      sandbox.setDown(true);
      const submitted = await ctx.request(investor, {
        method: 'POST',
        url: `/api/applications/${receipt.application_id}/submit`,
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const scrutiny = await ctx.request(zonal, {
        method: 'PUT',
        url: `/api/applications/${receipt.application_id}/status`,
        payload: { status: 'under_scrutiny', current_stage: 'Under scrutiny' },
      });
      expect(scrutiny.statusCode, scrutiny.body).toBe(200);
      const respondBy = new Date(now + 10 * 86_400_000).toISOString().slice(0, 10);
      const raised = await ctx.request(zonal, {
        method: 'POST',
        url: `/api/applications/${receipt.application_id}/queries`,
        payload: { message: 'Send the pollution board consent', respond_by: respondBy },
      });
      expect(raised.statusCode, raised.body).toBe(201);

      // Down: the first push is tried on each run, after 1, 5 and 30 minutes; nothing after it goes first.
      const down = config();
      step(1);
      for (const minutes of [0, 1, 5, 30]) {
        step(minutes);
        expect(await sendDuePushes(ctx.db, down, portalUrl)).toEqual({ sent: 0, failed: 1 });
      }
      expect(sandbox.refusedWhileDown()).toBe(4);
      const waiting = await ctx.db
        .select()
        .from(singleWindowOutbox)
        .where(sql`${singleWindowOutbox.applicationId} = ${receipt.application_id}`)
        .orderBy(singleWindowOutbox.sequence);
      expect(waiting.map((row) => [row.statusCode, row.state])).toEqual([
        ['received', 'retrying'],
        ['fee_demanded', 'pending'],
        ['fee_demanded', 'pending'],
        ['query_raised', 'pending'],
      ]);
      expect(waiting[0]!.attempts).toBe(4);

      // The investor answers while the single window is still down; then it is back.
      const query = raised.json();
      const answered = await ctx.request(investor, {
        method: 'POST',
        url: `/api/queries/${query.id}/response`,
        payload: { message: 'Attached' },
      });
      expect(answered.statusCode, answered.body).toBe(200);
      sandbox.setDown(false);
      step(59);
      const before = await sendDuePushes(ctx.db, down, portalUrl);
      expect(before).toEqual({ sent: 0, failed: 0 });
      step(1);
      expect(await sendDuePushes(ctx.db, down, portalUrl)).toEqual({ sent: 5, failed: 0 });
      expect(await sendDuePushes(ctx.db, down, portalUrl)).toEqual({ sent: 0, failed: 0 });

      const delivered = sandbox.statusesOf(receipt.caf_id);
      expect(delivered.map((status) => status.status_code)).toEqual([
        'received',
        'fee_demanded',
        'fee_demanded',
        'query_raised',
        'query_answered',
      ]);
      expect(delivered.map((status) => status.sequence)).toEqual([1, 2, 3, 4, 5]);
      expect(new Set(delivered.map((status) => status.event_id)).size).toBe(5);

      const pulled = await sandbox.pull(receipt.caf_id);
      expect(pulled.status, JSON.stringify(pulled.body)).toBe(200);
      expect(pulled.body).toMatchObject({ caf_id: receipt.caf_id, status: 'query_answered', external_code: 'SW-03' });
      expect((pulled.body.events as { event_id: string }[]).map((event) => event.event_id)).toEqual(
        delivered.map((status) => status.event_id),
      );
      const unknown = await sandbox.pull('CAF-NOT-HERE');
      expect(unknown.status).toBe(404);
    });

    it('sends each push once when two runs overlap (a run outliving its lease), the single window being slow', async () => {
      const receipt = (await sandbox.fileCaf(caf())).body as { caf_id: string; application_id: string };
      const session = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/single-window/handoff',
          payload: { caf_id: receipt.caf_id, token: sandbox.handoffToken(receipt.caf_id) },
        })
      ).json();
      const submitted = await ctx.request(session.access_token, {
        method: 'POST',
        url: `/api/applications/${receipt.application_id}/submit`,
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      sandbox.setSlow(150);
      const before = sandbox.pushesAcknowledged();
      try {
        const runs = await Promise.all([
          sendDuePushes(ctx.db, config(), portalUrl),
          sendDuePushes(ctx.db, config(), portalUrl),
        ]);
        expect(runs[0]!.sent + runs[1]!.sent).toBe(3);
      } finally {
        sandbox.setSlow(0);
      }
      expect(sandbox.pushesAcknowledged() - before).toBe(3);
      expect(sandbox.statusesOf(receipt.caf_id).map((status) => status.status_code)).toEqual([
        'received',
        'fee_demanded',
        'fee_demanded',
      ]);
    });

    it('gives up after three days, and finance or an admin sends a failed push again; others may not', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      let now = Date.now();
      const receipt = (await sandbox.fileCaf(caf())).body as { caf_id: string; application_id: string };
      const session = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/single-window/handoff',
          payload: { caf_id: receipt.caf_id, token: sandbox.handoffToken(receipt.caf_id) },
        })
      ).json();
      expect(
        (
          await ctx.request(session.access_token, {
            method: 'POST',
            url: `/api/applications/${receipt.application_id}/submit`,
          })
        ).statusCode,
      ).toBe(200);
      sandbox.setDown(true);
      let attempts = 0;
      for (;;) {
        now += 61 * 60_000;
        vi.setSystemTime(now);
        const result = await sendDuePushes(ctx.db, config(), portalUrl);
        attempts += result.failed;
        const [head] = await ctx.db
          .select()
          .from(singleWindowOutbox)
          .where(
            sql`${singleWindowOutbox.applicationId} = ${receipt.application_id} and ${singleWindowOutbox.sequence} = 1`,
          );
        if (head!.state === 'failed') break;
        expect(attempts).toBeLessThan(100);
      }
      // 1, 5 and 30 minutes, then hourly for three days: 3 + 72 retries after the first attempt.
      expect(attempts).toBe(76);
      sandbox.setDown(false);
      vi.useRealTimers();

      const finance = await ctx.tokenFor('finance');
      const list = await ctx.request(finance, { method: 'GET', url: '/api/single-window/outbox?state=failed' });
      expect(list.statusCode, list.body).toBe(200);
      const failed = list.json().find((item: { caf_id: string }) => item.caf_id === receipt.caf_id);
      expect(failed).toMatchObject({ status_code: 'received', state: 'failed', sequence: 1 });
      expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);

      for (const role of ['zonal_manager', 'entrepreneur', 'legal'] as const) {
        const refused = await ctx.request(await ctx.tokenFor(role), {
          method: 'POST',
          url: `/api/single-window/outbox/${failed.id}/retry`,
        });
        expect(refused.statusCode, role).toBe(403);
      }
      const retried = await ctx.request(finance, {
        method: 'POST',
        url: `/api/single-window/outbox/${failed.id}/retry`,
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ state: 'retrying', attempts: 0 });
      const again = await ctx.request(await ctx.tokenFor('admin'), {
        method: 'POST',
        url: `/api/single-window/outbox/${failed.id}/retry`,
      });
      expect(again.statusCode).toBe(409);

      await sendDuePushes(ctx.db, config(), portalUrl);
      expect(sandbox.statusesOf(receipt.caf_id).map((status) => status.status_code)).toEqual([
        'received',
        'fee_demanded',
        'fee_demanded',
      ]);
    });
  });
});
