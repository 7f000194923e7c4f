// The shell end to end: every demo role signs in to its home and nav, the guards, logout, the phone menu, registration.
import { expect, test } from '@playwright/test';
import { DEMO, mainNav, signIn, signInAs, signOut, uniqueEmail, type DemoRole } from './support/session';

test.describe('sign-in and navigation per role', () => {
  for (const role of Object.keys(DEMO) as DemoRole[]) {
    test(`${role} lands on its home and sees its name and exactly its links`, async ({ page }) => {
      const account = await signInAs(page, role);
      await expect(page.getByText('Login successful!')).toBeVisible();
      await expect(page.getByRole('banner').getByText(account.fullName)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(mainNav(page).getByRole('listitem').getByRole('link')).toHaveText(account.navLinks);
      // The home itself, on the first visit after signing in, without a reload.
      await expect(page.getByRole('heading', { level: 1, name: account.homeHeading })).toBeVisible();
    });
  }
});

test('a wrong password shows the server detail in the form and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(DEMO.ho.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Incorrect email or password');
  await expect(page).toHaveURL('/login');
});

test('an entrepreneur opening /officer is sent to /', async ({ page }) => {
  await signInAs(page, 'entrepreneur');
  await page.goto('/officer');
  await expect(page).toHaveURL('/');
});

test('finance opening /officer/assets is sent to /finance', async ({ page }) => {
  await signInAs(page, 'finance');
  await page.goto('/officer/assets');
  await expect(page).toHaveURL('/finance');
});

test('logout returns to /login and a protected page then redirects to /login', async ({ page }) => {
  await signInAs(page, 'ho');
  await signOut(page);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
  await page.goto('/officer/applications');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
});

test('a signed-out visitor of a protected page is sent to /login', async ({ page }) => {
  await page.goto('/applications');
  await expect(page).toHaveURL('/login');
});

test('an unknown address shows Page not found with a link home', async ({ page }) => {
  await signInAs(page, 'committee');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/officer');
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the links sit behind a menu button that opens them', async ({ page }) => {
    const account = await signInAs(page, 'admin');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page).getByRole('link', { name: 'Assets' })).toBeHidden();

    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`[id="${await menuButton.getAttribute('aria-controls')}"]`);
    await expect(menu.getByRole('link')).toHaveText(account.navLinks);

    await menu.getByRole('link', { name: 'Assets' }).click();
    await expect(page).toHaveURL('/officer/assets');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    const box = await menuButton.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);
  });
});

test('a new entrepreneur registers on /register and lands on /', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/register');
  await page.getByLabel('Full name').fill('Priya Nair');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('Str0ng-pass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByText('Priya Nair')).toBeVisible();
  await expect(mainNav(page).getByRole('listitem').getByRole('link')).toHaveText(DEMO.entrepreneur.navLinks);

  // The same address cannot register twice: the server's detail is shown.
  await signOut(page);
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Priya Nair');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('Str0ng-pass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('An account with this email already exists')).toBeVisible();
  await expect(page).toHaveURL('/register');

  // And the new account signs in with its password.
  await signIn(page, email, 'Str0ng-pass');
  await expect(page).toHaveURL('/');
});
