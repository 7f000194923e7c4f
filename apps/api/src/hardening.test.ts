/** The defects a black-box attack on the API found, one block each, and the error body every answer shares. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { ERROR_CODES, errorBodySchema, type ErrorCode, type ServiceRequestType } from '@portal/contract';
import { buildApp, type AppDependencies } from './app';
import { allotmentMilestones, applications, rateLimitHits } from './db/schema';
import { DEMO_USERS } from './demo/seed';
import { createTokenService } from './lib/tokens';
import { createDiskStorage } from './plugins/storage';
import { createSession } from './repositories/sessions';
import { findUserByEmail } from './repositories/users';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from './test/harness';
import { insertTestApplication } from './test/workflow-fixtures';
import { insertTestPlot, serviceRequestBody } from './test/service-fixtures';
import { insertInvoice } from './repositories/invoices';
import { nextNumber } from './repositories/counters';

/** Money's error codes and the module test that draws each from a real request. */
const MONEY_CODES_PROVEN_IN: Partial<Record<ErrorCode, string>> = {
  adjustment_state: 'modules/money/ledger-adjustments/ledger-adjustments.test.ts',
  no_interest_to_waive: 'modules/money/ledger-adjustments/ledger-adjustments.test.ts',
  bank_credit_state: 'modules/money/bank-reconciliation/bank-reconciliation.test.ts',
  settlement_amount_mismatch: 'modules/money/bank-reconciliation/bank-reconciliation.test.ts',
  statement_already_imported: 'modules/money/bank-reconciliation/bank-reconciliation.test.ts',
  maker_cannot_check: 'modules/money/refunds/refunds.test.ts',
  bank_not_verified: 'modules/money/refunds/refunds.test.ts',
  refund_state: 'modules/money/refunds/refunds.test.ts',
  utr_already_used: 'modules/money/refunds/refunds.test.ts',
  dues_outstanding: 'modules/money/ledger/ledger.test.ts',
  gateway_required: 'modules/money/gateway/gateway.test.ts',
  gateway_unavailable: 'modules/money/gateway/gateway.test.ts',
  invoice_already_paid: 'modules/money/gateway/gateway.test.ts',
  // An invoice's cancellation needs a second finance user to approve it (decision 023).
  invoice_cancelled: 'modules/money/ledger-adjustments/invoice-cancellation.test.ts',
  invoice_not_cancellable: 'modules/money/ledger-adjustments/invoice-cancellation.test.ts',
  signature_invalid: 'modules/money/gateway/gateway.test.ts',
  // An eSign under way needs an eSign provider (decision 035): its module's test draws it from a real start.
  esign_pending: 'modules/estate/lease-deed-esign/lease-deed-esign.test.ts',
  // The portal clock's refusals need a portal started with CLOCK=movable (decision 026): its module's test draws each.
  clock_fixed: 'modules/clock/clock.test.ts',
  clock_moving: 'modules/clock/clock.test.ts',
  clock_backwards: 'modules/clock/clock.test.ts',
  clock_too_far: 'modules/clock/clock.test.ts',
  // Appeals need a late or rejected case of the applicant's own: the appeals' module test draws each.
  // A rejection without its reason (decision 024).
  reason_required: 'modules/applications/workflow/reasons.test.ts',
  appeal_not_allowed: 'modules/appeals/appeals/appeals.test.ts',
  appeal_open: 'modules/appeals/appeals/appeals.test.ts',
  appeal_state: 'modules/appeals/appeals/appeals.test.ts',
  // Schemes' refusals need a scheme in a given state with applications in it: the schemes' module test draws each.
  scheme_not_accepting: 'modules/schemes/schemes/schemes.test.ts',
  scheme_ineligible: 'modules/schemes/schemes/schemes.test.ts',
  scheme_state: 'modules/schemes/schemes/schemes.test.ts',
  scheme_decided: 'modules/schemes/schemes/schemes.test.ts',
  // The e-auction's refusals need a scheme in bidding with qualified bidders: the auction's module test draws each.
  plot_not_in_scheme: 'modules/schemes/auctions/auctions.test.ts',
  bidder_not_qualified: 'modules/schemes/auctions/auctions.test.ts',
  auction_not_running: 'modules/schemes/auctions/auctions.test.ts',
  bid_too_low: 'modules/schemes/auctions/auctions.test.ts',
  // Grievances' refusals need a grievance resolved, reopened or rated (decision 038): their module's test draws each.
  grievance_state: 'modules/grievances/grievances/grievances.test.ts',
  grievance_reopen_closed: 'modules/grievances/grievances/grievances.test.ts',
  grievance_reopened_before: 'modules/grievances/grievances/grievances.test.ts',
  grievance_rated: 'modules/grievances/grievances/grievances.test.ts',
  file_type_not_accepted: 'modules/grievances/grievances/grievances.test.ts',
  // The single window's refusals need its signed requests and handoff tokens (decision 036): its test draws each.
  signature_refused: 'modules/single-window/cafs/single-window.test.ts',
  handoff_refused: 'modules/single-window/cafs/single-window.test.ts',
};

