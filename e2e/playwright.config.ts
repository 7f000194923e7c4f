/** Playwright: browser journeys against the real servers that support/global-setup.ts starts on free ports, one per
 * worker. */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Debian's Chromium where there is one (Playwright cannot download its own browser everywhere), its headless shell
// first (the lighter build Playwright itself runs headless); else Playwright's.
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => fs.existsSync(candidate));
}

// Two workers by default, one per core of the machine CI runs on; E2E_WORKERS=1 runs the files one after another.
const WORKERS = Number(process.env.E2E_WORKERS) || 2;

// Global setup starts one server per worker and lists them; each worker process loads this file with its own
// TEST_PARALLEL_INDEX and takes its server and mailbox, so no worker sees another's changes to the demo data.
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const serverOfSlot = process.env.E2E_BASE_URLS?.split(' ')[slot];
const mailboxOfSlot = process.env.E2E_MAILBOX_DIRS?.split(path.delimiter)[slot];
if (serverOfSlot) process.env.E2E_BASE_URL = serverOfSlot;
if (mailboxOfSlot) process.env.E2E_MAILBOX_DIR = mailboxOfSlot;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A short test's budget. On a loaded two-core machine a test runs three to four times as long as on a quiet one (a
  // six-page phone check took 6.5 s quiet and passed 30 s on a slow hour), so the budget leaves that room; a test that
  // hangs still fails within the minute. Longer journeys set their own.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    // Set by global setup before the workers start (they inherit its environment).
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    // A trace records every action's page and a stream of screenshots, and was a fifth of the browser's work whether
    // the test failed or not (measured back to back: 207 and 221 s of test time with it, 172 and 161 s without, for
    // the same two files). A failure still prints its error, the calls that led to it and a screenshot;
    // E2E_TRACE=1 keeps a failed test's trace for reading in `npx playwright show-trace`.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
});
