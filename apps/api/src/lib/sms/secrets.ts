/** One-time codes at rest: a code is kept only as an HMAC-SHA-256 under SMS_SECRET_KEY (a 6-digit code's plain hash
 * would be reversed by trying a million codes), and a code's SMS waits in the outbox encrypted (AES-256-GCM) until it
 * is sent, then wiped. */
import crypto from 'node:crypto';
import type { NotificationParams } from '@portal/contract';

export function hashCode(key: Buffer, mobile: string, code: string): string {
  return crypto.createHmac('sha256', key).update(`one-time-code\u0000${mobile}\u0000${code}`).digest('base64url');
}

export function codesMatch(key: Buffer, mobile: string, code: string, stored: string): boolean {
  const given = Buffer.from(hashCode(key, mobile, code));
  const kept = Buffer.from(stored);
  return given.length === kept.length && crypto.timingSafeEqual(given, kept);
}

/** A random code of `digits` digits, from the operating system's generator. */
export function randomCode(digits: number): string {
  return crypto
    .randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}

export function sealParams(key: Buffer, params: NotificationParams): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(params), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function openParams(key: Buffer, sealed: string): NotificationParams {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv!);
  decipher.setAuthTag(tag!);
  return JSON.parse(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')) as NotificationParams;
}
