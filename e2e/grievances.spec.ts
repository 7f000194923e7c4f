// Grievances that escalate (decision 038): the demo applicant raises a billing grievance from My grievances; the
// portal's clock is moved past its promised day by its target again, so the deadline sweep escalates it to the head
// office; finance finds it in the grievance inbox (past its promised day) and resolves it; the applicant reopens it
// once, finance resolves it again, and the applicant rates the resolution. The new screens are scanned at the
// desktop's and the phone's widths, with a dialog open and a toast showing.
//
// Moving the clock: a grievance escalates weeks after it is raised (its category's working days, twice), so this
// journey moves the clock by four weeks, where other journeys move it by minutes; it runs on a server of its own
// (support/clock.ts), so no other journey starts from the moved day.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { DAYS_SERVER, moveClockTo, portalTime } from './support/clock';
import { signInAs, signOut } from './support/session';
import { navigateInApp } from './support/navigate';

test.use({ baseURL: DAYS_SERVER });

const DAY = 86_400_000;
const WIDTHS = [1280, 375];

async function scanAtWidths(page: Page, state: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `${state} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function act(page: Page, button: string, message: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Message').fill(message);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a grievance raised, escalated by moving the clock, resolved, reopened and rated', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });

  await signInAs(page, 'entrepreneur');
  await navigateInApp(page, '/grievances');
  await expect(page.getByRole('heading', { level: 1, name: 'My grievances' })).toBeVisible();
  await scanAtWidths(page, 'My grievances');

  await page.getByRole('button', { name: 'Raise a grievance' }).click();
  const raise = page.getByRole('dialog', { name: 'Raise a grievance' });
  await raise.getByLabel('What is it about?').selectOption('billing');
  await expect(raise).toContainText('Answered by finance within 7 working days.');
  await raise.getByLabel('Your grievance').fill('The maintenance bill charges my plot twice for the same quarter.');
  await scanAtWidths(page, 'the Raise a grievance dialog open');
  await raise.getByRole('button', { name: 'Raise grievance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^GRV-\d{4}-\d{6}$/ })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const grievanceUrl = new URL(page.url()).pathname;
  await expect(page.getByText(/It is with finance, who answers by/)).toBeVisible();
  await expect(page.getByText(`Grievance ${number} is raised.`)).toBeVisible();
  await expectNoViolations(page, 'the new grievance with its toast showing');
  await signOut(page);

  // Past its promised day (7 working days) by its target again: the sweep escalates it as the clock moves.
  await moveClockTo(request, (await portalTime(request)) + 28 * DAY);

  await signInAs(page, 'finance');
  await navigateInApp(page, '/officer/grievances');
  await expect(page.getByRole('heading', { level: 1, name: 'Grievance inbox' })).toBeVisible();
  // The box follows the list's address, which it changes: clicked, then seen checked.
  await page.getByLabel('Past their promised day only').click();
  await expect(page.getByLabel('Past their promised day only')).toBeChecked();
  await page.getByLabel('Search').fill(number);
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  await scanAtWidths(page, 'the grievance inbox');
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByText(/Escalated it to the head office/)).toBeVisible();
  await expect(page.getByText(/is late: it is with the head office/)).toBeVisible();
  await page.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(page.getByRole('dialog', { name: `Resolve ${number}` })).toContainText('reopen it once within 15 days');
  await scanAtWidths(page, 'the Resolve dialog open');
  await page
    .getByRole('dialog')
    .getByLabel('Message')
    .fill('The duplicate charge is cancelled; the bill is corrected.');
  await page.getByRole('dialog').getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(page.getByText(`Done: ${number} is updated.`)).toBeVisible();
  await signOut(page);

  await signInAs(page, 'entrepreneur');
  await navigateInApp(page, grievanceUrl);
  await expect(page.getByText('It is resolved.')).toBeVisible();
  await act(page, 'Reopen', 'The corrected bill still shows the old amount.');
  await expect(page.getByText(/It is with finance, who answers by/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen', exact: true })).toHaveCount(0);
  await signOut(page);

  await signInAs(page, 'finance');
  await navigateInApp(page, grievanceUrl);
  await act(page, 'Resolve', 'The bill is issued again with the right amount.');
  await signOut(page);

  await signInAs(page, 'entrepreneur');
  await navigateInApp(page, grievanceUrl);
  // Reopened once already: only the rating is offered.
  await expect(page.getByRole('button', { name: 'Reopen', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Rate the resolution' }).click();
  const rate = page.getByRole('dialog', { name: `Rate the resolution of ${number}` });
  await rate.getByRole('radio', { name: '5 out of 5' }).check();
  await scanAtWidths(page, 'the Rate dialog open');
  // The toast of the rating read at the phone's width (the raising's was read at the desktop's).
  await page.setViewportSize({ width: 375, height: 900 });
  await rate.getByRole('button', { name: 'Rate', exact: true }).click();
  await expect(page.getByText(`Thank you: ${number} is rated.`)).toBeVisible();
  await expectNoViolations(page, 'the rating with its toast showing at 375 px');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByText('5 out of 5', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rate the resolution' })).toHaveCount(0);
  const story = page.locator('section').filter({ has: page.getByRole('heading', { name: 'What has happened' }) });
  for (const step of [
    'Raised the grievance',
    'Escalated it to the head office',
    'Reopened it',
    'Rated the resolution 5 out of 5',
  ]) {
    await expect(story).toContainText(step);
  }
  await scanAtWidths(page, 'a rated grievance');
  // In Hindi and Telugu, as a reader who chose the language sees it.
  for (const language of ['hi', 'te'] as const) {
    await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 900 });
    await expectNoViolations(page, `a rated grievance in ${language} at 375 px`, language);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();

  // The public performance page counts it: received, reopened, this month, under billing.
  await signOut(page);
  await navigateInApp(page, '/performance');
  const figures = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Grievances', exact: true }) });
  const billing = figures.getByRole('row').filter({ hasText: 'Billing' }).first();
  await expect(billing).toBeVisible();
  await scanAtWidths(page, 'the performance page with its grievance figures');
});
