// npm run bench [-- --sizes 10000,1000000 --seconds 3 --runs 3 --connections 50 --no-pglite --no-lighthouse
//                   --auction-seconds 60 --no-auction --only lighthouse --lighthouse-runs 3 --output x.md|x.json]
//
// --sizes 0 measures the demo data alone. --only lighthouse runs Lighthouse alone (each role's home and the public
// pages, on PostgreSQL at the first size), which takes minutes rather than the full run's quarter of an hour.
// --output writes JSON when the file's name ends in .json and Markdown otherwise; the tables are printed first, so a
// failure to write them loses nothing.
//
// Generates data sets (npm run db:seed -- --applications N does the same), starts the API as a child process on a
// free port of 127.0.0.1 and loads every hot endpoint with autocannon, bounded in time; compares the application
// detail with bare routes, PGlite with PostgreSQL, and the sizes with each other; reads the built web app for the
// JavaScript each route downloads; writes docs/performance.md and prints the same tables (keeping what stands below
// its "kept" marker, such as the figures of bench/asset-sorts.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { homeFor, type Role } from '@portal/contract';
import { openDatabase } from '../apps/api/src/db/client';
import { generateVolumeData } from '../apps/api/src/demo/generate-volume';
import { sweepReminders } from '../apps/api/src/lib/notify-reminders';
import { DEMO_PASSWORD, seedDemoData } from '../apps/api/src/demo/seed';
import { bundleReport } from './bundle';
import pg from 'pg';
import { lighthouseMedian, signedInStorage } from './lighthouse';
import { typingFigures, type TypingFigures } from './typing';
import { measureEndpoint, single, type EndpointFigures, type LoadSettings } from './load';
import { ENDPOINTS, factsOf, login, measureApi, ROLE_EMAILS, type Facts } from './endpoints';
import { duesLine, duesTwice } from './dues';
import { createDatabase, serverVersion } from './postgres';
import {
  renderReport,
  type Configuration,
  type DetailBaselines,
  type LighthousePage,
  type ReportInput,
  type SweepFigures,
} from './report';
import { formattedMarkdown, writeFigures } from './output';
import { ROOT, startApi, startBaseline, type RunningServer } from './servers';
import { AUCTION_DEFAULTS, auctionLines, runAuctionBench } from './auction';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'no-pglite': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    // The live auction's load (bench/auction.ts): its length, or --no-auction to leave it out.
    'auction-seconds': { type: 'string', default: String(AUCTION_DEFAULTS.seconds) },
    'no-auction': { type: 'boolean', default: false },
    output: { type: 'string', default: path.join(ROOT, 'docs/performance.md') },
    // The one part to run: `lighthouse` (each role's home and the public pages), leaving out the API's load, the
    // baselines, the sweeps, the typing, the auction and PGlite.
    only: { type: 'string' },
    // How many times Lighthouse audits each page; the table gives the median.
    'lighthouse-runs': { type: 'string', default: '3' },
  },
});
if (values.only !== undefined && values.only !== 'lighthouse') {
  console.error(`--only takes "lighthouse" (got "${values.only}")`);
  process.exit(2);
}
const lighthouseOnly = values.only === 'lighthouse';
const lighthouseRuns = Math.min(9, Math.max(1, Number(values['lighthouse-runs']) || 3));
const sizes = values.sizes
  .split(',')
  .map((size) => Number(size.replace(/_/g, '')))
  .filter((size) => Number.isInteger(size) && size >= 0)
  .sort((a, b) => a - b);
const settings: LoadSettings = {
  seconds: Math.min(60, Math.max(1, Number(values.seconds))),
  runs: Math.min(10, Math.max(1, Number(values.runs))),
  connections: Math.min(500, Math.max(1, Number(values.connections))),
};
const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const log = (line: string) => console.log(line);

/** Brings the database to `target` generated applications on top of the demo data; answers the seconds taken. */
async function grow(databaseUrl: string | undefined, dataDir: string | undefined, target: number, have: number) {
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    await handle.migrate();
    await seedDemoData(handle.db);
    if (target <= have) return 0;
    const summary = await generateVolumeData(handle.db, {
      applications: target - have,
      seed: 1,
      log: (line) => log(`    ${line}`),
    });
    return summary.seconds;
  } finally {
    await handle.close();
  }
}

/** One reminder sweep (lib/notify-reminders.ts) as the API's timer runs it, then a second one straight after: the
 * first tells what the generated data holds (up to its per-run budget), the second what is left. Run before the API
 * starts, so that its own timer has not swept first. */
