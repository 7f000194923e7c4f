import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createTokenService } from './lib/tokens';
import { createDiskStorage } from './plugins/storage';
import { createTestContext, TEST_DB_KIND, type TestContext } from './test/harness';

describe(`the HTTP shell (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('tells browsers and proxies not to keep API answers, errors included; downloads keep their own policy', async () => {
    const token = await ctx.tokenFor('ho');
    for (const url of ['/api/applications', '/api/auth/me', `/api/applications/${crypto.randomUUID()}`]) {
      const response = await ctx.request(token, { method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/applications' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const exported = await ctx.request(token, { method: 'GET', url: '/api/reports/applications/export.csv' });
    expect(exported.headers['cache-control']).toBe('no-store');
  });

  it('answers malformed JSON with a 4xx and a detail, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBeTruthy();
  });
});

describe.skipIf(TEST_DB_KIND !== 'pglite')('serving the web app', () => {
  let handle: DatabaseHandle;
  let webDist: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'portal-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    handle = await openDatabase({ inMemory: true });
    await handle.migrate();
    app = await buildApp({
      config: { webDist, loginAttemptsPerMinute: 10 },
      db: handle.db,
      tokens: createTokenService(new TextEncoder().encode('x'.repeat(32))),
      storage: createDiskStorage(path.join(webDist, '..', `uploads-${path.basename(webDist)}`)),
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('falls back to index.html for a client route, serves files, and keeps /api 404s as JSON', async () => {
    const page = await app.inject({ method: 'GET', url: '/officer/applications/123' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>portal</title>');
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().detail).toMatch(/No such endpoint/);
  });
});
