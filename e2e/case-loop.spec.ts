// The case loop end to end: a document rejected with a reason and replaced, a query raised and answered, then on to
// possession; at every step the applicant's "Right now" card and the inbox of whoever the case waits on are checked.
import { expect, test, type Page } from '@playwright/test';
import { api, apiLogin, PDF, submitCase, type Headers } from './support/api';
import { signInAs, signOut, type DemoRole } from './support/session';

let signedIn = false;
async function as(page: Page, role: DemoRole): Promise<void> {
  if (signedIn) await signOut(page);
  await signInAs(page, role);
  signedIn = true;
}

const rightNow = (page: Page) => page.getByRole('region', { name: 'Right now' });
const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text }).first();

/** The applicant's card for the application says `text` (and offers `button` when given). */
async function applicantSees(page: Page, id: string, text: string | RegExp, button?: string | RegExp): Promise<void> {
  await as(page, 'entrepreneur');
  await page.goto(`/applications/${id}`);
  await expect(rightNow(page)).toContainText(text);
  if (button) await expect(rightNow(page).getByRole('button', { name: button })).toBeVisible();
}

const inbox = (page: Page) => page.getByRole('region', { name: 'Waiting on me' });

/** The case is in `role`'s "Waiting on me" (or not), filtered to its status so the list stays short. */
async function inboxOf(page: Page, role: DemoRole, status: string, number: string, present = true): Promise<void> {
  await as(page, role);
  await page.goto(`/officer?status=${status}`);
  const row = inbox(page).getByRole('link', { name: new RegExp(number) });
  if (present) {
    await expect(row).toBeVisible();
  } else {
    // Wait for the list (or its empty state) to be the answer for this status before looking for the row.
    await expect(
      inbox(page)
        .getByText(/Nothing waiting on you matches|Showing/)
        .first(),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
  }
}

async function updateStatus(page: Page, to: string): Promise<ReturnType<Page['getByRole']>> {
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Update Status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Status' });
  await dialog.getByLabel('New status').selectOption(to);
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  return dialog;
}

test('a case goes back to the applicant twice and on to possession, each side seeing the same step', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const owner = await apiLogin(request, 'entrepreneur');
  const application = await submitCase(request, owner, {
    assetFromEnd: 2,
    description: 'Spice processing unit (case loop e2e)',
    investment: 12_000_000,
    jobs: 25,
  });
  const { id, application_number: number } = application;

  await test.step('submitted: the applicant is told the zonal office has it; it is in the zonal inbox', async () => {
    await applicantSees(page, id, 'waiting for scrutiny by the zonal office');
    await expect(rightNow(page)).toContainText('We aim to finish this step by');
    await inboxOf(page, 'zonal_manager', 'submitted', number);
  });

  await test.step('the zonal manager verifies two documents and rejects the bank proof with a reason', async () => {
    await inbox(page)
      .getByRole('link', { name: new RegExp(number) })
      .click();
    await expect(page).toHaveURL(`/officer/applications/${id}`);
    const dialog = await updateStatus(page, 'under_scrutiny');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('tab', { name: 'Documents' }).click();
    for (const name of ['DPR (Detailed Project Report)', 'PAN Card']) {
      await page.getByRole('button', { name: `Verify ${name}` }).click();
      await expect(page.getByRole('button', { name: `Verify ${name}` })).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Reject Bank Account Proof' }).click();
    const reject = page.getByRole('dialog', { name: /Reject Bank Account Proof/ });
    await reject.getByRole('button', { name: 'Reject Document' }).click();
    await expect(reject.getByLabel('Reason for rejecting')).toHaveAccessibleDescription(/at least 5 characters/);
    await reject.getByLabel('Reason for rejecting').fill('The bank letter is not signed by the branch manager');
    await reject.getByRole('button', { name: 'Reject Document' }).click();
    await expect(reject).toHaveCount(0);
  });

  await test.step('the committee move is refused while the bank proof is rejected', async () => {
    const dialog = await updateStatus(page, 'pending_committee');
    await expect(dialog).toContainText(
      'These required documents must be uploaded and verified first: Bank Account Proof.',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  await test.step('the applicant sees the reason and uploads a replacement', async () => {
    await applicantSees(page, id, 'Some of your documents were not accepted', 'Upload corrected documents');
    await rightNow(page).getByRole('button', { name: 'Upload corrected documents' }).click();
    await expect(page.getByText('Reason: The bank letter is not signed by the branch manager').first()).toBeVisible();
    await page.getByRole('button', { name: 'Upload a replacement for Bank Account Proof' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a replacement for Bank Account Proof' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bank-signed.pdf', mimeType: 'application/pdf', buffer: PDF('signed') });
    await dialog.getByRole('button', { name: 'Upload Document' }).click();
    await expect(toast(page, 'Replacement uploaded')).toBeVisible();
    await expect(rightNow(page)).toContainText('checking your application');
  });

  await test.step('the zonal manager verifies the replacement and raises a query; the case leaves the inbox', async () => {
    await inboxOf(page, 'zonal_manager', 'under_scrutiny', number);
    await page.goto(`/officer/applications/${id}`);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('button', { name: 'Verify Bank Account Proof' }).click();
    await expect(page.getByRole('button', { name: 'Verify Bank Account Proof' })).toHaveCount(0);
    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Raise Query' }).click();
    const dialog = page.getByRole('dialog', { name: 'Raise a query' });
    await dialog
      .getByLabel('What the applicant must send or explain')
      .fill('Please confirm the effluent treatment capacity');
    await dialog.getByRole('button', { name: 'Raise Query' }).click();
    await expect(toast(page, 'Query raised')).toBeVisible();
    await inboxOf(page, 'zonal_manager', 'under_scrutiny', number, false);
  });

  await test.step('the applicant answers the query', async () => {
    await applicantSees(page, id, 'has asked you a question', 'Answer query');
    await rightNow(page).getByRole('button', { name: 'Answer query' }).click();
    await expect(page.getByText('Please confirm the effluent treatment capacity').first()).toBeVisible();
    await page.getByLabel('Your answer').fill('Our plant treats 20 KLD; the design note is attached to the DPR.');
    await page.getByRole('button', { name: 'Send Answer' }).click();
    await expect(toast(page, 'Your answer has been sent')).toBeVisible();
    await expect(rightNow(page)).toContainText('checking your application');
  });

  await test.step('back in the zonal inbox; closed and sent to the committee', async () => {
    await inboxOf(page, 'zonal_manager', 'under_scrutiny', number);
    await page.goto(`/officer/applications/${id}`);
    await page.getByRole('tab', { name: 'Queries' }).click();
    await expect(page.getByText('Our plant treats 20 KLD').first()).toBeVisible();
    await page.getByRole('button', { name: /Close the query raised on/ }).click();
    await expect(toast(page, 'Query closed')).toBeVisible();
    const dialog = await updateStatus(page, 'pending_committee');
    await expect(toast(page, 'Status updated successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  const zonal = await apiLogin(request, 'zonal_manager');
  const committee = await apiLogin(request, 'committee');
  const ho = await apiLogin(request, 'ho');
  const move = (headers: Headers, status: string, stage: string) =>
    api(request, headers, 'put', `/api/applications/${id}/status`, { status, current_stage: stage });

  await test.step('pending committee: with the committee on both sides', async () => {
    await applicantSees(page, id, 'with the committee for a decision');
    await inboxOf(page, 'committee', 'pending_committee', number);
  });

  await test.step('approved, then pending payment: the applicant is asked to pay the amount', async () => {
    await move(committee, 'approved', 'Approved by SLSC');
    await applicantSees(page, id, 'Your application is approved');
    await inboxOf(page, 'ho', 'approved', number);
    await move(ho, 'pending_payment', 'Pending payment');
    await applicantSees(
      page,
      id,
      /Please pay invoice INV-\d{4}-\d+ of ₹[\d,]+ to move your application on/,
      /Pay ₹[\d,]+ now/,
    );
    await inboxOf(page, 'ho', 'pending_payment', number, false);
  });

  await test.step('every invoice paid: payment verified, head office to allot', async () => {
    const invoices = await api<{ id: string; amount: number; status: string }[]>(
      request,
      owner,
      'get',
      `/api/invoices?application_id=${id}`,
    );
    for (const invoice of invoices.filter((item) => item.status !== 'paid')) {
      await api(request, owner, 'post', '/api/payments', {
        invoice_id: invoice.id,
        application_id: id,
        amount: invoice.amount,
        payment_method: 'online',
        transaction_reference: `CASE-LOOP-${invoice.id.slice(0, 8)}`,
      });
    }
    await applicantSees(page, id, 'Your payments are verified');
    await inboxOf(page, 'ho', 'payment_verified', number);
  });

  const allotment = await test.step('a provisional allotment: the applicant is asked for the lease deed', async () => {
    const created = await api<{ id: string }>(request, ho, 'post', '/api/allotments', {
      application_id: id,
      asset_id: application.asset_id,
      allotment_type: 'provisional',
      allotment_date: new Date().toISOString().slice(0, 10),
    });
    await applicantSees(page, id, 'Upload the executed lease deed', 'Upload lease deed');
    return created;
  });

  await test.step('the lease deed with the zonal office, then approved: both sides expect possession', async () => {
    const upload = await request.post(`/api/allotments/${allotment.id}/lease-deed`, {
      headers: owner,
      multipart: { file: { name: 'lease-deed.pdf', mimeType: 'application/pdf', buffer: PDF('deed') } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    await applicantSees(page, id, 'Your lease deed is with the zonal office');
    await inboxOf(page, 'zonal_manager', 'lease_submitted', number);
    await api(request, zonal, 'put', `/api/allotments/${allotment.id}/lease-deed/verify`, {
      verification_status: 'approved',
      remarks: 'In order',
    });
    await applicantSees(page, id, 'The zonal office will hand over possession');
    await inboxOf(page, 'zonal_manager', 'final_allotment', number);
    await page.goto(`/officer/applications/${id}`);
    await expect(page.getByRole('region', { name: 'Right now' })).toContainText('to record possession');
  });

  await test.step('possession recorded: the case waits on nobody', async () => {
    await api(request, zonal, 'post', `/api/allotments/${allotment.id}/possession`, {
      possession_date: new Date().toISOString().slice(0, 10),
      area_verified: 100,
      boundary_marked: true,
    });
    await applicantSees(page, id, 'Possession has been handed over');
    await inboxOf(page, 'zonal_manager', 'possession_given', number, false);
  });
});
