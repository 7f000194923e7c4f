/** The PostgreSQL the benchmark runs on: DATABASE_URL when set (used as it is, never dropped), otherwise a uniquely
 * named database on 127.0.0.1:5432 (user postgres) that is created here and dropped at the end. */
import crypto from 'node:crypto';
import pg from 'pg';

const LOCAL_SERVER = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  /** True when the benchmark created it (and drops it). */
  owned: boolean;
  drop(): Promise<void>;
}

export async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const { rows } = await client.query('SHOW server_version');
    return String(rows[0].server_version);
  } finally {
    await client.end();
  }
}

/** DATABASE_URL as it is, or a fresh database; undefined when no PostgreSQL answers on 127.0.0.1:5432. */
export async function createDatabase(label: string): Promise<BenchDatabase | undefined> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, owned: false, drop: async () => {} };
  }
  const admin = new pg.Client({ connectionString: LOCAL_SERVER, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `portal_bench_${label}_${crypto.randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(LOCAL_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    owned: true,
    async drop() {
      const client = new pg.Client({ connectionString: LOCAL_SERVER });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
