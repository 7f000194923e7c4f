// The sandbox single window on its own: TEST MODE on every page, its form refusing what is missing without calling the
// portal, the portal's pushes believed only with the shared key's signature and a fresh nonce, the down and slow
// switches (on its page and over HTTP), and handoff tokens the shared key verifies with the claims the portal checks.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeHandoffToken,
  SANDBOX_CREDENTIALS,
  signRequest,
  startSingleWindowSandbox,
  STATUS_PUSH_PATH,
} from './sandbox';

const PORTAL = { clientId: SANDBOX_CREDENTIALS.departmentId, key: SANDBOX_CREDENTIALS.key };

describe('the sandbox single window', () => {
  let sandbox: Awaited<ReturnType<typeof startSingleWindowSandbox>>;
  // Nothing listens here: a form that reached the portal would fail loudly.
  beforeAll(async () => {
    sandbox = await startSingleWindowSandbox({ port: 0, portalUrl: 'http://127.0.0.1:9', log: () => undefined });
  });
  afterAll(() => sandbox.close());

  const push = (body: object, sign: { key?: string; nonce?: string; clientId?: string } = {}) => {
    const text = JSON.stringify(body);
    return fetch(`${sandbox.url}${STATUS_PUSH_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signRequest(
          { clientId: sign.clientId ?? PORTAL.clientId, key: sign.key ?? PORTAL.key },
          'POST',
          STATUS_PUSH_PATH,
          text,
          { nonce: sign.nonce },
        ),
      },
      body: text,
    });
  };
  const event = { event_id: 'timeline:1', caf_id: 'CAF-UNKNOWN', sequence: 1, status_code: 'received' };

  it('says TEST MODE on every page', async () => {
    for (const path of ['/', '/caf/new', '/no-such-page']) {
      const page = await (await fetch(`${sandbox.url}${path}`)).text();
      expect(page, path).toContain('TEST MODE');
    }
  });

  it('refuses a form with fields missing, naming each, without calling the portal', async () => {
    const answer = await fetch(`${sandbox.url}/caf`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ full_name: 'Kavya Reddy' }).toString(),
    });
    expect(answer.status).toBe(422);
    const page = await answer.text();
    expect(page).toContain('There is a problem');
    expect(page).toContain('href="#email"');
    expect(page).toContain('value="Kavya Reddy"');
    expect(page).toContain('TEST MODE');
  });

  it("believes a push only with the portal's signature and a nonce never seen", async () => {
    const forged = await push(event, { key: 'another key altogether, of a decent length' });
    expect(forged.status).toBe(401);
    const stranger = await push(event, { clientId: 'another-department' });
    expect(stranger.status).toBe(401);
    const nonce = crypto.randomUUID();
    const signed = await push(event, { nonce });
    // Signed, but for a CAF it never filed.
    expect(signed.status).toBe(404);
    const replayed = await push(event, { nonce });
    expect(replayed.status).toBe(401);
  });

  it('answers 503 while down and waits while slow, switched over HTTP', async () => {
    const set = (mode: object) =>
      fetch(`${sandbox.url}/sandbox/mode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(mode),
      });
    expect(await (await set({ down: true, slow_ms: 300 })).json()).toEqual({ down: true, slow_ms: 300 });
    const started = Date.now();
    const refused = await push(event);
    expect(refused.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(sandbox.refusedWhileDown()).toBe(1);
    const state = await (await fetch(`${sandbox.url}/sandbox/state`)).json();
    expect(state).toMatchObject({ down: true, slow_ms: 300, refused: 1 });
    await set({ down: false });
    expect((await push(event)).status).toBe(404);
  });

  it('makes handoff tokens the shared key verifies, naming the CAF, the portal and a fresh jti', () => {
    const token = sandbox.handoffToken('CAF-2026-123456');
    const [header, payload, signature] = token.split('.');
    const expected = crypto
      .createHmac('sha256', SANDBOX_CREDENTIALS.key)
      .update(`${header}.${payload}`)
      .digest('base64url');
    expect(signature).toBe(expected);
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: SANDBOX_CREDENTIALS.clientId,
      aud: SANDBOX_CREDENTIALS.departmentId,
      sub: 'CAF-2026-123456',
    });
    expect(claims.exp - claims.iat).toBe(300);
    expect(makeHandoffToken(SANDBOX_CREDENTIALS, 'CAF-2026-123456')).not.toBe(token);
    expect(sandbox.handoffUrl('CAF-2026-123456')).toMatch(
      /^http:\/\/127\.0\.0\.1:9\/single-window\/handoff\?caf=CAF-2026-123456&token=[\w-]+\.[\w-]+\.[\w-]+$/,
    );
  });
});
