// The New Application wizard as an applicant uses it: an empty step stops where it is with its errors; the review
// shows the fees submission will raise before the declaration, and one Submit creates, uploads and submits (the
// invoices are there at once); a saved draft is finished from its page; the fees are public at /fees.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { pdfOnDisk } from './support/api';
import { signInAs } from './support/session';
import { navigateInApp } from './support/navigate';

function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-toast]').filter({ hasText: text });
}

async function expectNoAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
    `accessibility violations on ${where}`,
  ).toEqual([]);
}

/** Step 1: chooses the first available asset; answers its code and the EMD its card announces. */
async function chooseFirstAsset(page: Page): Promise<{ code: string; emd: string }> {
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  const radio = page.getByRole('radio').first();
  const code = (await radio.getAttribute('aria-label'))!.split(',')[0]!;
  const assetId = (await radio.getAttribute('value'))!;
  const card = page.locator('label').filter({ has: page.locator(`input[type="radio"][value="${assetId}"]`) });
  await expect(card).toContainText('Fees on submission:');
  await expect(card).toContainText('processing fee ₹11,800 with GST');
  const emd = /EMD (₹[\d,]+)/.exec((await card.textContent())!)![1]!;
  await radio.check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  return { code, emd };
}

async function fillProjectDetails(page: Page) {
  await page.getByLabel('Project description').fill('Cold storage for horticulture produce');
  await page.getByLabel('Estimated investment (₹)').fill('7500000');
  await page.getByLabel('Employment generation (jobs)').fill('35');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
}

test.describe('the new application wizard', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'entrepreneur');
    await navigateInApp(page, '/applications/new');
  });

  test('an empty Project Details step stops at step 2 with its errors', async ({ page }) => {
    await chooseFirstAsset(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    const summary = page.getByRole('alert').filter({ hasText: 'Please fill all required fields' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'Enter a project description',
      'Enter the estimated investment in rupees, more than 0',
      'Enter the number of jobs, as a whole number',
    ]);
    await expect(page.getByLabel('Estimated investment (₹)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Estimated investment (₹)')).toHaveAccessibleDescription(
      'Enter the estimated investment in rupees, more than 0',
    );
    await expectNoAxeViolations(page, 'step 2 with errors');

    // The summary's link takes the applicant to the field.
    await summary.getByRole('link', { name: 'Enter the number of jobs, as a whole number' }).click();
    await expect(page.getByLabel('Employment generation (jobs)')).toBeFocused();
  });

  test('the wizard shows the fees before the declaration and submits in one go', async ({ page }) => {
    test.setTimeout(90_000);
    const asset = await chooseFirstAsset(page);
    await fillProjectDetails(page);
    await page.getByLabel('Choose file for DPR (Detailed Project Report)').setInputFiles(pdfOnDisk('dpr.pdf'));
    await expect(page.getByText('dpr.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Check your answers: the asset, the project, the documents with a warning, then the fees, then the declaration.
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await expect(page.getByText(`${asset.code} ·`)).toBeVisible();
    await expect(page.getByText('₹75,00,000')).toBeVisible();
    await expect(page.getByText('You have not attached: PAN Card, Bank Account Proof.')).toBeVisible();
    const fees = page.getByRole('region', { name: 'Fees you will pay' });
    await expect(fees).toContainText('Processing fee');
    await expect(fees).toContainText('₹11,800');
    await expect(fees).toContainText(asset.emd);
    await expect(fees).toContainText('First premium instalment');
    const declaration = page.getByRole('checkbox', { name: /^I declare that the information I have given/ });
    const feesBeforeDeclaration = await fees.evaluate(
      (region, checkbox) => Boolean(region.compareDocumentPosition(checkbox!) & Node.DOCUMENT_POSITION_FOLLOWING),
      await declaration.elementHandle(),
    );
    expect(feesBeforeDeclaration).toBe(true);
    await expectNoAxeViolations(page, 'the review step');

    // Change goes back to a step and returns to the review.
    await page.getByRole('button', { name: 'Change project information' }).click();
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await expect(page.getByText('Step 4 of 4')).toBeVisible();

    // Submit asks for the declaration first.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Confirm the declaration to submit your application' });
    await expect(summary).toBeFocused();
    await expect(declaration).toHaveAccessibleDescription('Confirm the declaration to submit your application');
    await declaration.check();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await expect(toast(page, 'Application created successfully!')).toContainText('has been submitted for scrutiny');
    await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}$/);
    await expect(page.getByText('SUBMITTED', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);

    // The invoices are the fees the review showed, and the document arrived.
    await page.getByRole('tab', { name: 'Payments' }).click();
    const invoices = page.getByRole('table', { name: 'Invoices for this application' });
    await expect(invoices.getByRole('row')).toHaveCount(3);
    await expect(invoices).toContainText('₹11,800');
    await expect(invoices).toContainText(asset.emd);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await expect(page.getByRole('table', { name: 'Uploaded documents' })).toContainText('dpr.pdf');
  });

  test('a draft saved from the wizard is finished from its own page', async ({ page }) => {
    test.setTimeout(60_000);
    await chooseFirstAsset(page);
    await fillProjectDetails(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('No documents uploaded')).toBeVisible();
    await page.getByRole('button', { name: 'Save as draft' }).click();

    await expect(toast(page, 'Application created successfully!')).toContainText('has not been submitted');
    await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}$/);
    await expect(page.getByText('DRAFT', { exact: true }).first()).toBeVisible();
    const applicationNumber = (await page.getByRole('heading', { level: 1 }).textContent())!;
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const confirm = page.getByRole('dialog', { name: `Submit application ${applicationNumber}` });
    await confirm.getByRole('button', { name: 'Submit Application' }).click();
    await expect(toast(page, 'Application submitted successfully. Invoices have been generated.')).toBeVisible();
    await expect(page.getByText('SUBMITTED', { exact: true }).first()).toBeVisible();
  });
});

test('the fees are public: the schedule and an estimate, before signing in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'See what an application costs' }).click();
  await expect(page).toHaveURL('/fees');
  await expect(page.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Fee schedule' })).toContainText('₹10,000 plus GST at 18%: ₹11,800');
  await page.getByLabel('Asset valuation (₹)').fill('5350000');
  await page.getByRole('button', { name: 'Estimate fees' }).click();
  const estimate = page.getByRole('region', { name: 'Estimate for an asset valued at ₹53,50,000' });
  await expect(estimate).toContainText('₹11,800');
  await expect(estimate).toContainText('₹5,35,000');
  await expect(estimate).toContainText('₹5,46,800');
  await expect(estimate).toContainText('₹13,37,500');
  await expectNoAxeViolations(page, '/fees');
});
