/** WCAG 2.1 A/AA scan (axe, the shared scan of support/axe.ts) of the finance dashboard taken while its charts are
 * drawing (right after the page opens, nothing left to settle: the page must be readable at every moment), once
 * settled (the one scan of the settled dashboard: its charts and tables, its heading in the reader's script), again
 * while its invoice list loads the page a status card asked for (the rows that wait were dimmed below AA contrast),
 * and of the allotment register with a search applied, in English, Hindi and Telugu at 1280 and 375 px. Both scans also run
 * axe's rule that a control's accessible name holds its visible words (label-content-name-mismatch, WCAG 2.5.3,
 * which axe keeps out of its tags as experimental): a name such as "Export collections as CSV" on a button that
 * reads "Export CSV" left a speech user's "click Export CSV" unanswered. */
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations, LANGUAGE_SCRIPTS, LANGUAGES, type Language } from './support/axe';
import { settled, trackRequests } from './support/settle';
import { signInAs, type DemoRole } from './support/session';

const RULES = ['label-content-name-mismatch'];

// Each test only reads pages, signed in afresh.
test.describe.configure({ mode: 'parallel' });

/** Signs in as `role` (in English, as the demo account's own language is), then every page load is in `language`. */
async function start(page: Page, role: DemoRole, language: Language, width: number) {
  await page.setViewportSize({ width, height: 900 });
  trackRequests(page);
  await signInAs(page, role);
  if (language !== 'en') {
    await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
  }
}

for (const language of LANGUAGES) {
  for (const width of [1280, 375]) {
    test(`the finance dashboard while its charts draw has no violations at ${width} px in ${language}`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await start(page, 'finance', language, width);
      await page.goto('/finance');
      // The first chart's drawing surface is there: its bars are growing. Scanned at once, animations and all.
      await page.locator('[role="img"] svg.recharts-surface').first().waitFor();
      await expectNoViolations(page, `/finance while its charts draw`, undefined, {
        rules: RULES,
        midAnimation: true,
      });
      await settled(page);
      const script = LANGUAGE_SCRIPTS[language];
      if (script) {
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(script);
      }
      await expectNoViolations(page, '/finance settled', language, { rules: RULES });

      // A status card asks for the pending invoices; their answer is held until the list waiting for it is scanned.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/api\/invoices\?.*status=pending/, async (route) => {
        await held;
        await route.continue();
      });
      await page.locator('a[href="/finance?status=pending"]').first().click();
      await expect(page.locator('[aria-busy="true"]').first()).toBeAttached();
      await expectNoViolations(page, '/finance while its invoice list loads', undefined, {
        rules: RULES,
        midAnimation: true,
      });
      release();
      await settled(page);
    });

    test(`the allotment register with a search applied has no violations at ${width} px in ${language}`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await start(page, 'ho', language, width);
      await page.goto('/officer/allotments');
      await settled(page);
      // The demo entrepreneur's allotments, found by the holder's name.
      await page.locator('#allotment-search').fill('ravi');
      await expect(page).toHaveURL(/[?&]q=ravi/);
      await settled(page);
      await expect(page.getByRole('main').getByText('Ravi Kumar').first()).toBeVisible();
      await expectNoViolations(page, '/officer/allotments?q=ravi', language, { rules: RULES });
    });
  }
}
