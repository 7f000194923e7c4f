/** Opens the database: PGlite in DATA_DIR by default, PostgreSQL through node-postgres when DATABASE_URL is set. */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock';
import { PGliteWorkerClient } from './pglite-worker-client';
import { withAuditTransactions } from './audit-context';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: writes the whole database to a file that `openDatabase({ inMemory: true, dump })` starts from. */
  dumpTo?(file: string): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** A bigint (a count, a sum of integers, an offset in milliseconds) as PGlite reads it: a number, or a BigInt beyond
 * 2^53. node-postgres reads it as text by default, so the same statement answered '3' on one engine and 3 on the
 * other. Set on node-postgres's shared parsers, which drizzle falls back to for every type it does not read itself;
 * this process speaks to no other database. Every other type the schema uses is read alike already
 * (engines-alike.test.ts), so a statement tested on PostgreSQL answers the same on PGlite (decision 033). */
function readInt8(text: string): number | bigint {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}
const INT8_ARRAY = 1016 as Parameters<typeof pg.types.getTypeParser>[0]; // bigint[]: no builtin names it
const readInt8Texts = pg.types.getTypeParser(INT8_ARRAY) as (text: string) => (string | null)[];
pg.types.setTypeParser(pg.types.builtins.INT8, readInt8);
pg.types.setTypeParser(INT8_ARRAY, (text: string) =>
  readInt8Texts(text).map((entry) => (entry === null ? null : readInt8(entry))),
);

/** Every column default that gives the time reads the portal's clock (migration 0027, decision 026), including the
 * defaults of tables that later migrations add. */
async function followPortalClock(db: Database): Promise<void> {
  await db.execute(sql`select portal_follow_clock()`);
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** With inMemory: start from this file of `dumpTo` instead of an empty database (the API tests' template). */
  dump?: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: Number(process.env.DATABASE_POOL_SIZE) || 20,
    });
    // An idle connection the server ends (a restart, a terminated backend, a dropped network) is an 'error' event on
    // the pool; unheard, it ended the whole API process. The pool drops that connection and opens a fresh one.
    pool.on('error', (error) => {
      console.warn(`A PostgreSQL connection was lost and will be replaced: ${error.message}`);
    });
    // Numeric columns come back as strings by default; drizzle's mode 'number' maps them.
    const db = withAuditTransactions(drizzlePg({ client: pool, schema }) as unknown as Database);
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(db as never, { migrationsFolder });
        await followPortalClock(db);
      },
      close: () => pool.end(),
    };
  }

  let lock: DirectoryLock | undefined;
  let client: PGliteWorkerClient;
  if (options.inMemory) {
    client = new PGliteWorkerClient(undefined, options.dump);
  } else {
    const dataDir = options.dataDir ?? 'data';
    const pgDir = path.join(dataDir, 'pgdata');
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDirectoryLock(path.join(dataDir, 'pgdata.lock'));
    // After a hard kill PGlite can refuse to start on the dead process's pid file; the lock proves it is stale.
    fs.rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
    client = new PGliteWorkerClient(pgDir);
  }
  try {
    await client.waitReady;
  } catch (error) {
    await client.close().catch(() => {});
    lock?.release();
    throw error;
  }
  // Drizzle calls query and transaction only, which the worker's client answers as PGlite does.
  const db = withAuditTransactions(
    drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database,
  );
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      await followPortalClock(db);
    },
    dumpTo: (file) => client.dumpTo(file),
    async close() {
      try {
        if (!options.inMemory) await client.query('CHECKPOINT');
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
