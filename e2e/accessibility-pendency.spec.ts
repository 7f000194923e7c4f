/** WCAG 2.1 A/AA scan (axe, as in accessibility-money.spec.ts) of the officer dashboard with its pendency charts, in
 * English, Hindi and Telugu at 1280 and 375 px: all six in one test with one sign-in (the head office, who sees every
 * zone). Each chart is an image with a name and must have its table alternative: its card's toggle shows a table in
 * its place, scanned too. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoViolations, LANGUAGE_SCRIPTS, LANGUAGES, type Language } from './support/axe';
import { signInAs } from './support/session';

const WIDTHS = [1280, 375] as const;
const CHARTS = ['pendency-by-stage', 'pendency-late-by-zone', 'pendency-late-by-officer', 'pendency-trend'] as const;

const WEB = path.resolve(import.meta.dirname, '../apps/web/src');
type Catalogue = { [key: string]: string | Catalogue };

/** The dashboard's words in one language, read from the app's own catalogue. */
function wordOf(language: Language, key: string): string {
  const catalogue = JSON.parse(
    fs.readFileSync(path.join(WEB, 'features/officer-dashboard/i18n', `${language}.json`), 'utf8'),
  ) as Catalogue;
  const found = key
    .split('.')
    .reduce<string | Catalogue | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      catalogue,
    );
  if (typeof found !== 'string') throw new Error(`officer-dashboard:${key} is missing from the ${language} catalogue`);
  return found;
}

test('the officer dashboard with its pendency charts has no WCAG 2.1 AA violations in en, hi and te at 1280 and 375 px, and each chart has its table', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, 'ho');
  for (const language of LANGUAGES) {
    await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/officer');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const pendency = page.getByRole('region', { name: wordOf(language, 'pendency.label') });
      // The charts load when their place nears the screen (after the first figures): scroll down until they have.
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect(pendency).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      for (const chart of CHARTS) {
        const card = pendency.getByTestId(chart);
        // The chart (an image named by its summary), or the sentence that nothing is late.
        await expect(
          card.locator('div[role="img"][aria-label]').or(card.getByText(wordOf(language, 'pendency.noneLate'))),
        ).toBeVisible();
      }
      const script = LANGUAGE_SCRIPTS[language];
      if (script) await expect(pendency).toContainText(script);
      await expectNoViolations(page, `the charts in ${language} at ${width} px`);

      // Every chart's table alternative, in its place, its figures links to the filtered list.
      for (const chart of CHARTS) {
        const card = pendency.getByTestId(chart);
        await card.getByRole('button', { name: wordOf(language, 'pendency.showTable') }).click();
        await expect(card.getByRole('table')).toBeVisible();
        await expect(card.getByRole('button', { name: wordOf(language, 'pendency.showChart') })).toBeVisible();
      }
      await expect(pendency.getByTestId('pendency-by-stage').getByRole('link').first()).toHaveAttribute(
        'href',
        /\/officer\/applications\?.*age_band=/,
      );
      await expectNoViolations(page, `the tables in ${language} at ${width} px`);
    }
  }
});
