/** Vitest's global set-up of the API projects: the database is migrated, and migrated and seeded, once per run, and
 * every test file starts from a copy (harness.ts) instead of migrating and seeding its own. On PostgreSQL the copies
 * are template databases (CREATE DATABASE ... TEMPLATE); on PGlite, dumps of a database in memory (dumpDataDir), which
 * a file's database loads. Both are made afresh by the run's own migrations and seed, and removed when it ends. The
 * migrated database holds the DEMO document-signing identity too, so no test file makes keys of its own. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { DEMO_ORG } from '../config';
import { openDatabase } from '../db/client';
import { seedDemoData } from '../demo/seed';
import { demoSigningIdentity } from '../lib/document-signing/document-signer';

export interface DatabaseTemplates {
  kind: 'pglite' | 'postgres';
  /** PGlite: a dump file; PostgreSQL: a database name. */
  migrated: string;
  seeded: string;
  /** PGlite only: a dump of a database as PGlite first makes it, before any migration (its own tests start from it:
   * loading a dump takes a third of the time of making a database). */
  empty?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function pgliteTemplates(): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-templates-'));
  const templates: DatabaseTemplates = {
    kind: 'pglite',
    migrated: path.join(dir, 'migrated.tar'),
    seeded: path.join(dir, 'seeded.tar'),
    empty: path.join(dir, 'empty.tar'),
  };
  const handle = await openDatabase({ inMemory: true });
  try {
    await handle.dumpTo!(templates.empty!);
    await handle.migrate();
    await demoSigningIdentity(handle.db, DEMO_ORG.name);
    await handle.dumpTo!(templates.migrated);
    await seedDemoData(handle.db);
    await handle.dumpTo!(templates.seeded);
  } finally {
    await handle.close();
  }
  return { templates, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function postgresTemplates(
  serverUrl: string,
): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const base = `portal_template_${crypto.randomBytes(4).toString('hex')}`;
  const templates: DatabaseTemplates = { kind: 'postgres', migrated: `${base}_migrated`, seeded: `${base}_seeded` };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const remove = async () => {
    for (const name of [templates.seeded, templates.migrated]) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    await admin.end();
  };
  try {
    await admin.query(`CREATE DATABASE ${templates.migrated}`);
    const migrated = await openDatabase({ databaseUrl: databaseUrl(serverUrl, templates.migrated) });
    try {
      await migrated.migrate();
      await demoSigningIdentity(migrated.db, DEMO_ORG.name);
    } finally {
      await migrated.close();
    }
    // A template must have no session open while it is copied; PostgreSQL waits a few seconds for closing ones.
    await admin.query(`CREATE DATABASE ${templates.seeded} TEMPLATE ${templates.migrated}`);
    const seeded = await openDatabase({ databaseUrl: databaseUrl(serverUrl, templates.seeded) });
    try {
      await seedDemoData(seeded.db);
    } finally {
      await seeded.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates, remove };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const serverUrl = process.env.TEST_PG_URL;
  if (kind === 'postgres' && !serverUrl) throw new Error('TEST_DB=postgres needs TEST_PG_URL (npm test sets it)');
  const { templates, remove } = kind === 'postgres' ? await postgresTemplates(serverUrl!) : await pgliteTemplates();
  project.provide('databaseTemplates', templates);
  return remove;
}
