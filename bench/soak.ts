// npm run soak [-- --kills 20 --seconds 60 --users 200 --writers 8 --no-pglite --no-postgres]
//
// Two checks against a real API process, on PGlite (a temporary DATA_DIR) and on PostgreSQL (a throwaway database on
// 127.0.0.1:5432, created and dropped here; DATABASE_URL when set is used as it is):
//   1. Kill test: writers raise service requests while the server is killed with SIGKILL at random moments and
//      restarted; every request the server acknowledged (2xx) must still be there afterwards.
//   2. Load test: virtual users run a mixed workload of reads and writes as officers and the entrepreneur; every
//      request must succeed.
// Prints a table; exits 1 when an acknowledged write is lost or a load request fails. Not part of `npm test` or CI.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../apps/api/src/demo/seed';
import { createDatabase } from './postgres';
import { freePort, ROOT } from './servers';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    users: { type: 'string', default: '200' },
    writers: { type: 'string', default: '8' },
    'no-pglite': { type: 'boolean', default: false },
    'no-postgres': { type: 'boolean', default: false },
  },
});
const KILLS = Math.max(0, Math.floor(Number(values.kills)));
const SECONDS = Math.max(1, Number(values.seconds));
const USERS = Math.max(1, Math.floor(Number(values.users)));
const WRITERS = Math.max(1, Math.floor(Number(values.writers)));
const JWT_SECRET = 'soak-test-signing-secret-0123456789abcdef0123456789abcdef';
const ENTREPRENEUR = 'entrepreneur@example.com';
const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// The API process, restartable on the same port.

interface Target {
  label: string;
  env: Record<string, string>;
}

