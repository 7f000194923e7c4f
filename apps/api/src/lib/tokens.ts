/** Signed, expiring bearer tokens (HS256 pinned). The secret is JWT_SECRET or one generated once and kept in DATA_DIR. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_LIFETIME_SECONDS } from '@portal/contract';

export interface TokenService {
  issue(userId: string): Promise<string>;
  /** The user id, or null when the token is missing, malformed, tampered with or expired. */
  verify(token: string): Promise<string | null>;
}

export function loadSigningSecret(explicit: string | undefined, dataDir: string): Uint8Array {
  if (explicit) return new TextEncoder().encode(explicit);
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

/** How many verified tokens are remembered; past it the oldest is forgotten (and verified again when it returns). */
const VERIFIED_CACHE_SIZE = 10_000;
/** Leeway for clocks of several API processes or machines that differ slightly. */
const CLOCK_TOLERANCE_SECONDS = 30;

export function createTokenService(secret: Uint8Array, lifetimeSeconds = TOKEN_LIFETIME_SECONDS): TokenService {
  // Imported once: given raw bytes, jose imports a key on every call.
  const key = crypto.webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A token cannot change, so once its signature checks out only its expiry is left to check: every request
  // carries the same token, and the HMAC was a visible share of a cheap request's time. The user row is still read
  // per request (plugins/auth.ts), so deactivating an account keeps working at once.
  const verified = new Map<string, { userId: string; expiresAt: number }>();
  return {
    async issue(userId) {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known.userId;
        verified.delete(token);
        return null;
      }
      try {
        // Every token we issue carries sub, iat and exp; one without them was not made by issue(), and one without
        // exp would never expire. maxTokenAge bounds a token by its iat as well (and refuses one issued in the future).
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'iat', 'exp'],
          maxTokenAge: lifetimeSeconds + CLOCK_TOLERANCE_SECONDS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number')
          return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        const expiresAt = Math.min(payload.exp, payload.iat + lifetimeSeconds + CLOCK_TOLERANCE_SECONDS) * 1000;
        verified.set(token, { userId: payload.sub, expiresAt });
        return payload.sub;
      } catch {
        return null;
      }
    },
  };
}
