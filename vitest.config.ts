import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// The PostgreSQL project runs only when a server is known (npm test finds or starts one and sets TEST_PG_URL).
const withPostgres = Boolean(process.env.TEST_PG_URL);

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
      {
        test: {
          name: 'api-pglite',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          // The several-processes journey needs PostgreSQL; with one known it runs in that project alone.
          exclude: [...configDefaults.exclude, ...(withPostgres ? ['src/multi-process.test.ts'] : [])],
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