async function sweepTwice(databaseUrl: string | undefined, dataDir: string | undefined): Promise<SweepFigures> {
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    const once = async () => {
      const started = performance.now();
      const counts = await sweepReminders(handle.db);
      return { ms: performance.now() - started, written: counts.dueSoon + counts.overdue + counts.caseOverdue, counts };
    };
    const first = await once();
    const second = await once();
    const [held] = (
      (await handle.db.execute(
        'SELECT count(*) AS n, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM notifications' as never,
      )) as unknown as { rows: { n: string | number; unread: string | number }[] }
    ).rows;
    const sweep = { first, second, notifications: Number(held!.n), unread: Number(held!.unread) };
    log(
      `  reminder sweep: ${sweep.first.ms.toFixed(0)} ms (${sweep.first.written} reminders: ` +
        `${JSON.stringify(sweep.first.counts)}); again: ${sweep.second.ms.toFixed(0)} ms (${sweep.second.written}); ` +
        `${sweep.notifications} notifications, ${sweep.unread} unread`,
    );
    return sweep;
  } finally {
    await handle.close();
  }
}

/** The yearly dues billing run twice (bench/dues.ts), printed with its baseline; before the API starts, like the sweep. */
async function duesRuns(databaseUrl: string | undefined, dataDir: string | undefined): Promise<void> {
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    log(`  ${duesLine(await duesTwice(handle.db))}`);
  } finally {
    await handle.close();
  }
}

/** The demo user of each role, whose home page Lighthouse measures signed in. */
const HOME_OF: ReadonlyArray<{ role: Role; email: string }> = [
  { role: 'entrepreneur', email: 'entrepreneur@example.com' },
  { role: 'zonal_manager', email: 'zonal@example.com' },
  { role: 'ho', email: 'ho@example.com' },
  { role: 'committee', email: 'committee@example.com' },
  { role: 'legal', email: 'legal@example.com' },
  { role: 'finance', email: 'finance@example.com' },
  { role: 'admin', email: 'admin@example.com' },
];

/** The public pages a person opens signed out: the performance figures and a draw's and an auction's public record
 * (the latest scheme of each mode in the data). */
async function publicPaths(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ scheme_number: string }>(
      `SELECT DISTINCT ON (mode) scheme_number FROM schemes ORDER BY mode, created_at DESC`,
    );
    return ['/performance', ...rows.map((row) => `/scheme-results/${row.scheme_number}`)];
  } finally {
    await client.end();
  }
}

/** Lighthouse on /login, on each role's home with that role's session in the browser's storage, and on the public
 * pages signed out; each page `lighthouseRuns` times, the median kept. */
async function lighthousePages(base: string, databaseUrl: string): Promise<LighthousePage[]> {
  const pages: LighthousePage[] = [];
  const measure = async (page: LighthousePage['page'], storage?: () => Promise<Record<string, string>>) => {
    log(`  Lighthouse ${page.path}${page.as ? ` as ${page.as}` : ''} (${lighthouseRuns} runs) ...`);
    const result = await lighthouseMedian(`${base}${page.path}`, lighthouseRuns, async () => ({
      localStorage: storage ? await storage() : undefined,
    }));
    log(`  Lighthouse: ${result.note ?? `${JSON.stringify(result.scores)} runs ${JSON.stringify(result.runs)}`}`);
    pages.push({ page, result });
  };
  await measure({ path: '/login' });
  for (const { role, email } of HOME_OF) {
    await measure({ path: homeFor(role), as: role }, () => signedInStorage(base, email, DEMO_PASSWORD));
  }
  for (const publicPath of await publicPaths(databaseUrl)) await measure({ path: publicPath, as: 'signed out' });
  return pages;
}

async function detailBaselines(
  server: RunningServer,
  facts: Facts,
  databaseUrl: string,
  api: EndpointFigures,
): Promise<DetailBaselines> {
  const token = await login(server.base, ROLE_EMAILS.ho!);
  const body = await single(
    `${server.base}/api/applications/${facts.detailId}`,
    { authorization: `Bearer ${token}` },
    30_000,
  );
  const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-body-')), 'detail.json');
  fs.writeFileSync(bodyFile, body.body);
  const baseline = await startBaseline({ databaseUrl, bodyFile });
  try {
    const select = await measureEndpoint(`${baseline.base}/row/${facts.detailId}`, undefined, settings);
    const memory = await measureEndpoint(`${baseline.base}/bytes`, undefined, settings);
    log(
      `  bare route, one SELECT: ${select.rps.median.toFixed(0)} req/s; same bytes from memory: ${memory.rps.median.toFixed(0)} req/s`,
    );
    return { api, select, memory };
  } finally {
    await baseline.stop();
    fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true });
  }
}

/** Figures measured by other means (bench/asset-sorts.ts and the like) stand below this line of the report and are
 * kept when the benchmark writes it again. */
const KEPT_MARKER = '<!-- Below: figures measured by other commands, kept when npm run bench writes this file. -->';

function keptSections(file: string): string {
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const at = previous.indexOf(KEPT_MARKER);
  return at === -1 ? '' : `\n${previous.slice(at)}`;
}

