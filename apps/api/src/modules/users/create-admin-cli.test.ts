import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userListQuerySchema } from '@portal/contract';
import { openDatabase } from '../../db/client';
import { verifyPassword } from '../../lib/passwords';
import { findUserByEmail, searchUsers } from '../../repositories/users';
import { TEST_DB_KIND } from '../../test/harness';
import { runCreateAdmin } from './create-admin-cli';

/** An empty database of the kind under test: a PGlite directory, or a fresh PostgreSQL database. */
async function emptyDatabase(): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-admin-cli-'));
  if (TEST_DB_KIND === 'pglite') {
    return { env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const serverUrl = process.env.TEST_PG_URL!;
  const name = `portal_cli_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`npm run admin:create (${TEST_DB_KIND})`, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  const output: string[] = [];
  const out = {
    log: (message: string) => output.push(message),
    error: (message: string) => output.push(`ERR ${message}`),
  };
  const readUsers = async () => {
    const handle = await openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR });
    try {
      return {
        all: (await searchUsers(handle.db, userListQuerySchema.parse({}))).items,
        first: await findUserByEmail(handle.db, 'chief@corp.example.in'),
      };
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    database = await emptyDatabase();
  });
  afterAll(() => database.drop());

  it('refuses missing or weak details with exit code 2 and says what is wrong', async () => {
    output.length = 0;
    expect(
      await runCreateAdmin(['--email', 'chief@corp.example.in'], { ...database.env, ADMIN_PASSWORD: 'short' }, out),
    ).toBe(2);
    expect(output.join('\n')).toMatch(/password: Password must be at least 8 characters/);
    expect(output.join('\n')).toMatch(/full_name/);
    expect(await runCreateAdmin(['--unknown'], database.env, out)).toBe(2);
  });

  // The command opens and migrates a database of its own before it writes: seconds when idle, a minute under load.
  it(
    'creates the first admin on an empty, migrated database from the environment and arguments',
    { timeout: 120_000 },
    async () => {
      output.length = 0;
      const env = { ...database.env, ADMIN_EMAIL: 'Chief@Corp.Example.in', ADMIN_PASSWORD: 'Chief@Secret1' };
      expect(await runCreateAdmin(['--name', 'Chief Administrator'], env, out)).toBe(0);
      expect(output.join('\n')).toMatch(/Admin account created: chief@corp.example.in/);
      const { all, first } = await readUsers();
      expect(all).toHaveLength(1);
      expect(first).toMatchObject({ role: 'admin', fullName: 'Chief Administrator', isActive: true });
      expect(await verifyPassword(first!.passwordHash, 'Chief@Secret1')).toBe(true);
      expect(first!.passwordHash).not.toContain('Chief@Secret1');
    },
  );

  it('refuses an email that already has an account with exit code 1', { timeout: 120_000 }, async () => {
    output.length = 0;
    const env = { ...database.env, ADMIN_PASSWORD: 'Another@Secret1' };
    expect(await runCreateAdmin(['--email', 'chief@corp.example.in', '--name', 'Someone'], env, out)).toBe(1);
    expect(output.join('\n')).toMatch(/already exists/);
    expect((await readUsers()).all).toHaveLength(1);
  });
});
