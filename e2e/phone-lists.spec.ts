// Lists that a phone can use and a desk screen that shows every column: on a 375 px phone an application's invoices
// are cards whose amount, due date, status and Pay Now all sit on the screen, and the application's tab strip shows
// that it scrolls; at 1280 px the officers' assets table shows its Status column without scrolling sideways.
import { expect, test, type Locator } from '@playwright/test';
import { apiLogin, submitCase } from './support/api';
import { signInAs } from './support/session';

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
    await page.goto(`/applications/${application.id}`);
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

test('at 1280 px the assets table shows every column, Status and Actions included, without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'admin');
  await page.goto('/officer/assets');
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
