/** The two engines read every type the schema uses as the same JavaScript value, aggregates and arrays too, so a
 * statement whose test runs on PostgreSQL alone answers the same on PGlite (decision 033). Runs on both engines; each
 * run checks its own engine against the same literal values. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openPreparedDatabase, TEST_DB_KIND } from '../test/harness';
import type { DatabaseHandle } from './client';

interface Read {
  /** The column type (information_schema's udt_name; an array's name starts with '_'), or what the statement is. */
  type: string;
  statement: SQL;
  value: unknown;
}

const READS: Read[] = [
  { type: 'int4', statement: sql`select 7::int4 as v`, value: 7 },
  { type: 'int8', statement: sql`select 9007199254740991::int8 as v`, value: 9007199254740991 },
  { type: 'int8 past 2^53', statement: sql`select 9007199254740993::int8 as v`, value: 9007199254740993n },
  { type: 'count(*)', statement: sql`select count(*) as v from generate_series(1, 3)`, value: 3 },
  { type: 'sum of int4', statement: sql`select sum(x) as v from generate_series(1, 3) as x`, value: 6 },
  { type: '_int8', statement: sql`select array[5, null]::int8[] as v`, value: [5, null] },
  { type: 'numeric', statement: sql`select 1234567.50::numeric(14, 2) as v`, value: '1234567.50' },
  { type: 'sum of numeric', statement: sql`select sum(x) as v from (values (0.10), (0.20)) as t(x)`, value: '0.30' },
  { type: 'avg', statement: sql`select avg(x) as v from (values (1), (2)) as t(x)`, value: '1.5000000000000000' },
  { type: 'bool', statement: sql`select true as v`, value: true },
  { type: 'text', statement: sql`select ${'ఆంధ్ర "quoted", \\ back'}::text as v`, value: 'ఆంధ్ర "quoted", \\ back' },
  { type: '_text', statement: sql`select array[null, 'a b', 'c,"d']::text[] as v`, value: [null, 'a b', 'c,"d'] },
  {
    type: 'uuid',
    statement: sql`select '00000000-0000-4000-8000-000000000001'::uuid as v`,
    value: '00000000-0000-4000-8000-000000000001',
  },
  {
    type: '_uuid',
    statement: sql`select array['00000000-0000-4000-8000-000000000001']::uuid[] as v`,
    value: ['00000000-0000-4000-8000-000000000001'],
  },
  { type: 'date', statement: sql`select '2026-03-31'::date as v`, value: '2026-03-31' },
  // Drizzle keeps dates, times and their arrays as the database's text on both engines.
  { type: '_date', statement: sql`select array['2026-03-31']::date[] as v`, value: '{2026-03-31}' },
  {
    type: 'timestamptz',
    statement: sql`select '2026-03-31T18:30:00Z'::timestamptz at time zone 'UTC' as v`,
    value: '2026-03-31 18:30:00',
  },
  { type: 'jsonb', statement: sql`select '{"a": [1, "x"], "b": null}'::jsonb as v`, value: { a: [1, 'x'], b: null } },
  { type: 'enum', statement: sql`select 'approved'::application_status as v`, value: 'approved' },
  // An array of an enum is read cast to text[]: node-postgres knows no enum's array type, and PGlite knows one only
  // from the first start after the migration that made the enum (as text before, as an array after).
  {
    type: 'enum array',
    statement: sql`select array['approved', 'rejected']::application_status[]::text[] as v`,
    value: ['approved', 'rejected'],
  },
  { type: 'float8', statement: sql`select 1.5::float8 as v`, value: 1.5 },
];

/** Types a read above stands for that information_schema names otherwise (a user-defined enum is 'USER-DEFINED'). */
const READ_FOR_ENUMS = 'enum';

let opened: { handle: DatabaseHandle; drop(): Promise<void> };
beforeAll(async () => {
  opened = await openPreparedDatabase(false);
});
afterAll(async () => {
  await opened.drop();
});

async function readOne(statement: SQL): Promise<unknown> {
  const result = (await opened.handle.db.execute(statement)) as unknown as { rows: { v: unknown }[] };
  return result.rows[0]!.v;
}

describe(`the engines read every type alike (${TEST_DB_KIND})`, () => {
  it.each(READS)('$type', async ({ statement, value }) => {
    expect(await readOne(statement)).toEqual(value);
  });

  it('reads bytes as bytes', async () => {
    const bytes = await readOne(sql`select '\\x0102ff'::bytea as v`);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...(bytes as Uint8Array)]).toEqual([1, 2, 255]);
  });

  it('has a read above for every type a column of the schema has', async () => {
    const result = (await opened.handle.db.execute(
      sql`select distinct data_type, udt_name from information_schema.columns where table_schema = 'public'`,
    )) as unknown as { rows: { data_type: string; udt_name: string }[] };
    const covered = new Set([...READS.map((read) => read.type), 'bytea']);
    const missing = result.rows
      .map((row) => (row.data_type === 'USER-DEFINED' ? READ_FOR_ENUMS : row.udt_name))
      .filter((type) => !covered.has(type));
    expect([...new Set(missing)]).toEqual([]);
  });
});
