/** Starts the real server (fresh data directory, demo seed, built web app) on a free port, one per worker; the returned
 * function stops them. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startMailbox } from './mailbox';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(repoRoot, 'apps/web');
const webDist = path.join(webDir, 'dist');
/** Where the running server's address is written, for tools outside Playwright. */
export const SERVER_INFO_FILE = path.join(repoRoot, 'e2e/test-results/server.json');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function newestChange(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

/** Builds the web app when its build is missing or older than its sources (or the contract). */
function ensureWebBuild(): void {
  const builtIndex = path.join(webDist, 'index.html');
  const built = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  const sources = [
    path.join(webDir, 'src'),
    path.join(webDir, 'index.html'),
    path.join(repoRoot, 'packages/contract/src'),
  ];
  if (built >= Math.max(...sources.map(newestChange))) return;
  console.log('[e2e] building the web app...');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: webDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app did not build');
}

async function waitForHealth(baseUrl: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within 90 s:\n${log()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/** Migrates a fresh embedded database and loads the demo data into it (npm run db:seed), in `dataDir`. */
function prepareDatabase(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const seed = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/demo/seed-cli.ts'], {
      cwd: repoRoot,
      // The demo's draws on the sandbox beacon's chain make their rounds themselves: no beacon runs yet.
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        RANDOMNESS_BEACON: 'sandbox',
        BEACON_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    seed.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    seed.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    seed.on('error', reject);
    seed.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The demo database was not prepared (exit ${code}):\n${output}`)),
    );
  });
}

/** The sandbox payment gateway (decision 016): a separate small server speaking the gateway's protocol, whose pages
 * say TEST MODE. Each portal gets its own, told the portal's webhook URL and sharing its keys; the portal is told the
 * sandbox's URL and re-queries an order left pending after 2 s, every 2 s, so a test that loses both the redirect and
 * the webhook sees the re-query settle it in seconds. */
const SANDBOX_DIR = path.join(repoRoot, 'apps/gateway-sandbox');
const SANDBOX_ENTRY = path.join(SANDBOX_DIR, 'src/cli.ts');
const SANDBOX_KEYS = {
  keyId: 'rzp_test_e2e',
  keySecret: 'e2e-key-secret',
  webhookSecret: 'e2e-webhook-secret',
};

/** The portal's settings that point it at its sandbox, with short re-query timings. */
function portalGatewayEnv(sandboxUrl: string): Record<string, string> {
  return {
    PAYMENT_GATEWAY: 'sandbox',
    GATEWAY_URL: sandboxUrl,
    GATEWAY_KEY_ID: SANDBOX_KEYS.keyId,
    GATEWAY_KEY_SECRET: SANDBOX_KEYS.keySecret,
    GATEWAY_WEBHOOK_SECRET: SANDBOX_KEYS.webhookSecret,
    GATEWAY_REQUERY_EVERY_MS: '2000',
  };
}

async function waitForListening(what: string, url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The ${what} exited with ${child.exitCode}:\n${log()}`);
    try {
      await fetch(url);
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The ${what} did not answer within 60 s:\n${log()}`);
}

/** Starts the sandbox gateway on `port` (when the tree has one), delivering its webhooks to the portal at `portalUrl`. */
async function startSandbox(port: number, portalUrl: string): Promise<{ url: string; stop(): Promise<void> } | null> {
  if (!fs.existsSync(SANDBOX_ENTRY)) return null;
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const sandbox = spawn(process.execPath, ['--import', 'tsx', SANDBOX_ENTRY], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_PUBLIC_URL: url,
      SANDBOX_KEY_ID: SANDBOX_KEYS.keyId,
      SANDBOX_KEY_SECRET: SANDBOX_KEYS.keySecret,
      SANDBOX_WEBHOOK_SECRET: SANDBOX_KEYS.webhookSecret,
      SANDBOX_WEBHOOK_URL: `${portalUrl}/api/payments/gateway/webhook`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  sandbox.stdout?.on('data', keep);
  sandbox.stderr?.on('data', keep);
  try {
    await waitForListening('sandbox gateway', url, sandbox, () => output);
  } catch (error) {
    await stop(sandbox);
    throw error;
  }
  return { url, stop: () => stop(sandbox) };
}

/** The sandbox randomness beacon (decision 034): a separate small server speaking drand's HTTP API with a TEST chain,
 * whose page says TEST MODE. Each portal gets its own, following that portal's clock, so a journey that moves the
 * clock past a draw's close finds the draw's round made. */
const BEACON_ENTRY = path.join(repoRoot, 'apps/beacon-sandbox/src/cli.ts');

/** Starts the sandbox beacon on `port` (when the tree has one), on the clock of the portal at `portalUrl`. */
async function startBeacon(port: number, portalUrl: string): Promise<{ url: string; stop(): Promise<void> } | null> {
  if (!fs.existsSync(BEACON_ENTRY)) return null;
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const beacon = spawn(process.execPath, ['--import', 'tsx', BEACON_ENTRY], {
    cwd: repoRoot,
    env: { ...process.env, BEACON_SANDBOX_PORT: String(port), HOST: '127.0.0.1', BEACON_SANDBOX_PORTAL_URL: portalUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  beacon.stdout?.on('data', keep);
  beacon.stderr?.on('data', keep);
  try {
    await waitForListening('sandbox beacon', `${url}/info`, beacon, () => output);
  } catch (error) {
    await stop(beacon);
    throw error;
  }
  return { url, stop: () => stop(beacon) };
}

/** The sandbox eSign Service Provider (decision 035): a separate small server speaking the eSign API 2.1 with TEST keys,
 * whose pages say TEST MODE. Each portal gets its own; the portal is told where to send the allottee's browser. */
const ESIGN_ENTRY = path.join(repoRoot, 'apps/esign-sandbox/src/cli.ts');

/** Starts the sandbox eSign provider on `port` (when the tree has one). */
async function startEsign(port: number): Promise<{ url: string; signdocUrl: string; stop(): Promise<void> } | null> {
  if (!fs.existsSync(ESIGN_ENTRY)) return null;
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const esign = spawn(process.execPath, ['--import', 'tsx', ESIGN_ENTRY], {
    cwd: repoRoot,
    env: { ...process.env, ESIGN_SANDBOX_PORT: String(port), HOST: '127.0.0.1', ESIGN_SANDBOX_PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  esign.stdout?.on('data', keep);
  esign.stderr?.on('data', keep);
  try {
    await waitForListening('sandbox eSign provider', `${url}/ca.pem`, esign, () => output);
  } catch (error) {
    await stop(esign);
    throw error;
  }
  return { url, signdocUrl: `${url}/esign/2.1/signdoc`, stop: () => stop(esign) };
}

/** The sandbox SMS provider (decision 037): a separate small server speaking Gupshup Enterprise's SMS API with TEST
 * settings, whose pages say TEST MODE and list the messages per number; it posts delivery reports to the portal. */
const SMS_ENTRY = path.join(repoRoot, 'apps/sms-sandbox/src/cli.ts');

/** Starts the sandbox SMS provider on `port` (when the tree has one), reporting deliveries to the portal at `portalUrl`. */
async function startSms(port: number, portalUrl: string): Promise<{ sendUrl: string; stop(): Promise<void> } | null> {
  if (!fs.existsSync(SMS_ENTRY)) return null;
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const sms = spawn(process.execPath, ['--import', 'tsx', SMS_ENTRY], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SMS_SANDBOX_PORT: String(port),
      HOST: '127.0.0.1',
      SMS_SANDBOX_PUBLIC_URL: url,
      SMS_SANDBOX_DLR_URL: `${portalUrl}/api/sms/delivery-reports/sandbox-dlr-token`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  sms.stdout?.on('data', keep);
  sms.stderr?.on('data', keep);
  try {
    await waitForListening('sandbox SMS provider', `${url}/`, sms, () => output);
  } catch (error) {
    await stop(sms);
    throw error;
  }
  return { sendUrl: `${url}/GatewayAPI/rest`, stop: () => stop(sms) };
}

/** The sandbox state single window (decision 036): a separate small server of the single-window protocol with its
 * TEST key, whose pages say TEST MODE; it sends CAFs to the portal at `portalUrl` and takes its status pushes. */
const SINGLE_WINDOW_ENTRY = path.join(repoRoot, 'apps/single-window-sandbox/src/cli.ts');

/** Starts the sandbox single window on `port` (when the tree has one). */
async function startSingleWindow(
  port: number,
  portalUrl: string,
): Promise<{ url: string; stop(): Promise<void> } | null> {
  if (!fs.existsSync(SINGLE_WINDOW_ENTRY)) return null;
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const singleWindow = spawn(process.execPath, ['--import', 'tsx', SINGLE_WINDOW_ENTRY], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SINGLE_WINDOW_SANDBOX_PORT: String(port),
      HOST: '127.0.0.1',
      SINGLE_WINDOW_SANDBOX_PUBLIC_URL: url,
      SINGLE_WINDOW_PORTAL_URL: portalUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  singleWindow.stdout?.on('data', keep);
  singleWindow.stderr?.on('data', keep);
  try {
    await waitForListening('sandbox single window', `${url}/`, singleWindow, () => output);
  } catch (error) {
    await stop(singleWindow);
    throw error;
  }
  return { url, stop: () => stop(singleWindow) };
}

/** One server, with its own data directory (a copy of the prepared database), mailbox, sandbox gateway, sandbox
 * beacon, sandbox eSign provider, sandbox SMS provider and sandbox single window. */
async function startServer(prepared: string): Promise<{
  baseUrl: string;
  mailboxDir: string;
  singleWindowUrl?: string;
  pid?: number;
  stop(): Promise<void>;
}> {
  const mailbox = await startMailbox();
  const port = await freePort();
  const sandboxPort = await freePort();
  const beaconPort = await freePort();
  const esignPort = await freePort();
  const smsPort = await freePort();
  const singleWindowPort = await freePort();
  let gateway: Awaited<ReturnType<typeof startSandbox>> = null;
  let beacon: Awaited<ReturnType<typeof startBeacon>> = null;
  let esign: Awaited<ReturnType<typeof startEsign>> = null;
  let sms: Awaited<ReturnType<typeof startSms>> = null;
  let singleWindow: Awaited<ReturnType<typeof startSingleWindow>> = null;
  try {
    gateway = await startSandbox(sandboxPort, `http://127.0.0.1:${port}`);
    beacon = await startBeacon(beaconPort, `http://127.0.0.1:${port}`);
    esign = await startEsign(esignPort);
    sms = await startSms(smsPort, `http://127.0.0.1:${port}`);
    singleWindow = await startSingleWindow(singleWindowPort, `http://127.0.0.1:${port}`);
  } catch (error) {
    await sms?.stop();
    await gateway?.stop();
    await beacon?.stop();
    await esign?.stop();
    await mailbox.stop();
    throw error;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  fs.cpSync(path.join(prepared, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      // Journeys move the clock to a scheme's close or an auction's end instead of waiting (support/clock.ts).
      CLOCK: 'movable',
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      PUBLIC_URL: baseUrl,
      ...(gateway && portalGatewayEnv(gateway.url)),
      ...(beacon && { RANDOMNESS_BEACON: 'sandbox', BEACON_URL: beacon.url }),
      ...(esign && { ESIGN: 'sandbox', ESIGN_URL: esign.signdocUrl }),
      ...(sms && { SMS_PROVIDER: 'sandbox', SMS_API_URL: sms.sendUrl }),
      // Status pushes to the sandbox single window every second, so a journey sees them at once.
      ...(singleWindow && {
        SINGLE_WINDOW: 'sandbox',
        SINGLE_WINDOW_URL: singleWindow.url,
        SWEEP_SINGLE_WINDOW_PUSH_EVERY_MS: '1000',
      }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const stopAll = async () => {
    await stop(server);
    await gateway?.stop();
    await beacon?.stop();
    await esign?.stop();
    await sms?.stop();
    await singleWindow?.stop();
    await mailbox.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { baseUrl, mailboxDir: mailbox.directory, singleWindowUrl: singleWindow?.url, pid: server.pid, stop: stopAll };
}

/** Starts one server per worker: tests that change the demo data (submit a case, decide it, pay) run one after another
 * on their worker's server, as they did on the single server of one worker, and never meet another worker's changes.
 * The config gives each worker its server and mailbox (E2E_BASE_URLS, E2E_MAILBOX_DIRS, by TEST_PARALLEL_INDEX). */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  // A server someone already runs can be reused: E2E_BASE_URL=http://127.0.0.1:PORT npm test -w e2e
  if (process.env.E2E_BASE_URL && process.env.E2E_REUSE_SERVER) return async () => undefined;

  // The database is migrated and seeded once, while the web app builds, and each server starts on a copy of it (as a
  // restart would: the seed finds its users and adds nothing); starting several on empty directories at once took
  // each through an empty cluster, the migrations and the seed side by side.
  const prepared = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-seed-'));
  const preparing = prepareDatabase(prepared);
  try {
    ensureWebBuild();
    await preparing;
  } catch (error) {
    await preparing.catch(() => undefined);
    fs.rmSync(prepared, { recursive: true, force: true });
    throw error;
  }
  // One more than the workers: the server of the journeys that move the clock by days (support/clock.ts), which
  // would otherwise move it under whatever its worker runs next.
  const started = await Promise.allSettled(
    Array.from({ length: Math.max(1, config.workers) + 1 }, () => startServer(prepared)),
  );
  fs.rmSync(prepared, { recursive: true, force: true });
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }

  const daysServer = servers.pop()!;
  process.env.E2E_DAYS_BASE_URL = daysServer.baseUrl;
  process.env.E2E_BASE_URLS = servers.map((server) => server.baseUrl).join(' ');
  process.env.E2E_MAILBOX_DIRS = servers.map((server) => server.mailboxDir).join(path.delimiter);
  process.env.E2E_SINGLE_WINDOW_URLS = servers.map((server) => server.singleWindowUrl ?? '').join(' ');
  process.env.E2E_BASE_URL = servers[0]!.baseUrl;
  process.env.E2E_MAILBOX_DIR = servers[0]!.mailboxDir;
  fs.mkdirSync(path.dirname(SERVER_INFO_FILE), { recursive: true });
  fs.writeFileSync(
    SERVER_INFO_FILE,
    JSON.stringify(
      {
        baseUrl: servers[0]!.baseUrl,
        pid: servers[0]!.pid,
        servers: servers.map(({ baseUrl, pid }) => ({ baseUrl, pid })),
      },
      null,
      2,
    ),
  );
  console.log(
    `[e2e] ${servers.length === 1 ? 'server' : 'servers'} at ${process.env.E2E_BASE_URLS}; the journeys that move the clock by days at ${daysServer.baseUrl}`,
  );

  return async () => {
    await Promise.all([...servers, daysServer].map((server) => server.stop()));
    fs.rmSync(SERVER_INFO_FILE, { force: true });
  };
}
