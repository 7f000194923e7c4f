/** WCAG 2.1 A/AA scan (axe, as in accessibility-states.spec.ts) of the screens of a transfer on offer, in English, Hindi
 * and Telugu at the widths of support/scan-widths.ts: the transferee's My plots with "Transfers offered to you", its
 * confirm dialog open, and the holder's card with the plot's history open. The text must fit and show no codes as they
 * are. The plot and both entrepreneurs are made here (through the API), and the offer is never accepted, so no demo
 * data changes. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations, LANGUAGES, type Language } from './support/axe';
import { api } from './support/api';
import {
  ENTREPRENEUR_PASSWORD,
  plotInPossession,
  registerEntrepreneur,
  type Entrepreneur,
  type PlotInPossession,
} from './support/estate';
import { scanWidths } from './support/scan-widths';
import { settled, trackRequests } from './support/settle';
import { signIn } from './support/session';

type Catalogue = { [key: string]: string | Catalogue };

const CATALOGUES = path.resolve(import.meta.dirname, '../apps/web/src/features/estate/allotments/i18n');

/** My plots' words in one language, read as the app reads them: t('offers.acceptPlot', { plot }). */
function wordsOf(language: Language) {
  const catalogue = JSON.parse(fs.readFileSync(path.join(CATALOGUES, `${language}.json`), 'utf8')) as Catalogue;
  return (key: string, values: Record<string, string> = {}): string => {
    const found = key
      .split('.')
      .reduce<string | Catalogue | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        catalogue,
      );
    if (typeof found !== 'string') throw new Error(`allotments:${key} is missing from the ${language} catalogue`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
}

/** Signs in (in English), then opens My plots in the language, as if the reader had chosen it on this browser. */
async function openMyPlots(page: Page, who: Entrepreneur, language: Language, t: ReturnType<typeof wordsOf>) {
  trackRequests(page);
  await signIn(page, who.email, ENTREPRENEUR_PASSWORD);
  await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
  await page.goto('/allotments');
  await expect(page.getByRole('heading', { level: 1, name: t('plots.title'), exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await settled(page);
}

let holder: Entrepreneur;
let transferee: Entrepreneur;
let plot: PlotInPossession;

// One plot offered once serves every language and width: nobody accepts it.
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  holder = await registerEntrepreneur(request, 'Kiran Naidu', `Naidu Fabrications ${Date.now()}`);
  transferee = await registerEntrepreneur(request, 'Farida Khan', `Khan Textiles ${Date.now()}`);
  plot = await plotInPossession(request, holder, { assetFromEnd: 10, description: 'Sheet metal fabrication (a11y)' });
  await api(request, holder.headers, 'post', '/api/service-requests', {
    request_type: 'transfer',
    allotment_id: plot.allotmentId,
    description: 'The unit is sold to Khan Textiles as a going concern',
    particulars: { transferee_email: transferee.email },
  });
  await request.dispose();
});

test.beforeEach(async ({ page }) => {
  // Radix dialogs settle at once, as for a reader who asked for less motion.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

for (const language of LANGUAGES) {
  const t = wordsOf(language);
  for (const width of scanWidths(language)) {
    test(`a transfer on offer, its confirm dialog and the plot's history have no WCAG 2.1 AA violations in ${language} at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });

      await test.step('the transferee sees "Transfers offered to you" on My plots', async () => {
        await openMyPlots(page, transferee, language, t);
        const offers = page.getByRole('region', { name: t('offers.title'), exact: true });
        await expect(offers).toContainText(plot.allotmentNumber);
        await expectNoViolations(page, 'a transfer on offer', language);
      });

      await test.step('the confirm dialog of accepting the transfer, open', async () => {
        await page.getByRole('button', { name: t('offers.acceptPlot', { plot: plot.assetCode }), exact: true }).click();
        const dialog = page.getByRole('dialog', { name: t('offers.confirmTitle', { plot: plot.assetCode }) });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('button', { name: t('offers.confirm'), exact: true })).toBeVisible();
        await expectNoViolations(page, 'the accept-transfer dialog open', language);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      await test.step("the holder's card with the plot's history open", async () => {
        await page.context().clearCookies();
        await page.evaluate(() => window.localStorage.clear());
        await openMyPlots(page, holder, language, t);
        const card = page.getByRole('region', { name: t('plots.plot', { plot: plot.assetCode }), exact: true });
        await card.getByRole('button', { name: t('history.show'), exact: true }).click();
        await expect(card.getByRole('button', { name: t('history.hide'), exact: true })).toBeVisible();
        await expect(card.getByRole('list', { name: t('history.label', { plot: plot.assetCode }) })).toBeVisible();
        await settled(page);
        await expectNoViolations(page, "a plot's history open", language);
      });
    });
  }
}
