/** Test setup for the e-auction: a scheme put straight into bidding (closed for applications, its qualified list
 * frozen), through the database's rows, with bidders who each have an approved application for a lot and a paid EMD.
 * Also a second app on the same database, as another API process would be, and a reader of a live stream. */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { DEFAULT_STAGE, startStageClock, type LiveLot } from '@portal/contract';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { schemeEntries, schemePlots, schemes } from '../db/schema';
import { DEMO_USERS } from '../demo/seed';
import { nextNumber } from '../repositories/counters';
import { markInvoicePaidIfUnpaid } from '../repositories/invoices';
import { findUserByEmail } from '../repositories/users';
import { createTokenService } from '../lib/tokens';
import { createDiskStorage } from '../plugins/storage';
import { entrepreneurWithProfile, insertTestInvoices, insertTestPayment } from './list-fixtures';
import type { TestContext } from './harness';
import { insertRequiredDocuments, insertTestAsset } from './workflow-fixtures';
import { insertApplication } from '../repositories/applications';

/** The EMD each bidder paid (insertTestInvoices' EMD invoice): what H1's premium is less, and a loser's refund. */
export const EMD_PAID = 200_000;

/** registerEntrepreneur's password. */
export const BIDDER_PASSWORD = 'Tidy-Lantern-42';

export interface Bidder {
  token: string;
  email: string;
  userId: string;
  /** The bidder's application for each lot, by the lot's id. */
  applications: Map<string, string>;
}

export interface AuctionFixture {
  schemeId: string;
  plots: { id: string; assetId: string; reservePrice: number }[];
  bidders: Bidder[];
  increment: number;
}

export interface AuctionOptions {
  lots?: number;
  bidders?: number;
  reservePrice?: number;
  increment?: number;
  /** Bidding starts this many ms from now (negative: it has started). */
  startsInMs?: number;
  /** Bidding ends this many ms from now. */
  endsInMs?: number;
  extensionWindowMinutes?: number;
  extensionMinutes?: number;
}

/** A scheme in bidding: `lots` plots, each bidder qualified (approved, EMD paid) for every lot. */
export async function insertAuction(ctx: TestContext, options: AuctionOptions = {}): Promise<AuctionFixture> {
  const now = Date.now();
  const reservePrice = options.reservePrice ?? 1_000_000;
  const increment = options.increment ?? 10_000;
  const ho = await findUserByEmail(ctx.db, DEMO_USERS.find((user) => user.role === 'ho')!.email);
  const unique = crypto.randomBytes(4).toString('hex');
  const [scheme] = await ctx.db
    .insert(schemes)
    .values({
      schemeNumber: `SCH-T${unique}`.toUpperCase(),
      title: `Auction test ${unique}`,
      mode: 'auction',
      status: 'closed',
      opensAt: new Date(now - 10 * 86_400_000),
      closesAt: new Date(now - 86_400_000),
      increment,
      auctionStartsAt: new Date(now + (options.startsInMs ?? -60_000)),
      auctionEndsAt: new Date(now + (options.endsInMs ?? 3_600_000)),
      extensionWindowMinutes: options.extensionWindowMinutes ?? 5,
      extensionMinutes: options.extensionMinutes ?? 5,
      commitment: crypto.createHash('sha256').update(unique).digest('hex'),
      createdBy: ho!.id,
      closedAt: new Date(now - 86_400_000),
    })
    .returning();
  const plots: AuctionFixture['plots'] = [];
  for (let index = 0; index < (options.lots ?? 1); index++) {
    const asset = await insertTestAsset(ctx);
    const [plot] = await ctx.db
      .insert(schemePlots)
      .values({ schemeId: scheme!.id, assetId: asset.id, position: index + 1, reservePrice })
      .returning();
    plots.push({ id: plot!.id, assetId: asset.id, reservePrice });
  }
  const bidders: Bidder[] = [];
  let position = 0;
  for (let index = 0; index < (options.bidders ?? 3); index++) {
    const who = await entrepreneurWithProfile(ctx, `Auction Bidder ${unique} ${index}`);
    const bidder: Bidder = { token: who.token, email: who.email, userId: who.userId, applications: new Map() };
    for (const plot of plots) {
      const application = await insertApplication(ctx.db, {
        applicationNumber: await nextNumber(ctx.db, 'application'),
        applicantId: who.applicantId,
        assetId: plot.assetId,
        schemeId: scheme!.id,
        applicationType: 'new',
        status: 'approved',
        currentStage: DEFAULT_STAGE.approved,
        estimatedInvestment: 10_000_000,
        employmentGeneration: 20,
        projectDescription: 'Auction test project',
        submittedAt: new Date(),
        ...startStageClock('approved', new Date()),
      });
      await insertRequiredDocuments(ctx, application.id, 'verified');
      // The processing fee and the EMD, both paid (the test fixture's EMD, EMD_PAID, stands for the auction's).
      for (const invoice of await insertTestInvoices(ctx, application.id)) {
        await insertTestPayment(ctx, invoice, who.userId);
        await markInvoicePaidIfUnpaid(ctx.db, invoice.id);
      }
      await ctx.db.insert(schemeEntries).values({
        applicationId: application.id,
        schemeId: scheme!.id,
        schemePlotId: plot.id,
        category: 'general',
        qualified: true,
        listPosition: ++position,
      });
      bidder.applications.set(plot.id, application.id);
    }
    bidders.push(bidder);
  }
  return { schemeId: scheme!.id, plots, bidders, increment };
}

