/** The live e-auction under load (decision 018): one lot, 200 bidders and 1,000 watchers (Server-Sent Events streams)
 * for 60 seconds, on PostgreSQL with two API processes (bids and watchers split between them, so every bid reaches
 * half the watchers through the other process's LISTEN). Checks every accepted bid against the database (each
 * strictly higher than the one before in sequence order, none lost, none twice, every watcher reaching the last) and
 * reports the time from each bid's commit to its appearance in every watcher's stream, median and p99. Prints figures,
 * never a pass or fail. `npm run bench` runs it (after the endpoints); on its own:
 *
 *   npx tsx bench/auction.ts [-- --seconds 10 --bidders 200 --watchers 1000 --think-ms 2000]
 *
 * on a fresh database on 127.0.0.1:5432 (or DATABASE_URL). A bid's commit is taken as its placed_at (the server's
 * clock when the bid got the lot's lock, just before its commit; the same machine's clock as the watchers'). */
import crypto from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { auctionEmd, DEFAULT_STAGE, startStageClock } from '@portal/contract';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import {
  applicants,
  applications,
  assets,
  schemeBids,
  schemeEntries,
  schemePlots,
  schemes,
} from '../apps/api/src/db/schema';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../apps/api/src/demo/seed';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { nextNumber } from '../apps/api/src/repositories/counters';
import { findUserByEmail, insertUser } from '../apps/api/src/repositories/users';
import { createDatabase, serverVersion } from './postgres';
import { startApi, type RunningServer } from './servers';

export interface AuctionSettings {
  seconds: number;
  bidders: number;
  watchers: number;
  /** A bidder waits up to this long (at random) between bids. */
  thinkMs: number;
}

export interface AuctionFigures {
  settings: AuctionSettings;
  postgres: string;
  processes: number;
  attempts: number;
  accepted: number;
  refusedTooLow: number;
  otherAnswers: Record<string, number>;
  rows: number;
  /** Every accepted bid is a row and every row an accepted bid; sequences 1..n; each amount above the one before. */
  strictlyIncreasing: boolean;
  lost: number;
  duplicated: number;
  /** Watchers whose stream reached the last bid's sequence. */
  watchersAtLast: number;
  /** ms from a bid's commit to its appearance: over every (bid, watcher) pair, and to the last watcher per bid. */
  toEachWatcher: { median: number; p99: number; max: number };
  toEveryWatcher: { median: number; p99: number; max: number };
  bidAnswerMs: { median: number; p99: number };
}

const wallNow = () => performance.timeOrigin + performance.now();

