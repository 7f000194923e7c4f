// Where people stumbled on a case itself: the amount to pay that disagreed with the Pay button, the committee's two
// main actions for one decision, and My Applications' cards that could not be told apart.
import { expect, test } from '@playwright/test';
import { api, apiLogin, submitCase } from './support/api';
import { signInAs } from './support/session';
import { navigateInApp } from './support/navigate';

test.beforeEach(async ({ page }) => {
  // Each journey loads several screens; a busy machine takes its time.
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

const RUPEES = /₹\d(?:[\d,]*\d)?(?:\.\d+)?/g;

test('2. the right-now card asks for the one amount its Pay button pays, naming that invoice', async ({
  page,
  request,
}) => {
  const owner = await apiLogin(request, 'entrepreneur');
  const application = await submitCase(request, owner, {
    assetFromEnd: 5,
    description: 'Stumbles: the amount and the button',
    investment: 4_000_000,
    jobs: 7,
  });
  const invoices = await api<{ invoice_number: string; status: string; due_date: string }[]>(
    request,
    owner,
    'get',
    `/api/invoices?application_id=${application.id}`,
  );
  // The case this is about: more than one invoice is unpaid after submitting.
  expect(invoices.filter((invoice) => invoice.status !== 'paid').length).toBeGreaterThan(1);

  await signInAs(page, 'entrepreneur');
  await navigateInApp(page, `/applications/${application.id}`);
  const card = page.locator('section[aria-labelledby="right-now-title"]');
  const pay = card.getByRole('button', { name: /^Pay ₹[\d,]+ now$/ });
  await expect(pay).toBeVisible();
  const buttonAmount = (await pay.textContent())!.match(RUPEES)![0];
  const words = (await card.locator('[aria-live]').textContent()) ?? '';
  // Every amount the card asks for is the button's: no total of several invoices beside one invoice's button.
  expect(words.match(RUPEES)).toEqual([buttonAmount]);
  // And it names the invoice the button pays, the first one due, and says that more are unpaid.
  const first = [...invoices]
    .filter((invoice) => invoice.status !== 'paid')
    .sort((a, b) => a.due_date.localeCompare(b.due_date))[0]!;
  expect(words).toContain(`invoice ${first.invoice_number} of ${buttonAmount}`);
  expect(words).toMatch(/After it, \d+ more invoices? (is|are) unpaid\./);
  await pay.click();
  await expect(page.getByRole('dialog', { name: `Pay invoice ${first.invoice_number}` })).toBeVisible();
});

test('12. the committee has one action for its decision, and Update Status speaks in the words of the note', async ({
  page,
  request,
}) => {
  const committee = await apiLogin(request, 'committee');
  const waiting = await api<{ id: string }[]>(request, committee, 'get', '/api/applications?status=pending_committee');
  expect(waiting.length).toBeGreaterThan(0);
  await signInAs(page, 'committee');
  await navigateInApp(page, `/officer/applications/${waiting[0]!.id}`);
  const actions = page.getByRole('region', { name: 'Actions', exact: true });
  await expect(actions.getByRole('button', { name: 'Record Committee Decision' })).toBeVisible();
  // Approval and rejection are the decision's alone; Update Status, where shown, only sends the case back.
  const update = actions.getByRole('button', { name: 'Update Status' });
  if ((await update.count()) > 0) {
    await update.click();
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    await expect(dialog.getByLabel('New status').locator('option')).toHaveText(['Under scrutiny']);
    // A committee member does not assign the case to a committee member.
    await expect(dialog.getByText('Assign to a committee member')).toHaveCount(0);
  }
});

test('13. My Applications cards name the plot and its zone, and mark the one that waits on the applicant', async ({
  page,
  request,
}) => {
  const owner = await apiLogin(request, 'entrepreneur');
  const assets = await api<{ id: string; asset_code: string; zone: string }[]>(
    request,
    owner,
    'get',
    '/api/assets/available?limit=200',
  );
  const submitted = await submitCase(request, owner, {
    assetFromEnd: 7,
    description: 'Stumbles: a card that waits on the office',
    investment: 2_500_000,
    jobs: 4,
  });
  // An open query waits on its applicant; a submitted case waits on the zonal office.
  const queried = await submitCase(request, owner, {
    assetFromEnd: 8,
    description: 'Stumbles: a card that waits on the applicant',
    investment: 1_500_000,
    jobs: 3,
  });
  const zonal = await apiLogin(request, 'zonal_manager');
  await api(request, zonal, 'put', `/api/applications/${queried.id}/status`, {
    status: 'under_scrutiny',
    current_stage: 'Under scrutiny',
  });
  const respondBy = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await api(request, zonal, 'post', `/api/applications/${queried.id}/queries`, {
    message: 'Please send the land use certificate.',
    respond_by: respondBy,
  });
  const waiting = await api<{ waiting_on: string | null }>(request, owner, 'get', `/api/applications/${queried.id}`);
  expect(waiting.waiting_on).toBe('entrepreneur');
  const queriedAsset = assets.find((asset) => asset.id === queried.asset_id)!;
  const submittedAsset = assets.find((asset) => asset.id === submitted.asset_id)!;

  await signInAs(page, 'entrepreneur');
  for (const [number, asset, needed] of [
    [queried.application_number, queriedAsset, true],
    [submitted.application_number, submittedAsset, false],
  ] as const) {
    await page.goto(`/applications?q=${number}`);
    const card = page.getByRole('list', { name: 'Applications' }).getByRole('link').filter({ hasText: number });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`Plot${asset.asset_code}`);
    await expect(card).toContainText(`Location${asset.zone}`);
    if (needed) await expect(card.locator('[data-action-needed]')).toHaveText('Action needed');
    else await expect(card.locator('[data-action-needed]')).toHaveCount(0);
  }
});