const form = (body: Record<string, string>) => ({
  payload: new URLSearchParams(body).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const login = (email: string, password = 'wrong-guess') => ({
  method: 'POST' as const,
  url: '/api/auth/login',
  ...form({ username: email, password }),
});

/** An answer in the shared error shape, with the code expected. */
function expectError(response: { statusCode: number; body: string }, status: number, code: ErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorBodySchema.parse(JSON.parse(response.body));
  expect(body.code).toBe(code);
  expect(body.detail.length).toBeGreaterThan(0);
  return body;
}

describe(`hardening (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const extraApps: FastifyInstance[] = [];
  const secret = new TextEncoder().encode(crypto.randomBytes(32).toString('hex'));

  /** Another app on the test database, as another deployment of the same code would be. */
  async function appWith(config: Partial<AppDependencies['config']> = {}, ready = true): Promise<FastifyInstance> {
    const dir = path.join(os.tmpdir(), `portal-hardening-${crypto.randomBytes(4).toString('hex')}`);
    const app = await buildApp({
      config: { webDist: path.join(dir, 'no-web'), loginAttemptsPerMinute: 1000, ...config },
      db: ctx.db,
      tokens: createTokenService(secret),
      storage: createDiskStorage(path.join(dir, 'uploads')),
    });
    if (ready) await app.ready();
    extraApps.push(app);
    return app;
  }

  /** A client address no other call has used, so the shared per-address counters of one test do not reach another.
   * (Drawn at random from 254, two tests sometimes shared one: an address already at its limit was refused before
   * the email was counted, and an email test then saw 401 where it expected 429.) */
  let addressesUsed = 0;
  const address = () => {
    addressesUsed += 1;
    return `10.0.${Math.floor(addressesUsed / 250)}.${(addressesUsed % 250) + 1}`;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    for (const app of extraApps) await app.close();
    await ctx.close();
  });

  describe('1. the per-address sign-in limit', () => {
    it('is not escaped with X-Forwarded-For when no proxy is trusted (the default)', async () => {
      const app = await appWith({ loginAttemptsPerMinute: 2 }); // 10 per address
      const remoteAddress = address();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 15; attempt++) {
        const response = await app.inject({
          ...login(`spoof-${attempt}@example.com`),
          remoteAddress,
          headers: { ...form({}).headers, 'x-forwarded-for': `203.0.113.${attempt}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
    });

    it('counts the forwarded client when TRUST_PROXY names the proxy', async () => {
      const proxy = address();
      const app = await appWith({ loginAttemptsPerMinute: 2, trustProxy: [proxy] });
      const clientOf = (attempt: number) => `192.0.2.${(attempt % 2) + 1}`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt++) {
        const response = await app.inject({
          ...login(`proxied-${crypto.randomUUID()}@example.com`),
          remoteAddress: proxy,
          headers: { ...form({}).headers, 'x-forwarded-for': clientOf(attempt) },
        });
        statuses.push(response.statusCode);
      }
      // Two clients behind the proxy, six attempts each: under the limit of ten per address.
      expect(statuses.every((status) => status === 401)).toBe(true);
    });
  });

  describe('2. flooding the limiter', () => {
    it('keeps a limited email limited however many other counters there are', async () => {
      const app = await appWith({ loginAttemptsPerMinute: 2 });
      const victim = `victim-${crypto.randomUUID()}@example.com`;
      for (let attempt = 0; attempt < 2; attempt++) await app.inject({ ...login(victim), remoteAddress: address() });
      expect((await app.inject({ ...login(victim), remoteAddress: address() })).statusCode).toBe(429);
      await ctx.db.execute(
        sql`insert into rate_limit_hits (key, window_start, hits) select 'flood-' || i, now(), 1 from generate_series(1, 100001) as i`,
      );
      for (let attempt = 0; attempt < 5; attempt++) {
        await app.inject({ ...login(`flood-${crypto.randomUUID()}@example.com`), remoteAddress: address() });
      }
      expect((await app.inject({ ...login(victim), remoteAddress: address() })).statusCode).toBe(429);
      await ctx.db.execute(sql`delete from rate_limit_hits where key like 'flood-%'`);
    });

    it('does not let an address past its limit add a counter per new email', async () => {
      const app = await appWith({ loginAttemptsPerMinute: 1 }); // 5 per address
      const remoteAddress = address();
      for (let attempt = 0; attempt < 5; attempt++) {
        await app.inject({ ...login(`filler-${crypto.randomUUID()}@example.com`), remoteAddress });
      }
      const count = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(rateLimitHits))[0]!.n;
      const before = await count();
      for (let attempt = 0; attempt < 20; attempt++) {
        const response = await app.inject({ ...login(`filler-${crypto.randomUUID()}@example.com`), remoteAddress });
        expect(response.statusCode).toBe(429);
      }
      expect(await count()).toBe(before);
    });
  });

  describe('3. control characters', () => {
    it('refuses NUL in a text field of a body with a 422 naming the field', async () => {
      const { token } = await registerEntrepreneur(ctx);
      const response = await ctx.request(token, {
        method: 'POST',
        url: '/api/applicants',
        payload: {
          organization_name: 'Acme\u0000 Industries',
          pan_number: 'ABCDE1234F',
          address: '1 Industrial Road',
          city: 'Hyderabad',
          state: 'Telangana',
          pincode: '500001',
          bank_name: 'State Bank of India',
          bank_account: '123456789',
          bank_ifsc: 'SBIN0001234',
        },
      });
      const body = expectError(response, 422, 'validation_failed');
      expect(body.detail).toMatch(/^organization_name: .*control characters/);
      expect(body.errors).toEqual([{ path: 'body.organization_name', message: expect.any(String) }]);
    });

    it('refuses other control characters in free text, but keeps tabs and new lines', async () => {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: `bell-${crypto.randomUUID()}@example.com`,
          password: 'Tidy-Lantern-42',
          full_name: 'Bell\u0007',
        },
      });
      expect(expectError(refused, 422, 'validation_failed').detail).toMatch(/^full_name: /);
      const meeting = await ctx.request(await ctx.tokenFor('committee'), {
        method: 'POST',
        url: '/api/meetings',
        payload: { meeting_date: '2030-01-15', agenda: 'First item\n\tSecond item\r\nThird item' },
      });
      expect(meeting.statusCode, meeting.body).toBe(201);
      expect(meeting.json().agenda).toBe('First item\n\tSecond item\r\nThird item');
    });

    it.each([
      '/api/applications?q=%00',
      '/api/applications?zone=abc%00',
      '/api/assets?q=plot%01',
      '/api/users?q=%00',
      '/api/reports/applications?zone=%00',
      '/api/reports/applications?status=%00',
    ])('refuses a control character in the query string: %s', async (url) => {
      const response = await ctx.request(await ctx.tokenFor('admin'), { method: 'GET', url });
      const body = expectError(response, 422, 'validation_failed');
      expect(body.detail).toMatch(/control characters/);
      expect(body.errors?.[0]?.path).toMatch(/^querystring\./);
    });
  });

  describe('4. dates', () => {
    it.each(['0000-01-01', '1899-12-31', '2201-01-01', '2023-02-29', '2024-04-31', '2024-13-01'])(
      'refuses the meeting date %s with a 422',
      async (meetingDate) => {
        const response = await ctx.request(await ctx.tokenFor('committee'), {
          method: 'POST',
          url: '/api/meetings',
          payload: { meeting_date: meetingDate, agenda: 'Agenda' },
        });
        expect(expectError(response, 422, 'validation_failed').detail).toMatch(/^meeting_date: /);
      },
    );

    it('accepts a real date in range, 29 February of a leap year included', async () => {
      const response = await ctx.request(await ctx.tokenFor('committee'), {
        method: 'POST',
        url: '/api/meetings',
        payload: { meeting_date: '2028-02-29', agenda: 'Leap day meeting' },
      });
      expect(response.statusCode, response.body).toBe(201);
    });

    it.each([
      '/api/reports/applications?from_date=0000-01-01',
      '/api/reports/payments?to_date=0000-12-31',
      '/api/applications?from=0000-01-01',
      '/api/invoices?to=0000-01-01',
    ])('refuses a year-0000 filter with a 422, not a 500: %s', async (url) => {
      const response = await ctx.request(await ctx.tokenFor('admin'), { method: 'GET', url });
      expectError(response, 422, 'validation_failed');
    });

    it('refuses a year-0000 possession date with a 422', async () => {
      const response = await ctx.request(await ctx.tokenFor('zonal_manager'), {
        method: 'POST',
        url: `/api/allotments/${crypto.randomUUID()}/possession`,
        payload: { possession_date: '0000-01-01', area_verified: 100 },
      });
      expect(expectError(response, 422, 'validation_failed').detail).toMatch(/^possession_date: /);
    });
  });

  describe('5. an empty account update', () => {
    it('answers 422 "Nothing to change"', async () => {
      const finance = await findUserByEmail(ctx.db, 'finance@example.com');
      const response = await ctx.request(await ctx.tokenFor('admin'), {
        method: 'PATCH',
        url: `/api/users/${finance!.id}`,
        payload: {},
      });
      expect(expectError(response, 422, 'validation_failed').detail).toMatch(/^Nothing to change/);
    });
  });

  describe('6. a deactivated account', () => {
    it('answers the same whether the password is right or wrong', async () => {
      const admin = await ctx.tokenFor('admin');
      const email = `leaver-${crypto.randomUUID()}@example.com`;
      const created = await ctx.request(admin, {
        method: 'POST',
        url: '/api/users',
        payload: { email, password: 'Tidy-Lantern-42', full_name: 'Leaver', role: 'legal' },
      });
      expect(created.statusCode, created.body).toBe(201);
      await ctx.request(admin, {
        method: 'PATCH',
        url: `/api/users/${created.json().id}`,
        payload: { is_active: false },
      });
      const right = await ctx.app.inject(login(email, 'Tidy-Lantern-42'));
      const wrong = await ctx.app.inject(login(email, 'not-the-password'));
      expect(right.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(right.body).toBe(wrong.body);
      expect(right.json()).toEqual({
        detail: 'This account has been deactivated. Please contact the administrator.',
        code: 'account_deactivated',
      });
    });
  });

  describe('7. answers of the HTTP layer', () => {
    it('tells a JSON body over the limit that the request is too large, not a file', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: JSON.stringify({ email: 'big@example.com', padding: 'x'.repeat(1_100_000) }),
        headers: { 'content-type': 'application/json' },
      });
      const body = expectError(response, 413, 'payload_too_large');
      expect(body.detail).toMatch(/request body is too large/);
      expect(body.detail).not.toMatch(/5MB|File/);
    });

    it('names the limit of the route when a larger one applies (a CSV import takes 5 MB)', async () => {
      const response = await ctx.request(await ctx.tokenFor('admin'), {
        method: 'POST',
        url: '/api/assets/import',
        payload: 'x'.repeat(6 * 1_048_576),
        headers: { 'content-type': 'text/csv' },
      });
      expect(expectError(response, 413, 'payload_too_large').detail).toMatch(/at most 5 MB/);
    });

    it('answers a too-long address with 414, a detail and a code', async () => {
      const response = await ctx.request(await ctx.tokenFor('ho'), {
        method: 'GET',
        url: `/api/applications/${'a'.repeat(200)}`,
      });
      expect(expectError(response, 414, 'uri_too_long').detail).toMatch(/address is too long/);
    });

    it('answers headers over the limit with 431, a detail and a code', async () => {
      const app = await appWith();
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as net.AddressInfo;
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(40_000)}\r\n\r\n`);
        });
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('close', () => resolve(received));
        socket.on('error', (error) => (received ? resolve(received) : reject(error)));
      });
      const [head, body] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expectError({ statusCode: 431, body: body! }, 431, 'headers_too_large');
    });

    it('sends Retry-After with a 429', async () => {
      const app = await appWith({ loginAttemptsPerMinute: 1 });
      const email = `retry-${crypto.randomUUID()}@example.com`;
      await app.inject({ ...login(email), remoteAddress: address() });
      const limited = await app.inject({ ...login(email), remoteAddress: address() });
      expectError(limited, 429, 'rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('says "This field is required" for a field left out', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `missing-${crypto.randomUUID()}@example.com`, password: 'Tidy-Lantern-42' },
      });
      const body = expectError(response, 422, 'validation_failed');
      expect(body.detail).toBe('full_name: This field is required');
      expect(body.errors).toContainEqual({ path: 'body.full_name', message: 'This field is required' });
    });
  });

  describe('8. authentication before validation', () => {
    it.each<[string, InjectOptions]>([
      ['a body that fails the schema', { method: 'POST', url: '/api/meetings', payload: { agenda: 42 } }],
      [
        'malformed JSON',
        {
          method: 'POST',
          url: '/api/meetings',
          payload: '{"agenda":',
          headers: { 'content-type': 'application/json' },
        },
      ],
      ['a bad query string', { method: 'GET', url: '/api/applications?limit=zero' }],
      ['a bad id', { method: 'GET', url: '/api/applications/not-a-uuid' }],
    ])('answers an anonymous caller with %s 401, not the schema', async (_name, options) => {
      const response = await ctx.app.inject(options);
      const body = expectError(response, 401, 'unauthorized');
      expect(body).not.toHaveProperty('errors');
    });

    it('refuses a role without the permission 403 before reading its body', async () => {
      const response = await ctx.request(await ctx.tokenFor('entrepreneur'), {
        method: 'POST',
        url: '/api/meetings',
        payload: { agenda: 42 },
      });
      expectError(response, 403, 'forbidden');
    });
  });

  describe('9. drafts', () => {
    let draftId: string;
    beforeAll(async () => {
      draftId = (await insertTestApplication(ctx, 'draft')).id;
    });

    it.each(['', '/documents', '/documents/checklist', '/timeline', '/queries'])(
      'staff are answered 404 for a draft%s; the applicant sees it',
      async (suffix) => {
        for (const role of ['ho', 'zonal_manager', 'admin', 'finance'] as const) {
          const response = await ctx.request(await ctx.tokenFor(role), {
            method: 'GET',
            url: `/api/applications/${draftId}${suffix}`,
          });
          expect(expectError(response, 404, 'not_found').detail).toBe('Application not found');
        }
        const own = await ctx.request(await ctx.tokenFor('entrepreneur'), {
          method: 'GET',
          url: `/api/applications/${draftId}${suffix}`,
        });
        expect(own.statusCode, own.body).toBe(200);
      },
    );

    it('staff still open the application once it is submitted', async () => {
      await ctx.db.update(applications).set({ status: 'submitted' }).where(eq(applications.id, draftId));
      const response = await ctx.request(await ctx.tokenFor('ho'), {
        method: 'GET',
        url: `/api/applications/${draftId}`,
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('10. tokens', () => {
    const signed = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    it.each([
      ['without exp', { iat: true }],
      ['without iat', { exp: true }],
    ])('refuses a correctly signed token %s with 401', async (_name, which) => {
      const app = await appWith();
      const user = await findUserByEmail(ctx.db, DEMO_USERS[0]!.email);
      const now = Math.floor(Date.now() / 1000);
      // An open session, so only the missing claim can be what refuses the token.
      const sessionId = await createSession(ctx.db, user!.id, 600);
      const token = await signed({
        sub: user!.id,
        sid: sessionId,
        ...('iat' in which && { iat: now }),
        ...('exp' in which && { exp: now + 600 }),
      });
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expectError(response, 401, 'unauthorized');
      // The same app accepts a token it issued.
      const issued = await createTokenService(secret).issue({ userId: user!.id, sessionId });
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${issued}` },
      });
      expect(me.statusCode).toBe(200);
    });
  });

  describe('11. HTTPS-only headers', () => {
    const hsts = 'strict-transport-security';
    it('are not sent over plain HTTP', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers[hsts]).toBeUndefined();
      expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    });

    it('are sent when PUBLIC_URL is https', async () => {
      const app = await appWith({ publicUrl: 'https://portal.example.gov.in' });
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers[hsts]).toMatch(/max-age=\d+/);
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    });

    it('follow X-Forwarded-Proto only from a trusted proxy', async () => {
      const proxy = address();
      const trusting = await appWith({ trustProxy: [proxy] });
      const request = { method: 'GET' as const, url: '/api/health', remoteAddress: proxy };
      const viaProxy = await trusting.inject({ ...request, headers: { 'x-forwarded-proto': 'https' } });
      expect(viaProxy.headers[hsts]).toMatch(/max-age=\d+/);
      const spoofed = await ctx.app.inject({ ...request, headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers[hsts]).toBeUndefined();
    });
  });

  describe('every error answers {detail, code}', () => {
    it('covers each code with its status', async () => {
      const seen = new Set<ErrorCode>();
      const check = async (status: number, code: ErrorCode, answer: Promise<{ statusCode: number; body: string }>) => {
        expectError(await answer, status, code);
        seen.add(code);
      };
      const admin = await ctx.tokenFor('admin');
      const entrepreneur = await ctx.tokenFor('entrepreneur');
      await check(422, 'validation_failed', ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: {} }));
      await check(
        400,
        'bad_request',
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: '{"email":',
          headers: { 'content-type': 'application/json' },
        }),
      );
      await check(401, 'unauthorized', ctx.app.inject({ method: 'GET', url: '/api/auth/me' }));
      await check(401, 'invalid_credentials', ctx.app.inject(login(`nobody-${crypto.randomUUID()}@example.com`)));
      const leaverEmail = `leaver-${crypto.randomUUID()}@example.com`;
      const leaver = await ctx.request(await ctx.tokenFor('admin'), {
        method: 'POST',
        url: '/api/users',
        payload: { email: leaverEmail, password: 'Tidy-Lantern-42', full_name: 'Leaver', role: 'legal' },
      });
      await ctx.request(await ctx.tokenFor('admin'), {
        method: 'PATCH',
        url: `/api/users/${leaver.json().id}`,
        payload: { is_active: false },
      });
      await check(401, 'account_deactivated', ctx.app.inject(login(leaverEmail, 'Tidy-Lantern-42')));
      await check(403, 'forbidden', ctx.request(entrepreneur, { method: 'GET', url: '/api/users' }));
      await check(404, 'not_found', ctx.app.inject({ method: 'GET', url: '/api/nothing-here' }));
      await check(
        404,
        'not_found',
        ctx.request(admin, { method: 'GET', url: `/api/applications/${crypto.randomUUID()}` }),
      );
      await check(
        409,
        'conflict',
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: DEMO_USERS[0]!.email, password: 'Tidy-Lantern-42', full_name: 'Again' },
        }),
      );
      const submitted = await insertTestApplication(ctx, 'submitted');
      await check(
        409,
        'wrong_state',
        ctx.request(admin, {
          method: 'PUT',
          url: `/api/applications/${submitted.id}/status`,
          payload: { status: 'completed', current_stage: 'Skipping ahead' },
        }),
      );
      await check(
        413,
        'payload_too_large',
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
          headers: { 'content-type': 'application/json' },
        }),
      );
      await check(
        414,
        'uri_too_long',
        ctx.request(admin, { method: 'GET', url: `/api/applications/${'a'.repeat(200)}/timeline` }),
      );
      await check(
        415,
        'unsupported_media_type',
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: '<hello/>',
          headers: { 'content-type': 'application/xml' },
        }),
      );
      const limited = await appWith({ loginAttemptsPerMinute: 1 });
      const remoteAddress = address();
      for (let attempt = 0; attempt < 6; attempt++) {
        await limited.inject({ ...login(`codes-${attempt}@example.com`), remoteAddress });
      }
      await check(429, 'rate_limited', limited.inject({ ...login('codes-last@example.com'), remoteAddress }));
      // The account codes (decision record 010).
      await check(
        422,
        'weak_password',
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: `weak-${crypto.randomUUID()}@example.com`, password: '12345678', full_name: 'Weak' },
        }),
      );
      const holder = await registerEntrepreneur(ctx, 'Code Holder');
      await check(
        422,
        'incorrect_password',
        ctx.request(holder.token, {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { current_password: 'not the password', new_password: 'mango river lantern' },
        }),
      );
      await check(
        400,
        'invalid_reset_token',
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: 'no-such-link', password: 'mango river lantern' },
        }),
      );
      const lockedEmail = `locked-${crypto.randomUUID()}@example.com`;
      const lockedFrom = address();
      for (let attempt = 0; attempt < 5; attempt++) {
        await ctx.app.inject({ ...login(lockedEmail), remoteAddress: lockedFrom });
      }
      await check(429, 'account_locked', ctx.app.inject({ ...login(lockedEmail), remoteAddress: lockedFrom }));
      const failing = await appWith({}, false);
      failing.get('/api/test-failure', async () => {
        throw new Error('connection string with a password in it');
      });
      await failing.ready();
      const failure = await failing.inject({ method: 'GET', url: '/api/test-failure' });
      await check(500, 'internal_error', Promise.resolve(failure));
      expect(failure.body).not.toMatch(/password/);
      // The allottee services' refusals, on the demo entrepreneur's seeded allotments (seed-estate.ts).
      const held = (await ctx.request(entrepreneur, { method: 'GET', url: '/api/allotments?limit=200' })).json() as {
        id: string;
        status: string;
        milestones: { kind: string; met_on: string | null }[];
      }[];
      const surrendered = held.find((item) => item.status === 'surrendered')!;
      const building = held.find((item) => item.milestones.some((m) => m.met_on !== null))!;
      const open = held.find((item) => item.status === 'active' && item.milestones.every((m) => m.met_on === null))!;
      const ask = (allotmentId: string, request_type: string, milestone?: string) =>
        ctx.request(entrepreneur, {
          method: 'POST',
          url: '/api/service-requests',
          payload: { request_type, allotment_id: allotmentId, milestone, description: 'Hardening check' },
        });
      await check(409, 'service_not_allowed', ask(surrendered.id, 'withdrawal'));
      await check(409, 'milestone_met', ask(building.id, 'eot', 'commence_construction'));
      await ctx.db
        .update(allotmentMilestones)
        .set({ extensions: 2 })
        .where(
          sql`${allotmentMilestones.allotmentId} = ${open.id} and ${allotmentMilestones.kind} = 'start_production'`,
        );
      await check(409, 'extension_limit', ask(open.id, 'eot', 'start_production'));
      // Transfers, dues, show-cause notices and orders (decision 014).
      const ho = await ctx.tokenFor('ho');
      const plot = await insertTestPlot(ctx, { possessionDate: '2026-01-15' });
      const raise = (type: ServiceRequestType, particulars: Record<string, unknown> = {}) =>
        ctx.request(entrepreneur, {
          method: 'POST',
          url: '/api/service-requests',
          payload: serviceRequestBody(type, { allotment_id: plot.allotmentId }, particulars),
        });
      await check(
        422,
        'transfer_to_self',
        raise('transfer', { transferee_email: DEMO_USERS.find((u) => u.role === 'entrepreneur')!.email }),
      );
      const transfer = (await raise('transfer')).json() as { id: string };
      // One open request of a kind per allotment (decision 020).
      await check(409, 'service_request_open', raise('transfer', { transferee_email: 'another-buyer@example.com' }));
      await ctx.request(ho, {
        method: 'PATCH',
        url: `/api/service-requests/${transfer.id}`,
        payload: { status: 'in_progress' },
      });
      await check(
        409,
        'transferee_not_accepted',
        ctx.request(ho, {
          method: 'PATCH',
          url: `/api/service-requests/${transfer.id}`,
          payload: { status: 'approved' },
        }),
      );
      // A request raised with the seed's fields waits on its particulars (decision 021).
      const unnamed = (await raise('change_name', { new_name: undefined })).json() as { id: string };
      await check(
        409,
        'particulars_needed',
        ctx.request(ho, {
          method: 'PATCH',
          url: `/api/service-requests/${unnamed.id}`,
          payload: { status: 'in_progress' },
        }),
      );
      await check(
        409,
        'order_not_issued',
        ctx.request(entrepreneur, { method: 'GET', url: `/api/service-requests/${transfer.id}/order.pdf` }),
      );
      const notice = () =>
        ctx.request(ho, {
          method: 'POST',
          url: `/api/allotments/${plot.allotmentId}/show-causes`,
          payload: { grounds: 'Construction has not commenced' },
        });
      expect((await notice()).statusCode).toBe(201);
      await check(409, 'show_cause_state', notice());
      await check(409, 'show_cause_pending', raise('mortgage_noc'));
      const owing = await insertTestPlot(ctx, { possessionDate: '2026-01-15' });
      await insertInvoice(ctx.db, {
        applicationId: owing.applicationId,
        invoiceType: 'premium_instalment',
        amount: 100_000,
        dueDate: '2026-02-15',
        invoiceNumber: await nextNumber(ctx.db, 'invoice'),
      });
      await check(
        409,
        'unpaid_dues',
        ctx.request(entrepreneur, {
          method: 'POST',
          url: '/api/service-requests',
          payload: serviceRequestBody('mortgage_noc', { allotment_id: owing.allotmentId }),
        }),
      );
      // Money's refusals (decision 016) need a gateway, a bank statement or a second finance user: their module's tests
      // draw each from a real request, and must keep naming it.
      for (const [code, file] of Object.entries(MONEY_CODES_PROVEN_IN)) {
        const source = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
        expect(source, `${file} asserts ${code}`).toContain(`'${code}'`);
        seen.add(code as ErrorCode);
      }
      // One-time codes and the SMS provider's reports (decision 037) need the sandbox provider to read a code from: the
      // SMS tests draw each from a real request, and must keep naming it.
      const smsTest = fs.readFileSync(path.join(import.meta.dirname, 'lib/sms/sms.test.ts'), 'utf8');
      for (const code of ['invalid_code', 'code_locked', 'mobile_taken', 'delivery_report_refused'] as const) {
        expect(smsTest, `lib/sms/sms.test.ts asserts ${code}`).toContain(`'${code}'`);
        seen.add(code);
      }
      // 431 and request_timeout come from Node before a request exists (the 431 test above); the rest are here.
      expect(ERROR_CODES.filter((code) => !seen.has(code)).sort()).toEqual(['headers_too_large', 'request_timeout']);
    });

    it('adds the code to an error a route answers by itself', async () => {
      const response = await ctx.request(await ctx.tokenFor('admin'), {
        method: 'POST',
        url: '/api/assets/import',
        payload: 'asset_code,category_id\nX,\n',
        headers: { 'content-type': 'text/csv' },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().code).toBe('validation_failed');
    });
  });
});
