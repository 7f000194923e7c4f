// The entrepreneur's journey as a new user lives it: register, sign in, complete the profile, apply through the
// wizard with three real files, submit, see the invoices, pay them and see the receipts; another entrepreneur
// cannot open that application by its address.
import { deflateSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, signOut, uniqueEmail } from './support/session';
import { payAndConfirm } from './support/gateway';

const PASSWORD = 'Journey@2026';

/** A valid one-page PDF. */
function pdfBytes(title: string): Buffer {
  const objects = [
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj',
    `4 0 obj<</Length ${44 + title.length}>>stream\nBT /F1 18 Tf 72 760 Td (${title}) Tj ET\nendstream endobj`,
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += `${object}\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A valid 8x8 grey PNG. */
function pngBytes(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array(8).fill(0x99)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Writes the applicant's three documents to a folder, as they would be on the user's computer. */
function documentsOnDisk(): { dpr: string; pan: string; bank: string } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-docs-'));
  const files = {
    dpr: path.join(folder, 'Detailed Project Report.pdf'),
    pan: path.join(folder, 'pan-card.png'),
    bank: path.join(folder, 'cancelled-cheque.pdf'),
  };
  fs.writeFileSync(files.dpr, pdfBytes('Detailed Project Report: solar inverter assembly'));
  fs.writeFileSync(files.pan, pngBytes());
  fs.writeFileSync(files.bank, pdfBytes('Cancelled cheque'));
  return files;
}

async function register(page: Page, fullName: string, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/');
}

function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-toast]').filter({ hasText: text });
}

test('a new entrepreneur applies, submits, pays both invoices and sees the receipts; another cannot open it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('applicant');
  await register(page, 'Priya Nair', email);
  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Priya Nair' })).toBeVisible();
  await expect(page.getByText('No applications yet')).toBeVisible();

  // Without a profile the wizard sends the user to /profile.
  await page.getByRole('link', { name: 'Start Your First Application' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(toast(page, 'Please complete your profile first')).toBeVisible();
  await expect(page.getByLabel('Category')).toHaveValue('general');
  await page.getByLabel('Organization Name').fill('Nair Solar Systems LLP');
  await page.getByLabel('PAN Number').fill('aaapn1234q');
  await page.getByLabel('GST Number (optional)').fill('36AAAPN1234Q1Z2');
  await page.getByLabel('Address').fill('Plot 7, Phase II, IDA Cherlapally');
  await page.getByLabel('City').fill('Hyderabad');
  await page.getByLabel('State').fill('Telangana');
  await page.getByLabel('Pincode').fill('500051');
  await page.getByLabel('Bank Name').fill('Punjab National Bank');
  await page.getByLabel('Account Number').fill('4455667788990');
  await page.getByLabel('IFSC Code').fill('punb0123400');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(toast(page, 'Profile created successfully')).toBeVisible();
  // The news that the profile was missing went when the news that it was created came.
  await expect(toast(page, 'Please complete your profile first')).toHaveCount(0);

  // Back in the wizard: step 1, the asset.
  await expect(page).toHaveURL('/applications/new');
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please select an asset' })).toBeVisible();
  const firstAsset = page.getByRole('radio').first();
  const assetLabel = (await firstAsset.getAttribute('aria-label'))!;
  const assetCode = assetLabel.split(',')[0]!;
  await firstAsset.check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Step 2, the project.
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByLabel('Project description').fill('Assembly of solar inverters for rooftop systems');
  await page.getByLabel('Estimated investment (₹)').fill('4500000');
  await page.getByLabel('Employment generation (jobs)').fill('28');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Step 3, three real files from disk.
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  const files = documentsOnDisk();
  await page.getByLabel('Choose file for DPR (Detailed Project Report)').setInputFiles(files.dpr);
  await page.getByLabel('Choose file for PAN Card').setInputFiles(files.pan);
  await page.getByLabel('Choose file for Bank Account Proof').setInputFiles(files.bank);
  await expect(page.getByText('Detailed Project Report.pdf')).toBeVisible();
  await expect(page.getByText('pan-card.png')).toBeVisible();
  await expect(page.getByText('cancelled-cheque.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Step 4, review and submit.
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await expect(page.getByText(assetCode, { exact: false }).first()).toBeVisible();
  await expect(page.getByText('₹45,00,000')).toBeVisible();
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(toast(page, 'Application created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}$/);
  const applicationUrl = new URL(page.url()).pathname;
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^APP-\d{4}-\d{6}$/);
  const applicationNumber = (await heading.textContent())!;
  await expect(page.getByText('DRAFT', { exact: true }).first()).toBeVisible();

  // The three documents arrived.
  await page.getByRole('tab', { name: 'Documents' }).click();
  const documents = page.getByRole('table', { name: 'Uploaded documents' });
  await expect(documents.getByRole('row')).toHaveCount(4);
  await expect(documents).toContainText('Detailed Project Report.pdf');
  await expect(documents).toContainText('pan-card.png');
  await expect(documents).toContainText('cancelled-cheque.pdf');

  // Submit, once confirmed: invoices are generated.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const submitConfirm = page.getByRole('dialog', { name: `Submit application ${applicationNumber}` });
  await expect(submitConfirm).toContainText('Your application will be sent for scrutiny');
  await submitConfirm.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, 'Application submitted successfully. Invoices have been generated.')).toBeVisible();
  await expect(page.getByText('SUBMITTED', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);

  // Pay both invoices and see the receipts.
  await page.getByRole('tab', { name: 'Payments' }).click();
  const invoices = page.getByRole('table', { name: 'Invoices for this application' });
  await expect(invoices.getByRole('row')).toHaveCount(3);
  await expect(invoices).toContainText('₹11,800');
  const payButtons = invoices.getByRole('button', { name: /^Pay Now/ });
  await expect(payButtons).toHaveCount(2);
  for (let paid = 1; paid <= 2; paid++) {
    await payButtons.first().click();
    // Paying asks first, naming the invoice and its amount, and says where the applicant is taken.
    const confirm = page.getByRole('dialog', { name: /^Pay invoice INV-\d{4}-\d{6}$/ });
    await expect(confirm).toContainText(/Pay ₹[\d,]+(\.\d\d)? for invoice INV-/);
    await expect(confirm).toContainText("You will be taken to the bank's secure payment page");
    // Out to the sandbox gateway (TEST MODE), paid there, and back once the bank's answer is believed.
    await payAndConfirm(page, { dialog: confirm });
    await page.goto(applicationUrl);
    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(payButtons).toHaveCount(2 - paid);
  }
  await expect(invoices.getByText('PAID', { exact: true })).toHaveCount(2);
  const history = page.getByRole('table', { name: 'Payments made for this application' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByText(/^RCP-\d{4}-\d{6}$/)).toHaveCount(2);
  await expect(history.getByText(/^pay_[A-Za-z0-9]+$/)).toHaveCount(2);
  await expect(history.getByText('SUCCESS', { exact: true })).toHaveCount(2);
  const receiptNumber = (await history
    .getByText(/^RCP-\d{4}-\d{6}$/)
    .first()
    .textContent())!;
  await history.getByRole('button', { name: `View Receipt ${receiptNumber}` }).click();
  const receipt = page.getByRole('dialog', { name: 'Payment Receipt' });
  await expect(receipt).toContainText(receiptNumber);
  await expect(receipt).toContainText(applicationNumber);
  await receipt.getByRole('button', { name: 'Close' }).last().click();
  await expect(receipt).toHaveCount(0);

  // The timeline tells the story, latest first.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const events = page.getByRole('tabpanel').getByRole('listitem');
  await expect(events.first()).toContainText('Payment received');
  await expect(events.last()).toContainText('Application created');

  // The dashboard and the list know the application.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Applications' }).click();
  await expect(page.getByRole('link', { name: new RegExp(applicationNumber) })).toBeVisible();

  // A second entrepreneur cannot open it by its address.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await register(otherPage, 'Arjun Mehta', uniqueEmail('other'));
  await otherPage.goto(applicationUrl);
  await expect(toast(otherPage, 'Failed to load application details')).toBeVisible();
  await expect(otherPage).toHaveURL('/applications');
  await expect(otherPage.getByText(applicationNumber)).toHaveCount(0);
  await other.close();
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the demo entrepreneur's screens fit the width, and an application opens with its tabs", async ({ page }) => {
    await signIn(page, 'entrepreneur@example.com');
    for (const address of ['/', '/applications', '/profile', '/service-requests', '/applications/new']) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${address} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await page.goto('/applications');
    await page.getByRole('link', { name: /APP-/ }).first().click();
    await expect(page.getByRole('tab', { name: 'Timeline' })).toBeVisible();
  });
});