class ApiProcess {
  private child: ChildProcess | undefined;
  readonly base: string;
  constructor(
    private readonly port: number,
    private readonly target: Target,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  /** Starts the server and answers the milliseconds until /api/health answers 200. */
  async start(): Promise<number> {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        LOG_LEVEL: 'error',
        JWT_SECRET,
        SEED_DEMO: 'true',
        WEB_CONCURRENCY: '1',
        LOGIN_ATTEMPTS_PER_MINUTE: '100000',
        ...this.target.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.target.label}: the server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`${this.base}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`${this.target.label}: no healthy answer within 120 s`);
  }

  /** SIGKILL: no shutdown hooks, no flushing; waits until the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login as ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function getJson<T>(base: string, url: string, token: string): Promise<T> {
  const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Kill test

interface KillFigures {
  kills: number;
  attempted: number;
  acknowledged: number;
  found: number;
  lost: number;
  restartMeanMs: number;
  restartMaxMs: number;
}

async function killTest(api: ApiProcess, label: string): Promise<KillFigures> {
  const token = await login(api.base, ENTREPRENEUR);
  const acknowledged: string[] = [];
  let attempted = 0;
  let running = true;
  let sequence = 0;
  const runId = Date.now().toString(36);

  async function writer(index: number) {
    while (running) {
      const description = `Soak ${runId} writer ${index} request ${sequence++}: please withdraw the application`;
      attempted++;
      try {
        const response = await fetch(`${api.base}/api/service-requests`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ request_type: 'withdrawal', description }),
          signal: AbortSignal.timeout(10_000),
        });
        if (response.status >= 200 && response.status < 300) {
          const body = (await response.json()) as { id: string; description: string };
          if (body.description === description) acknowledged.push(body.id);
        } else {
          await response.arrayBuffer().catch(() => undefined);
          if (response.status >= 400 && response.status < 500)
            throw new Error(`${label}: the write was refused with ${response.status}`);
        }
      } catch (error) {
        if (error instanceof Error && error.message.includes('was refused')) throw error;
        // The server is down or was killed mid-request: not acknowledged, so nothing is owed. Back off briefly.
        await sleep(20);
      }
    }
  }

  const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
  const restarts: number[] = [];
  try {
    for (let kill = 1; kill <= KILLS; kill++) {
      await sleep(500 + Math.random() * 1500);
      await api.kill();
      const restartMs = await api.start();
      restarts.push(restartMs);
      log(
        `  ${label}: kill ${kill}/${KILLS}, back in ${restartMs.toFixed(0)} ms, ${acknowledged.length} writes acknowledged`,
      );
    }
    await sleep(500);
  } finally {
    running = false;
    await Promise.allSettled(writers);
  }
  for (const result of await Promise.allSettled(writers)) if (result.status === 'rejected') throw result.reason;

  // Every acknowledged id must be readable by its owner (a GET of each, 16 at a time).
  let found = 0;
  const missing: string[] = [];
  const queue = [...acknowledged];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let id = queue.pop(); id; id = queue.pop()) {
        const response = await fetch(`${api.base}/api/service-requests/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await response.arrayBuffer();
        if (response.status === 200) found++;
        else missing.push(`${id} (${response.status})`);
      }
    }),
  );
  if (missing.length) log(`  ${label}: lost ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ' ...' : ''}`);
  return {
    kills: restarts.length,
    attempted,
    acknowledged: acknowledged.length,
    found,
    lost: acknowledged.length - found,
    restartMeanMs: restarts.length ? restarts.reduce((a, b) => a + b, 0) / restarts.length : 0,
    restartMaxMs: restarts.length ? Math.max(...restarts) : 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Load test

interface LoadFigures {
  users: number;
  seconds: number;
  requests: number;
  writes: number;
  errors: number;
  p50: number;
  p99: number;
  rps: number;
  firstErrors: string[];
}

interface Step {
  name: string;
  weight: number;
  run: () => Promise<Response>;
}

async function loadTest(api: ApiProcess): Promise<LoadFigures> {
  const base = api.base;
  const [entrepreneur, ho, zonal, finance] = await Promise.all(
    ['entrepreneur@example.com', 'ho@example.com', 'zonal@example.com', 'finance@example.com'].map(async (email) =>
      login(base, email).catch(() => undefined),
    ),
  );
  if (!entrepreneur || !ho || !finance) throw new Error('the demo users could not sign in');
  const officers = [ho, zonal ?? ho];
  const own = await getJson<{ id: string; status: string }[]>(base, '/api/applications?limit=50', entrepreneur);
  const draft = own.find((application) => application.status === 'draft');
  const staffList = await getJson<{ id: string }[]>(base, '/api/applications?limit=50&sort=-created_at', ho);
  const caseIds = staffList.map((application) => application.id);
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const get = (url: string, token: string) => fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  let writeCount = 0;

  const steps: Step[] = [
    {
      name: 'officer: applications list',
      weight: 20,
      run: () => get('/api/applications?limit=50&sort=-created_at', pick(officers)),
    },
    ...(caseIds.length
      ? [{ name: 'officer: application detail', weight: 15, run: () => get(`/api/applications/${pick(caseIds)}`, ho) }]
      : []),
    { name: 'officer: service requests', weight: 8, run: () => get('/api/service-requests?limit=20', pick(officers)) },
    { name: 'officer: dashboard', weight: 7, run: () => get('/api/dashboard/stats', ho) },
    { name: 'finance: invoices', weight: 8, run: () => get('/api/invoices?limit=20', finance) },
    { name: 'entrepreneur: own applications', weight: 10, run: () => get('/api/applications', entrepreneur) },
    {
      name: 'entrepreneur: available plots',
      weight: 8,
      run: () => get('/api/assets/available?limit=20', entrepreneur),
    },
    { name: 'entrepreneur: own requests', weight: 8, run: () => get('/api/service-requests?limit=20', entrepreneur) },
    {
      name: 'entrepreneur: raise a service request',
      weight: 10,
      run: () => {
        writeCount++;
        return fetch(`${base}/api/service-requests`, {
          method: 'POST',
          headers: { authorization: `Bearer ${entrepreneur}`, 'content-type': 'application/json' },
          body: JSON.stringify({ request_type: 'withdrawal', description: `Load test request ${writeCount}` }),
        });
      },
    },
    ...(draft
      ? [
          {
            name: 'entrepreneur: upload a PDF to a draft',
            weight: 6,
            run: () => {
              writeCount++;
              const form = new FormData();
              form.set('document_type', 'dpr');
              form.set('file', new Blob([TINY_PDF], { type: 'application/pdf' }), 'Project report.pdf');
              return fetch(`${base}/api/applications/${draft.id}/documents`, {
                method: 'POST',
                headers: { authorization: `Bearer ${entrepreneur}` },
                body: form,
              });
            },
          },
        ]
      : []),
  ];
  const totalWeight = steps.reduce((sum, step) => sum + step.weight, 0);
  const choose = () => {
    let roll = Math.random() * totalWeight;
    for (const step of steps) if ((roll -= step.weight) < 0) return step;
    return steps[steps.length - 1]!;
  };

  const latencies: number[] = [];
  const firstErrors: string[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: USERS }, async () => {
      while (performance.now() < deadline) {
        const step = choose();
        const sent = performance.now();
        try {
          const response = await step.run();
          const body = await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (response.status < 200 || response.status >= 300) {
            errors++;
            if (firstErrors.length < 5)
              firstErrors.push(`${step.name}: ${response.status} ${Buffer.from(body).toString().slice(0, 200)}`);
          }
        } catch (error) {
          latencies.push(performance.now() - sent);
          errors++;
          if (firstErrors.length < 5) firstErrors.push(`${step.name}: ${(error as Error).message}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    users: USERS,
    seconds: elapsed,
    requests: latencies.length,
    writes: writeCount,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / elapsed,
    firstErrors,
  };
}

// ---------------------------------------------------------------------------------------------------------------

interface Result {
  label: string;
  kill: KillFigures;
  load: LoadFigures;
}

async function soak(target: Target): Promise<Result> {
  const api = new ApiProcess(await freePort(), target);
  log(`${target.label}: starting the API`);
  const firstStart = await api.start();
  log(`${target.label}: healthy in ${firstStart.toFixed(0)} ms; kill test with ${WRITERS} writers and ${KILLS} kills`);
  try {
    const kill = await killTest(api, target.label);
    log(`${target.label}: load test with ${USERS} users for ${SECONDS} s`);
    const load = await loadTest(api);
    for (const line of load.firstErrors) log(`  ${target.label}: error ${line}`);
    return { label: target.label, kill, load };
  } finally {
    await api.stop();
  }
}

function table(results: Result[]): string {
  const rows: string[][] = [
    [
      'database',
      'kills',
      'writes acknowledged',
      'found after',
      'lost',
      'restart mean / max (ms)',
      'users',
      'requests',
      'errors',
      'p50 (ms)',
      'p99 (ms)',
      'req/s',
    ],
  ];
  for (const { label, kill, load } of results) {
    rows.push([
      label,
      String(kill.kills),
      String(kill.acknowledged),
      String(kill.found),
      String(kill.lost),
      `${kill.restartMeanMs.toFixed(0)} / ${kill.restartMaxMs.toFixed(0)}`,
      String(load.users),
      String(load.requests),
      String(load.errors),
      load.p50.toFixed(1),
      load.p99.toFixed(1),
      load.rps.toFixed(0),
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    line(rows[0]!),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...rows.slice(1).map(line),
  ].join('\n');
}

async function main() {
  const command = `npm run soak${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  log(`${command}: ${KILLS} kills, ${WRITERS} writers; ${USERS} users for ${SECONDS} s; ${os.cpus().length} CPUs`);
  const results: Result[] = [];

  if (!values['no-pglite']) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-soak-pglite-'));
    try {
      results.push(await soak({ label: 'PGlite', env: { DATA_DIR: dataDir, DATABASE_URL: '' } }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (!values['no-postgres']) {
    const database = await createDatabase('soak');
    if (!database) {
      log('PostgreSQL: nothing answers on 127.0.0.1:5432 and DATABASE_URL is not set; skipped.');
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-soak-pg-'));
      try {
        results.push(await soak({ label: 'PostgreSQL', env: { DATA_DIR: dataDir, DATABASE_URL: database.url } }));
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await database.drop();
      }
    }
  }

  log('');
  log(table(results));
  const lost = results.reduce((sum, result) => sum + result.kill.lost, 0);
  const errors = results.reduce((sum, result) => sum + result.load.errors, 0);
  if (lost > 0 || errors > 0) {
    log(`FAILED: ${lost} acknowledged writes lost, ${errors} load requests failed`);
    process.exit(1);
  }
  log('OK: no acknowledged write lost, no load request failed');
}

await main();
