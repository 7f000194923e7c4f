/** Builds a real app on a real database for API tests: in-memory PGlite, or a fresh database on the PostgreSQL
 * server in TEST_PG_URL when TEST_DB=postgres. Nothing of our server is mocked. Each test file's database is a copy
 * of one the run migrated (and seeded) once (global-setup.ts); without one, it is migrated and seeded here. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { Role } from '@portal/contract';
import { buildApp } from '../app';
import { startBeaconSandbox, type BeaconSandbox } from '@portal/beacon-sandbox';
import { clock, resetClockForTests } from '../core/clock';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../demo/seed';
import { createTokenService } from '../lib/tokens';
import { SANDBOX_BEACON_CHAIN } from '../lib/beacon';
import type { EsignConfig } from '../lib/esign/config';
import type { SmsConfig } from '../lib/sms/config';
import { createDiskStorage } from '../plugins/storage';
import { databaseUrl, type DatabaseTemplates } from './global-setup';

export const TEST_DB_KIND: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  dataDir: string;
  /** Signs in a demo user (or any email) and answers its bearer token. */
  tokenFor(roleOrEmail: Role | string, password?: string): Promise<string>;
  /** app.inject with a bearer token. */
  request(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The context's own sandbox beacon (decision 034), on the portal's clock: draws read their rounds from it. */
  beacon: BeaconSandbox;
  close(): Promise<void>;
}

/** An empty database; or, given `template` (from the run's templates), a copy of it. */
export async function openTestDatabase(template?: string): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  if (TEST_DB_KIND === 'pglite') {
    return { handle: await openDatabase({ inMemory: true, dump: template }), drop: async () => {} };
  }
  const serverUrl = process.env.TEST_PG_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_PG_URL (npm test sets it)');
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
  return {
    handle,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // pool.end() resolves before its sockets close; a FORCE drop that catches one still closing makes that
      // client emit an unhandled 57P01 error, so wait (briefly) for the sessions to go first.
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The run's templates for this engine, when its global set-up made them. */
function templates(): DatabaseTemplates | undefined {
  const provided = inject('databaseTemplates');
  return provided?.kind === TEST_DB_KIND ? provided : undefined;
}

/** A dump of a new, empty embedded database, when the run made one (PGlite's own tests start from it). */
export function emptyPgliteDump(): string | undefined {
  const provided = inject('databaseTemplates');
  return provided?.kind === 'pglite' ? provided.empty : undefined;
}

/** A migrated database, seeded with the demo data unless `seed` is false. */
export async function openPreparedDatabase(seed: boolean) {
  const template = templates();
  if (template) return openTestDatabase(seed ? template.seeded : template.migrated);
  const opened = await openTestDatabase();
  await opened.handle.migrate();
  if (seed) await seedDemoData(opened.handle.db);
  return opened;
}

export async function createTestContext(
  options: {
    seed?: boolean;
    loginAttemptsPerMinute?: number;
    clockMovable?: boolean;
    /** The eSign Service Provider (decision 035): by default the sandbox's address of a portal on port 8000. */
    esign?: EsignConfig;
    /** The SMS provider (decision 037): by default the sandbox's address of a portal on port 8000. */
    sms?: SmsConfig;
  } = {},
): Promise<TestContext> {
  // Each file starts on the process's own clock: a move in an earlier file of this worker is forgotten.
  resetClockForTests();
  const { handle, drop } = await openPreparedDatabase(options.seed !== false);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const tokens = createTokenService(new TextEncoder().encode(crypto.randomBytes(32).toString('hex')));
  const beacon = await startBeaconSandbox({ port: 0, now: () => clock.now().getTime() });
  const app = await buildApp({
    config: {
      webDist: path.join(dataDir, 'no-web'),
      loginAttemptsPerMinute: options.loginAttemptsPerMinute ?? 1000,
      clockMovable: options.clockMovable ?? false,
      beacon: { mode: 'sandbox', chain: { ...SANDBOX_BEACON_CHAIN, url: beacon.url }, timeoutMs: 2_000 },
      ...(options.esign && { esign: options.esign }),
      ...(options.sms && { sms: options.sms }),
    },
    db: handle.db,
    tokens,
    storage: createDiskStorage(path.join(dataDir, 'uploads')),
    checkResponses: true,
  });
  await app.ready();

  const cache = new Map<string, string>();
  return {
    app,
    db: handle.db,
    dataDir,
    async tokenFor(roleOrEmail, password = DEMO_PASSWORD) {
      const email = roleOrEmail.includes('@')
        ? roleOrEmail
        : DEMO_USERS.find((user) => user.role === roleOrEmail)!.email;
      const key = `${email}:${password}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: new URLSearchParams({ username: email, password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (response.statusCode !== 200)
        throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
      const token = response.json().access_token as string;
      cache.set(key, token);
      return token;
    },
    request(token, requestOptions) {
      const headers = { ...(requestOptions.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
      return app.inject({ ...requestOptions, headers });
    },
    beacon,
    async close() {
      resetClockForTests();
      await app.close();
      await beacon.close();
      await handle.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a fresh entrepreneur and answers its token and id. */
export async function registerEntrepreneur(
  ctx: TestContext,
  name = 'Test Entrepreneur',
): Promise<{ token: string; id: string; email: string }> {
  const email = `user-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const password = 'Tidy-Lantern-42';
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, full_name: name },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return { token: await ctx.tokenFor(email, password), id: response.json().id, email };
}

/** A multipart body with text fields and one file, for app.inject. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; field?: string }) {
  const boundary = `----portal${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Small real files whose first bytes match their type. */
export const SAMPLE_FILES = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  png: () => Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  jpg: () => Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
  docx: () => Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(60)]),
  exe: () => Buffer.from('4d5a90000300000004000000ffff0000', 'hex'),
};
