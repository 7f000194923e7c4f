import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyPgliteDump, TEST_DB_KIND } from '../test/harness';
import { openDatabase, type DatabaseHandle } from './client';
import { PGliteWorkerClient } from './pglite-worker-client';

const handles: DatabaseHandle[] = [];
const clients: PGliteWorkerClient[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const client of clients.splice(0)) await client.close().catch(() => {});
});

// Each test starts from a copy of an empty database the run made once, as a new one would be.
async function embedded() {
  const handle = await openDatabase({ inMemory: true, dump: emptyPgliteDump() });
  handles.push(handle);
  return handle.db;
}

async function workerClient() {
  const client = new PGliteWorkerClient(undefined, emptyPgliteDump());
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

  it('binds values as parameters: an error names the statement as written, never a value in it', async () => {
    const client = await workerClient();
    await client.exec('create table codes (code text primary key)');
    const secret = "it's-a-secret";
    await client.query('insert into codes values ($1)', [secret]);
    const error = await client.query('insert into codes values ($1)', [secret]).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '23505', query: 'insert into codes values ($1)' });
    const inserted = await client.query<{ code: string }>('select code from codes where code = $1', [secret]);
    expect(inserted.rows).toEqual([{ code: secret }]);
    const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements');
    expect(rows.map((row) => row.statement).filter((statement) => statement.includes('secret'))).toEqual([]);
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

  it('reads every text parameter exactly as written, quotes and backslashes too, and refuses a NUL as PostgreSQL does', async () => {
    const client = await workerClient();
    const texts = ["O'Brien & Sons", 'C:\\plots\\new', "'); drop table users; --", 'ఆంధ్ర ప్రదేశ్', '', "$1 $$ E'x'"];
    for (let round = 0; round < 2; round++) {
      for (const text of texts) {
        const { rows } = await client.query<{ text: string; length: number }>(
          'select $1::text as text, length($1::text) as length',
          [text],
        );
        expect(rows).toEqual([{ text, length: [...text].length }]);
      }
    }
    const nul = await client.query('select $1::text', ['a\u0000b']).catch((caught: unknown) => caught);
    expect(nul).toMatchObject({ code: '22021' });
  });

  it('gives the same answers to a statement run again and again, and counts the rows a write changed', async () => {
    const client = await workerClient();
    await client.exec('create table plots (id int primary key, zone text, area numeric)');
    for (let id = 1; id <= 12; id++) {
      const inserted = await client.query<{ id: number }>('insert into plots values ($1, $2, $3) returning id', [
        id,
        id % 2 ? 'North' : 'South',
        id * 10.5,
      ]);
      expect(inserted.rows).toEqual([{ id }]);
    }
    const updated = await client.query('update plots set area = area + $1 where zone = $2', [1, 'North']);
    expect(updated.affectedRows).toBe(6);
    for (let round = 0; round < 8; round++) {
      const { rows } = await client.query<[number, string]>(
        'select count(*)::int, $1::text from plots where zone = $1',
        ['South'],
        {
          rowMode: 'array',
        },
      );
      expect(rows).toEqual([[6, 'South']]);
    }
    const nulls = await client.query<{ zone: string | null }>('select $1::text as zone', [null]);
    expect(nulls.rows).toEqual([{ zone: null }]);
    // Each was prepared once and then executed: parsed and planned once, not on every call.
    const { rows } = await client.query<{ statement: string }>(
      'select statement from pg_prepared_statements order by prepare_time',
    );
    const statements = rows.map((row) => row.statement);
    expect(statements.filter((statement) => / plots /.test(statement))).toEqual([
      'insert into plots values ($1, $2, $3) returning id',
      'update plots set area = area + $1 where zone = $2',
      'select count(*)::int, $1::text from plots where zone = $1',
    ]);
  });

  it('keeps serving a statement first seen in a transaction that was rolled back, and after a table changes', async () => {
    const client = await workerClient();
    await client.exec('create table notes (id int primary key, body text)');
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into notes values ($1, $2)', [1, 'rolled back']);
        await tx.query('select body from notes where id = $1', [1]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await client.query('insert into notes values ($1, $2)', [2, 'kept']);
    expect((await client.query('select body from notes where id = $1', [2])).rows).toEqual([{ body: 'kept' }]);
    await client.exec('alter table notes add column author text');
    await client.query('update notes set author = $1 where id = $2', ['zonal', 2]);
    expect((await client.query('select * from notes where id = $1', [2])).rows).toEqual([
      { id: 2, body: 'kept', author: 'zonal' },
    ]);
  });

  it('answers with the new columns after a script of several statements changes a table it has prepared a read of', async () => {
    const client = await workerClient();
    await client.exec('create table parcels (id int primary key, zone text)');
    await client.query('insert into parcels values ($1, $2)', [1, 'North']);
    expect((await client.query('select * from parcels where id = $1', [1])).rows).toEqual([{ id: 1, zone: 'North' }]);
    await client.exec('set search_path to public; alter table parcels add column area numeric default 5');
    expect((await client.query('select * from parcels where id = $1', [1])).rows).toEqual([
      { id: 1, zone: 'North', area: '5' },
    ]);
  });

  it('serves more distinct statements than it keeps prepared', async () => {
    const client = await workerClient();
    for (let round = 0; round < 2; round++) {
      for (let n = 0; n < 520; n++) {
        const { rows } = await client.query<{ n: number }>(`select $1::int + ${n} as n`, [round]);
        expect(rows[0]!.n).toBe(round + n);
      }
    }
    const { rows } = await client.query<{ kept: number }>('select count(*)::int as kept from pg_prepared_statements');
    expect(rows[0]!.kept).toBeLessThanOrEqual(501);
  });
});

describe('the embedded database thread builds no SQL text from values', () => {
  it('has no code that quotes a value into a statement, nor runs a statement by EXECUTE', () => {
    const source = fs.readFileSync(new URL('./pglite-worker.mjs', import.meta.url), 'utf8');
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    // A quote doubled by hand, a literal built from a parameter, or an EXECUTE of a prepared name with arguments.
    expect(code).not.toMatch(/"''"|`''`|'\\'\\''/);
    expect(code).not.toMatch(/literal/i);
    expect(code).not.toMatch(/\bEXECUTE\s/);
    expect(code).not.toMatch(/\bPREPARE\s/);
    expect(code).not.toMatch(/`[^`]*\b(select|insert|update|delete|values|where)\b[^`]*\$\{/i);
    // The values travel in the protocol's Bind message.
    expect(code).toMatch(/serialize\.bind\(\{ statement: [^,]+, values \}\)/);
  });
});
