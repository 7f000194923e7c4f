// Lists that a phone can use and a desk screen that shows every column: on a 375 px phone an application's invoices
// are cards whose amount, due date, status and Pay Now all sit on the screen, and the application's tab strip shows
// that it scrolls; in Hindi and Telugu at 375 px My plots' yearly dues and every finance screen fit the phone (a table
// wider than it scrolls inside a labelled region with a hint) with each Pay on the screen; at 1280 px the officers'
// assets table shows its Status column without scrolling sideways.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, submitCase } from './support/api';
import { settled, trackRequests } from './support/settle';
import { signInAs } from './support/session';
import { navigateInApp } from './support/navigate';

const WEB = path.resolve(import.meta.dirname, '../apps/web/src');
/** A word of a screen's catalogue in a language, its {{placeholders}} filled. */
function words(folder: string, language: string, key: string, values: Record<string, string> = {}): string {
  const catalogue: unknown = JSON.parse(fs.readFileSync(path.join(WEB, folder, 'i18n', `${language}.json`), 'utf8'));
  const text = key.split('.').reduce((node, part) => (node as Record<string, unknown>)[part], catalogue) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The element is drawn, and drawn between the left and right edges of a screen `width` px wide. */
async function expectInsideWidth(element: Locator, width: number, what: string): Promise<void> {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what} starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends right of the screen`).toBeLessThanOrEqual(width);
}

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the entrepreneur's invoices show amount, due date, status and Pay Now on the screen, and the tab strip shows it scrolls", async ({
    page,
    request,
  }) => {
    const owner = await apiLogin(request, 'entrepreneur');
    const application = await submitCase(request, owner, {
      assetFromEnd: 4,
      description: 'Phone lists: a printing unit',
      investment: 2_500_000,
      jobs: 12,
    });
    await signInAs(page, 'entrepreneur');
    await navigateInApp(page, `/applications/${application.id}`);
    await expect(page.getByRole('heading', { level: 1, name: application.application_number })).toBeVisible();

    // The strip is wider than the phone: a chevron on a faded edge says more tabs lie to the right.
    const strip = page.getByRole('tablist');
    expect(await strip.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    const moreToTheRight = page.getByTestId('tabs-scroll-cue-end');
    await expectInsideWidth(moreToTheRight, 375, 'the cue that more tabs lie to the right');
    await expect(moreToTheRight).toHaveAttribute('aria-hidden', 'true');
    await expect(page.getByTestId('tabs-scroll-cue-start')).toHaveCount(0);

    // Choosing the last tab brings it into the strip; now the cue points back the other way.
    await page.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('End');
    const timeline = page.getByRole('tab', { name: 'Timeline' });
    await expect(timeline).toHaveAttribute('aria-selected', 'true');
    await expectInsideWidth(timeline, 375, 'the Timeline tab');
    await expect(page.getByTestId('tabs-scroll-cue-start')).toBeVisible();
    await expect(moreToTheRight).toHaveCount(0);

    await page.getByRole('tab', { name: 'Payments' }).click();
    const invoices = page.getByRole('list', { name: 'Invoices for this application' });
    await expect(invoices.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('table', { name: 'Invoices for this application' })).toHaveCount(0);
    const fee = invoices.getByRole('listitem').filter({ hasText: 'Processing fee' });
    const value = (label: string) => fee.locator(`dt:text-is("${label}") + dd`);
    await expect(value('Amount')).toHaveText('₹11,800');
    await expect(value('Due date')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expect(value('Status')).toHaveText('PENDING');
    await expectInsideWidth(value('Amount'), 375, 'the amount');
    await expectInsideWidth(value('Due date'), 375, 'the due date');
    await expectInsideWidth(value('Status').getByText('PENDING'), 375, 'the status');
    const payNow = fee.getByRole('button', { name: /^Pay Now INV-/ });
    await expectInsideWidth(payNow, 375, 'Pay Now');
    // The card's action runs the width of the card.
    const [cardBox, buttonBox] = [await fee.boundingBox(), await payNow.boundingBox()];
    expect(buttonBox!.width).toBeGreaterThan(cardBox!.width * 0.8);

    // Nothing on the page is wider than the phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  });
});

/**
 * What on the screen does not fit a phone: the page scrolling sideways, and a table wider than the screen that is not
 * inside a labelled, focusable region that scrolls it, with the hint that says so showing.
 */
function whatDoesNotFit(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    for (const table of document.querySelectorAll('main table')) {
      const box = table.getBoundingClientRect();
      if (box.width === 0) continue;
      const name = table.querySelector('caption')?.textContent ?? table.getAttribute('aria-label') ?? 'a table';
      const region = table.closest('[role="region"]');
      const fitsScreen = box.left >= 0 && box.right <= root.clientWidth + 1;
      if (fitsScreen && !region) continue;
      if (!region) {
        problems.push(`${name}: ${Math.round(box.width)} px wide, outside a region that scrolls it`);
        continue;
      }
      const area = region.getBoundingClientRect();
      if (area.right > root.clientWidth + 1) problems.push(`${name}: its region runs past the screen`);
      if (!region.getAttribute('aria-label')) problems.push(`${name}: its region has no name`);
      if (region.getAttribute('tabindex') !== '0') problems.push(`${name}: its region cannot be reached by keyboard`);
      const scrolls = region.scrollWidth > region.clientWidth + 1;
      const hint = region.parentElement?.querySelector('[data-testid="table-scroll-hint"]');
      if (scrolls && !(hint instanceof HTMLElement && hint.offsetParent !== null))
        problems.push(`${name}: scrolls sideways with no hint that it does`);
    }
    return problems;
  });
}

/** Opens a screen and waits for its lists to load. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('main').waitFor();
  await settled(page);
}

for (const language of ['hi', 'te'] as const) {
  test.describe(`on a 375 px phone in ${language === 'hi' ? 'Hindi' : 'Telugu'}`, () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('My plots: each year of dues is a card whose status and Pay are on the screen, and the statement fits', async ({
      page,
    }) => {
      // Three plots' dues and a statement, each loaded on a phone.
      test.setTimeout(120_000);
      trackRequests(page);
      await signInAs(page, 'entrepreneur');
      await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
      await open(page, '/allotments');
      const payButtons = page.getByRole('button', {
        name: new RegExp(`^${words('features/estate/allotments', language, 'dues.payFor', { number: 'INV-\\S+' })}$`),
      });
      await expect(payButtons.first()).toBeVisible();
      // The seed bills the yearly dues of each plot in possession: none is a table at this width.
      const dues = page.getByRole('list', {
        name: new RegExp(`^${words('features/estate/allotments', language, 'dues.caption', { plot: '\\S+' })}$`),
      });
      expect(await dues.count()).toBeGreaterThan(0);
      await expect(
        page.getByRole('table', {
          name: new RegExp(words('features/estate/allotments', language, 'dues.caption', { plot: '.+' })),
        }),
      ).toHaveCount(0);
      for (const pay of await payButtons.all()) {
        await pay.scrollIntoViewIfNeeded();
        await expectInsideWidth(pay, 375, `${await pay.getAttribute('aria-label')}`);
      }
      const status = dues
        .first()
        .locator(`dt:text-is("${words('features/estate/allotments', language, 'dues.status')}") + dd`)
        .first();
      await status.scrollIntoViewIfNeeded();
      await expectInsideWidth(status, 375, 'the status of the first year of dues');
      expect(await whatDoesNotFit(page), 'My plots').toEqual([]);

      // The plot's statement of account, from its card.
      await page
        .getByRole('link', { name: words('features/money/components/account-statement', language, 'link') })
        .first()
        .click();
      await page.waitForURL(/\/statements\/allotments\//);
      await settled(page);
      expect(await whatDoesNotFit(page), 'the statement of account').toEqual([]);
    });

    test('finance: the dashboard, bank statements and their import, unmatched credits, refunds, adjustments and reports fit the phone', async ({
      page,
    }) => {
      // Seven screens, each loaded in turn.
      test.setTimeout(210_000);
      trackRequests(page);
      await signInAs(page, 'finance');
      await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
      for (const url of [
        '/finance',
        '/finance/bank-statements',
        '/finance/bank-credits',
        '/finance/refunds',
        '/finance/adjustments',
      ]) {
        await open(page, url);
        expect(await whatDoesNotFit(page), url).toEqual([]);
      }
      await open(page, '/officer/reports');
      await page
        .getByRole('button', { name: words('features/reports', language, 'filters.generate'), exact: true })
        .click();
      await expect(
        page.getByRole('list', {
          name: words('features/reports', language, 'result.caption', {
            type: words('features/reports', language, 'types.applications'),
          }),
        }),
      ).toBeVisible();
      await settled(page);
      expect(await whatDoesNotFit(page), 'the applications report').toEqual([]);
    });
  });
}

test('at 1280 px the assets table shows every column, Status and Actions included, without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'admin');
  await navigateInApp(page, '/officer/assets');
  await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Assets' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectInsideWidth(table.getByRole('columnheader', { name: /^Status/ }), 1280, 'the Status header');
  await expectInsideWidth(table.getByRole('columnheader', { name: 'Actions' }), 1280, 'the Actions header');
  await expectInsideWidth(
    table
      .getByRole('row')
      .nth(1)
      .getByText(/^(AVAILABLE|RESERVED|ALLOTTED)$/),
    1280,
    'a status',
  );
  const box = page.getByRole('region', { name: 'Assets' });
  expect(await box.evaluate((region) => region.scrollWidth - region.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('table-scroll-hint')).toHaveCount(0);
  // The place keeps its survey and plot numbers, a line each under the location.
  await expect(
    table
      .getByRole('row')
      .nth(1)
      .getByText(/^Survey no\. \S+$/),
  ).toBeVisible();
  await expect(
    table
      .getByRole('row')
      .nth(1)
      .getByText(/^Plot no\. \S+$/),
  ).toBeVisible();
});
