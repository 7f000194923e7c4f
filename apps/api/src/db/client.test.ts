import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openTestDatabase, TEST_DB_KIND } from '../test/harness';
import { countUsers } from '../repositories/users';
import { openDatabase } from './client';
import { seedDemoData } from '../demo/seed';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(TEST_DB_KIND !== 'pglite')('the embedded database on disk', () => {
  // Migrates and seeds a database on disk from nothing, twice: seconds when the machine is idle, a minute under load.
  it('keeps its data across a clean restart and seeds only once', { timeout: 180_000 }, async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await first.migrate();
    expect(await seedDemoData(first.db)).toBe(true);
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate();
    expect(await seedDemoData(second.db)).toBe(false);
    expect(await countUsers(second.db)).toBe(7);
    await second.close();
    expect(fs.existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(false);
  });

  it('refuses a second process on the same directory while the first holds it', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    // The parent of this test process is alive, so its pid stands for "another live process".
    fs.writeFileSync(path.join(dataDir, 'pgdata.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
  });

  it('opens again after the process holding it was killed with SIGKILL', async () => {
    const dataDir = tempDir();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../test/hold-database.ts'), dataDir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(fs.existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(true);

    const reopened = await openDatabase({ dataDir });
    await reopened.migrate();
    expect(await countUsers(reopened.db)).toBe(7);
    await reopened.close();
  }, 60_000);
});

describe.skipIf(TEST_DB_KIND !== 'postgres')('PostgreSQL connections', () => {
  it('replaces an idle connection the server ends, instead of the process dying with it', async () => {
    const { handle, drop } = await openTestDatabase();
    try {
      await handle.migrate();
      // The pool now holds idle connections; the server ends every one of them.
      const { rows } = (await handle.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL });
      await admin.connect();
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [rows[0]!.name],
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      // Without a listener the pool's 'error' event would have thrown out of this process by now.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await countUsers(handle.db)).toBe(0);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
