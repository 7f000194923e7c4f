/** The single-window protocol's signatures (decision 036), the portal's side: a request is signed with HMAC-SHA256
 * over its timestamp, nonce, method, path and body's SHA-256 with the shared key (the headers of the contract's
 * SINGLE_WINDOW_HEADERS); a handoff token is a JWT (HS256) with the same key, naming the CAF (sub) and used once (jti). */
import crypto from 'node:crypto';
import { jwtVerify } from 'jose';
import { SINGLE_WINDOW_HEADERS, SINGLE_WINDOW_LIMITS, singleWindowSigningString } from '@portal/contract';
import { machineNow } from '../../core/clock';
import type { SingleWindowConfig } from './config';

const sha256Hex = (body: string | Buffer) => crypto.createHash('sha256').update(body).digest('hex');

function hmac(key: string, text: string): string {
  return crypto.createHmac('sha256', key).update(text).digest('base64');
}

/** The headers of a request the portal sends (a push), signed with the shared key. */
export function signedHeaders(
  config: SingleWindowConfig,
  request: { method: string; path: string; body: string },
): Record<string, string> {
  // Machine time on purpose: the signature's window is between two machines, not a business rule.
  const timestamp = String(Math.floor(machineNow().getTime() / 1000));
  const nonce = crypto.randomUUID();
  const signature = hmac(
    config.key,
    singleWindowSigningString({
      timestamp,
      nonce,
      method: request.method,
      path: request.path,
      bodySha256Hex: sha256Hex(request.body),
    }),
  );
  return {
    [SINGLE_WINDOW_HEADERS.client]: config.departmentId,
    [SINGLE_WINDOW_HEADERS.timestamp]: timestamp,
    [SINGLE_WINDOW_HEADERS.nonce]: nonce,
    [SINGLE_WINDOW_HEADERS.signature]: signature,
  };
}

export type SignatureCheck =
  | { ok: true; clientId: string; nonce: string }
  | { ok: false; reason: 'missing' | 'client' | 'timestamp' | 'signature' };

/** Checks a request the single window sent: its client, its timestamp within the window and its signature (the
 * nonce's single use is the caller's, in the database). */
export function checkRequestSignature(
  config: SingleWindowConfig,
  headers: Record<string, string | string[] | undefined>,
  request: { method: string; path: string; body: string | Buffer },
): SignatureCheck {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value.trim() : undefined;
  };
  const clientId = header(SINGLE_WINDOW_HEADERS.client);
  const timestamp = header(SINGLE_WINDOW_HEADERS.timestamp);
  const nonce = header(SINGLE_WINDOW_HEADERS.nonce);
  const signature = header(SINGLE_WINDOW_HEADERS.signature);
  if (!clientId || !timestamp || !nonce || !signature) return { ok: false, reason: 'missing' };
  if (!/^[A-Za-z0-9-]{16,80}$/.test(nonce)) return { ok: false, reason: 'missing' };
  if (clientId !== config.clientId) return { ok: false, reason: 'client' };
  const seconds = Number(timestamp);
  const nowSeconds = machineNow().getTime() / 1000;
  if (
    !/^[0-9]{9,11}$/.test(timestamp) ||
    Math.abs(nowSeconds - seconds) > SINGLE_WINDOW_LIMITS.signatureWindowSeconds
  ) {
    return { ok: false, reason: 'timestamp' };
  }
  const expected = Buffer.from(
    hmac(
      config.key,
      singleWindowSigningString({
        timestamp,
        nonce,
        method: request.method,
        path: request.path,
        bodySha256Hex: sha256Hex(request.body),
      }),
    ),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  return { ok: true, clientId, nonce };
}

export interface HandoffClaims {
  cafId: string;
  jti: string;
}

/** Verifies a handoff token: HS256 with the shared key, issued by the single window for this portal, not expired,
 * living no longer than the limit; answers its CAF and jti, or null. */
export async function verifyHandoffToken(config: SingleWindowConfig, token: string): Promise<HandoffClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(config.key), {
      algorithms: ['HS256'],
      issuer: config.clientId,
      audience: config.departmentId,
      requiredClaims: ['sub', 'jti', 'iat', 'exp'],
      maxTokenAge: SINGLE_WINDOW_LIMITS.handoffLifetimeSeconds,
      currentDate: machineNow(),
      clockTolerance: 5,
    });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || payload.jti.length > 100) return null;
    if (payload.exp! - payload.iat! > SINGLE_WINDOW_LIMITS.handoffLifetimeSeconds) return null;
    return { cafId: payload.sub, jti: payload.jti };
  } catch {
    return null;
  }
}
