/** Opens the database, migrates, seeds when empty, and builds the app: shared by the server and the tests. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { DEMO_ORG, type Config } from './config';
import { openDatabase, type Database, type DatabaseHandle } from './db/client';
import { seedDemoData } from './db/seed';
import { seedDemoWorld } from './db/seed-world';
import { scheduleAttemptCleanup } from './lib/attempt-limiter';
import { createMailWorker, type MailWorker } from './lib/mail/worker';
import { createSmtpTransport } from './lib/mail/transport';
import { scheduleReminderSweep } from './lib/notify-reminders';
import { scheduleQueryReplyBy } from './case/query-reply-by';
import { lapseTransferOffers } from './case/estate';
import { billYearlyDues, scheduleDuesBilling } from './case/dues';
import { scheduleDeadlineSweep } from './case/escalation';
import { schedulePerformanceSnapshot } from './case/performance';
import { scheduleSchemeSweep } from './modules/schemes/sweep';
import { issueDeemedApprovalLetter, issueSchemeResultSheet } from './modules/issued-documents/service';
import { scheduleGatewayReconciliation, scheduleGatewayRequery } from './modules/gateway/jobs';
import { scheduleAuctionSweeps } from './modules/auctions/close';
import { settleSchemeOutcomes } from './modules';
import { startSummaryFolding } from './lib/summary-folding';
import { createTokenService, loadSigningSecret } from './lib/tokens';
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
  if (!config.seedDemo || !(await seedDemoData(database.db))) return;
  // The demo world (decision 027): only when asked for, so the tests that read the demo seed see it alone. Its deemed
  // approval's letter and its draw's result sheet are issued as the running portal issues them.
  if (config.demoWorld && config.fileStorage && config.dataDir && config.host && config.port !== undefined) {
    const storage = createStorage({ fileStorage: config.fileStorage, dataDir: config.dataDir }, database.db);
    const issuing = {
      db: database.db,
      storage,
      org: config.org ?? DEMO_ORG,
      baseUrl: portalUrlOf({ publicUrl: config.publicUrl, host: config.host, port: config.port }),
    };
    await seedDemoWorld(database.db, {
      storage,
      issueLetter: (eventId) => issueDeemedApprovalLetter(issuing, eventId),
      issueResultSheet: (schemeId) => issueSchemeResultSheet(issuing, schemeId),
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
    // The sweep also lapses transfers left unaccepted (the case engine's deadline).
    const reminders = scheduleReminderSweep(database.db, app.log, undefined, lapseTransferOffers);
    // Queries' reply-by dates: the applicant reminded 3 days and 1 day before, the query lapsed the day after.
    const replyBy = scheduleQueryReplyBy(database.db, app.log);
    // Yearly dues: billed on 1 April, and any allotment possessed later caught up by the next daily run.
    const dues = scheduleDuesBilling(database.db, app.log);
    // Orders whose redirect and webhook were both lost: asked about at the gateway.
    const requery = scheduleGatewayRequery(database.db, app.paymentGateway, app.log);
    const reconciliation = scheduleGatewayReconciliation(database.db, app.paymentGateway, app.log);
    // Late stages escalate a level up, and deemable ones are deemed approved with their letter (decision 017).
    const deadlines = scheduleDeadlineSweep(database.db, app.log, (eventId) =>
      issueDeemedApprovalLetter({ db: database.db, storage, org: app.org, baseUrl: portalUrlOf(config) }, eventId),
    );
    // Auctions (decision 018): lots past their end settled (H1, H2) every 15 seconds, a decided scheme's result sheet
    // issued; unpaid winners default hourly.
    const auctions = scheduleAuctionSweeps(database.db, app.log, settleSchemeOutcomes, (schemeId) =>
      issueSchemeResultSheet({ db: database.db, storage, org: app.org, baseUrl: portalUrlOf(config) }, schemeId),
    );
    // Schemes past their closing time are closed every minute (decision 018).
    const schemeSweep = scheduleSchemeSweep(database.db, app.log);
    // The public performance figures: worked out at once when none are stored, then daily.
    const performance = schedulePerformanceSnapshot(database.db, app.log);
    return {
      app,
      database,
      mail,
      async close() {
        await cleanup.stop();
        await reminders.stop();
        await replyBy.stop();
        await dues.stop();
        await requery.stop();
        await reconciliation.stop();
        await deadlines.stop();
        await schemeSweep.stop();
        await auctions.stop();
        await performance.stop();
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
