/** Opens the database, migrates, seeds when empty, and builds the app: shared by the server and the tests. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { DEMO_ORG, type Config } from './config';
import { openDatabase, type Database, type DatabaseHandle } from './db/client';
import { seedDemoData } from './demo/seed';
import { seedDemoWorld } from './demo/seed-world';
import { demoDrawBeacon } from './demo/demo-beacon';
import { scheduleAttemptCleanup } from './lib/attempt-limiter';
import { createMailWorker, type MailWorker } from './lib/mail/worker';
import { createSmtpTransport } from './lib/mail/transport';
import { gupshupProvider } from './lib/sms/provider';
import { auctionOpeningSweep, createSmsSender, smsSweep } from './lib/sms/sender';
import { reminderSweep } from './lib/notify-reminders';
import { queryReplyBySweep } from './modules/applications/rules/query-reply-by';
import { lapseTransferOffers } from './modules/estate/rules/estate';
import { billYearlyDues, duesBillingSweep } from './modules/money/rules/dues';
import { deadlineSweep } from './modules/deadlines/rules/escalation';
import { performanceSweep } from './modules/deadlines/rules/performance';
import { schemeCloseSweep, schemeDrawSweep } from './modules/schemes/schemes/sweep';
import { issueDeemedApprovalLetter, issueSchemeResultSheet } from './modules/documents/issued-documents/service';
import { gatewayReconciliationSweep, gatewayRequerySweep } from './modules/money/gateway/jobs';
import { auctionSweeps } from './modules/schemes/auctions/close';
import { settleSchemeOutcomes } from './modules';
import { CLOCK_FOLLOW_EVERY_MS, followDatabaseClock } from './core/clock';
import { repeatEvery } from './lib/job-lease';
import { startSweeps } from './lib/sweeps';
import { singleWindowConfig } from './lib/single-window/config';
import { singleWindowPushSweep } from './modules/single-window/rules/push';
import { startSummaryFolding } from './lib/summary-folding';
import { createTokenService, loadSigningSecret } from './lib/tokens';
import { demoSigningIdentity, documentSignerOf } from './lib/document-signing/document-signer';
import { DEMO_DOCUMENT_SIGNING } from './lib/document-signing/settings';
import { createDatabaseStorage } from './plugins/database-storage';
import { createDiskStorage, type FileStorage } from './plugins/storage';

export interface Runtime {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The outbox worker of this process (sends nothing without SMTP_URL). */
  mail: MailWorker;
  close(): Promise<void>;
}