function quantiles(values: Float64Array | number[]): { median: number; p99: number; max: number } {
  const sorted = Float64Array.from(values).sort();
  if (sorted.length === 0) return { median: NaN, p99: NaN, max: NaN };
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

/** One lot in bidding and `bidders` entrepreneurs qualified for it, written straight to the database. */
async function prepareAuction(db: Database, bidders: number, seconds: number) {
  const ho = await findUserByEmail(db, DEMO_USERS.find((user) => user.role === 'ho')!.email);
  const unique = crypto.randomBytes(4).toString('hex');
  const now = Date.now();
  const [asset] = await db
    .insert(assets)
    .values({
      assetCode: `BENCH-${unique.toUpperCase()}`,
      categoryId: 'industrial',
      type: 'plot',
      zone: 'Bench Zone',
      location: 'Bench Industrial Park',
      surveyNumber: '1/1',
      plotNumber: 'B-1',
      totalArea: 1000,
      availableArea: 1000,
      unit: 'sqm',
      valuation: 1_000_000,
      status: 'available',
    })
    .returning();
  const [scheme] = await db
    .insert(schemes)
    .values({
      schemeNumber: `SCH-BENCH-${unique}`.toUpperCase(),
      title: `Auction bench ${unique}`,
      mode: 'auction',
      status: 'closed',
      opensAt: new Date(now - 10 * 86_400_000),
      closesAt: new Date(now - 86_400_000),
      increment: 1000,
      auctionStartsAt: new Date(now - 60_000),
      // Far enough that no bid of the run falls in the extension window.
      auctionEndsAt: new Date(now + (seconds + 3600) * 1000),
      commitment: crypto.createHash('sha256').update(unique).digest('hex'),
      createdBy: ho!.id,
      closedAt: new Date(now - 86_400_000),
    })
    .returning();
  const [plot] = await db
    .insert(schemePlots)
    .values({ schemeId: scheme!.id, assetId: asset!.id, position: 1, reservePrice: 1_000_000 })
    .returning();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const emails: string[] = [];
  for (let index = 0; index < bidders; index++) {
    const email = `bidder-${unique}-${index}@example.com`;
    const user = await insertUser(db, { email, passwordHash, fullName: `Bidder ${index}`, role: 'entrepreneur' });
    const [applicant] = await db
      .insert(applicants)
      .values({
        userId: user!.id,
        organizationName: `Bench Bidder ${index}`,
        panNumber: 'ABCDE1234F',
        address: '1 Bench Road',
        city: 'Warangal',
        state: 'Telangana',
        pincode: '506001',
        bankName: 'Bench Bank',
        bankAccount: '1234567890',
        bankIfsc: 'TEST0001234',
      })
      .returning();
    const [application] = await db
      .insert(applications)
      .values({
        applicationNumber: await nextNumber(db, 'application'),
        applicantId: applicant!.id,
        assetId: asset!.id,
        schemeId: scheme!.id,
        applicationType: 'new',
        status: 'approved',
        currentStage: DEFAULT_STAGE.approved,
        estimatedInvestment: 10_000_000,
        employmentGeneration: 20,
        projectDescription: 'Bench project',
        submittedAt: new Date(),
        ...startStageClock('approved', new Date()),
      })
      .returning();
    await db.insert(schemeEntries).values({
      applicationId: application!.id,
      schemeId: scheme!.id,
      schemePlotId: plot!.id,
      category: 'general',
      qualified: true,
      listPosition: index + 1,
    });
    emails.push(email);
  }
  return { schemeId: scheme!.id, plotId: plot!.id, emails, emd: auctionEmd(1_000_000) };
}

async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: DEMO_PASSWORD }).toString(),
  });
  if (!response.ok) throw new Error(`login as ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A watcher's stream: for each `lot` event, its sequence and when it arrived. */
interface Watcher {
  sequences: number[];
  arrivals: number[];
  close(): void;
}

const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function watch(base: string, token: string, schemeId: string): Promise<Watcher> {
  return new Promise((resolve, reject) => {
    const watcher: Watcher = { sequences: [], arrivals: [], close: () => request.destroy() };
    const request = http.get(
      `${base}/api/schemes/${schemeId}/live`,
      { agent: streamAgent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`live stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          const arrived = wallNow();
          buffer += chunk;
          let split: number;
          while ((split = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            if (!block.startsWith('event: lot')) continue;
            const match = /"sequence":(\d+)/.exec(block);
            if (!match) continue;
            const sequence = Number(match[1]);
            if (sequence > (watcher.sequences.at(-1) ?? -1)) {
              watcher.sequences.push(sequence);
              watcher.arrivals.push(arrived);
            }
          }
        });
        response.on('error', () => {});
        resolve(watcher);
      },
    );
    request.on('error', (error) => {
      if (!watcher.sequences.length) reject(error);
    });
  });
}

