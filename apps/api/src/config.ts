/** Configuration from the environment, read once. */
import net from 'node:net';
import path from 'node:path';
import { machineNow } from './core/clock';
import { beaconConfigFrom, type BeaconConfig } from './lib/beacon';
import { esignConfigFrom, type EsignConfig } from './lib/esign/config';
import { smsConfigFrom, type SmsConfig } from './lib/sms/config';
import { documentSigningConfigFrom, type DocumentSigningConfig } from './lib/document-signing/settings';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seedDemo: boolean;
  /** With the demo seed on a fresh database, the demo world too (decision 027): DEMO_WORLD=true (npm start sets it). */
  demoWorld: boolean;
  webDist: string;
  logLevel: string;
  loginAttemptsPerMinute: number;
  /** Where uploads are kept: the database by default on PostgreSQL (shared by every process), disk on PGlite. */
  fileStorage: 'disk' | 'database';
  /** API processes to start (node:cluster); PostgreSQL only. */
  webConcurrency: number;
  /** Which proxies' X-Forwarded-For/-Proto to believe (Fastify's trustProxy): none by default, since a client that
   * reaches the API directly could otherwise choose its own address and escape the per-address sign-in limit. */
  trustProxy: TrustProxy;
  /** The address users reach the portal at; an https:// one turns on HSTS and upgrade-insecure-requests. */
  publicUrl: string | undefined;
  /** Where mail is sent: smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://...:465. Unset:
   * nothing is sent and the outbox keeps every message. */
  smtpUrl: string | undefined;
  /** The From of every mail, an address or `Name <address>`. */
  mailFrom: string;
  /** The corporation on the letterhead of issued documents (ORG_NAME, ORG_ADDRESS, ORG_GSTIN). */
  org: OrgIdentity;
  /** The payment gateway (decision 016): the sandbox (TEST MODE) by default, or real Razorpay. */
  gateway: GatewayConfig;
  /** The randomness beacon draws of lots read (decision 034): the sandbox (TEST MODE) by default, or drand's quicknet. */
  beacon: BeaconConfig;
  /** The eSign Service Provider an allottee signs the lease deed through (decision 035): the sandbox (TEST MODE) by
   * default, or a licensed ESP (ESIGN=esp). */
  esign: EsignConfig;
  /** The SMS provider (decision 037): the sandbox (TEST MODE) by default, or Gupshup Enterprise (SMS_PROVIDER=gupshup). */
  sms: SmsConfig;
  /** The identity that signs every issued PDF (decision 035): DOCUMENT_SIGNING_P12 and DOCUMENT_SIGNING_PASSPHRASE,
   * or the DEMO identity (refused in production); ESIGN_TRUSTED_CA_PEM, the eSign CAs a check of a PDF trusts. */
  documentSigning: DocumentSigningConfig;
  /** CLOCK=movable (tests and demos, never with NODE_ENV=production): an admin may move the portal's clock forward
   * (decision 026). Fixed otherwise. */
  clockMovable: boolean;
}

/** PAYMENT_GATEWAY=sandbox|razorpay; RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET (required with
 * razorpay); GATEWAY_SANDBOX_URL (the sandbox's address, http://127.0.0.1:<PORT + 1> by default); in sandbox mode the
 * keys are the fixed TEST keys below unless GATEWAY_KEY_ID, GATEWAY_KEY_SECRET, GATEWAY_WEBHOOK_SECRET are set (and
 * GATEWAY_URL is read as GATEWAY_SANDBOX_URL); GATEWAY_REQUERY_EVERY_MS (a minute). */
export interface GatewayConfig {
  mode: 'sandbox' | 'razorpay';
  /** The gateway's API host (https://api.razorpay.com, or the sandbox's address). */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** How often the job asking the gateway about unsettled orders runs (decision 019). */
  requeryEveryMs: number;
}

/** The sandbox's fixed, public TEST keys (apps/gateway-sandbox uses the same by default). They guard nothing real:
 * the sandbox moves no money. */
export const SANDBOX_TEST_KEYS = {
  keyId: 'rzp_test_sandbox',
  keySecret: 'sandbox_test_key_secret',
  webhookSecret: 'sandbox_test_webhook_secret',
} as const;

const ONE_MINUTE = 60_000;

export function gatewayConfigFrom(env: NodeJS.ProcessEnv, port: number): GatewayConfig {
  const mode = env.PAYMENT_GATEWAY?.trim() || 'sandbox';
  const timings = {
    requeryEveryMs: Math.max(1000, numberFrom(env.GATEWAY_REQUERY_EVERY_MS, ONE_MINUTE)),
  };
  if (mode === 'razorpay') {
    const keyId = env.RAZORPAY_KEY_ID || env.GATEWAY_KEY_ID;
    const keySecret = env.RAZORPAY_KEY_SECRET || env.GATEWAY_KEY_SECRET;
    const webhookSecret = env.RAZORPAY_WEBHOOK_SECRET || env.GATEWAY_WEBHOOK_SECRET;
    if (!keyId || !keySecret || !webhookSecret) {
      throw new Error(
        'PAYMENT_GATEWAY=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET',
      );
    }
    return { mode, apiUrl: 'https://api.razorpay.com', keyId, keySecret, webhookSecret, ...timings };
  }
  if (mode !== 'sandbox') throw new Error(`PAYMENT_GATEWAY must be "sandbox" or "razorpay", not "${mode}"`);
  const apiUrl = (env.GATEWAY_SANDBOX_URL || env.GATEWAY_URL || `http://127.0.0.1:${port + 1}`).replace(/\/+$/, '');
  if (!URL.canParse(apiUrl)) throw new Error(`GATEWAY_SANDBOX_URL must be an http:// address, not "${apiUrl}"`);
  return {
    mode,
    apiUrl,
    keyId: env.GATEWAY_KEY_ID || SANDBOX_TEST_KEYS.keyId,
    keySecret: env.GATEWAY_KEY_SECRET || SANDBOX_TEST_KEYS.keySecret,
    webhookSecret: env.GATEWAY_WEBHOOK_SECRET || SANDBOX_TEST_KEYS.webhookSecret,
    ...timings,
  };
}

