/** Starts the real server (fresh data directory, demo seed, built web app) on a free port; the returned function stops it. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
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

export default async function globalSetup(): Promise<() => Promise<void>> {
  // A server someone already runs can be reused: E2E_BASE_URL=http://127.0.0.1:PORT npm test -w e2e
  if (process.env.E2E_BASE_URL && process.env.E2E_REUSE_SERVER) return async () => undefined;

  ensureWebBuild();
  const mailbox = await startMailbox();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
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
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      PUBLIC_URL: baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    await stop(server);
    await mailbox.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  process.env.E2E_BASE_URL = baseUrl;
  fs.mkdirSync(path.dirname(SERVER_INFO_FILE), { recursive: true });
  fs.writeFileSync(SERVER_INFO_FILE, JSON.stringify({ baseUrl, pid: server.pid }, null, 2));
  console.log(`[e2e] server at ${baseUrl}`);

  return async () => {
    await stop(server);
    await mailbox.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(SERVER_INFO_FILE, { force: true });
  };
}
