/** Opens the database, migrates, seeds when empty, and builds the app: shared by the server and the tests. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { seedDemoData } from './db/seed';
import { createTokenService, loadSigningSecret } from './lib/tokens';
import { createDiskStorage } from './plugins/storage';

export interface Runtime {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function startRuntime(
  config: Config,
  options: { inMemory?: boolean; logger?: boolean | { level: string } } = {},
): Promise<Runtime> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: options.inMemory,
  });
  try {
    await database.migrate();
    if (config.seedDemo) await seedDemoData(database.db);
    const tokens = createTokenService(loadSigningSecret(config.jwtSecret, config.dataDir));
    const storage = createDiskStorage(path.join(config.dataDir, 'uploads'));
    const app = await buildApp({ config, db: database.db, tokens, storage, logger: options.logger });
    await app.ready();
    return {
      app,
      database,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
