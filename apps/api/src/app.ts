/** Composes the API: external plugins, then ours, then the business modules, then the web app. */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES, PORTAL_TIME_HEADER } from '@portal/contract';
import { clock } from './core/clock';
import { DEMO_ORG, type Config, type OrgIdentity } from './config';
import type { Database } from './db/client';
import { paymentGatewaySetup, type PaymentGatewaySetup } from './lib/gateway';
import { beaconConfigFrom, drawBeaconOf, type DrawBeacon } from './lib/beacon';
import { esignConfigFrom, type EsignConfig } from './lib/esign/config';
import { sandboxSmsConfig, type SmsConfig } from './lib/sms/config';
import { documentSignerOf, type DocumentSigner } from './lib/document-signing/document-signer';
import { DEMO_DOCUMENT_SIGNING } from './lib/document-signing/settings';
import { responseSerializerCompiler } from './lib/response-serializer';
import type { Sweep } from './lib/sweeps';
import type { TokenService } from './lib/tokens';
import auditPlugin from './plugins/audit';
import authPlugin from './plugins/auth';
import errorsPlugin, { BODY_LIMIT_BYTES, clientErrorHandler, frameworkErrors } from './plugins/errors';
import inputGuardPlugin from './plugins/input-guard';
import openapiPlugin from './plugins/openapi';
import securityHeadersPlugin from './plugins/security-headers';
import type { FileStorage } from './plugins/storage';
import { modules } from './modules';

