import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// The PostgreSQL project runs only when a server is known (npm test finds or starts one and sets TEST_PG_URL).
const withPostgres = Boolean(process.env.TEST_PG_URL);

/** With PostgreSQL known, every API file runs there, and PGlite runs the files about what differs between the two
 * engines (decision 033); the engines read every type alike (src/db/engines-alike.test.ts), so the rest would test
 * the same statements twice. Without PostgreSQL, PGlite runs every file. */
const API_FILES_ON_BOTH_ENGINES = [
  // The drivers themselves: the worker thread, the data directory and its lock, the types read alike.
  'src/db/**/*.test.ts',
  // What npm start does on PGlite: the web app served, the demo world seeded, a year of sweeps, the admin CLI.
  'src/app.test.ts',
  'src/clock-year.test.ts',
  'src/demo/**/*.test.ts',
  'src/modules/users/create-admin-cli.test.ts',
  // Uploads kept on disk on PGlite, in the database on PostgreSQL.
  'src/modules/applications/applications/documents.test.ts',
  'src/plugins/database-storage.test.ts',
  // Live auction notices: relayed in the process on PGlite, LISTEN/NOTIFY on PostgreSQL.
  'src/modules/schemes/auctions/auctions.test.ts',
  'src/modules/schemes/schemes/draw-beacon.test.ts',
  // One connection on PGlite, a pool on PostgreSQL: requests at once, a page and its count side by side, two sweeps
  // on one handle or two, a lease, the DEMO signing identity made by processes starting together.
  'src/security/races.test.ts',
  'src/core/list-page.test.ts',
  'src/lib/job-lease.test.ts',
  'src/lib/notify-reminders.test.ts',
  'src/modules/money/rules/dues.test.ts',
  'src/lib/document-signing/document-signer.test.ts',
  // Indexes the planner chooses on each engine.
  'src/modules/estate/assets/sort-indexes.test.ts',
  'src/repositories/list-sort-indexes.test.ts',
  // An application from draft to possession, every officer's step: the portal's main road on the default engine.
  'src/modules/applications/workflow/workflow.test.ts',
  // The lease deed's eSign: its transaction row locked and checked pending under the application's lock, on one
  // connection and on a pool.
  'src/modules/estate/lease-deed-esign/lease-deed-esign.test.ts',
  // The state's single window (decision 036): one CAF under 20 parallel deliveries, pushes in order after an outage.
  'src/modules/single-window/cafs/single-window.test.ts',
  // SMS (decision 037): one message per dedupe key under triggers at once, claims under a lease, codes and their lock.
  'src/lib/sms/sms.test.ts',
  // Grievances (decision 038): their whole life, a lost race on one row's lock, and the ladder moved by the clock.
  'src/modules/grievances/grievances/grievances.test.ts',
];
// A file named above that is not there (moved, renamed) would leave its engine untested without a word.
for (const file of API_FILES_ON_BOTH_ENGINES.filter((entry) => !entry.includes('*'))) {
  if (!fs.existsSync(path.join(import.meta.dirname, 'apps/api', file))) {
    throw new Error(`vitest.config.ts: ${file} of API_FILES_ON_BOTH_ENGINES is not in apps/api`);
  }
}

const WEB = path.join(import.meta.dirname, 'apps/web');
const WEB_TESTS = ['src/**/*.test.{ts,tsx}'];

/** The web's test files that replace a module with vi.mock: a module is imported once per worker when files are not
 * isolated, so the mock would miss components imported by an earlier file. They run isolated, the rest without. */
function webFilesMockingModules(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(WEB, folder), { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.test\.tsx?$/.test(entry.name) && fs.readFileSync(path.join(WEB, file), 'utf8').includes('vi.mock(')) {
        found.push(file);
      }
    }
  };
  walk('src');
  return found;
}
const webMocking = webFilesMockingModules();

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on CI's two. Its own process mostly waits
    // on the workers, so a worker per core keeps both busy.
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'gateway-sandbox', root: 'apps/gateway-sandbox', include: ['src/**/*.test.ts'] } },
      { test: { name: 'beacon-sandbox', root: 'apps/beacon-sandbox', include: ['src/**/*.test.ts'] } },
      { test: { name: 'esign-sandbox', root: 'apps/esign-sandbox', include: ['src/**/*.test.ts'] } },
      { test: { name: 'single-window-sandbox', root: 'apps/single-window-sandbox', include: ['src/**/*.test.ts'] } },
      { test: { name: 'sms-sandbox', root: 'apps/sms-sandbox', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api-pglite',
          root: 'apps/api',
          include: withPostgres ? API_FILES_ON_BOTH_ENGINES : ['src/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          // Each file builds its own app on its own database and no API test mocks a module, so a worker keeps the
          // modules it imported for the next file instead of importing the whole server again (about a fifth of
          // the project's time).
          isolate: false,
          // Migrates and seeds once; each test file copies the result (src/test/global-setup.ts).
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                root: 'apps/api',
                include: ['src/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                isolate: false,
                globalSetup: ['src/test/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: path.join(WEB, 'vite.config.ts'),
        test: {
          name: 'web',
          root: WEB,
          include: WEB_TESTS,
          exclude: [...configDefaults.exclude, ...webMocking],
          // A worker keeps React, the router, i18next and the catalogues it imported for the next file instead of
          // importing them again: the component tests take less than half the time. The set-up undoes what a test
          // leaves behind (src/test/setup.ts).
          isolate: false,
        },
      },
      { extends: path.join(WEB, 'vite.config.ts'), test: { name: 'web-mocking', root: WEB, include: webMocking } },
    ],
  },
});
