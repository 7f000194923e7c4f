// People are told: an officer's action reaches the applicant's bell and their mailbox (a real SMTP server, see
// support/mailbox.ts), and reading the notification clears it.
import { expect, test } from '@playwright/test';
import { api, apiLogin, submitCase } from './support/api';
import { mailTo } from './support/mailbox';
import { DEMO, signIn, signInAs, signOut, uniqueEmail } from './support/session';
import { navigateInApp } from './support/navigate';

test('an officer rejects a document: the applicant’s bell and mailbox say so with the reason, and reading clears it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const reason = `The bank letter is not signed (${Date.now()})`;
  const owner = await apiLogin(request, 'entrepreneur');
  const { id, application_number: number } = await test.step('the applicant submits a case', async () => {
    const created = await submitCase(request, owner, {
      assetFromEnd: 3,
      description: 'Food packaging unit (notifications e2e)',
      investment: 9_000_000,
      jobs: 18,
    });
    // What the applicant was told so far is read, so the bell starts at nothing unread.
    await api(request, owner, 'post', '/api/notifications/read-all');
    return created;
  });

  await test.step('the zonal manager takes it up and rejects the bank proof with a reason', async () => {
    await signInAs(page, 'zonal_manager');
    await navigateInApp(page, `/officer/applications/${id}`);
    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Update Status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    await dialog.getByLabel('New status').selectOption('under_scrutiny');
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('button', { name: 'Reject Bank Account Proof' }).click();
    const reject = page.getByRole('dialog', { name: /Reject Bank Account Proof/ });
    await reject.getByLabel('Reason for rejecting').fill(reason);
    await reject.getByRole('button', { name: 'Reject Document' }).click();
    await expect(reject).toHaveCount(0);
    await signOut(page);
  });

  await test.step('the applicant’s bell shows it unread, with the reason', async () => {
    await signInAs(page, 'entrepreneur');
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const item = page.getByRole('link', { name: new RegExp(`document on application ${number} was rejected`) });
    await expect(item).toBeVisible();
    await expect(item).toContainText(reason);
    await item.click();
    await expect(page).toHaveURL(`/applications/${id}`);
  });

  await test.step('reading it clears the bell', async () => {
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  });

  await test.step('the mail says the same, with the reason and a link to the application', async () => {
    const mail = await mailTo(DEMO.entrepreneur.email, new RegExp(`rejected on application ${number}`));
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain(`/applications/${id}`);
  });
});

test('a forgotten password: the mailed link sets a new one, old sessions end, and the new one signs in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('forgot');
  const oldPassword = 'Granite-Lantern-42';
  const newPassword = 'Copper-Monsoon-Harbour-7';
  const registered = await request.post('/api/auth/register', {
    data: { email, password: oldPassword, full_name: 'Kavya Menon' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/auth/login', { form: { username: email, password: oldPassword } });
  const oldToken = { authorization: `Bearer ${(await login.json()).access_token}` };

  await test.step('the sign-in page leads to the request, which answers the same for any address', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    // The URL changes before the page's code has loaded, while the sign-in page (with its own "Email address") is
    // still showing: wait for the new page's heading before typing.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  });

  const link = await test.step('the mail holds a one-time link to the reset page', async () => {
    const mail = await mailTo(email, /reset your password/i);
    const found = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(found, mail.text).toBeTruthy();
    return found!;
  });

  await test.step('the link sets the new password', async () => {
    await page.goto(link);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('Your password has been changed')).toBeVisible();
  });

  await test.step('the session from before the reset has ended, and the link cannot be used twice', async () => {
    expect((await request.get('/api/auth/me', { headers: oldToken })).status()).toBe(401);
    const again = await request.post('/api/auth/reset-password', {
      data: { token: new URL(link).searchParams.get('token'), password: 'Another-Distinct-Pass-9' },
    });
    expect(again.status()).toBe(400);
  });

  await test.step('the new password signs in; the old one does not', async () => {
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByText('Kavya Menon')).toBeVisible();
    const refused = await request.post('/api/auth/login', { form: { username: email, password: oldPassword } });
    expect(refused.status()).toBe(401);
  });
});
