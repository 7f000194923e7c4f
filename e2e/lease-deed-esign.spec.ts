// The allottee signs the portal's lease deed with Aadhaar eSign instead of uploading a scan (decision 035): from the
// application's page, after reading the deed, out to the sandbox eSign provider (TEST MODE), through its fake Aadhaar
// OTP page (a wrong OTP refused there), and back to the page that says the deed was signed. The zonal manager sees who
// eSigned it, downloads the deed, whose signatures pdfsig finds valid (the allottee's last, trusted through the
// sandbox's TEST CA and covering the whole file), and approves it.
//
// The entrepreneur is registered here and the plot taken to its allotment through the API, so no demo plot changes.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { reviewAndConfirm } from './support/confirm';
import { ENTREPRENEUR_PASSWORD as PASSWORD, plotAtLeaseDeed, registerEntrepreneur } from './support/estate';
import { downloadPdf } from './support/pdf';
// The same outside judge the API's tests use: poppler's pdfsig, trusting only the CAs it is given.
import { pdfsig } from '../apps/api/src/test/pdfsig';
import { signIn, signInAs, signOut } from './support/session';

const SIGNER = 'Kavitha Rao';
const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text }).first();

test('the allottee eSigns the lease deed at the eSign provider; the officer sees the signer, checks and approves it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const holder = await registerEntrepreneur(request, SIGNER, `Rao Precision Works ${Date.now()}`);
  const plot = await test.step('the plot is allotted provisionally: its lease deed is due (through the API)', () =>
    plotAtLeaseDeed(request, holder, { assetFromEnd: 24, description: 'Precision machining (eSign e2e)' }));

  const card = page.getByRole('region', { name: 'Sign the deed with Aadhaar eSign' });
  await test.step('the allottee is offered the eSign beside the upload, and reads the deed first', async () => {
    await signIn(page, holder.email, PASSWORD);
    await page.goto(`/applications/${plot.applicationId}`);
    await expect(card).toContainText("You will be taken to the eSign provider's page.");
    const deed = await downloadPdf(
      page,
      card.getByRole('button', { name: `Download PDF: lease deed ${plot.allotmentNumber}` }),
    );
    expect(deed.text).toContain('Lease Deed');
    expect(deed.text).toContain(plot.allotmentNumber);
    expect(deed.text).toContain('99 years');
    await expectNoViolations(page, 'the lease deed eSign offered', 'en');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoViolations(page, 'the lease deed eSign offered at 375 px', 'en');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  let espOrigin = '';
  await test.step('at the sandbox eSign provider: a wrong OTP is refused, the right one signs', async () => {
    await card.getByRole('button', { name: 'Sign the deed with Aadhaar eSign' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign with Aadhaar eSign' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('TEST MODE');
    espOrigin = new URL(page.url()).origin;
    await expect(page.getByLabel('Aadhaar number')).toHaveValue('999999990019');
    await page.getByLabel('Name as in Aadhaar').fill(SIGNER);
    await page.getByLabel('One-time password').fill('000000');
    await page.getByRole('button', { name: 'Sign the document' }).click();
    await expect(page.getByRole('alert')).toContainText('The one-time password is not right');
    await page.getByLabel('One-time password').fill('123456');
    await page.getByRole('button', { name: 'Sign the document' }).click();
  });

  await test.step('back in the portal, the page says the deed was signed and sent for verification', async () => {
    await expect(page).toHaveURL(new RegExp(`/applications/${plot.applicationId}\\?esign=signed$`));
    await expect(page.getByRole('status').filter({ hasText: 'Lease deed signed' })).toContainText(
      'Your lease deed was signed with Aadhaar eSign and sent to the corporation for verification.',
    );
    await expect(card).toHaveCount(0);
    await expectNoViolations(page, 'the eSign result', 'en');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoViolations(page, 'the eSign result at 375 px', 'en');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('tab', { name: 'Allotment & Possession' }).click();
    await expect(page.getByRole('tabpanel').getByText(`eSigned by ${SIGNER} with Aadhaar eSign`)).toBeVisible();
    await signOut(page);
  });

  await test.step('the zonal manager sees who eSigned it, and pdfsig finds its signatures valid', async () => {
    await signInAs(page, 'zonal_manager');
    await page.goto(`/officer/applications/${plot.applicationId}`);
    await page.getByRole('tab', { name: 'Allotment & Possession' }).click();
    await expect(page.getByRole('tabpanel').getByText(`eSigned by ${SIGNER} with Aadhaar eSign`)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download lease deed' }).click(),
    ]);
    const signed = fs.readFileSync((await download.path())!);
    const testCa = await (await request.get(`${espOrigin}/ca.pem`)).text();
    const signatures = pdfsig(signed, [testCa]);
    // The corporation's signature comes first and stays valid over the bytes it covers; the allottee's is added after
    // it and covers the whole file.
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.valid)).toBe(true);
    expect(signatures[0]!.signer).toContain('document signing');
    expect(signatures[1]).toEqual({ signer: SIGNER, valid: true, trusted: true, wholeDocument: true });

    // /verify reads the deed as genuine, signed by both; a copy with one byte changed is not.
    await page.goto('/verify');
    await page.getByLabel(/Choose a PDF file/).setInputFiles({
      name: 'lease-deed.pdf',
      mimeType: 'application/pdf',
      buffer: signed,
    });
    await expect(page.getByText(/^Genuine: lease-deed\.pdf is signed by the Corporation/)).toBeVisible();
    await expect(page.getByText(`Signed by the Corporation and by ${SIGNER}.`)).toBeVisible();
    await expectNoViolations(page, 'the verify page with an eSigned deed', 'en');
    const edited = Buffer.from(signed);
    const at = edited.indexOf('(Industrial Infrastructure Corporation)');
    expect(at).toBeGreaterThan(0);
    edited[at + 2]! ^= 0x20;
    await page.getByLabel(/Choose a PDF file/).setInputFiles({
      name: 'edited.pdf',
      mimeType: 'application/pdf',
      buffer: edited,
    });
    await expect(page.getByText('Not genuine: edited.pdf has been changed since it was signed.')).toBeVisible();
    await page.goto(`/officer/applications/${plot.applicationId}`);
    await page.getByRole('tab', { name: 'Allotment & Possession' }).click();
  });

  await test.step('the zonal manager approves the eSigned deed as any deed', async () => {
    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Verify Lease Deed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify lease deed' });
    await dialog.getByLabel(/Remarks/).fill('eSigned deed in order');
    await reviewAndConfirm(dialog);
    await expect(toast(page, 'Lease deed verification updated')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Right now' }).getByText('FINAL ALLOTMENT', { exact: true }),
    ).toBeVisible();
  });
});
