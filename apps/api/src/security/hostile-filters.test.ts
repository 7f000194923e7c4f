/** Hostile text through every list's free-text filters and `q`, on the database the suite runs on (PGlite or
 * PostgreSQL): quotes, backslashes, LIKE's wildcards and unicode are plain text that matches only itself, a NUL is
 * refused with a 422 that names the field, and nothing answers 5xx. The values reach both databases as bound
 * parameters, never as SQL text (db/pglite-worker-client.test.ts checks the embedded one's worker for it). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, type Role } from '@portal/contract';
import { applications } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';

/** Every list endpoint, who reads it, and the filters of its query string that take free text. `{id}` is a submitted
 * demo application. `q` of the notifications searches nothing (the contract says so), so it leaves the list whole. */
const LISTS: { path: string; as: Role; text: string[]; qSearches: boolean }[] = [
  { path: '/api/applications', as: 'ho', text: ['q', 'zone'], qSearches: true },
  { path: '/api/applications', as: 'entrepreneur', text: ['q', 'zone'], qSearches: true },
  { path: '/api/applications/{id}/documents', as: 'ho', text: ['q'], qSearches: true },
  { path: '/api/applications/{id}/timeline', as: 'ho', text: ['q'], qSearches: true },
  { path: '/api/applications/{id}/queries', as: 'ho', text: ['q'], qSearches: true },
  { path: '/api/invoices', as: 'finance', text: ['q'], qSearches: true },
  { path: '/api/payments', as: 'finance', text: ['q'], qSearches: true },
  { path: '/api/assets', as: 'ho', text: ['q', 'zone', 'category'], qSearches: true },
  { path: '/api/assets/available', as: 'entrepreneur', text: ['q', 'zone', 'category'], qSearches: true },
  { path: '/api/allotments', as: 'ho', text: ['q'], qSearches: true },
  { path: '/api/service-requests', as: 'ho', text: ['q'], qSearches: true },
  { path: '/api/meetings', as: 'committee', text: ['q'], qSearches: true },
  { path: '/api/users', as: 'admin', text: ['q'], qSearches: true },
  { path: '/api/audit', as: 'admin', text: ['q', 'entity_id'], qSearches: true },
  { path: '/api/notifications', as: 'zonal_manager', text: ['q'], qSearches: false },
  { path: '/api/outbox', as: 'admin', text: ['q'], qSearches: true },
  { path: '/api/schemes', as: 'ho', text: ['q'], qSearches: true },
  { path: '/api/schemes', as: 'entrepreneur', text: ['q'], qSearches: true },
];

/** Text no demo row holds, each a way SQL text built from values would go wrong. */
const HOSTILE = [
  "'",
  "O'Brien",
  "''",
  "'; drop table users; --",
  "' OR '1'='1",
  '\\',
  'C:\\plots\\new',
  "\\'",
  "E'\\x27'",
  '%',
  '_',
  '%_%',
  '50%_off',
  '$1',
  '$$',
  '"',
  'ఆంధ్ర ప్రదేశ్',
  'हैदराबाद',
  '😀',
  'Ω≈ç√',
];
const WITH_NUL = ['\u0000', "a\u0000' OR '1'='1"];

const url = (path: string, filter: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ [filter]: value })}`;

let ctx: TestContext;
let applicationId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const [submitted] = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.status, 'submitted'))
    .orderBy(applications.applicationNumber)
    .limit(1);
  applicationId = submitted!.id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('hostile text in list filters', () => {
  for (const list of LISTS) {
    it(`${list.path} as ${list.as}: plain text that matches nothing, never a 5xx`, async () => {
      const token = await ctx.tokenFor(list.as);
      const path = list.path.replace('{id}', () => applicationId);
      const whole = await ctx.request(token, { method: 'GET', url: path });
      expect(whole.statusCode).toBe(200);
      const wholePage = (whole.json() as unknown[]).length;
      const answers: string[] = [];
      for (const filter of list.text) {
        for (const value of HOSTILE) {
          const response = await ctx.request(token, { method: 'GET', url: url(path, filter, value) });
          const items = response.statusCode === 200 ? (response.json() as unknown[]) : [];
          answers.push(`${filter}=${JSON.stringify(value)}: ${response.statusCode} ${items.length}`);
        }
      }
      // Every answer a 200; none matches a row, as no demo row holds these texts, except a `q` that searches
      // nothing, which leaves the whole list (were `%` or `_` a wildcard, or a quote the end of a literal, more rows
      // would come back).
      expect(answers).toEqual(
        list.text.flatMap((filter) =>
          HOSTILE.map(
            (value) => `${filter}=${JSON.stringify(value)}: 200 ${filter === 'q' && !list.qSearches ? wholePage : 0}`,
          ),
        ),
      );
    });

    it(`${list.path} as ${list.as}: a NUL in a filter is a 422 that names it`, async () => {
      const token = await ctx.tokenFor(list.as);
      const path = list.path.replace('{id}', () => applicationId);
      for (const filter of list.text) {
        for (const value of WITH_NUL) {
          const response = await ctx.request(token, { method: 'GET', url: url(path, filter, value) });
          expect({ filter, status: response.statusCode, body: response.json() }).toEqual({
            filter,
            status: 422,
            body: {
              detail: `${filter}: ${CONTROL_CHARACTER_MESSAGE}`,
              code: 'validation_failed',
              errors: [{ path: `querystring.${filter}`, message: CONTROL_CHARACTER_MESSAGE }],
            },
          });
        }
      }
    });
  }
});

describe('hostile text that is stored comes back as written and is found only by itself', () => {
  const NAME = "O'Brien \\ 50%_off ఆంధ్ర 😀";
  const EMAIL = 'obrien@example.com';

  it('finds the user whose name holds it by each of its pieces, and no one by a wildcard alone', async () => {
    const admin = await ctx.tokenFor('admin');
    const created = await ctx.request(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { email: EMAIL, password: 'Plots&Sheds-2026', full_name: NAME, role: 'legal' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: EMAIL, full_name: NAME });

    const found: Record<string, string[]> = {};
    for (const q of ["O'Brien", "o'brien", '\\', '50%_off', '%', '_', '%_', 'ఆంధ్ర', '😀', NAME, "' OR '1'='1", '%%']) {
      const response = await ctx.request(admin, { method: 'GET', url: url('/api/users', 'q', q) });
      expect(response.statusCode).toBe(200);
      found[q] = (response.json() as { email: string; full_name: string }[]).map((user) => user.full_name);
    }
    expect(found).toEqual({
      "O'Brien": [NAME],
      "o'brien": [NAME],
      '\\': [NAME],
      '50%_off': [NAME],
      '%': [NAME],
      _: [NAME],
      '%_': [NAME],
      ఆంధ్ర: [NAME],
      '😀': [NAME],
      [NAME]: [NAME],
      "' OR '1'='1": [],
      '%%': [],
    });
  });
});
