import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTokenService } from './tokens';

const secret = new TextEncoder().encode(crypto.randomBytes(32).toString('hex'));
const userId = crypto.randomUUID();
const sessionId = crypto.randomUUID();
const claims = { userId, sessionId };
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the service's own secret, with exactly the claims given. */
function signed(claims: { sub?: string; sid?: string; iat?: number; exp?: number }, alg = 'HS256') {
  return new SignJWT({ ...claims }).setProtectedHeader({ alg }).sign(secret);
}

describe('bearer tokens', () => {
  it('verifies a token it issued, and answers its user and session', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    // Again, from the verified cache.
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses a correctly signed token without a session id (one made before sessions were kept)', async () => {
    expect(
      await createTokenService(secret).verify(await signed({ sub: userId, iat: now(), exp: now() + 60 })),
    ).toBeNull();
  });

  it('refuses a correctly signed token whose ids are not uuids', async () => {
    const tokens = createTokenService(secret);
    expect(await tokens.verify(await signed({ sub: 'admin', sid: sessionId, iat: now(), exp: now() + 60 }))).toBeNull();
    expect(
      await tokens.verify(await signed({ sub: userId, sid: "1' or '1'='1", iat: now(), exp: now() + 60 })),
    ).toBeNull();
    expect(await tokens.verify(await signed({ sub: userId, sid: sessionId, iat: now(), exp: now() + 60 }))).toEqual(
      claims,
    );
  });

  it('refuses a correctly signed token without exp', async () => {
    expect(
      await createTokenService(secret).verify(await signed({ sub: userId, sid: sessionId, iat: now() })),
    ).toBeNull();
  });

  it('refuses a correctly signed token without iat', async () => {
    expect(
      await createTokenService(secret).verify(await signed({ sub: userId, sid: sessionId, exp: now() + 60 })),
    ).toBeNull();
  });

  it('refuses a correctly signed token without a subject', async () => {
    expect(
      await createTokenService(secret).verify(await signed({ sid: sessionId, iat: now(), exp: now() + 60 })),
    ).toBeNull();
  });

  it('refuses an expired token, one issued in the future, and one that outlives the lifetime', async () => {
    const tokens = createTokenService(secret, 3600);
    const base = { sub: userId, sid: sessionId };
    expect(await tokens.verify(await signed({ ...base, iat: now() - 7200, exp: now() - 3600 }))).toBeNull();
    expect(await tokens.verify(await signed({ ...base, iat: now() + 3600, exp: now() + 7200 }))).toBeNull();
    // Signed with our secret but with an exp far past the lifetime: bounded by its iat all the same.
    expect(await tokens.verify(await signed({ ...base, iat: now() - 7200, exp: now() + 86_400 }))).toBeNull();
  });

  it('refuses another algorithm and another secret', async () => {
    const tokens = createTokenService(secret);
    expect(
      await tokens.verify(await signed({ sub: userId, sid: sessionId, iat: now(), exp: now() + 60 }, 'HS512')),
    ).toBeNull();
    const other = createTokenService(new TextEncoder().encode('another secret of enough length!'));
    expect(await tokens.verify(await other.issue(claims))).toBeNull();
  });
});
