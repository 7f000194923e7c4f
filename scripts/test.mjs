// npm test: every test. Unit, component and API tests (PGlite, and PostgreSQL when a server can be found or
// started), then the browser tests in headless Chromium. Ends with one line: 'N passed, N failed'.
// Under CI=true a missing PostgreSQL or Chromium fails the run instead of being skipped.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(import.meta.dirname, '..');
const isCI = process.env.CI === 'true' || process.env.CI === '1';
// `npm test -- --unit-only` leaves out the browser tests (never under CI).
const unitOnly = process.argv.includes('--unit-only') && !isCI;
// TEST_PG=throwaway skips an already running server and starts one of our own, as on a machine without one.
const forceThrowaway = process.env.TEST_PG === 'throwaway';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-run-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** Each suite's wall time, for the closing summary: [label, milliseconds]. */
const timings = [];
let throwawayPostgres;

/** Runs `work` and keeps its wall time under `label`. */
async function timed(label, work) {
  const start = performance.now();
  try {
    return await work();
  } finally {
    timings.push([label, performance.now() - start]);
  }
}

function minutes(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function canConnect(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function postgresAnswers(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(base, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

/** Starts a PostgreSQL of our own on a free loopback port, in a scratch folder. */
async function startThrowawayPostgres(bin) {
  const dataDir = path.join(scratch, 'pg');
  fs.mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: hand the folder to the postgres user and run through runuser.
  const wrap = (cmd, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  if (asRoot) {
    fs.chmodSync(scratch, 0o755);
    spawnSync('chown', ['-R', 'postgres', dataDir]);
  }
  const [initCmd, initArgs] = wrap(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
  ]);
  if (spawnSync(initCmd, initArgs, { stdio: 'ignore' }).status !== 0) return undefined;
  const port = await freePort();
  const [ctlCmd, ctlArgs] = wrap(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dataDir, 'server.log'),
    '-w',
    'start',
    '-o',
    `-h 127.0.0.1 -p ${port} -k ${dataDir}`,
  ]);
  if (spawnSync(ctlCmd, ctlArgs, { stdio: 'ignore' }).status !== 0) return undefined;
  throwawayPostgres = () => {
    const [stopCmd, stopArgs] = wrap(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', 'stop']);
    spawnSync(stopCmd, stopArgs, { stdio: 'ignore' });
  };
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

async function findPostgres() {
  if (process.env.TEST_PG_URL) return process.env.TEST_PG_URL;
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!forceThrowaway && (await canConnect(5432)) && (await postgresAnswers(local))) return local;
  const bin = findPostgresBin();
  return bin ? startThrowawayPostgres(bin) : undefined;
}

// Debian's headless shell (Chromium's own headless build, without the desktop browser's compositor) draws the same
// pages for about a fifth less work than the full browser in headless mode; the full one serves where it is missing.
function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  return candidates.find((candidate) => fs.existsSync(candidate));
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Each browser spec file's time (its tests' durations added, as the workers ran them), slowest first, so the next
 * capability sees what its journeys cost. */
function specTimes(report) {
  const byFile = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) byFile.set(here, (byFile.get(here) ?? 0) + (result.duration ?? 0));
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.title);
  return [...byFile].sort((a, b) => b[1] - a[1]);
}

function banner(text) {
  console.log(`\n${'='.repeat(78)}\n${text}\n${'='.repeat(78)}`);
}

try {
  const pgUrl = await findPostgres();
  if (!pgUrl) {
    const message =
      'PostgreSQL: no server on 127.0.0.1:5432 and no binaries to start one; the PostgreSQL API suite is SKIPPED.';
    if (isCI) problems.push(message.replace('SKIPPED', 'required under CI'));
    banner(message);
  }

  banner(`Unit, component and API tests (${pgUrl ? 'PGlite and PostgreSQL' : 'PGlite only'})`);
  const vitestReport = path.join(scratch, 'vitest.json');
  const vitestTimings = path.join(scratch, 'vitest-timings.json');
  const vitestCode = await timed('vitest (all projects)', () =>
    run(
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        '--reporter=./scripts/vitest-timings.mjs',
        `--outputFile.json=${vitestReport}`,
      ],
      { VITEST_TIMINGS_FILE: vitestTimings, ...(pgUrl ? { TEST_PG_URL: pgUrl } : {}) },
    ),
  );
  for (const [name, project] of Object.entries(readJson(vitestTimings)?.projects ?? {})) {
    // Projects share the workers, so their spans overlap; the files' own times add up each file's run.
    timings.push([
      `  ${name}: first file's start to last file's end (${project.files} files, ${minutes(project.fileMs)} in all)`,
      project.wallMs,
    ]);
  }
  const vitest = readJson(vitestReport);
  if (vitest) {
    totals.passed += vitest.numPassedTests;
    totals.failed += vitest.numFailedTests;
    totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
    if (pgUrl && !JSON.stringify(vitest.testResults.map((result) => result.name)).includes('apps/api')) {
      problems.push('the API tests did not run');
    }
  }
  if (vitestCode !== 0) problems.push(`vitest exited with ${vitestCode}`);
  if (!vitest) problems.push('vitest wrote no report');

  const chromium = findChromium();
  if (unitOnly) {
    banner('Browser tests left out (--unit-only)');
  } else if (!chromium) {
    const message =
      'Chromium: not found (set CHROMIUM_PATH or apt-get install chromium); the browser tests are SKIPPED.';
    if (isCI) problems.push(message.replace('SKIPPED', 'required under CI'));
    banner(message);
  } else {
    banner('Building the web app for the browser tests');
    const buildCode = await timed('web build', () => run('npm', ['run', 'build', '-w', 'apps/web']));
    if (buildCode !== 0) problems.push('the web build failed');
    banner(`Browser tests in headless Chromium (${chromium})`);
    // The e2e config writes its JSON report here.
    const playwrightReport = path.join(root, 'e2e/test-results/results.json');
    fs.rmSync(playwrightReport, { force: true });
    const e2eCode = await timed('browser tests (Playwright)', () =>
      run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { CHROMIUM_PATH: chromium }),
    );
    const playwright = readJson(playwrightReport);
    for (const [file, ms] of specTimes(playwright)) timings.push([`  ${file}`, ms]);
    if (playwright?.stats) {
      totals.passed += playwright.stats.expected + playwright.stats.flaky;
      totals.failed += playwright.stats.unexpected;
      totals.skipped += playwright.stats.skipped;
      if (playwright.stats.expected + playwright.stats.flaky === 0) problems.push('no browser test passed');
    } else {
      problems.push('the browser tests wrote no report');
    }
    if (e2eCode !== 0) problems.push(`playwright exited with ${e2eCode}`);
  }
} finally {
  throwawayPostgres?.();
  fs.rmSync(scratch, { recursive: true, force: true });
}

timings.push(['npm test in all', performance.now()]);
banner(`Times (m:ss)\n${timings.map(([label, ms]) => `${minutes(ms).padStart(6)}  ${label}`).join('\n')}`);
if (problems.length) banner(`Problems:\n - ${problems.join('\n - ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length || totals.failed ? 1 : 0);