async function main() {
  const started = new Date();
  const loadBefore = os.loadavg()[0]!;
  log(
    `Benchmark: sizes ${sizes.join(', ')}, ${settings.connections} connections, ${settings.runs} x ${settings.seconds} s per endpoint`,
  );
  const configurations: Configuration[] = [];
  let baselines: DetailBaselines | undefined;
  let postgresVersion: string | undefined;
  let lighthouse: LighthousePage[] | undefined;
  let typing: TypingFigures | { note: string } | undefined;

  const database = await createDatabase('pg');
  if (!database) {
    log('PostgreSQL: nothing answers on 127.0.0.1:5432 and DATABASE_URL is not set; PostgreSQL figures skipped.');
  } else {
    try {
      postgresVersion = await serverVersion(database.url);
      let have = 0;
      for (const size of sizes) {
        log(`PostgreSQL ${postgresVersion}: ${size.toLocaleString('en-IN')} applications`);
        const generationSeconds = await grow(database.url, undefined, size, have);
        have = Math.max(have, size);
        if (lighthouseOnly) {
          if (size !== sizes[0]) continue;
          const server = await startApi({ databaseUrl: database.url });
          try {
            lighthouse = await lighthousePages(server.base, database.url);
          } finally {
            await server.stop();
          }
          continue;
        }
        const facts = await factsOf(database.url, undefined);
        const sweep = await sweepTwice(database.url, undefined);
        await duesRuns(database.url, undefined);
        const server = await startApi({ databaseUrl: database.url });
        try {
          const results = await measureApi(`PostgreSQL ${size}`, server, facts, settings, log);
          configurations.push({
            database: 'PostgreSQL',
            size,
            applications: facts.applications,
            generationSeconds,
            startupMs: server.startupMs,
            results,
            sweep,
          });
          if (size === sizes[0]) {
            baselines = await detailBaselines(server, facts, database.url, results.get('application detail')!);
            if (!values['no-lighthouse']) {
              lighthouse = await lighthousePages(server.base, database.url);
              log('  typing in the applications list search ...');
              typing = await typingFigures(
                server.base,
                await signedInStorage(server.base, ROLE_EMAILS.ho!, DEMO_PASSWORD),
                facts.searchTerm,
              );
              log(`  typing: ${JSON.stringify(typing)}`);
            }
          }
        } finally {
          await server.stop();
        }
      }
    } finally {
      await database.drop();
    }
  }

  // The live auction on its own database: 200 bidders and 1,000 watchers over two API processes. Its figures are
  // printed (docs/performance.md keeps them by hand, below the marker).
  if (!values['no-auction'] && !lighthouseOnly) {
    const auctionDatabase = await createDatabase('auction');
    if (auctionDatabase) {
      try {
        log('The live auction (bench/auction.ts)');
        const figures = await runAuctionBench(auctionDatabase.url, {
          ...AUCTION_DEFAULTS,
          seconds: Math.min(600, Math.max(1, Number(values['auction-seconds']))),
        });
        for (const line of auctionLines(figures)) log(`  ${line}`);
      } finally {
        await auctionDatabase.drop();
      }
    }
  }

  if (!values['no-pglite'] && !lighthouseOnly) {
    const size = sizes[0]!;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pglite-'));
    try {
      log(`PGlite: ${size.toLocaleString('en-IN')} applications`);
      const generationSeconds = await grow(undefined, dataDir, size, 0);
      const facts = await factsOf(undefined, dataDir);
      const sweep = await sweepTwice(undefined, dataDir);
      await duesRuns(undefined, dataDir);
      const server = await startApi({ dataDir });
      try {
        const results = await measureApi(`PGlite ${size}`, server, facts, settings, log);
        configurations.push({
          database: 'PGlite',
          size,
          applications: facts.applications,
          generationSeconds,
          startupMs: server.startupMs,
          results,
          sweep,
        });
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const bundle = bundleReport();
  const input: ReportInput = {
    started,
    finished: new Date(),
    command,
    settings,
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: os.totalmem() / 1024 ** 3,
      node: process.version,
      postgres: postgresVersion,
      loadBefore,
      loadAfter: os.loadavg()[0]!,
    },
    endpoints: ENDPOINTS,
    configurations,
    baselines,
    bundle,
    lighthouse,
    typing,
  };
  // The tables go to the terminal first: whatever befalls the file, the figures measured are not lost.
  const markdown = await formattedMarkdown(renderReport(input), values.output);
  log('');
  log(markdown);
  const format = await writeFigures(values.output, { markdown, data: input, kept: keptSections(values.output) });
  log(`Written to ${path.relative(ROOT, path.resolve(values.output))} (${format === 'json' ? 'JSON' : 'Markdown'})`);
}

await main();
