// SMS and sign-in by a one-time code (decision 037), read through the sandbox SMS provider's own pages (TEST MODE):
// a new entrepreneur adds a mobile on the account page and verifies it with the code the sandbox shows for the number,
// signs out, and signs in with the mobile and a new code; the demo applicant, reading Telugu, gets the query SMS in
// the DLT template's Telugu words when an officer raises a query; the admin's outbox shows the SMS and its segments.
// The new screens are scanned at the desktop's and the phone's widths.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, apiLogin, submitCase } from './support/api';
import { expectNoViolations } from './support/axe';
import { portalTime } from './support/clock';
import { navigateInApp } from './support/navigate';
import { signIn, signInAs, signOut, uniqueEmail } from './support/session';

const WIDTHS = [1280, 375];

async function scanAtWidths(page: Page, state: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `${state} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A fresh Indian mobile number (10 digits). */
const newMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** The sandbox provider's address, as the portal's admin summary names it in sandbox mode. */
async function sandboxUrl(request: APIRequestContext): Promise<string> {
  const admin = await apiLogin(request, 'admin');
  const summary = await api<{ sandbox_url: string | null }>(request, admin, 'get', '/api/sms/outbox/summary');
  expect(summary.sandbox_url).toBeTruthy();
  return summary.sandbox_url!;
}

/** Opens the sandbox's page of messages to the number in a tab of its own and answers the newest message's text,
 * waiting (the portal's SMS sweep runs every few seconds) until there are `count` of them. */
async function newestSms(page: Page, sandbox: string, mobile: string, count: number): Promise<string> {
  const tab = await page.context().newPage();
  try {
    await expect(async () => {
      await tab.goto(`${sandbox}/messages?to=${mobile}`);
      await expect(tab.getByRole('note')).toContainText('TEST MODE');
      await expect(tab.getByRole('list', { name: 'Messages, newest first' }).getByRole('listitem')).toHaveCount(count);
    }).toPass({ timeout: 30_000 });
    return (await tab.locator('li .text').first().textContent())!.trim();
  } finally {
    await tab.close();
  }
}

const codeIn = (text: string) => /^(\d{6}) /.exec(text)?.[1] ?? '';

test('a new entrepreneur verifies a mobile and signs in with it by a one-time code', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const sandbox = await sandboxUrl(request);
  const email = uniqueEmail('sms');
  const password = 'Tidy-Lantern-42';
  const registered = await request.post('/api/auth/register', {
    data: { email, password, full_name: 'Lakshmi Devi' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mobile = newMobile();

  await signIn(page, email, password);
  await navigateInApp(page, '/account');
  const card = page.getByRole('region', { name: 'Mobile number and SMS' });
  await expect(card).toBeVisible();
  await scanAtWidths(page, 'the account page with no mobile');
  await card.getByLabel('Mobile number').fill(`${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await card.getByRole('button', { name: 'Send a code' }).click();
  await expect(card.getByText(/We sent a 6-digit code to \+91/)).toBeVisible();
  await scanAtWidths(page, 'the account page waiting for the code');
  const verifyText = await newestSms(page, sandbox, `91${mobile}`, 1);
  expect(verifyText).toMatch(/^\d{6} is your one-time code for the industrial portal\./);
  await card.getByLabel('Code').fill(codeIn(verifyText));
  await card.getByRole('button', { name: 'Verify number' }).click();
  await expect(card.getByTestId('verified-mobile')).toContainText(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await expect(card.getByRole('group', { name: 'SMS I want' })).toBeVisible();
  await scanAtWidths(page, 'the account page with a verified mobile and its SMS choices');
  await signOut(page);

  await page.getByRole('button', { name: 'Mobile and one-time code' }).click();
  await page.getByLabel('Mobile number').fill(mobile);
  await scanAtWidths(page, 'sign-in by code');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(/If \+91 .* is the verified number of an account/)).toBeVisible();
  await scanAtWidths(page, 'sign-in by code waiting for the code');
  const signInText = await newestSms(page, sandbox, `91${mobile}`, 2);
  await page.getByLabel('Code').fill(codeIn(signInText));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Lakshmi Devi' })).toBeVisible();
});

test('an applicant reading Telugu gets the query SMS in the template’s words; the admin sees it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sandbox = await sandboxUrl(request);
  const owner = await apiLogin(request, 'entrepreneur');
  const mobile = `91${newMobile()}`;
  // The demo applicant verifies a mobile through the API (the code read from the sandbox) and reads Telugu.
  await api(request, owner, 'post', '/api/account/mobile/code', { mobile });
  const code = codeIn(await newestSms(page, sandbox, mobile, 1));
  await api(request, owner, 'post', '/api/account/mobile/verify', { mobile, code });
  const language = await request.patch('/api/auth/me', { headers: owner, data: { language: 'te' } });
  expect(language.ok()).toBe(true);
  try {
    const submitted = await submitCase(request, owner, {
      assetFromEnd: 11,
      description: 'SMS: a query told by SMS in Telugu',
      investment: 2_000_000,
      jobs: 4,
    });
    const zonal = await apiLogin(request, 'zonal_manager');
    await api(request, zonal, 'put', `/api/applications/${submitted.id}/status`, {
      status: 'under_scrutiny',
      current_stage: 'Under scrutiny',
    });
    const respondBy = new Date((await portalTime(request)) + 14 * 86_400_000).toISOString().slice(0, 10);
    await api(request, zonal, 'post', `/api/applications/${submitted.id}/queries`, {
      message: 'Please send the land use certificate.',
      respond_by: respondBy,
    });
    // Its submission's SMS first, then the query's.
    const text = await newestSms(page, sandbox, mobile, 3);
    expect(text).toContain(`మీ దరఖాస్తు ${submitted.application_number} పై ఒక ప్రశ్న అడిగారు. దయచేసి `);
    expect(text).toContain(' లోగా పారిశ్రామిక పోర్టల్‌లో జవాబు ఇవ్వండి.');

    await signInAs(page, 'admin');
    await navigateInApp(page, '/officer/outbox');
    const section = page.getByRole('region', { name: 'Text messages (SMS)' });
    await section.getByLabel('Message', { exact: true }).selectOption('query_raised');
    const table = section.getByRole('table', { name: 'Text messages' });
    await expect(table.getByText('Query raised').first()).toBeVisible();
    await expect(section.getByRole('table', { name: 'Messages and segments sent per day' })).toBeVisible();
    await scanAtWidths(page, 'the outbox with its SMS');
  } finally {
    await request.patch('/api/auth/me', { headers: owner, data: { language: 'en' } });
    await request.delete('/api/account/mobile', { headers: owner });
  }
});
