// The officers' workflow end to end, role by role, on one application an entrepreneur submitted: scrutiny and
// documents, the committee's decision in a meeting, payment, allotment, the lease deed (revised, then approved),
// possession, and what the applicant and the timeline show at the end.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signInAs, signOut, type DemoRole } from './support/session';
import { reviewAndConfirm } from './support/confirm';
import { payAndConfirm } from './support/gateway';

const PDF = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

/** The entrepreneur's part before the officers start: create, upload three documents, submit (through the API). */
async function submitApplication(request: APIRequestContext): Promise<{ id: string; number: string }> {
  const login = await request.post('/api/auth/login', {
    form: { username: DEMO.entrepreneur.email, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const assets = (await (await request.get('/api/assets/available', { headers })).json()) as { id: string }[];
  const created = await request.post('/api/applications', {
    headers,
    data: {
      asset_id: assets.at(-1)!.id,
      application_type: 'new',
      project_description: 'Auto components plant (officer workflow e2e)',
      estimated_investment: 30_000_000,
      employment_generation: 45,
    },
  });
  expect(created.status()).toBe(201);
  const application = (await created.json()) as { id: string; application_number: string };
  for (const type of ['dpr', 'pan_card', 'bank_proof']) {
    const upload = await request.post(`/api/applications/${application.id}/documents`, {
      headers,
      multipart: { document_type: type, file: { name: `${type}.pdf`, mimeType: 'application/pdf', buffer: PDF(type) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
  }
  expect((await request.post(`/api/applications/${application.id}/submit`, { headers })).ok()).toBe(true);
  return { id: application.id, number: application.application_number };
}

let signedIn = false;
async function as(page: Page, role: DemoRole): Promise<void> {
  if (signedIn) await signOut(page);
  await signInAs(page, role);
  signedIn = true;
}

const actions = (page: Page) => page.getByRole('region', { name: 'Actions' });
const statusLine = (page: Page) => page.getByRole('region', { name: 'Right now' });
const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text }).first();

async function openOfficerDetail(page: Page, id: string): Promise<void> {
  await page.goto(`/officer/applications/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Application APP-');
}

async function updateStatus(page: Page, to: string, label: string): Promise<void> {
  await actions(page).getByRole('button', { name: 'Update Status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Status' });
  await dialog.getByLabel('New status').selectOption(to);
  // Asking for payment cannot be undone: it is said in words and confirmed once more (decision 024).
  if (to === 'pending_payment') await reviewAndConfirm(dialog);
  else await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(toast(page, 'Status updated successfully')).toBeVisible();
  await expect(statusLine(page).getByText(label, { exact: true })).toBeVisible();
}

test('an application goes from submission to possession through every officer role', async ({ page, request }) => {
  test.setTimeout(240_000);
  const application = await submitApplication(request);

  await test.step('the zonal manager finds it, starts scrutiny, verifies the documents and sends it to the committee', async () => {
    await as(page, 'zonal_manager');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications' }).click();
    await page.getByLabel('Search').fill(application.number);
    await page.getByLabel('Status').selectOption('submitted');
    await page.getByRole('link', { name: new RegExp(application.number) }).click();
    await expect(page).toHaveURL(`/officer/applications/${application.id}`);
    await updateStatus(page, 'under_scrutiny', 'UNDER SCRUTINY');

    await page.getByRole('tab', { name: 'Documents' }).click();
    for (const name of ['DPR (Detailed Project Report)', 'PAN Card', 'Bank Account Proof']) {
      await page.getByRole('button', { name: `Verify ${name}` }).click();
      await expect(page.getByRole('button', { name: `Verify ${name}` })).toHaveCount(0);
    }
    await expect(page.getByRole('table', { name: 'Documents' }).getByText('VERIFIED')).toHaveCount(3);
    await updateStatus(page, 'pending_committee', 'PENDING COMMITTEE');
  });

  await test.step('the committee approves it in a meeting', async () => {
    await as(page, 'committee');
    await page.goto('/officer/meetings');
    // The page header's action (an empty meeting list offers the same button).
    await page.getByRole('button', { name: 'Create Meeting' }).first().click();
    const meeting = page.getByRole('dialog', { name: 'Create Meeting' });
    await meeting.getByLabel('Meeting date').fill('15/06/2026');
    await meeting.getByLabel('Agenda').fill('Allotment approvals');
    await meeting.getByRole('searchbox', { name: /Find an application/ }).fill(application.number);
    await meeting.getByLabel(new RegExp(application.number)).check();
    await meeting.getByRole('button', { name: 'Create Meeting' }).click();
    await expect(toast(page, 'Meeting created successfully')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Meetings' }).getByText('Allotment approvals')).toBeVisible();

    await page.getByRole('button', { name: `Record decision for ${application.number}` }).click();
    const decision = page.getByRole('dialog', { name: `Record decision for ${application.number}` });
    await expect(decision.getByLabel('Decision')).toHaveValue('approved');
    await reviewAndConfirm(decision);
    await expect(toast(page, 'Decision recorded successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: `Record decision for ${application.number}` })).toHaveCount(0);
  });

  await test.step('head office moves it to pending payment', async () => {
    await as(page, 'ho');
    await openOfficerDetail(page, application.id);
    // The committee's approval, wherever it is recorded, leaves the stage "Pending allotment".
    await expect(statusLine(page).getByText('Pending allotment', { exact: true })).toBeVisible();
    await updateStatus(page, 'pending_payment', 'PENDING PAYMENT');
  });

  await test.step('the applicant pays every invoice', async () => {
    await as(page, 'entrepreneur');
    await page.goto(`/applications/${application.id}`);
    await page.getByRole('tab', { name: 'Payments' }).click();
    const payButtons = page.getByRole('button', { name: /^Pay Now / });
    await expect(payButtons).toHaveCount(3);
    for (let left = 3; left > 0; left--) {
      await payButtons.first().click();
      // Out to the sandbox gateway, paid there, and back to the return page once the bank's answer is believed.
      await payAndConfirm(page);
      await page.goto(`/applications/${application.id}`);
      await page.getByRole('tab', { name: 'Payments' }).click();
      await expect(payButtons).toHaveCount(left - 1);
    }
  });

  await test.step('the committee creates a provisional allotment', async () => {
    await as(page, 'committee');
    await openOfficerDetail(page, application.id);
    await expect(statusLine(page).getByText('PAYMENT VERIFIED', { exact: true })).toBeVisible();
    await expect(actions(page).getByText('Update Status: none available for this status.')).toBeVisible();
    await actions(page).getByRole('button', { name: 'Create Allotment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Allotment' });
    await expect(dialog.getByLabel('Allotment type')).toHaveValue('provisional');
    await reviewAndConfirm(dialog);
    await expect(toast(page, 'Allotment created successfully')).toBeVisible();
    await expect(statusLine(page).getByText('PROVISIONAL ALLOTMENT', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'View Allotment Letter' }).click();
    await expect(page.getByRole('dialog', { name: 'Provisional Allotment Letter' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  const uploadDeed = async (label: string) => {
    await as(page, 'entrepreneur');
    await page.goto(`/applications/${application.id}`);
    await page.getByRole('button', { name: 'Upload Lease Deed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Lease Deed' });
    await dialog
      .getByLabel('Lease deed (PDF)')
      .setInputFiles({ name: `${label}.pdf`, mimeType: 'application/pdf', buffer: PDF(label) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Lease deed uploaded successfully')).toBeVisible();
  };

  const verifyDeed = async (verdict: string, remarks: string) => {
    await as(page, 'zonal_manager');
    await openOfficerDetail(page, application.id);
    await actions(page).getByRole('button', { name: 'Verify Lease Deed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify lease deed' });
    await dialog.getByLabel('Verification').selectOption(verdict);
    await dialog.getByLabel(/Remarks/).fill(remarks);
    // Only an approval (it makes the allotment final) asks once more.
    if (verdict === 'approved') await reviewAndConfirm(dialog);
    else await dialog.getByRole('button', { name: 'Save Verification' }).click();
    await expect(toast(page, 'Lease deed verification updated')).toBeVisible();
  };

  await test.step('the applicant uploads the lease deed and the zonal manager asks for a revision', async () => {
    await uploadDeed('lease-deed-v1');
    await verifyDeed('needs_revision', 'Stamp duty page missing');
    await expect(statusLine(page).getByText('PROVISIONAL ALLOTMENT', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Allotment & Possession' }).click();
    await expect(page.getByRole('tabpanel').getByText('Stamp duty page missing', { exact: true })).toBeVisible();
  });

  await test.step('after the re-upload the zonal manager approves it and records possession', async () => {
    await uploadDeed('lease-deed-v2');
    await verifyDeed('approved', 'In order');
    await expect(statusLine(page).getByText('FINAL ALLOTMENT', { exact: true })).toBeVisible();
    await actions(page).getByRole('button', { name: 'Record Possession' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record possession' });
    await expect(dialog.getByLabel('Boundary marked')).toBeChecked();
    await dialog.getByRole('button', { name: 'Review and confirm' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Please enter area verified');
    await dialog.getByLabel('Area verified').fill('1.25');
    await reviewAndConfirm(dialog);
    await expect(toast(page, 'Possession recorded and certificate issued')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Possession Certificate' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(statusLine(page).getByText('POSSESSION GIVEN', { exact: true })).toBeVisible();
  });

  await test.step('the applicant sees the final allotment letter and the possession certificate', async () => {
    await as(page, 'entrepreneur');
    await page.goto(`/applications/${application.id}`);
    await page.getByRole('tab', { name: 'Allotment & Possession' }).click();
    await page.getByRole('button', { name: 'View Allotment Letter' }).click();
    await expect(page.getByRole('dialog', { name: 'Final Allotment Letter' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'View Possession Certificate' }).click();
    await expect(page.getByRole('dialog', { name: 'Possession Certificate' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('the timeline tells every step, with the role or SYSTEM', async () => {
    await as(page, 'legal');
    await openOfficerDetail(page, application.id);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const expected: Array<[string, string]> = [
      ['Possession recorded', 'Lakshmi Rao (Zonal manager)'],
      ['Lease deed approved', 'Lakshmi Rao (Zonal manager)'],
      ['Lease deed needs revision', 'Lakshmi Rao (Zonal manager)'],
      ['Lease deed uploaded', 'Ravi Kumar (Entrepreneur)'],
      ['Allotment created', 'Anita Sharma (Committee)'],
      ['Payment received', 'Ravi Kumar (Entrepreneur)'],
      ['Invoice generated', 'SYSTEM'],
      ['Status changed to Pending payment', 'Suresh Reddy (Head office)'],
      ['Status changed to Approved', 'Anita Sharma (Committee)'],
      ['Placed on meeting agenda', 'Anita Sharma (Committee)'],
      ['Status changed to Pending committee', 'Lakshmi Rao (Zonal manager)'],
      ['Document verified', 'Lakshmi Rao (Zonal manager)'],
      ['Status changed to Under scrutiny', 'Lakshmi Rao (Zonal manager)'],
      ['Application submitted', 'Ravi Kumar (Entrepreneur)'],
    ];
    for (const [action, who] of expected) {
      await expect(
        timeline.getByRole('listitem').filter({ hasText: action }).filter({ hasText: who }).first(),
      ).toBeVisible();
    }
    await expect(timeline.getByRole('listitem').filter({ hasText: 'Document verified' })).toHaveCount(3);
    await expect(timeline.getByRole('listitem').filter({ hasText: 'Lease deed uploaded' })).toHaveCount(2);
    // Latest first.
    await expect(timeline.getByRole('listitem').first()).toContainText('Possession recorded');
  });
});
