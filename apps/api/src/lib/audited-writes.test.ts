/** Every write a request makes to an audited table runs inside `db.transaction`, the only place the request's audit
 * context reaches the database (db/audit-context.ts): a repository writer called with the root handle `db` would be
 * recorded as the system. Writers are found by what they do (an insert, update or delete in a repository of an
 * audited table); callers outside the repositories must hand them a transaction. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SOURCE, file).split(path.sep).join('/');

/** Repositories of tables the audit trigger watches (migration 0006), by file name. */
const AUDITED_REPOSITORIES = [
  'users',
  'applicants',
  'assets',
  'applications',
  'documents',
  'invoices',
  'payments',
  'allotments',
  'lease-deeds',
  'possessions',
  'service-requests',
  'meetings',
  'queries',
];

/** Set-up and bulk paths that run outside any request, where 'system' is the truth, and test fixtures. */
const OUTSIDE_REQUESTS = new Set(['demo/seed.ts', 'demo/seed-world.ts', 'demo/generate-volume.ts']);
/** The shared repositories/ and each business area's (modules/<area>/repositories/). */
const isRepository = (name: string) => /^(repositories|modules\/[^/]+\/repositories)\//.test(name);
const checked = (name: string) =>
  !isRepository(name) && !OUTSIDE_REQUESTS.has(name) && !/(^|\/|-)fixtures\.ts$/.test(name);

describe('audited writes run in a transaction', () => {
  const files = sourceFiles(SOURCE).map((file) => ({ name: relative(file), text: fs.readFileSync(file, 'utf8') }));
  const writers = AUDITED_REPOSITORIES.flatMap((name) => {
    const text = files.find((file) => isRepository(file.name) && file.name.endsWith(`/${name}.ts`))?.text;
    if (text === undefined) throw new Error(`No repository ${name}.ts: the audited tables' list is out of date`);
    return text
      .split(/export async function /)
      .slice(1)
      .filter((block) => /\.(insert|update|delete)\(\s*[a-zA-Z]+\s*\)/.test(block))
      .map((block) => block.slice(0, block.indexOf('(')));
  });

  it('finds the writers it checks', () => {
    expect(writers).toEqual(expect.arrayContaining(['insertUser', 'updateApplicationIfStatus', 'insertInvoice']));
    expect(writers.length).toBeGreaterThan(20);
  });

  it('never hands a writer the root database handle', () => {
    const pattern = new RegExp(`\\b(${writers.join('|')})\\(\\s*(db|app\\.db|this\\.db)\\b`);
    const offenders = files
      .filter((file) => checked(file.name))
      .filter((file) => pattern.test(file.text))
      .map((file) => `${file.name}: ${pattern.exec(file.text)![0]}`);
    expect(offenders).toEqual([]);
  });

  it('writes no audited table on the root handle outside the repositories', () => {
    const offenders = files
      .filter((file) => checked(file.name))
      .filter((file) => /\b(db|app\.db)\.(insert|update|delete)\(/.test(file.text))
      .map((file) => file.name);
    expect(offenders).toEqual([]);
  });
});