/** Another app on the same database, as another API process would be: on PostgreSQL with its own pool (and so its own
 * listening connection), on PGlite on the one embedded database of this process. */
export async function openOtherApp(ctx: TestContext): Promise<{
  app: FastifyInstance;
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}> {
  const client = (ctx.db as unknown as { $client: unknown }).$client;
  let handle: DatabaseHandle | undefined;
  if (client instanceof pg.Pool) {
    handle = await openDatabase({ databaseUrl: client.options.connectionString! });
  }
  const dir = path.join(os.tmpdir(), `portal-auction-${crypto.randomBytes(4).toString('hex')}`);
  const app = await buildApp({
    config: { webDist: path.join(dir, 'no-web'), loginAttemptsPerMinute: 1000 },
    db: handle?.db ?? ctx.db,
    tokens: createTokenService(new TextEncoder().encode(crypto.randomBytes(32).toString('hex'))),
    storage: createDiskStorage(path.join(dir, 'uploads')),
    checkResponses: true,
  });
  await app.ready();
  return {
    app,
    async login(email, password = BIDDER_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: new URLSearchParams({ username: email, password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
      return response.json().access_token as string;
    },
    async close() {
      await app.close();
      await handle?.close();
    },
  };
}

/** A live stream read over HTTP, as the web app reads it (fetch with the bearer token): each `lot` event in order. */
export interface LiveReader {
  lots: LiveLot[];
  /** Resolves when an event satisfies `test` (those already read count), or rejects after `timeoutMs`. */
  waitFor(test: (lot: LiveLot) => boolean, timeoutMs?: number): Promise<LiveLot>;
  /** The raw text read so far (retry and heartbeat lines included). */
  text(): string;
  /** Resolves when the server ends the stream (or close() aborts it). */
  ended: Promise<void>;
  close(): void;
}

export async function readLive(baseUrl: string, token: string, schemeId: string): Promise<LiveReader> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/schemes/${schemeId}/live`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (response.status !== 200) throw new Error(`live stream: ${response.status} ${await response.text()}`);
  const lots: LiveLot[] = [];
  const waiters = new Set<{ test: (lot: LiveLot) => boolean; resolve: (lot: LiveLot) => void }>();
  let raw = '';
  let buffer = '';
  const decoder = new TextDecoder();
  const ended = (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        raw += text;
        buffer += text;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const lines = block.split('\n');
          if (!lines.includes('event: lot')) continue;
          const data = lines.find((line) => line.startsWith('data: '));
          if (!data) continue;
          const lot = JSON.parse(data.slice(6)) as LiveLot;
          lots.push(lot);
          for (const waiter of [...waiters]) {
            if (waiter.test(lot)) {
              waiters.delete(waiter);
              waiter.resolve(lot);
            }
          }
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    lots,
    text: () => raw,
    ended,
    waitFor(test, timeoutMs = 10_000) {
      const found = lots.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { test, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`no such lot event in ${timeoutMs} ms; read: ${raw}`));
        }, timeoutMs).unref();
      });
    },
    close: () => abort.abort(),
  };
}

/** The app listening on a free port of 127.0.0.1; answers its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}
