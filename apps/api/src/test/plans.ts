/** What the planner does with the statements a call really sends: the statements are caught by a second drizzle over
 * the test database's connection that logs them, then explained with sequential and bitmap scans made dear, so any
 * index that answers the ORDER BY is taken. */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { TEST_DB_KIND, type TestContext } from './harness';

export interface Statement {
  sql: string;
  params: unknown[];
}

interface QueryClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const clientOf = (ctx: TestContext) => (ctx.db as unknown as { $client: QueryClient }).$client;

/** The statements one call sends, in order. */
export async function statementsOf(ctx: TestContext, call: (db: Database) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => statements.push({ sql, params }) };
  const options = { client: clientOf(ctx) as never, schema, logger };
  const db = (TEST_DB_KIND === 'pglite' ? drizzlePglite(options) : drizzlePg(options)) as unknown as Database;
  await call(db);
  return statements;
}

/** The plan's text (on one connection: a pool would run the SET and the EXPLAIN on different ones). */
export async function planOf(ctx: TestContext, statement: Statement): Promise<string> {
  const client = clientOf(ctx);
  const session =
    TEST_DB_KIND === 'pglite'
      ? { query: client.query.bind(client), release: () => {} }
      : await (client as unknown as { connect(): Promise<QueryClient & { release(): void }> }).connect();
  await session.query('BEGIN');
  try {
    await session.query('SET LOCAL enable_seqscan = off');
    await session.query('SET LOCAL enable_bitmapscan = off');
    const { rows } = await session.query(`EXPLAIN ${statement.sql}`, statement.params);
    return rows.map((row) => String(row['QUERY PLAN'])).join('\n');
  } finally {
    await session.query('ROLLBACK');
    session.release();
  }
}

/** A plan that sorts rows itself (a Sort or an Incremental Sort node) instead of reading them in an index's order. */
export const SORTS_ITSELF = /^\s*(->\s*)?(Incremental )?Sort\b/m;