export interface AppDependencies {
  config: Pick<Config, 'webDist' | 'loginAttemptsPerMinute'> &
    Partial<
      Pick<Config, 'trustProxy' | 'publicUrl' | 'org' | 'gateway' | 'clockMovable' | 'beacon' | 'documentSigning'>
    > &
    Partial<Pick<Config, 'esign' | 'sms'>>;
  /** The portal's own address (PUBLIC_URL, or http://HOST:PORT): where the payment gateway sends the browser back. */
  portalUrl?: string;
  db: Database;
  tokens: TokenService;
  storage: FileStorage;
  logger?: boolean | { level: string };
  /** Whether SMTP_URL is set, so that the outbox's mail is sent (the Outbox screen says so). */
  smtpConfigured?: boolean;
  /** Also check every answer against its zod schema (the tests): see lib/response-serializer.ts. */
  checkResponses?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    storage: FileStorage;
  }
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.config.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: deps.checkResponses ?? false }));
  app.decorate('db', deps.db);
  app.decorate('storage', deps.storage);
  app.decorate('loginAttemptsPerMinute', deps.config.loginAttemptsPerMinute);
  app.decorate('smtpConfigured', deps.smtpConfigured ?? false);
  const org = deps.config.org ?? DEMO_ORG;
  app.decorate('org', org);
  app.decorate('publicUrl', deps.config.publicUrl);
  app.decorate('clockMovable', deps.config.clockMovable ?? false);
  app.decorate('drawBeacon', drawBeaconOf(deps.config.beacon ?? beaconConfigFrom({}, 8000)));
  const esign = deps.config.esign ?? esignConfigFrom({}, 8000);
  app.decorate('esign', esign);
  // The SMS provider (decision 037); without settings, the sandbox of a portal on port 8000.
  app.decorate('sms', deps.config.sms ?? sandboxSmsConfig('http://127.0.0.1:8005/GatewayAPI/rest'));
  // With the sandbox ESP, a deed its TEST CA's certificate signed reads as the allottee's signature, as a real ESP's
  // does with ESIGN_TRUSTED_CA_PEM.
  const signing = deps.config.documentSigning ?? DEMO_DOCUMENT_SIGNING;
  const esignTrustedCas = esign.sandboxCaCertPem
    ? [...signing.esignTrustedCas, esign.sandboxCaCertPem]
    : signing.esignTrustedCas;
  app.decorate('documentSigner', await documentSignerOf({ ...signing, esignTrustedCas }, deps.db, org));
  // The runtime adds its sweeps here once the app is built; a move of the clock runs them (modules/clock).
  app.decorate('sweeps', [] as Sweep[]);
  const paymentGateway = paymentGatewaySetup(
    deps.config.gateway,
    deps.portalUrl ?? deps.config.publicUrl ?? 'http://127.0.0.1:8000',
  );
  app.decorate('paymentGateway', paymentGateway);
  // First, so its onSend hook sees error bodies before compression does.
  await app.register(errorsPlugin);

  await app.register(securityHeadersPlugin, {
    // HSTS and upgrade-insecure-requests only over HTTPS (below): sent over plain HTTP they break an intranet
    // deployment without TLS.
    hsts: false,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: null,
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Pay online posts the page to the gateway's hosted checkout (helmet's default allows forms to 'self' only).
        formAction: [
          "'self'",
          paymentGateway.config.mode === 'sandbox'
            ? new URL(paymentGateway.config.apiUrl).origin
            : 'https://api.razorpay.com',
          // The lease deed's eSign posts the page to the eSign Service Provider (decision 035).
          new URL(esign.espUrl).origin,
        ],
      },
    },
  });
  const publicHttps = deps.config.publicUrl?.startsWith('https:') ?? false;
  app.addHook('onRequest', async (request, reply) => {
    if (!publicHttps && request.protocol !== 'https') return;
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', `${policy};upgrade-insecure-requests`);
  });
  // Before the routes, so its onSend hook covers them. Answers under 1 KB gain nothing; uploaded PDFs and images
  // are not compressible types and stream through untouched.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // A list page (27 KB at 50 rows, about 110 KB at 200) is compressed in one call. Above the plugin's default for
    // two cores (8 KB) it went through a stream pipeline per answer, which cost more than the compression.
    syncThreshold: 256 * 1024,
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|^application\/javascript|^image\/svg\+xml/,
  });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  await app.register(auditPlugin);
  await app.register(authPlugin, { tokens: deps.tokens });
  await app.register(inputGuardPlugin);
  await app.register(openapiPlugin);

  await app.register(
    async (api) => {
      // Answers carry people's records: no browser or proxy keeps them unless a route says otherwise (downloads do).
      api.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        // The portal's time (decision 026): the web app reads "today" and countdowns from it, not the device's clock.
        reply.header(PORTAL_TIME_HEADER, clock.now().toISOString());
        return payload;
      });
      for (const module of modules) await api.register(module.routes, { prefix: module.prefix });
      api.get('/health', async () => ({ status: 'ok' }));
    },
    { prefix: '/api' },
  );

  const indexHtml = path.join(deps.config.webDist, 'index.html');
  const servesWeb = fs.existsSync(indexHtml);
  if (servesWeb) {
    // wildcard: files are looked up per request, so a rebuild is served without a restart. preCompressed sends the
    // build's .br/.gz sibling when the browser accepts it, so nothing is compressed per request.
    await app.register(fastifyStatic, {
      root: deps.config.webDist,
      wildcard: true,
      index: false,
      preCompressed: true,
      // Runs after the plugin's own headers, so it is the one place to decide cache-control (filePath may be the .br
      // or .gz sibling). index.html must be revalidated, or a browser keeps asking for chunks of an old build.
      setHeaders(res: { header(name: string, value: string): unknown }, filePath: string) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (/^index\.html(\.br|\.gz)?$/.test(path.basename(filePath))) res.header('cache-control', 'no-cache');
      },
    });
    // To the static plugin '/' is a directory without an index (403); it is the app's home page.
    app.get('/', (_request, reply) => reply.type('text/html').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || !servesWeb || request.method !== 'GET') {
      return reply.status(404).send({ detail: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
    }
    // Every other path is a route of the single-page app.
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    loginAttemptsPerMinute: number;
    smtpConfigured: boolean;
    /** The letterhead of issued documents. */
    org: OrgIdentity;
    /** PUBLIC_URL, when set: the address printed in issued documents' QR codes. */
    publicUrl: string | undefined;
    /** The payment gateway (the sandbox or Razorpay) and its settings. */
    paymentGateway: PaymentGatewaySetup;
    /** CLOCK=movable: an admin may move the portal's clock forward (decision 026). */
    clockMovable: boolean;
    /** The scheduled sweeps this process runs, in order. */
    sweeps: Sweep[];
    /** The randomness beacon a draw of lots reads its round from (decision 034). */
    drawBeacon: DrawBeacon;
    /** The eSign Service Provider of the lease deed's eSign, and the portal's keys as its ASP (decision 035). */
    esign: EsignConfig;
    /** The SMS provider's settings (decision 037). */
    sms: SmsConfig;
    /** Signs every issued PDF and checks the signatures of a PDF a reader brings (decision 035). */
    documentSigner: DocumentSigner;
  }
}
