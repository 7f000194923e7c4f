// Confirm what cannot be undone (decision 024): one case, walked by the API to each status where a person may take an
// irreversible step, and at each the demo role opens the step, reaches its confirmation (which names the chosen
// outcome), cancels there, and the case is unchanged, read back through the API. One sign-in per role.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, apiLogin, submitCase, type Headers } from './support/api';
import { signInAs, signOut } from './support/session';
import { navigateInApp } from './support/navigate';

interface CaseState {
  status: string;
  current_stage: string;
  updated_at: string;
}

/** Reaches the confirmation, checks its words, cancels there, and checks nothing was sent. */
async function cancelAtConfirmation(dialog: Locator, says: RegExp, how: 'escape' | 'back' = 'escape') {
  await dialog.getByRole('button', { name: 'Review and confirm' }).click();
  const step = dialog.getByTestId('confirm-step');
  await expect(step).toBeVisible();
  await expect(step).toContainText(says);
  if (how === 'back') {
    // Go back keeps the fields; Cancel then closes the dialog.
    await dialog.getByTestId('confirm-step-back').click();
    await expect(step).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  } else {
    await dialog.page().keyboard.press('Escape');
  }
  await expect(dialog).toHaveCount(0);
}

test('each irreversible step of a case stops at its confirmation, and cancelling there changes nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await apiLogin(request, 'entrepreneur');
  const created = await submitCase(request, owner, {
    assetFromEnd: 16,
    description: 'Confirmation walk: cold-pressed oil unit',
    investment: 18_000_000,
    jobs: 22,
  });
  const [zonal, committee] = await Promise.all([apiLogin(request, 'zonal_manager'), apiLogin(request, 'committee')]);
  const state = () => api<CaseState>(request, zonal, 'get', `/api/applications/${created.id}`);
  const move = (headers: Headers, status: string, current_stage: string) =>
    api(request, headers, 'put', `/api/applications/${created.id}/status`, { status, current_stage });
  const unchanged = async (before: CaseState) => expect(await state()).toEqual(before);
  const actions = (p: Page) => p.getByRole('region', { name: 'Actions', exact: true });
  const openCase = async (p: Page) => {
    await p.goto(`/officer/applications/${created.id}`);
    await expect(p.getByRole('heading', { level: 1 })).toContainText(created.application_number);
  };

  await test.step('the applicant: withdrawing', async () => {
    const before = await state();
    await signInAs(page, 'entrepreneur');
    await navigateInApp(page, `/applications/${created.id}`);
    await page.getByRole('button', { name: 'Withdraw application' }).click();
    const dialog = page.getByRole('dialog', { name: `Withdraw application ${created.application_number}?` });
    await cancelAtConfirmation(dialog, new RegExp(`${created.application_number} will be WITHDRAWN`));
    await unchanged(before);
    await signOut(page);
  });

  await move(zonal, 'under_scrutiny', 'Under scrutiny');

  await test.step('the zonal manager: a rejection, which needs its reason', async () => {
    const before = await state();
    await signInAs(page, 'zonal_manager');
    await openCase(page);
    await actions(page).getByRole('button', { name: 'Update Status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    await dialog.getByLabel('New status').selectOption('rejected');
    // No reason: refused in the form, nothing sent.
    await dialog.getByRole('button', { name: 'Review and confirm' }).click();
    await expect(dialog.getByTestId('confirm-step')).toHaveCount(0);
    await dialog.getByLabel('Reason for the rejection').fill('The activity is not allowed in this estate');
    await cancelAtConfirmation(dialog, /will move from Under scrutiny to REJECTED/, 'back');
    await unchanged(before);
    await signOut(page);
  });

  await test.step('the committee: a rejection, then an approval', async () => {
    const documents = await api<{ id: string }[]>(request, zonal, 'get', `/api/applications/${created.id}/documents`);
    for (const document of documents)
      await api(request, zonal, 'put', `/api/applications/${created.id}/documents/${document.id}/verify?verified=true`);
    await move(zonal, 'pending_committee', 'Pending committee');
    const before = await state();
    await signInAs(page, 'committee');
    await openCase(page);
    for (const [decision, says] of [
      ['rejected', /will be REJECTED/],
      ['approved', /will be APPROVED/],
    ] as const) {
      await actions(page).getByRole('button', { name: 'Record Committee Decision' }).click();
      const dialog = page.getByRole('dialog', { name: 'Committee decision' });
      await dialog.getByLabel('Decision').selectOption(decision);
      await dialog.getByLabel(/Remarks/).fill('Heard the applicant; see the minutes');
      await cancelAtConfirmation(dialog, says);
    }
    await unchanged(before);
  });

  await test.step('the committee: an allotment', async () => {
    await move(committee, 'approved', 'Approved');
    const before = await state();
    await openCase(page);
    await actions(page).getByRole('button', { name: 'Create Allotment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Allotment' });
    await dialog.getByLabel('Allotment type').selectOption('final');
    await cancelAtConfirmation(dialog, /will be given a FINAL allotment/);
    await unchanged(before);
    await signOut(page);
  });

  await test.step('head office: asking for payment', async () => {
    const before = await state();
    await signInAs(page, 'ho');
    await openCase(page);
    await actions(page).getByRole('button', { name: 'Update Status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    await dialog.getByLabel('New status').selectOption('pending_payment');
    await cancelAtConfirmation(dialog, /to PENDING PAYMENT/);
    await unchanged(before);
  });
});
