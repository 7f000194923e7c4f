// The state's single window (decision 036) end to end, against the sandbox single window as its own process: an
// investor files a Common Application Form there, clicks through and lands signed in on the prefilled draft, completes
// and submits it; an officer raises a query and the investor answers it; the sandbox shows "received", "query raised"
// and then "query answered", in order. The new screens are scanned with axe at the phone's and the desktop's widths.
import { expect, test, type Page } from '@playwright/test';
import { api, apiLogin, PDF } from './support/api';
import { expectNoViolations, LANGUAGES, type Language } from './support/axe';
import { scanWidths } from './support/scan-widths';
import { signInAs, signOut, uniqueEmail } from './support/session';

const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const SANDBOX = process.env.E2E_SINGLE_WINDOW_URLS?.split(' ')[slot] ?? '';
const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text }).first();

/** The statuses the sandbox shows for its CAF page, in order. */
async function statusesShown(page: Page): Promise<string[]> {
  return page
    .locator('ol[aria-label^="Statuses pushed"] li')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-status') ?? ''));
}

test('an investor files a CAF on the single window, lands on the prefilled draft and submits it; the statuses come back in order', async ({
  page,
  request,
}) => {
  test.skip(!SANDBOX, 'no sandbox single window in this tree');
  test.setTimeout(240_000);
  const owner = await apiLogin(request, 'entrepreneur');
  const plots = await api<{ asset_code: string; zone: string }[]>(
    request,
    owner,
    'get',
    '/api/assets/available?limit=200',
  );
  const plot = plots.at(-7)!;
  const email = uniqueEmail('single-window');

  let cafPage = '';
  await test.step('the investor files a Common Application Form on the single window', async () => {
    await page.goto(`${SANDBOX}/caf/new`);
    await expect(page.getByRole('note')).toContainText('TEST MODE');
    await page.getByLabel('Investor name').fill('Kavya Reddy');
    await page.getByLabel('Email (verified by the single window)').fill(email);
    await page.getByLabel('Mobile number').fill('9876543210');
    await page.getByLabel('Name of the unit').fill('Kavya Foods');
    await page.getByLabel('PAN of the unit').fill('KAVYA1234F');
    await page.getByLabel('Industrial park wanted').fill(plot.zone);
    await page.getByLabel(/^Plot code/).fill(plot.asset_code);
    await page.getByLabel('Investment (₹)').fill('32000000');
    await page.getByLabel('Employment (people)').fill('55');
    await page.getByLabel('Project', { exact: true }).fill('Millet processing and packaging');
    await page.getByRole('button', { name: 'Send to the corporation' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Common Application Form CAF-');
    await expect(page.getByTestId('application-number')).toHaveText(/^APP-\d{4}-\d{6}$/);
    await expect(page.getByText('No status pushed yet.')).toBeVisible();
    cafPage = page.url();
  });
  const applicationNumber = (await page.getByTestId('application-number').textContent())!;

  for (const width of scanWidths('en')) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `the sandbox's CAF page at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  let token = '';
  let applicationId = '';
  await test.step('the investor clicks through and lands signed in on the prefilled draft', async () => {
    await page.getByRole('link', { name: "Continue on the corporation's portal" }).click();
    await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(applicationNumber);
    await expect(page.getByText('DRAFT', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Millet processing and packaging').first()).toBeVisible();
    applicationId = new URL(page.url()).pathname.split('/').at(-1)!;
    token = (await page.evaluate(() => window.localStorage.getItem('token')))!;
    await page.getByRole('tab', { name: 'Documents' }).click();
    await expect(page.getByRole('table', { name: 'Uploaded documents' })).toContainText('detailed-project-report.pdf');
  });

  await test.step('the same link again signs nobody in', async () => {
    // A fresh page of the sandbox mints a fresh token; a used one is refused (reuse is the API tests').
    const refusedPage = await page.context().newPage();
    await refusedPage.goto('/single-window/handoff?caf=CAF-NOT-THIS&token=not.a.token');
    await expect(refusedPage.getByRole('alert')).toContainText('This link from the single window cannot be used');
    for (const width of scanWidths('en')) {
      await refusedPage.setViewportSize({ width, height: 900 });
      await expectNoViolations(refusedPage, `the refused handoff at ${width} px`, 'en');
    }
    await refusedPage.close();
  });

  await test.step('the investor completes the draft with the other documents and submits it', async () => {
    const investor = { authorization: `Bearer ${token}` };
    for (const type of ['pan_card', 'bank_proof']) {
      const upload = await request.post(`/api/applications/${applicationId}/documents`, {
        headers: investor,
        multipart: {
          document_type: type,
          file: { name: `${type}.pdf`, mimeType: 'application/pdf', buffer: PDF(type) },
        },
      });
      expect(upload.status(), await upload.text()).toBe(201);
    }
    await page.reload();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const confirm = page.getByRole('dialog', { name: `Submit application ${applicationNumber}` });
    await confirm.getByRole('button', { name: 'Submit Application' }).click();
    await expect(toast(page, 'Application submitted successfully.')).toBeVisible();
  });

  await test.step('the zonal manager raises a query; the investor answers it', async () => {
    const zonal = await apiLogin(request, 'zonal_manager');
    await api(request, zonal, 'put', `/api/applications/${applicationId}/status`, {
      status: 'under_scrutiny',
      current_stage: 'Under scrutiny',
    });
    await signOut(page);
    await signInAs(page, 'zonal_manager');
    await page.goto(`/officer/applications/${applicationId}`);
    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Raise Query' }).click();
    const dialog = page.getByRole('dialog', { name: 'Raise a query' });
    await dialog.getByLabel('What the applicant must send or explain').fill('Please send the FSSAI licence');
    await dialog.getByRole('button', { name: 'Raise Query' }).click();
    await expect(toast(page, 'Query raised')).toBeVisible();

    // The investor comes back from the single window (a fresh link) and answers on the portal.
    await signOut(page);
    await page.goto(cafPage);
    await page.getByRole('link', { name: "Continue on the corporation's portal" }).click();
    await expect(page).toHaveURL(new RegExp(`/applications/${applicationId}$`));
    const rightNow = page.getByRole('region', { name: 'Right now' });
    await rightNow.getByRole('button', { name: 'Answer query' }).click();
    await page.getByLabel('Your answer').fill('The FSSAI licence is attached.');
    await page.getByRole('button', { name: 'Send Answer' }).click();
    await expect(toast(page, 'Your answer has been sent')).toBeVisible();
  });

  await test.step('the single window shows received, query raised and then query answered, in order', async () => {
    await page.goto(cafPage);
    await expect(async () => {
      await page.reload();
      const shown = await statusesShown(page);
      const asked = shown.filter((code) => ['received', 'query_raised', 'query_answered'].includes(code));
      expect(asked).toEqual(['received', 'query_raised', 'query_answered']);
      expect(shown[0]).toBe('received');
    }).toPass({ timeout: 60_000, intervals: [1_000] });
  });

  await test.step("finance sees the pushes on the single window's outbox, scanned at both widths", async () => {
    await page.goto('/');
    await signOut(page);
    await signInAs(page, 'finance');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Single window' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Single window outbox' })).toBeVisible();
    const table = page.getByRole('region', { name: 'Status pushes to the single window' });
    await expect(table.getByText(applicationNumber).first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Delivery' }).selectOption('sent');
    await expect(table.getByText('Query answered (no.', { exact: false }).first()).toBeVisible();
    for (const width of scanWidths('en')) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoViolations(page, `the single window outbox at ${width} px`, 'en');
    }
  });
});

test('a CAF naming no plot: the investor chooses one on the portal, axe-clean at both widths, and lands on the draft', async ({
  page,
  request,
}) => {
  test.skip(!SANDBOX, 'no sandbox single window in this tree');
  const owner = await apiLogin(request, 'entrepreneur');
  const plots = await api<{ zone: string }[]>(request, owner, 'get', '/api/assets/available?limit=200');
  const park = plots.at(-9)!.zone;
  await page.goto(`${SANDBOX}/caf/new`);
  await page.getByLabel('Investor name').fill('Imran Khan');
  await page.getByLabel('Email (verified by the single window)').fill(uniqueEmail('single-window-noplot'));
  await page.getByLabel('Mobile number').fill('9123456780');
  await page.getByLabel('Name of the unit').fill('Khan Textiles');
  await page.getByLabel('PAN of the unit').fill('KHANT1234K');
  await page.getByLabel('Industrial park wanted').fill(park);
  await page.getByLabel('Investment (₹)').fill('18000000');
  await page.getByLabel('Employment (people)').fill('25');
  await page.getByLabel('Project', { exact: true }).fill('Handloom weaving');
  await page.getByRole('button', { name: 'Send to the corporation' }).click();
  const applicationNumber = (await page.getByTestId('application-number').textContent())!;
  await page.getByRole('link', { name: "Continue on the corporation's portal" }).click();
  await expect(page).toHaveURL(/\/single-window\/cafs\/CAF-/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plot' })).toBeVisible();
  await expect(page.getByText(applicationNumber)).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
  for (const width of scanWidths('en')) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `choosing the plot at ${width} px`, 'en');
  }
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Make My Draft' }).click();
  await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(applicationNumber);
  await expect(page.getByText('Handloom weaving').first()).toBeVisible();
});

for (const language of LANGUAGES.filter((code): code is Exclude<Language, 'en'> => code !== 'en')) {
  test(`the single window outbox and a refused handoff read in ${language}, axe-clean at the phone's width`, async ({
    page,
  }) => {
    await signInAs(page, 'finance');
    await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
    await page.goto('/officer/single-window-outbox');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const width of scanWidths(language)) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoViolations(page, `the single window outbox in ${language} at ${width} px`, language);
    }
    await page.goto('/single-window/handoff?caf=CAF-NOT-THIS&token=not.a.token');
    await expect(page.getByRole('alert')).toBeVisible();
    for (const width of scanWidths(language)) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoViolations(page, `the refused handoff in ${language} at ${width} px`, language);
    }
  });
}
