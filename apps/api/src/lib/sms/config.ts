/** The SMS provider (decision 037): SMS_PROVIDER=sandbox (the default: the TEST MODE provider `npm start` runs beside
 * the portal, apps/sms-sandbox) or gupshup (Gupshup Enterprise's HTTP API, with DLT fields).
 *
 * - SMS_API_URL: the provider's send address (gupshup: https://enterprise.smsgupshup.com/GatewayAPI/rest; sandbox:
 *   http://127.0.0.1:<PORT + 5>/GatewayAPI/rest).
 * - SMS_USER_ID, SMS_PASSWORD: the enterprise account's user id and password (plain authentication over HTTPS).
 * - SMS_SENDER: the DLT-registered sender header (6 characters); SMS_ENTITY_ID: the principal entity (PE) id.
 * - SMS_DLR_TOKEN: the secret in the delivery-report URL registered with the provider
 *   (<PUBLIC_URL>/api/sms/delivery-reports/<token>); a report on any other URL is refused.
 * - SMS_SECRET_KEY: 32 bytes (hex): the key one-time codes are hashed with and a code's SMS is encrypted with while it
 *   waits in the outbox.
 * In sandbox mode every value has a fixed, public TEST default the sandbox shares. */
import crypto from 'node:crypto';

export interface SmsConfig {
  mode: 'sandbox' | 'gupshup';
  apiUrl: string;
  userId: string;
  password: string;
  sender: string;
  entityId: string;
  dlrToken: string;
  secretKey: Buffer;
}

/** The sandbox's fixed, public TEST settings (apps/sms-sandbox accepts these). They guard nothing real. */
export const SANDBOX_SMS_SETTINGS = {
  userId: '2000100001',
  password: 'sandbox-test-password',
  sender: 'INDPRT',
  entityId: '1101000000000000001',
  dlrToken: 'sandbox-dlr-token',
  secretKeyHex: '5e1d5a9d0b7a4c0f8d2e6b3a1c9f7e5d4b2a0c8e6f4d2b0a9c7e5f3d1b9a7c5e',
} as const;

export const GUPSHUP_API_URL = 'https://enterprise.smsgupshup.com/GatewayAPI/rest';

export function smsConfigFrom(env: NodeJS.ProcessEnv, port: number): SmsConfig {
  const mode = env.SMS_PROVIDER?.trim() || 'sandbox';
  if (mode === 'gupshup') {
    const missing = [
      'SMS_USER_ID',
      'SMS_PASSWORD',
      'SMS_SENDER',
      'SMS_ENTITY_ID',
      'SMS_DLR_TOKEN',
      'SMS_SECRET_KEY',
    ].filter((name) => !env[name]?.trim());
    if (missing.length > 0) throw new Error(`SMS_PROVIDER=gupshup needs ${missing.join(', ')}`);
    const config: SmsConfig = {
      mode,
      apiUrl: env.SMS_API_URL?.trim() || GUPSHUP_API_URL,
      userId: env.SMS_USER_ID!.trim(),
      password: env.SMS_PASSWORD!,
      sender: env.SMS_SENDER!.trim(),
      entityId: env.SMS_ENTITY_ID!.trim(),
      dlrToken: env.SMS_DLR_TOKEN!.trim(),
      secretKey: secretKeyFrom(env.SMS_SECRET_KEY!),
    };
    checkSender(config.sender);
    return config;
  }
  if (mode !== 'sandbox') throw new Error(`SMS_PROVIDER must be sandbox or gupshup, not ${mode}`);
  return sandboxSmsConfig(env.SMS_API_URL?.trim() || `http://127.0.0.1:${port + 5}/GatewayAPI/rest`);
}

/** The sandbox's settings at `apiUrl`. */
export function sandboxSmsConfig(apiUrl: string): SmsConfig {
  return {
    mode: 'sandbox',
    apiUrl,
    userId: SANDBOX_SMS_SETTINGS.userId,
    password: SANDBOX_SMS_SETTINGS.password,
    sender: SANDBOX_SMS_SETTINGS.sender,
    entityId: SANDBOX_SMS_SETTINGS.entityId,
    dlrToken: SANDBOX_SMS_SETTINGS.dlrToken,
    secretKey: Buffer.from(SANDBOX_SMS_SETTINGS.secretKeyHex, 'hex'),
  };
}

function secretKeyFrom(value: string): Buffer {
  const key = Buffer.from(value.trim(), 'hex');
  if (key.length !== 32) throw new Error('SMS_SECRET_KEY must be 32 bytes written as 64 hex digits');
  return key;
}

function checkSender(sender: string): void {
  if (!/^[A-Z]{6}$/.test(sender)) throw new Error('SMS_SENDER must be the 6-letter DLT sender header');
}

/** Compares a presented delivery-report token with the configured one in constant time. */
export function dlrTokenMatches(config: SmsConfig, presented: string): boolean {
  const expected = crypto.createHash('sha256').update(config.dlrToken).digest();
  const given = crypto.createHash('sha256').update(presented).digest();
  return crypto.timingSafeEqual(expected, given);
}
