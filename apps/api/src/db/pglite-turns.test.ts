import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB_KIND } from '../test/harness';
import { openDatabase, type DatabaseHandle } from './client';
import { createTurns } from './pglite-turns';

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

async function embedded() {
  const handle = await openDatabase({ inMemory: true });
  handles.push(handle);
  return handle.db;
}

describe.skipIf(TEST_DB_KIND !== 'pglite')('the embedded database under many callers', () => {
  it('lets the event loop turn between one waiting statement and the next', async () => {
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
});

describe('taking turns', () => {
  it('runs one job at a time, and a failing job fails only its own caller', async () => {
    const turn = createTurns();
    let running = 0;
    let most = 0;
    const job = (fail: boolean) => async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
      if (fail) throw new Error('refused');
      return 'done';
    };
    const results = await Promise.allSettled([turn(job(false)), turn(job(true)), turn(job(false))]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(most).toBe(1);
  });
});