/** The portal's address for links in mail: PUBLIC_URL, or where this process listens. */
export function portalUrlOf(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

export function createStorage(config: Pick<Config, 'fileStorage' | 'dataDir'>, db: Database): FileStorage {
  return config.fileStorage === 'database'
    ? createDatabaseStorage(db)
    : createDiskStorage(path.join(config.dataDir, 'uploads'));
}

/** Migrations and the demo seed: done once, before any process serves. */
export async function prepareDatabase(
  config: Pick<Config, 'seedDemo'> & Partial<Config>,
  database: DatabaseHandle,
): Promise<void> {
  await database.migrate();
  // Made here, before any process serves, so that processes starting together do not each make keys (decision 035).
  if (!config.documentSigning?.identity) await demoSigningIdentity(database.db, (config.org ?? DEMO_ORG).name);
  const beacon = demoDrawBeacon(config.beacon);
  if (!config.seedDemo || !(await seedDemoData(database.db, beacon))) return;
  // The demo world (decision 027): only when asked for, so the tests that read the demo seed see it alone. Its deemed
  // approval's letter and its draw's result sheet are issued as the running portal issues them.
  if (config.demoWorld && config.fileStorage && config.dataDir && config.host && config.port !== undefined) {
    const storage = createStorage({ fileStorage: config.fileStorage, dataDir: config.dataDir }, database.db);
    const org = config.org ?? DEMO_ORG;
    const issuing = {
      db: database.db,
      storage,
      org,
      signer: await documentSignerOf(config.documentSigning ?? DEMO_DOCUMENT_SIGNING, database.db, org),
      baseUrl: portalUrlOf({ publicUrl: config.publicUrl, host: config.host, port: config.port }),
    };
    await seedDemoWorld(database.db, {
      storage,
      issueLetter: (eventId) => issueDeemedApprovalLetter(issuing, eventId),
      issueResultSheet: (schemeId) => issueSchemeResultSheet(issuing, schemeId),
      beacon,
    });
  }
  // A fresh demo portal has billed this year's dues on its plots in possession, as a running one would have: every
  // screen shows the same world from the first request, not a different one once the daily billing has run.
  await billYearlyDues(database.db);
}

export async function startRuntime(
  config: Config,
  options: {
    inMemory?: boolean;
    logger?: boolean | { level: string };
    /** The database is already migrated and seeded (by the cluster's primary). */
    prepared?: boolean;
  } = {},
): Promise<Runtime> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: options.inMemory,
  });
  try {
    if (!options.prepared) await prepareDatabase(config, database);
    const tokens = createTokenService(loadSigningSecret(config.jwtSecret, config.dataDir));
    const storage = createStorage(config, database.db);
    const app = await buildApp({
      config,
      db: database.db,
      tokens,
      storage,
      logger: options.logger,
      smtpConfigured: Boolean(config.smtpUrl),
      portalUrl: portalUrlOf(config),
    });
    await app.ready();
    const cleanup = scheduleAttemptCleanup(database.db, (error) => app.log.warn({ err: error }, 'limiter cleanup'));
    const stopFolding = startSummaryFolding(database.db, app.log);
    const mail = createMailWorker({
      db: database.db,
      transport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null,
      from: config.mailFrom,
      portalUrl: portalUrlOf(config),
      log: app.log,
    });
    mail.start();
    for (const warning of config.documentSigning.warnings) app.log.warn(warning);
    const issuing = {
      db: database.db,
      storage,
      org: app.org,
      signer: app.documentSigner,
      baseUrl: portalUrlOf(config),
    };
    // Every scheduled sweep, in the order a move of the clock runs them (decision 026).
    app.sweeps.push(
      // Schemes past their closing time closed every minute (decision 018), before their auctions are looked at.
      schemeCloseSweep(database.db),
      // Draws asked for whose beacon round was not had: tried again every minute (decision 034).
      schemeDrawSweep(database.db, app.drawBeacon, (schemeId) => issueSchemeResultSheet(issuing, schemeId)),
      // Auction lots past their end settled (H1, H2), a decided scheme's result sheet issued; unpaid winners default.
      ...auctionSweeps(database.db, settleSchemeOutcomes, (schemeId) => issueSchemeResultSheet(issuing, schemeId)),
      // Queries' reply-by dates: the applicant reminded 3 days and 1 day before, the query lapsed the day after.
      queryReplyBySweep(database.db),
      // Late stages escalate a level up, and deemable ones are deemed approved with their letter (decision 017).
      deadlineSweep(database.db, app.log, (eventId) => issueDeemedApprovalLetter(issuing, eventId)),
      // Reminders; the sweep also lapses transfers left unaccepted (the case engine's deadline).
      reminderSweep(database.db, lapseTransferOffers),
      // Yearly dues: billed on 1 April, and any allotment possessed later caught up by the next daily run.
      duesBillingSweep(database.db, app.log),
      // Orders whose redirect and webhook were both lost: asked about at the gateway; and the daily reconciliation.
      gatewayRequerySweep(database.db, app.paymentGateway, app.log),
      gatewayReconciliationSweep(database.db, app.paymentGateway, app.log),
      // The public performance figures: worked out at once when none are stored, then daily.
      performanceSweep(database.db),
      // Status pushes to the state's single window, in order per CAF, retried with back-off (decision 036).
      singleWindowPushSweep(database.db, singleWindowConfig(), portalUrlOf(config), app.log),
      // Qualified bidders told by SMS that their e-auction opened; then the SMS outbox sent to the provider, retried
      // with back-off on the portal's clock (decision 037).
      auctionOpeningSweep(database.db),
      smsSweep(createSmsSender({ db: database.db, config: app.sms, provider: gupshupProvider(app.sms), log: app.log })),
    );
    // Every process reads the portal's time from the database, and follows a move within seconds (decision 026);
    // measured before the first sweep runs.
    await followDatabaseClock(database.db);
    const clockFollow = repeatEvery(
      config.clockMovable ? CLOCK_FOLLOW_EVERY_MS.movable : CLOCK_FOLLOW_EVERY_MS.fixed,
      () => followDatabaseClock(database.db),
      (error) => app.log.warn({ err: error }, 'The portal clock could not be read; it will be read again'),
    );
    const sweeps = startSweeps(app.sweeps, (sweep, error) =>
      app.log.warn({ err: error, sweep: sweep.name }, `The ${sweep.name} sweep failed; it will run again`),
    );
    return {
      app,
      database,
      mail,
      async close() {
        await cleanup.stop();
        await clockFollow.stop();
        await sweeps.stop();
        await mail.stop();
        await stopFolding();
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