export interface OrgIdentity {
  name: string;
  address: string;
  gstin: string;
}

/** Demo letterhead; a deployment sets its own. */
export const DEMO_ORG: OrgIdentity = {
  name: 'Industrial Infrastructure Corporation',
  address: 'Corporation House, Industrial Estate Road, Hyderabad, Telangana 500001',
  gstin: '36AAACI1234F1Z3',
};

/** true (every proxy), the proxies' addresses and CIDR ranges, or (for a number of hops) whether to trust the
 * proxy `hop` steps away: what Fastify's trustProxy takes. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** Names proxy-addr knows for whole ranges, besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function trustProxyFrom(value: string | undefined): TrustProxy {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) {
    // As Fastify reads a number of hops (its types do not list numbers, so it is given as the function it makes).
    const hops = Number(trimmed);
    return (_address, hop) => hop < hops;
  }
  const parts = trimmed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const part of parts) {
    const [address, prefix, extra] = part.split('/');
    const validPrefix =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (net.isIPv6(address!) ? 128 : 32));
    if (!PROXY_RANGE_NAMES.has(part) && (extra !== undefined || !net.isIP(address!) || !validPrefix)) {
      throw new Error(
        `TRUST_PROXY must be true, false, a number of hops, or comma-separated addresses and CIDR ranges; "${part}" is none of these`,
      );
    }
  }
  return parts;
}

function publicUrlFrom(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new Error(`PUBLIC_URL must be an http:// or https:// address, not "${value}"`);
  }
  return value;
}

function smtpUrlFrom(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!URL.canParse(value) || !/^smtps?:$/.test(new URL(value).protocol) || !new URL(value).hostname) {
    // The value may hold a password: name only what was expected.
    throw new Error('SMTP_URL must be an smtp:// or smtps:// address with a host, e.g. smtp://user:pass@host:587');
  }
  return value;
}

/** MAIL_FROM, or no-reply at the host of PUBLIC_URL (localhost without one). */
function mailFromOf(value: string | undefined, publicUrl: string | undefined): string {
  const from = value?.trim();
  if (from) {
    const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
    if (!/^[^\s@<>]+@[^\s@<>]+$/.test(address)) {
      throw new Error(`MAIL_FROM must be an address or "Name <address>", not "${from}"`);
    }
    return from;
  }
  return `Allotment Portal <no-reply@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}>`;
}

function numberFrom(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) ? parsed : fallback;
}

function fileStorageFrom(value: string | undefined, databaseUrl: string | undefined): Config['fileStorage'] {
  if (!value) return databaseUrl ? 'database' : 'disk';
  if (value === 'disk' || value === 'database') return value;
  throw new Error(`FILE_STORAGE must be "disk" or "database", not "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  const databaseUrl = env.DATABASE_URL || undefined;
  const publicUrl = publicUrlFrom(env.PUBLIC_URL || undefined);
  const port = numberFrom(env.PORT, 8000);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl,
    jwtSecret: env.JWT_SECRET || undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    demoWorld: env.DEMO_WORLD === 'true',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    loginAttemptsPerMinute: numberFrom(env.LOGIN_ATTEMPTS_PER_MINUTE, 10),
    fileStorage: fileStorageFrom(env.FILE_STORAGE, databaseUrl),
    webConcurrency: Math.max(1, Math.floor(numberFrom(env.WEB_CONCURRENCY, 1))),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    publicUrl,
    smtpUrl: smtpUrlFrom(env.SMTP_URL || undefined),
    mailFrom: mailFromOf(env.MAIL_FROM, publicUrl),
    org: {
      name: env.ORG_NAME?.trim() || DEMO_ORG.name,
      address: env.ORG_ADDRESS?.trim() || DEMO_ORG.address,
      gstin: env.ORG_GSTIN?.trim() || DEMO_ORG.gstin,
    },
    gateway: gatewayConfigFrom(env, port),
    beacon: beaconConfigFrom(env, port),
    esign: esignConfigFrom(env, port),
    sms: smsConfigFrom(env, port),
    documentSigning: documentSigningConfigFrom(env, machineNow()),
    clockMovable: clockMovableFrom(env),
  };
}

/** CLOCK=fixed (the default) or movable; movable is refused in production, where nothing may move the clock. */
export function clockMovableFrom(env: NodeJS.ProcessEnv): boolean {
  const value = env.CLOCK?.trim() || 'fixed';
  if (value !== 'fixed' && value !== 'movable') throw new Error(`CLOCK must be "fixed" or "movable", not "${value}"`);
  if (value === 'movable' && env.NODE_ENV === 'production') {
    throw new Error('CLOCK=movable is refused with NODE_ENV=production: a production portal never moves its clock');
  }
  return value === 'movable';
}
