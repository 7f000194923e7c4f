/** Signed, expiring bearer tokens (HS256 pinned). The secret is JWT_SECRET or one generated once and kept in DATA_DIR.
 * Each token names its server-side session (`sid`), which the per-request user read checks, so signing out or
 * resetting the password ends a token at once (decision record 010). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_LIFETIME_SECONDS } from '@portal/contract';
import { machineNow } from '../core/clock';

/** Who a token speaks for: its user and the session it was issued for. */
export interface TokenClaims {
  userId: string;
  sessionId: string;
}

export interface TokenService {
  issue(claims: TokenClaims): Promise<string>;
  /** The token's user and session, or null when the token is missing, malformed, tampered with, expired, or has no
   * session (made before sessions were kept). Whether the session is still open is the database's to say. */
  verify(token: string): Promise<TokenClaims | null>;
  /** How long a token issued now lives, in seconds: its session lasts as long. */
  readonly lifetimeSeconds: number;
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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTokenService(secret: Uint8Array, lifetimeSeconds = TOKEN_LIFETIME_SECONDS): TokenService {
  // Imported once: given raw bytes, jose imports a key on every call.
  const key = crypto.webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A token cannot change, so once its signature checks out only its expiry is left to check: every request
  // carries the same token, and the HMAC was a visible share of a cheap request's time. The session and its user
  // are still read per request (plugins/auth.ts), so signing out or deactivating an account works at once.
  const verified = new Map<string, TokenClaims & { expiresAt: number }>();
  return {
    lifetimeSeconds,
    async issue({ userId, sessionId }) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // A session's expiry is the machine's time, not the portal's.
        if (machineNow().getTime() < known.expiresAt) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return null;
      }
      try {
        // Every token we issue carries sub, iat and exp; one without them was not made by issue(), and one without
        // exp would never expire. maxTokenAge bounds a token by its iat as well (and refuses one issued in the future).
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'sid', 'iat', 'exp'],
          maxTokenAge: lifetimeSeconds + CLOCK_TOLERANCE_SECONDS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        const { sub, sid, exp, iat } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number' || typeof iat !== 'number')
          return null;
        // Both ids are looked up as uuids: anything else could not name a row, and would fail the query's cast.
        if (!UUID.test(sub) || !UUID.test(sid)) return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        const expiresAt = Math.min(exp, iat + lifetimeSeconds + CLOCK_TOLERANCE_SECONDS) * 1000;
        verified.set(token, { userId: sub, sessionId: sid, expiresAt });
        return { userId: sub, sessionId: sid };
      } catch {
        return null;
      }
    },
  };
}
