/** Configuration from the environment, read once. */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seedDemo: boolean;
  webDist: string;
  logLevel: string;
  loginAttemptsPerMinute: number;
  /** Where uploads are kept: the database by default on PostgreSQL (shared by every process), disk on PGlite. */
  fileStorage: 'disk' | 'database';
  /** API processes to start (node:cluster); PostgreSQL only. */
  webConcurrency: number;
}

function numberFrom(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) ? parsed : fallback;
}

function fileStorageFrom(value: string | undefined, databaseUrl: string | undefined): Config['fileStorage'] {
  if (!value) return databaseUrl ? 'database' : 'disk';
  if (value === 'disk' || value === 'database') return value;
  throw new Error(`FILE_STORAGE must be "disk" or "database", not "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: numberFrom(env.PORT, 8000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl,
    jwtSecret: env.JWT_SECRET || undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    loginAttemptsPerMinute: numberFrom(env.LOGIN_ATTEMPTS_PER_MINUTE, 10),
    fileStorage: fileStorageFrom(env.FILE_STORAGE, databaseUrl),
    webConcurrency: Math.max(1, Math.floor(numberFrom(env.WEB_CONCURRENCY, 1))),
  };
}
