/** The public pages, signed out: the service standards (/performance) and the help (/help) scanned with axe for WCAG
 * 2.1 A/AA (as accessibility-money.spec.ts) and for text that does not fit, in English, Hindi and Telugu at 1280 and
 * 375 px. One test, so the browser starts once for all twelve scans. Headings are found by their words in the app's
 * own catalogues. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoViolations, LANGUAGES, type Language } from './support/axe';

const WIDTHS = [1280, 375];

const WEB = path.resolve(import.meta.dirname, '../apps/web/src');
type Catalogue = { [key: string]: string | Catalogue };
/** A feature's catalogue, by the feature's folder under features/ (its business area's folder first). */
const catalogue = (feature: 'help' | 'deadlines/performance', language: Language) =>
  JSON.parse(fs.readFileSync(path.join(WEB, 'features', feature, 'i18n', `${language}.json`), 'utf8')) as Catalogue;

test('the performance and help pages, signed out, in three languages at 1280 and 375 px, pass axe', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  for (const language of LANGUAGES) {
    const help = catalogue('help', language);
    const performance = catalogue('deadlines/performance', language);
    const context = await browser.newContext();
    if (language !== 'en') {
      await context.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
    }
    const page = await context.newPage();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });

      await page.goto('/performance');
      await expect(page.getByRole('heading', { level: 1, name: performance.title as string })).toBeVisible();
      // The figures (or, before the first daily run, each stage's promise) have arrived.
      await expect(page.getByRole('table', { name: performance.stagesCaption as string })).toBeVisible();
      await expectNoViolations(page, `/performance in ${language} at ${width} px`);

      await page.goto('/help#status-under_scrutiny');
      await expect(page.getByRole('heading', { level: 1, name: help.title as string })).toBeVisible();
      const statuses = help.statuses as Record<string, Catalogue>;
      await expect(page.locator('#status-under_scrutiny')).toBeFocused();
      await expect(
        page.getByRole('heading', { name: statuses.under_scrutiny!.name as string, exact: true }),
      ).toBeVisible();
      await expectNoViolations(page, `/help in ${language} at ${width} px`);
    }
    await context.close();
  }
});
