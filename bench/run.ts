// npm run bench: figures and ratios for speed and size. Every load goes to servers on 127.0.0.1 that this
// script starts itself, with bounded request counts and durations.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_ATTEMPTS_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const startupMs = performance.now() - started;
  return {
    base,
    startupMs,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function tokenFor(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: 'Demo@12345' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 10, duration: DURATION_SECONDS, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

function row(cells: (string | number)[]) {
  console.log(cells.map((cell) => String(cell).padEnd(34)).join(''));
}

async function measureServer(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  const token = await tokenFor(server.base, 'ho@example.com');
  const auth = { authorization: `Bearer ${token}` };
  const health = await load(`${server.base}/api/health`);
  const assets = await load(`${server.base}/api/assets/available`, auth);
  const applications = await load(`${server.base}/api/applications`, auth);
  const stats = await load(`${server.base}/api/dashboard/stats`, auth);
  await server.stop();
  console.log(`\n${label}: first answer ${server.startupMs.toFixed(0)} ms after spawn (migrate + seed + listen)`);
  row(['endpoint (10 connections)', 'requests/s', 'p99 latency ms', 'errors+non2xx']);
  for (const [name, figures] of Object.entries({
    'GET /api/health': health,
    'GET /api/assets/available': assets,
    'GET /api/applications': applications,
    'GET /api/dashboard/stats': stats,
  })) {
    row([name, figures.rps.toFixed(0), figures.p99, figures.errors]);
  }
  console.log(`ratio authenticated list / health: ${(applications.rps / health.rps).toFixed(2)}`);
  return { health, applications };
}

async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const name = `portal_bench_${Date.now()}`;
    await client.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    return target.toString();
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

function bundleSizes() {
  const dist = path.join(root, 'apps/web/dist/assets');
  if (!fs.existsSync(dist)) return undefined;
  let raw = 0;
  let gzip = 0;
  let entryGzip = 0;
  const html = fs.readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8');
  for (const file of fs.readdirSync(dist)) {
    if (!/\.(js|css)$/.test(file)) continue;
    const bytes = fs.readFileSync(path.join(dist, file));
    const zipped = zlib.gzipSync(bytes).length;
    raw += bytes.length;
    gzip += zipped;
    if (html.includes(file)) entryGzip += zipped;
  }
  return { raw, gzip, entryGzip };
}

console.log(`Benchmarks on ${os.cpus().length} cores, Node ${process.version}, ${DURATION_SECONDS} s per endpoint`);
const embedded = await measureServer('PGlite (embedded)', {});
const pgUrl = await postgresUrl();
if (pgUrl) {
  const server = await measureServer('PostgreSQL', { DATABASE_URL: pgUrl });
  console.log(
    `\nratio PostgreSQL / PGlite, GET /api/applications: ${(server.applications.rps / embedded.applications.rps).toFixed(2)}`,
  );
  const admin = new pg.Client({
    connectionString: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(pgUrl).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
} else {
  console.log('\nPostgreSQL: no server found; skipped');
}

const sizes = bundleSizes();
if (sizes) {
  console.log(
    `\nweb bundle: ${(sizes.raw / 1024).toFixed(0)} KiB JS+CSS, ${(sizes.gzip / 1024).toFixed(0)} KiB gzipped; loaded by index.html up front: ${(sizes.entryGzip / 1024).toFixed(0)} KiB gzipped (${((sizes.entryGzip / sizes.gzip) * 100).toFixed(0)}% of all)`,
  );
} else {
  console.log('\nweb bundle: not built (npm run build)');
}
