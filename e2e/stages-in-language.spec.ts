// Statuses, stages and application types in the reader's language: signed in as a Telugu entrepreneur and a Hindi
// officer (the language set on the account, as the profile's language choice does), the homes and the application
// lists show none of the English words of the English catalogue's statuses, stages and types, on a desk screen and
// on a phone. Names, numbers and acronyms may stay in Latin letters; these words may not.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { signInAs, type DemoRole } from './support/session';

const WEB = path.resolve(import.meta.dirname, '../apps/web/src');
type Catalogue = { [key: string]: string | Catalogue };
const catalogue = (folder: string): Catalogue =>
  JSON.parse(fs.readFileSync(path.join(WEB, folder, 'i18n', 'en.json'), 'utf8')) as Catalogue;

const strings = (node: string | Catalogue): string[] =>
  typeof node === 'string' ? [node] : Object.values(node).flatMap(strings);

/** The English words of every application status (badge and list names), every stage and every application type. */
function englishWords(): string[] {
  const ui = catalogue('components/ui');
  const applications = catalogue('features/applications/applications');
  const stages = ui.stages as Catalogue;
  const statuses = Object.keys(stages.status as Catalogue);
  const badge = ui.status as Catalogue;
  const texts = [
    ...statuses.map((status) => badge[status] as string),
    ...strings(applications.statuses as Catalogue),
    ...strings(stages),
    ...strings(applications.applicationTypes as Catalogue),
  ];
  const words = texts
    .flatMap((text) => text.replace(/\{\{\w+\}\}/g, ' ').split(/[^A-Za-z]+/))
    .map((word) => word.toLowerCase())
    // Joining words say nothing on their own and could sit in a name.
    .filter((word) => word.length > 2 && !['the', 'for', 'and'].includes(word));
  return [...new Set(words)].sort();
}

const ENGLISH = englishWords();

/** The English words (with a little of the text around each) in what the page shows now. */
async function englishOn(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const found: string[] = [];
  for (const word of ENGLISH) {
    for (const match of text.matchAll(new RegExp(`\\b${word}\\b`, 'gi'))) {
      const at = match.index ?? 0;
      found.push(`${word}: …${text.slice(Math.max(0, at - 30), at + word.length + 30).replace(/\s+/g, ' ')}…`);
    }
  }
  return found;
}

/** Sets the account's language (PATCH /auth/me, as the profile's choice does). */
async function accountLanguage(request: APIRequestContext, role: DemoRole, language: 'hi' | 'te' | 'en') {
  const headers = await apiLogin(request, role);
  const response = await request.patch('/api/auth/me', { headers, data: { language } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Opens the page and waits for its heading in the script and for its applications to be listed. */
async function openListing(page: Page, url: string, script: RegExp) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('lang', script.source.includes('0C00') ? 'te' : 'hi');
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(script);
  await expect(page.getByText(/APP-\d{4}-\d{6}/).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const READERS = [
  { role: 'entrepreneur', language: 'te', script: /[\u0C00-\u0C7F]/, pages: ['/', '/applications'] },
  { role: 'ho', language: 'hi', script: /[\u0900-\u097F]/, pages: ['/officer', '/officer/applications'] },
] as const;

for (const width of [1280, 375]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const reader of READERS) {
      test(`the ${reader.language} ${reader.role} reads no English status, stage or type on ${reader.pages.join(' and ')}`, async ({
        page,
        request,
      }) => {
        // The list is built from the catalogue: it must hold the words a reader met before this was fixed.
        expect(ENGLISH).toEqual(expect.arrayContaining(['pending', 'committee', 'scrutiny', 'submitted', 'draft']));
        await accountLanguage(request, reader.role, reader.language);
        try {
          await signInAs(page, reader.role);
          for (const url of reader.pages) {
            await openListing(page, url, reader.script);
            expect(await englishOn(page), `English words on ${url} at ${width} px`).toEqual([]);
          }
        } finally {
          // The other journeys of this worker's server meet the demo accounts in English.
          await accountLanguage(request, reader.role, 'en');
        }
      });
    }
  });
}
