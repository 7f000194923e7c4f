// Accounts people can recover (decision record 010): signing out, changing and resetting a password, the password
// rule, and the sign-in lock, on the real app and database.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { FORGOT_PASSWORD_ANSWER, WEAK_PASSWORD_MESSAGE } from '@portal/contract';
import { buildApp } from '../../app';
import { mailOutbox, passwordResetTokens, sessions, signInLocks, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../demo/seed';
import { createTokenService } from '../../lib/tokens';
import { createDiskStorage } from '../../plugins/storage';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { cleanUpAccounts } from './cleanup';

const GOOD = 'mango river lantern';
const BETTER = 'Quiet-Harbour-7';
const COMMON = ['password', '12345678', '        ', 'Password1'];

const form = (username: string, password: string): InjectOptions => ({
  method: 'POST',
  url: '/api/auth/login',
  payload: new URLSearchParams({ username, password }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe(`accounts (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  /** Two apps on one database with one signing secret, as two API processes would be (each with its own cache of
   * verified tokens). */
  let app: FastifyInstance;
  let second: FastifyInstance;
  const secret = crypto.randomBytes(32);
  const opened: FastifyInstance[] = [];

  async function instance(config: { publicUrl?: string } = {}): Promise<FastifyInstance> {
    const dir = path.join(os.tmpdir(), `portal-accounts-${crypto.randomBytes(4).toString('hex')}`);
    const built = await buildApp({
      config: { webDist: path.join(dir, 'no-web'), loginAttemptsPerMinute: 1000, ...config },
      db: ctx.db,
      tokens: createTokenService(secret),
      storage: createDiskStorage(path.join(dir, 'uploads')),
    });
    await built.ready();
    opened.push(built);
    return built;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    app = await instance();
    second = await instance();
  });
  afterAll(async () => {
    for (const built of opened) await built.close();
    await ctx.close();
  });

  let counter = 0;
  /** A fresh entrepreneur account; answers its email. */
  async function newAccount(password = GOOD): Promise<string> {
    const email = `acct-${++counter}-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password, full_name: `Account Holder ${counter}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return email;
  }
  async function signIn(email: string, password = GOOD, via: FastifyInstance = app): Promise<string> {
    const response = await via.inject(form(email, password));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().access_token;
  }
  const call = (token: string | null, options: InjectOptions, via: FastifyInstance = app) =>
    via.inject({ ...options, headers: { ...options.headers, ...(token && { authorization: `Bearer ${token}` }) } });
  const me = async (token: string, via: FastifyInstance = app) =>
    (await call(token, { method: 'GET', url: '/api/auth/me' }, via)).statusCode;
  const post = (token: string | null, url: string, payload?: object) =>
    call(token, { method: 'POST', url: `/api/auth/${url}`, ...(payload && { payload }) });
  const userId = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const outboxOf = (id: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.userId, id));
  const forgot = (email: string, via: FastifyInstance = app, headers: Record<string, string> = {}) =>
    via.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers });
  const reset = (token: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
  /** The token of the newest reset mail queued for the account. */
  async function mailedToken(email: string): Promise<string> {
    const mails = await outboxOf(await userId(email));
    const newest = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    return new URL(String(newest.params.reset_url)).searchParams.get('token')!;
  }

  describe('signing out', () => {
    it('names its session in the token, and logout makes that token 401 on every endpoint, other sessions kept', async () => {
      const email = await newAccount();
      const first = await signIn(email);
      const other = await signIn(email);
      const claims = JSON.parse(Buffer.from(first.split('.')[1]!, 'base64url').toString());
      expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
      const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, claims.sid));
      expect(row?.userId).toBe(await userId(email));

      const out = await post(first, 'logout');
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      for (const url of ['/api/auth/me', '/api/applications', '/api/applicants/me', '/api/service-requests']) {
        const answer = await call(first, { method: 'GET', url });
        expect(answer.statusCode, url).toBe(401);
        expect(answer.json().code).toBe('unauthorized');
      }
      // Also in another API process on the same database, whose token cache had seen nothing of it.
      expect(await me(first, second)).toBe(401);
      expect((await post(first, 'logout')).statusCode).toBe(401);
      expect(await me(other)).toBe(200);
    });

    it('takes no body, or an empty object, and needs a token', async () => {
      const email = await newAccount();
      expect((await post(await signIn(email), 'logout', {})).statusCode).toBe(204);
      expect((await post(await signIn(email), 'logout', { everywhere: true })).statusCode).toBe(422);
      expect((await post(null, 'logout')).statusCode).toBe(401);
    });

    it('refuses a token whose session expired, and one for a session of another user', async () => {
      const email = await newAccount();
      const token = await signIn(email);
      const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
      await ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where id = ${sid}`);
      expect(await me(token)).toBe(401);
      // A token naming another user's open session is refused too (it would need the secret, but the query checks).
      const otherEmail = await newAccount();
      const otherToken = await signIn(otherEmail);
      const otherSid = JSON.parse(Buffer.from(otherToken.split('.')[1]!, 'base64url').toString()).sid;
      const forged = await app.tokens.issue({ userId: await userId(email), sessionId: otherSid });
      expect(await me(forged)).toBe(401);
      expect(await me(otherToken)).toBe(200);
    });

    it("clears a user's dead sessions at the next sign-in", async () => {
      const email = await newAccount();
      const token = await signIn(email);
      await post(token, 'logout');
      const id = await userId(email);
      expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);
      await signIn(email);
      const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.revokedAt).toBeNull();
    });
  });

  describe('changing the password', () => {
    it('needs the right current password, keeps the session asking and ends the others', async () => {
      const email = await newAccount();
      const current = await signIn(email);
      const other = await signIn(email);
      const otherProcess = await signIn(email, GOOD, second);

      const wrong = await post(current, 'change-password', { current_password: 'not it at all', new_password: BETTER });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({
        code: 'incorrect_password',
        errors: [{ path: 'body.current_password', message: 'The current password is not correct' }],
      });

      const changed = await post(current, 'change-password', { current_password: GOOD, new_password: BETTER });
      expect(changed.statusCode, changed.body).toBe(204);
      expect(await me(current)).toBe(200);
      expect(await me(other)).toBe(401);
      expect(await me(otherProcess, second)).toBe(401);
      expect((await app.inject(form(email, GOOD))).statusCode).toBe(401);
      expect(await signIn(email, BETTER)).toBeTruthy();
    });

    it.each(COMMON)('refuses %j as the new password with 422 weak_password on the field', async (password) => {
      const email = await newAccount();
      const token = await signIn(email);
      const response = await post(token, 'change-password', { current_password: GOOD, new_password: password });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'weak_password',
        errors: [{ path: 'body.new_password', message: WEAK_PASSWORD_MESSAGE }],
      });
      expect(await signIn(email)).toBeTruthy();
    });

    it('refuses a new password under eight characters from the schema, and needs a token', async () => {
      const email = await newAccount();
      const short = await post(await signIn(email), 'change-password', {
        current_password: GOOD,
        new_password: 'x7$Kq',
      });
      expect(short.statusCode).toBe(422);
      expect(short.json().errors.map((error: { path: string }) => error.path)).toEqual(['body.new_password']);
      expect((await post(null, 'change-password', { current_password: GOOD, new_password: BETTER })).statusCode).toBe(
        401,
      );
    });
  });

  describe('the password rule on register and admin create', () => {
    it.each(COMMON)('registering refuses %j with 422 weak_password', async (password) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `weak-${crypto.randomUUID()}@example.com`, password, full_name: 'Weak Password' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'weak_password',
        errors: [{ path: 'body.password', message: WEAK_PASSWORD_MESSAGE }],
      });
    });

    it("registering refuses the account's own email as its password", async () => {
      const email = `Lakshmi.Narayanan.${crypto.randomBytes(3).toString('hex')}@example.com`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: email.toLowerCase(), full_name: 'Lakshmi Narayanan' },
      });
      expect(response.json().code).toBe('weak_password');
    });

    it.each(COMMON)("an admin's new account refuses %j with 422 weak_password", async (password) => {
      const response = await ctx.request(await ctx.tokenFor('admin'), {
        method: 'POST',
        url: '/api/users',
        payload: {
          email: `officer-${crypto.randomUUID()}@example.com`,
          password,
          full_name: 'New Officer',
          role: 'legal',
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('weak_password');
    });

    it('accepts a passphrase on both', async () => {
      expect(await newAccount('correct horse battery staple')).toBeTruthy();
      const response = await ctx.request(await ctx.tokenFor('admin'), {
        method: 'POST',
        url: '/api/users',
        payload: {
          email: `officer-${crypto.randomUUID()}@example.com`,
          password: BETTER,
          full_name: 'New Officer',
          role: 'legal',
        },
      });
      expect(response.statusCode).toBe(201);
    });

    it('leaves the seeded demo accounts able to sign in with the demo password', async () => {
      expect(await signIn('ho@example.com', DEMO_PASSWORD)).toBeTruthy();
    });
  });

  describe('a forgotten password', () => {
    it('answers 202 with the same body for an unknown email, a malformed one and a real one; only the real one is mailed', async () => {
      const email = await newAccount();
      const id = await userId(email);
      const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
      const unknown = await forgot(`nobody-${crypto.randomUUID()}@example.com`);
      const malformed = await forgot('not an email');
      expect(unknown.statusCode).toBe(202);
      expect(malformed.statusCode).toBe(202);
      const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
      expect(after[0]!.n).toBe(before[0]!.n);

      const known = await forgot(email.toUpperCase());
      expect(known.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual(FORGOT_PASSWORD_ANSWER);

      const [mail] = await outboxOf(id);
      expect(mail).toMatchObject({ toEmail: email, template: 'password_reset', language: 'en', status: 'pending' });
      expect(mail!.params).toMatchObject({ full_name: expect.stringMatching(/^Account Holder/), expires_minutes: 30 });
      const url = new URL(String(mail!.params.reset_url));
      expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8000/reset-password');
      const token = url.searchParams.get('token')!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Stored hashed, valid for 30 minutes.
      const [link] = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
      expect(link!.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('base64url'));
      expect(link!.tokenHash).not.toContain(token);
      const minutes = (link!.expiresAt.getTime() - link!.createdAt.getTime()) / 60_000;
      expect(minutes).toBeCloseTo(30, 1);
    });

    it('mails nothing for a deactivated account, and answers the same', async () => {
      const email = await newAccount();
      const id = await userId(email);
      await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, id));
      const response = await forgot(email);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(FORGOT_PASSWORD_ANSWER);
      expect(await outboxOf(id)).toEqual([]);
    });

    it("links to PUBLIC_URL when it is set, and never to the request's Host header", async () => {
      const email = await newAccount();
      await forgot(email, app, { host: 'attacker.example' });
      expect(new URL(String((await outboxOf(await userId(email)))[0]!.params.reset_url)).host).toBe('localhost:8000');

      const publicApp = await instance({ publicUrl: 'https://portal.example.gov.in/' });
      const other = await newAccount();
      await forgot(other, publicApp, { host: 'attacker.example' });
      const [mail] = await outboxOf(await userId(other));
      expect(String(mail!.params.reset_url)).toMatch(/^https:\/\/portal\.example\.gov\.in\/reset-password\?token=/);
    });

    it('limits the mails for one email to two a minute', async () => {
      const email = await newAccount();
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt++) statuses.push((await forgot(email)).statusCode);
      expect(statuses).toEqual([202, 202, 429]);
      expect(await outboxOf(await userId(email))).toHaveLength(2);
    });
  });

  describe('resetting the password from the link', () => {
    it('sets the password, ends every session in every process, and works once', async () => {
      const email = await newAccount();
      const tokens = [await signIn(email), await signIn(email), await signIn(email, GOOD, second)];
      await forgot(email);
      const link = await mailedToken(email);

      const done = await reset(link, BETTER);
      expect(done.statusCode, done.body).toBe(204);
      for (const token of tokens) expect(await me(token)).toBe(401);
      expect(await me(tokens[2]!, second)).toBe(401);
      expect((await app.inject(form(email, GOOD))).statusCode).toBe(401);
      expect(await signIn(email, BETTER)).toBeTruthy();

      const again = await reset(link, 'another fine passphrase');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'invalid_reset_token' });
    });

    it.each(COMMON)('refuses %j and leaves the link usable', async (password) => {
      const email = await newAccount();
      await forgot(email);
      const link = await mailedToken(email);
      const weak = await reset(link, password);
      expect(weak.statusCode).toBe(422);
      expect(weak.json()).toMatchObject({ code: 'weak_password', errors: [{ path: 'body.password' }] });
      expect((await reset(link, BETTER)).statusCode).toBe(204);
    });

    it('voids earlier links when a new one is sent', async () => {
      const email = await newAccount();
      await forgot(email);
      const first = await mailedToken(email);
      await forgot(email);
      const latest = await mailedToken(email);
      expect(latest).not.toBe(first);
      expect((await reset(first, BETTER)).json().code).toBe('invalid_reset_token');
      expect((await reset(latest, BETTER)).statusCode).toBe(204);
    });

    it('refuses an expired link, an unknown one, and one of a deactivated account', async () => {
      const email = await newAccount();
      await forgot(email);
      const link = await mailedToken(email);
      const id = await userId(email);
      await ctx.db.execute(
        sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${id}`,
      );
      expect((await reset(link, BETTER)).statusCode).toBe(400);
      expect((await reset(crypto.randomBytes(32).toString('base64url'), BETTER)).statusCode).toBe(400);

      const leaver = await newAccount();
      await forgot(leaver);
      const leaverLink = await mailedToken(leaver);
      await ctx.db.update(users).set({ isActive: false }).where(eq(users.email, leaver));
      expect((await reset(leaverLink, BETTER)).json().code).toBe('invalid_reset_token');
      expect((await reset('', BETTER)).statusCode).toBe(422);
    });

    it('gives a link used twice at once to one request only', async () => {
      const email = await newAccount();
      await forgot(email);
      const link = await mailedToken(email);
      const answers = await Promise.all([reset(link, BETTER), reset(link, 'another fine passphrase')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 400]);
    });
  });

  describe('the sign-in lock', () => {
    const lockKey = (email: string) =>
      crypto.createHash('sha256').update(`sign-in-lock\u0000${email.toLowerCase()}`).digest('base64url');
    const lockOf = async (email: string) =>
      (
        await ctx.db
          .select()
          .from(signInLocks)
          .where(eq(signInLocks.key, lockKey(email)))
      )[0];

    it('locks an email after five failures across two API processes, with Retry-After, the right password too', async () => {
      const email = await newAccount();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const via = attempt % 2 === 0 ? app : second;
        statuses.push((await via.inject(form(email, `wrong guess ${attempt}`))).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      for (const via of [app, second]) {
        const locked = await via.inject(form(email, GOOD));
        expect(locked.statusCode).toBe(429);
        expect(locked.json().code).toBe('account_locked');
        expect(locked.json().detail).toMatch(/Try again in 15 minutes, or reset your password/);
        const retryAfter = Number(locked.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(14 * 60);
        expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      }
      // Kept by a hash of the email, which the table never holds.
      expect(await lockOf(email)).toMatchObject({ failures: 0, locks: 1 });
      const everything = JSON.stringify(await ctx.db.select().from(signInLocks));
      expect(everything).not.toContain(email);
    });

    it('answers an email with no account exactly as one with an account', async () => {
      const email = await newAccount();
      const ghost = `ghost-${crypto.randomUUID()}@example.com`;
      const answers: Record<string, { status: number; body: string }[]> = { [email]: [], [ghost]: [] };
      for (const who of [email, ghost]) {
        for (let attempt = 0; attempt < 6; attempt++) {
          const response = await app.inject(form(who, 'wrong guess'));
          answers[who]!.push({ status: response.statusCode, body: response.body });
        }
      }
      expect(answers[ghost]).toEqual(answers[email]);
      expect(answers[email]!.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('is cleared by a successful sign-in, and grows for a lock soon after the last', async () => {
      const email = await newAccount();
      for (let attempt = 0; attempt < 4; attempt++) await app.inject(form(email, 'wrong guess'));
      await signIn(email);
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await app.inject(form(email, 'wrong guess'))).statusCode).toBe(401);
      }
      await app.inject(form(email, 'wrong guess'));
      expect((await app.inject(form(email, GOOD))).statusCode).toBe(429);
      // The first lock runs out; five more failures lock it for twice as long.
      await ctx.db
        .update(signInLocks)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(signInLocks.key, lockKey(email)));
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await app.inject(form(email, 'wrong guess'))).statusCode).toBe(401);
      }
      const locked = await app.inject(form(email, GOOD));
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(29 * 60);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
    });

    it('counts wrong current passwords on change-password, and is lifted by a password reset', async () => {
      const email = await newAccount();
      const token = await signIn(email);
      for (let attempt = 0; attempt < 5; attempt++) {
        const wrong = await post(token, 'change-password', { current_password: 'wrong guess', new_password: BETTER });
        expect(wrong.statusCode).toBe(422);
      }
      const locked = await post(token, 'change-password', { current_password: GOOD, new_password: BETTER });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('account_locked');
      expect((await app.inject(form(email, GOOD))).statusCode).toBe(429);

      await forgot(email);
      expect((await reset(await mailedToken(email), BETTER)).statusCode).toBe(204);
      expect(await signIn(email, BETTER)).toBeTruthy();
    });
  });

  describe('the clean-up', () => {
    it('deletes dead sessions, expired links and stale lock keys, and keeps what is live', async () => {
      const email = await newAccount();
      const id = await userId(email);
      const live = await signIn(email);
      const ended = await signIn(email);
      await post(ended, 'logout');
      const expired = await signIn(email);
      const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
      await ctx.db.execute(
        sql`update sessions set expires_at = now() - interval '1 second' where id = ${sidOf(expired)}`,
      );
      await forgot(email);
      await ctx.db.execute(
        sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${id}`,
      );
      const stale = `stale-${crypto.randomUUID()}@example.com`;
      const fresh = `fresh-${crypto.randomUUID()}@example.com`;
      await app.inject(form(stale, 'wrong guess'));
      await app.inject(form(fresh, 'wrong guess'));
      const key = (who: string) => crypto.createHash('sha256').update(`sign-in-lock\u0000${who}`).digest('base64url');
      await ctx.db
        .update(signInLocks)
        .set({ updatedAt: sql`now() - interval '2 days'` })
        .where(eq(signInLocks.key, key(stale)));

      await ctx.db.execute(sql`delete from job_leases where name = 'accounts-cleanup'`);
      expect(await cleanUpAccounts(ctx.db)).toBe(true);

      const left = await ctx.db.select().from(sessions).where(eq(sessions.userId, id));
      expect(left.map((row) => row.id)).toEqual([sidOf(live)]);
      expect(await me(live)).toBe(200);
      expect(await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id))).toEqual([]);
      expect(
        await ctx.db
          .select()
          .from(signInLocks)
          .where(eq(signInLocks.key, key(stale))),
      ).toEqual([]);
      expect(
        await ctx.db
          .select()
          .from(signInLocks)
          .where(eq(signInLocks.key, key(fresh))),
      ).toHaveLength(1);
    });
  });
});
