import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB_KIND } from '../test/harness';
import { openDatabase, type DatabaseHandle } from './client';
import { PGliteWorkerClient } from './pglite-worker-client';

const handles: DatabaseHandle[] = [];
const clients: PGliteWorkerClient[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const client of clients.splice(0)) await client.close().catch(() => {});
});

async function embedded() {
  const handle = await openDatabase({ inMemory: true });
  handles.push(handle);
  return handle.db;
}

async function workerClient() {
  const client = new PGliteWorkerClient();
  clients.push(client);
  await client.waitReady;
  return client;
}

describe.skipIf(TEST_DB_KIND !== 'pglite')('the embedded database in its own thread', () => {
  it('leaves the event loop free while statements wait for the database', async () => {
    const db = await embedded();
    await db.execute(sql`select 0`);
    const happened: string[] = [];
    const statements = Array.from({ length: 5 }, (_, i) =>
      db.execute(sql`select ${i}::int`).then(() => happened.push(`statement ${i}`)),
    );
    // Stands for a new connection to accept or a request to read: it must not wait for the whole queue.
    setImmediate(() => happened.push('other work'));
    await Promise.all(statements);
    expect(happened).toContain('other work');
    expect(happened.at(-1)).toBe('statement 4');
  });

  it('serves statements and transactions in the order they were asked for', async () => {
    const db = await embedded();
    const served: string[] = [];
    await Promise.all([
      db.execute(sql`select 1`).then(() => served.push('first statement')),
      db.transaction(async (tx) => {
        await tx.execute(sql`select 2`);
        await tx.execute(sql`select 3`);
        served.push('transaction');
      }),
      db.execute(sql`select 4`).then(() => served.push('last statement')),
    ]);
    expect(served).toEqual(['first statement', 'transaction', 'last statement']);
  });

  it('commits a transaction whose work succeeds and rolls back one that throws, with nothing of it left', async () => {
    const client = await workerClient();
    await client.exec('create table notes (id int primary key, body text)');
    await client.transaction(async (tx) => {
      await tx.query('insert into notes values ($1, $2)', [1, 'kept']);
    });
    const refusal = new Error('refused half way');
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into notes values ($1, $2)', [2, 'half written']);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    const { rows } = await client.query<{ id: number; body: string }>('select id, body from notes order by id');
    expect(rows).toEqual([{ id: 1, body: 'kept' }]);
  });

  it("hands over PostgreSQL's error code and fields, which the API's error handler reads", async () => {
    const client = await workerClient();
    await client.exec('create table codes (code text primary key)');
    await client.query('insert into codes values ($1)', ['A-1']);
    const error = await client.query('insert into codes values ($1)', ['A-1']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'codes_pkey', table: 'codes' });
    expect((error as Error).message).toContain('duplicate key');
  });

  it('keeps the text of the types drizzle keeps as text, and refuses a parser it cannot run in the thread', async () => {
    const client = await workerClient();
    const keep = (value: string) => value;
    const { rows } = await client.query<[string, number]>(`select '2026-01-15'::date, 7::int`, [], {
      rowMode: 'array',
      parsers: { 1082: keep },
    });
    expect(rows).toEqual([['2026-01-15', 7]]);
    await expect(
      client.query('select 1', [], { parsers: { 1082: (value: string) => new Date(value) } }),
    ).rejects.toThrow(/cannot run/);
  });

  it('finishes the statements sent before it closes, and refuses any after, instead of leaving them waiting', async () => {
    const client = await workerClient();
    const sentBefore = client.query<{ n: number }>('select 1 as n');
    await client.close();
    expect((await sentBefore).rows).toEqual([{ n: 1 }]);
    await expect(client.query('select 1')).rejects.toThrow(/database thread ended/);
  });
});
