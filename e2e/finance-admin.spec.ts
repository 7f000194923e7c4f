// Finance, assets, reports and user administration end to end: finance finds an invoice by part of its number and
// opens its application; ho adds an asset an entrepreneur can then choose; admin generates a report and downloads
// it; admin creates an officer who signs in, then deactivates them and their open session ends.
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn, signInAs, signOut, uniqueEmail } from './support/session';
import { navigateInApp } from './support/navigate';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast]').filter({ hasText: text }).first();

async function tokenFor(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await request.post('/api/auth/login', { form: { username: email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  return (await login.json()).access_token as string;
}

test('finance finds an invoice by part of its number, in any case, and opens its application', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, DEMO.finance.email);
  const invoices = (await (
    await request.get('/api/invoices', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    invoice_number: string;
    application_id: string;
  }[];
  const wanted = invoices.find((invoice) => invoice.invoice_number.endsWith('000003')) ?? invoices[0]!;
  // "nv-2026-000003": part of the number, in lower case.
  const partial = wanted.invoice_number.slice(1).toLowerCase();

  await signInAs(page, 'finance');
  await expect(page.getByRole('heading', { level: 1, name: 'Finance Dashboard' })).toBeVisible();
  const cards = page.getByRole('region', { name: 'Invoice and payment totals' });
  await expect(cards.getByText('Total Invoices')).toBeVisible();

  const table = page.getByRole('region', { name: /^Invoices;/ });
  await expect(table.getByRole('row')).toHaveCount(invoices.length + 1);
  await page.getByLabel('Search by invoice number').fill(partial);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(wanted.invoice_number);

  await page.getByLabel('Status').selectOption('paid');
  await expect(page.getByText('No invoices found')).toBeVisible();
  await page.getByLabel('Status').selectOption('all');

  await table.getByRole('row').nth(1).getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(`/officer/applications/${wanted.application_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('APP-');
});

test('ho adds an asset, which an entrepreneur then finds available', async ({ page, request }) => {
  const code = `E2E-LA-${Date.now().toString().slice(-6)}`;
  await signInAs(page, 'ho');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assets' }).click();
  await expect(page).toHaveURL('/officer/assets');
  await page.getByRole('button', { name: 'Add Asset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Asset' });
  await expect(dialog.getByLabel('Type')).toHaveValue('land');
  await expect(dialog.getByLabel('Unit')).toHaveValue('acres');

  // An empty submit names the missing fields; nothing is created.
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Enter the asset code');

  await dialog.getByLabel('Asset code').fill(code);
  await dialog.getByLabel('Category ID').fill('msme');
  await dialog.getByLabel('Zone').fill('Warangal');
  await dialog.getByLabel('Location').fill('Madikonda IP');
  await dialog.getByLabel('Survey number').fill('512/3');
  await dialog.getByLabel('Total area').fill('3.75');
  await dialog.getByLabel('Available area').fill('3.75');
  await dialog.getByLabel('Valuation (₹)').fill('4200000');
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(toast(page, 'Asset created')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The list is paged on the server: search for the new code rather than hope it is on the first page.
  await page.getByRole('searchbox', { name: 'Search' }).fill(code);
  const row = page.getByRole('region', { name: 'Assets' }).getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('AVAILABLE');
  await expect(row).toContainText('3.75 acres');

  // The same code again is refused with a clear message beside the code.
  await page.getByRole('button', { name: 'Add Asset' }).click();
  await dialog.getByLabel('Asset code').fill(code);
  await dialog.getByLabel('Category ID').fill('msme');
  await dialog.getByLabel('Zone').fill('Warangal');
  await dialog.getByLabel('Location').fill('Madikonda IP');
  await dialog.getByLabel('Survey number').fill('512/4');
  await dialog.getByLabel('Total area').fill('1');
  await dialog.getByLabel('Available area').fill('1');
  await dialog.getByLabel('Valuation (₹)').fill('100000');
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(dialog.getByLabel('Asset code')).toHaveAccessibleDescription(
    new RegExp(`An asset with code ${code} already exists`),
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const token = await tokenFor(request, DEMO.entrepreneur.email);
  const available = (await (
    await request.get('/api/assets/available', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    asset_code: string;
    status: string;
    total_area: number;
  }[];
  expect(available.find((asset) => asset.asset_code === code)).toMatchObject({ status: 'available', total_area: 3.75 });
});

test('admin generates an applications report and downloads it as JSON and CSV', async ({ page }) => {
  await signInAs(page, 'admin');
  await navigateInApp(page, '/officer/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByLabel('Report type').selectOption('applications');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(toast(page, 'Report generated')).toBeVisible();
  const table = page.getByRole('region', { name: 'Applications report rows' });
  await expect(table.getByRole('row').nth(1)).toContainText('APP-');
  await expect(page.getByRole('img', { name: /^Bar chart of \d+ rows by status$/ })).toBeVisible();

  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  expect(jsonDownload.suggestedFilename()).toMatch(/^applications-report-\d{4}-\d{2}-\d{2}\.json$/);
  const report = JSON.parse(fs.readFileSync((await jsonDownload.path())!, 'utf8')) as {
    report_type: string;
    count: number;
    data: { application_number: string; organization_name: string }[];
  };
  expect(report.report_type).toBe('applications');
  expect(report.count).toBe(report.data.length);
  // At least the seed's three submitted applications (drafts are never in a staff report), whatever ran before.
  expect(report.count).toBeGreaterThanOrEqual(3);
  expect(report.data.some((row) => row.organization_name === 'Kumar Precision Components Pvt Ltd')).toBe(true);
  await expect(toast(page, 'Report exported')).toBeVisible();

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^applications-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync((await csvDownload.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]!.startsWith('application_number,organization_name,')).toBe(true);
  expect(lines).toHaveLength(report.count + 1);

  // Filtered on a status: only those rows come back (other journeys may move applications, so count what is there).
  const expected = report.data.filter((row) => (row as { status?: string }).status === 'under_scrutiny').length;
  expect(expected).toBeGreaterThan(0);
  await page.getByLabel(/^Status/).selectOption('under_scrutiny');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText(new RegExp(`^${expected} rows?, generated`))).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(expected + 1);
  for (const row of await table
    .getByRole('row')
    .all()
    .then((rows) => rows.slice(1)))
    await expect(row).toContainText('UNDER SCRUTINY');
});

test('admin creates an officer who can sign in, then deactivates them and their session ends at once', async ({
  page,
  browser,
}) => {
  // Two browsers' sessions and an admin's screens: past the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const email = uniqueEmail('officer');
  const password = 'Brass-Kettle-2026';
  const name = `Officer ${Date.now().toString().slice(-5)}`;

  await signInAs(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL('/officer/users');
  await page.getByRole('button', { name: 'Add Officer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an officer account' });
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByLabel('Role').selectOption('committee');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Officer account created')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  const row = page.getByRole('region', { name: 'User accounts' }).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Committee');
  await expect(row).toContainText('ACTIVE');

  // The new officer signs in (in a browser of their own) and sees the committee's dashboard.
  const officerContext = await browser.newContext();
  const officerPage = await officerContext.newPage();
  await signIn(officerPage, email, password);
  await expect(officerPage).toHaveURL('/officer');
  await expect(officerPage.getByText(`Welcome, ${name}`)).toBeVisible();
  await expect(
    officerPage.getByRole('region', { name: 'Application figures' }).getByText('Pending Committee'),
  ).toBeVisible();

  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
  await confirm.getByRole('button', { name: 'Deactivate Account' }).click();
  await expect(toast(page, 'User deactivated')).toBeVisible();
  await expect(row).toContainText('DEACTIVATED');

  // Their open session stops working on the next request, and they cannot sign in again.
  await officerPage.reload();
  await expect(officerPage).toHaveURL('/login');
  await officerPage.getByLabel('Email address').fill(email);
  await officerPage.getByLabel('Password').fill(password);
  await officerPage.getByRole('button', { name: 'Sign In' }).click();
  // Told inside the sign-in form, where the reader typed.
  await expect(officerPage.locator('form').getByRole('alert')).toContainText('This account has been deactivated');
  await expect(officerPage).toHaveURL('/login');
  await officerContext.close();

  await signOut(page);
});

test('every officer, finance and admin screen fits a 375 px phone; tables become a list of cards', async ({
  browser,
}) => {
  // A walk of every officer, finance and admin screen: past the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const fitsThePhone = async (path: string, heading: string | RegExp) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('button', { name: /menu/i })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is wider than the phone`).toBeLessThanOrEqual(0);
  };

  await signIn(page, DEMO.admin.email);
  await fitsThePhone('/officer', 'Officer Dashboard');
  await fitsThePhone('/officer/applications', 'Applications');
  await page.getByRole('list', { name: 'Applications' }).getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Right now' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await fitsThePhone('/officer/assets', 'Assets');
  // The asset table would be wider than the phone: each asset is a card instead.
  await expect(page.getByRole('list', { name: 'Assets' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Assets' })).toHaveCount(0);
  await fitsThePhone('/officer/allotments', 'Allotments');
  await fitsThePhone('/officer/meetings', 'Meetings');
  await fitsThePhone('/officer/reports', 'Reports');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('list', { name: 'Applications report rows' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await fitsThePhone('/officer/users', 'Users');

  await page.evaluate(() => localStorage.clear());
  await signIn(page, DEMO.finance.email);
  await fitsThePhone('/finance', 'Finance Dashboard');
  await context.close();
});