/** When the watcher first saw `sequence` or a later one (events fold a burst of bids into the latest). */
function arrivalOf(watcher: Watcher, sequence: number): number | undefined {
  let low = 0;
  let high = watcher.sequences.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (watcher.sequences[middle]! < sequence) low = middle + 1;
    else high = middle;
  }
  return low < watcher.sequences.length ? watcher.arrivals[low] : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runAuctionBench(databaseUrl: string, settings: AuctionSettings): Promise<AuctionFigures> {
  const log = (line: string) => console.log(`  auction: ${line}`);
  const handle = await openDatabase({ databaseUrl });
  let servers: RunningServer[] = [];
  const watchers: Watcher[] = [];
  try {
    await handle.migrate();
    await seedDemoData(handle.db);
    log(`writing one lot and ${settings.bidders} qualified bidders ...`);
    const auction = await prepareAuction(handle.db, settings.bidders, settings.seconds);
    servers = await Promise.all([startApi({ databaseUrl }), startApi({ databaseUrl })]);
    log(`two API processes: ${servers.map((server) => server.base).join(', ')}`);
    const bidderTokens: string[] = [];
    for (let index = 0; index < auction.emails.length; index += 20) {
      bidderTokens.push(
        ...(await Promise.all(
          auction.emails
            .slice(index, index + 20)
            .map((email, offset) => login(servers[(index + offset) % 2]!.base, email)),
        )),
      );
    }
    const hoEmail = DEMO_USERS.find((user) => user.role === 'ho')!.email;
    const watcherTokens = await Promise.all(servers.map((server) => login(server.base, hoEmail)));
    log(`opening ${settings.watchers} watchers ...`);
    for (let index = 0; index < settings.watchers; index += 50) {
      const batch = Array.from({ length: Math.min(50, settings.watchers - index) }, (_, offset) => {
        const which = (index + offset) % 2;
        return watch(servers[which]!.base, watcherTokens[which]!, auction.schemeId);
      });
      watchers.push(...(await Promise.all(batch)));
    }

    log(`bidding for ${settings.seconds} s ...`);
    const answers: { status: number; amount: number; ms: number; code?: string }[] = [];
    const stopAt = Date.now() + settings.seconds * 1000;
    let lowest = 1_000_000;
    const bidder = async (index: number) => {
      const base = servers[index % 2]!.base;
      const token = bidderTokens[index]!;
      while (Date.now() < stopAt) {
        await sleep(Math.random() * settings.thinkMs);
        // Often the lowest taken now (two bidders may pick the same amount), sometimes one or two increments above.
        const amount = lowest + Math.floor(Math.random() * 3) * 1000;
        const started = performance.now();
        const response = await fetch(`${base}/api/schemes/${auction.schemeId}/plots/${auction.plotId}/bids`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ amount }),
        });
        const body = (await response.json()) as {
          minimum_next_bid?: number;
          code?: string;
          params?: { minimum_bid?: string };
        };
        answers.push({ status: response.status, amount, ms: performance.now() - started, code: body.code });
        const next = response.status === 201 ? body.minimum_next_bid : Number(body.params?.minimum_bid ?? NaN);
        if (next && next > lowest) lowest = next;
      }
    };
    await Promise.all(Array.from({ length: settings.bidders }, (_, index) => bidder(index)));
    // The last notices reach the watchers.
    await sleep(2000);

    const rows = await handle.db
      .select({ amount: schemeBids.amount, sequence: schemeBids.sequence, placedAt: schemeBids.placedAt })
      .from(schemeBids)
      .where(eq(schemeBids.schemePlotId, auction.plotId))
      .orderBy(asc(schemeBids.sequence));
    const accepted = answers.filter((answer) => answer.status === 201);
    const rowAmounts = new Set(rows.map((row) => row.amount));
    const acceptedAmounts = accepted.map((answer) => answer.amount);
    const lost = acceptedAmounts.filter((amount) => !rowAmounts.has(amount)).length;
    const duplicated = acceptedAmounts.length - new Set(acceptedAmounts).size;
    let strictlyIncreasing = rows.length === accepted.length;
    rows.forEach((row, index) => {
      if (row.sequence !== index + 1) strictlyIncreasing = false;
      if (index > 0 && row.amount < rows[index - 1]!.amount + 1000) strictlyIncreasing = false;
    });
    const last = rows.length;
    const toEach = new Float64Array(rows.length * watchers.length);
    const toEvery: number[] = [];
    let filled = 0;
    for (const row of rows) {
      const committed = row.placedAt.getTime();
      let slowest = 0;
      for (const watcher of watchers) {
        const arrived = arrivalOf(watcher, row.sequence);
        if (arrived === undefined) continue;
        const ms = arrived - committed;
        toEach[filled++] = ms;
        slowest = Math.max(slowest, ms);
      }
      toEvery.push(slowest);
    }
    const otherAnswers: Record<string, number> = {};
    for (const answer of answers) {
      if (answer.status === 201 || answer.code === 'bid_too_low') continue;
      const key = `${answer.status} ${answer.code ?? ''}`.trim();
      otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
    }
    const answerTimes = quantiles(answers.map((answer) => answer.ms));
    return {
      settings,
      postgres: await serverVersion(databaseUrl),
      processes: servers.length,
      attempts: answers.length,
      accepted: accepted.length,
      refusedTooLow: answers.filter((answer) => answer.code === 'bid_too_low').length,
      otherAnswers,
      rows: rows.length,
      strictlyIncreasing,
      lost,
      duplicated,
      watchersAtLast: watchers.filter((watcher) => (watcher.sequences.at(-1) ?? 0) >= last).length,
      toEachWatcher: quantiles(toEach.subarray(0, filled)),
      toEveryWatcher: quantiles(toEvery),
      bidAnswerMs: { median: answerTimes.median, p99: answerTimes.p99 },
    };
  } finally {
    for (const watcher of watchers) watcher.close();
    await Promise.all(servers.map((server) => server.stop()));
    await handle.close();
  }
}

