import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTokenService } from './tokens';

const secret = new TextEncoder().encode(crypto.randomBytes(32).toString('hex'));
const userId = crypto.randomUUID();
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the service's own secret, with exactly the claims given. */
function signed(claims: { sub?: string; iat?: number; exp?: number }, alg = 'HS256') {
  return new SignJWT({ ...claims }).setProtectedHeader({ alg }).sign(secret);
}

describe('bearer tokens', () => {
  it('verifies a token it issued', async () => {
    const tokens = createTokenService(secret);
    expect(await tokens.verify(await tokens.issue(userId))).toBe(userId);
  });

  it('refuses a correctly signed token without exp', async () => {
    expect(await createTokenService(secret).verify(await signed({ sub: userId, iat: now() }))).toBeNull();
  });

  it('refuses a correctly signed token without iat', async () => {
    expect(await createTokenService(secret).verify(await signed({ sub: userId, exp: now() + 60 }))).toBeNull();
  });

  it('refuses a correctly signed token without a subject', async () => {
    expect(await createTokenService(secret).verify(await signed({ iat: now(), exp: now() + 60 }))).toBeNull();
  });

  it('refuses an expired token, one issued in the future, and one that outlives the lifetime', async () => {
    const tokens = createTokenService(secret, 3600);
    expect(await tokens.verify(await signed({ sub: userId, iat: now() - 7200, exp: now() - 3600 }))).toBeNull();
    expect(await tokens.verify(await signed({ sub: userId, iat: now() + 3600, exp: now() + 7200 }))).toBeNull();
    // Signed with our secret but with an exp far past the lifetime: bounded by its iat all the same.
    expect(await tokens.verify(await signed({ sub: userId, iat: now() - 7200, exp: now() + 86_400 }))).toBeNull();
  });

  it('refuses another algorithm and another secret', async () => {
    const tokens = createTokenService(secret);
    expect(await tokens.verify(await signed({ sub: userId, iat: now(), exp: now() + 60 }, 'HS512'))).toBeNull();
    const other = createTokenService(new TextEncoder().encode('another secret of enough length!'));
    expect(await tokens.verify(await other.issue(userId))).toBeNull();
  });
});
