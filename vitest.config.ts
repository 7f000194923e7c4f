import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The PostgreSQL project runs only when a server is known (npm test finds or starts one and sets TEST_PG_URL).
const withPostgres = Boolean(process.env.TEST_PG_URL);

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
      'apps/web',
    ],
  },
});