const round = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'n/a');

/** The figures as lines of text. */
export function auctionLines(figures: AuctionFigures): string[] {
  const { settings } = figures;
  return [
    `PostgreSQL ${figures.postgres}, ${figures.processes} API processes, one lot, ${settings.bidders} bidders (a random pause of up to ${settings.thinkMs} ms between bids), ${settings.watchers} watchers, ${settings.seconds} s`,
    `bids tried ${figures.attempts}, accepted ${figures.accepted} (${(figures.accepted / settings.seconds).toFixed(1)}/s), refused as too low ${figures.refusedTooLow}, other answers ${JSON.stringify(figures.otherAnswers)}`,
    `rows ${figures.rows}; every accepted bid a row, in sequence, each above the one before: ${figures.strictlyIncreasing ? 'yes' : 'NO'}; lost ${figures.lost}; taken twice ${figures.duplicated}`,
    `watchers that reached the last bid: ${figures.watchersAtLast} of ${settings.watchers}`,
    `commit to a watcher's stream: median ${round(figures.toEachWatcher.median)}, p99 ${round(figures.toEachWatcher.p99)}, slowest ${round(figures.toEachWatcher.max)}`,
    `commit to the last of the ${settings.watchers} watchers: median ${round(figures.toEveryWatcher.median)}, p99 ${round(figures.toEveryWatcher.p99)}`,
    `a bid's answer: median ${round(figures.bidAnswerMs.median)}, p99 ${round(figures.bidAnswerMs.p99)}`,
  ];
}

export const AUCTION_DEFAULTS: AuctionSettings = { seconds: 60, bidders: 200, watchers: 1000, thinkMs: 2000 };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: String(AUCTION_DEFAULTS.seconds) },
      bidders: { type: 'string', default: String(AUCTION_DEFAULTS.bidders) },
      watchers: { type: 'string', default: String(AUCTION_DEFAULTS.watchers) },
      'think-ms': { type: 'string', default: String(AUCTION_DEFAULTS.thinkMs) },
    },
  });
  const database = await createDatabase('auction');
  if (!database) {
    console.log('PostgreSQL: nothing answers on 127.0.0.1:5432 and DATABASE_URL is not set.');
    process.exit(1);
  }
  try {
    const figures = await runAuctionBench(database.url, {
      seconds: Math.max(1, Number(values.seconds)),
      bidders: Math.max(1, Number(values.bidders)),
      watchers: Math.max(0, Number(values.watchers)),
      thinkMs: Math.max(0, Number(values['think-ms'])),
    });
    for (const line of auctionLines(figures)) console.log(line);
  } finally {
    await database.drop();
  }
}
