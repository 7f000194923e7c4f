// Forms people stumbled on (issue 22, items 4, 6, 7 and 10): the new service request dialog (one choice per thing,
// allotments of the chosen application only, its refusal in view), the wizard's first step (its own Next set apart
// from the asset list's pager, the chosen asset named beside it), codes and English left on Hindi and Telugu screens
// (the sign-in toast, timeline roles, units, categories, report codes, the status-change sentence), and submitting a
// draft from its page (the missing documents named, an upload button on its right-now card). The last test reads the
// screens these touch in Hindi and Telugu and finds no code in their visible text.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, apiLogin, submitCase, type Headers } from './support/api';
import { signIn, signInAs, DEMO } from './support/session';
import { navigateInApp } from './support/navigate';

type Language = 'en' | 'hi' | 'te';

/** The next page load is in the language, as if the reader had chosen it on this browser (signing in applies the
 * account's language, so this comes after it). */
async function chooseLanguage(page: Page, language: Language) {
  await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
}

/** Signs in afresh as another demo role (the sign-in page in English), leaving the screens in the language. */
async function switchTo(page: Page, role: keyof typeof DEMO, language: Language) {
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, DEMO[role].email);
  await chooseLanguage(page, language);
}

interface Case {
  id: string;
  number: string;
  assetId: string;
}

/** Available assets counted from the end of the first 200, kept apart from the other journeys' choices. */
const ASSETS_FROM_END = { allotted: 20, other: 21, draft: 22 } as const;

/** A submitted case moved by the API through scrutiny (so its timeline holds a status change by the zonal manager). */
async function scrutinisedCase(request: APIRequestContext, owner: Headers, assetFromEnd: number): Promise<Case> {
  const zonal = await apiLogin(request, 'zonal_manager');
  const created = await submitCase(request, owner, {
    assetFromEnd,
    description: `Precision Castings Unit ${assetFromEnd} (${Date.now()})`,
    investment: 8_000_000,
    jobs: 20,
  });
  await api(request, zonal, 'put', `/api/applications/${created.id}/status`, {
    status: 'under_scrutiny',
    // The stage is the officer's own words.
    current_stage: 'Scrutiny',
  });
  return { id: created.id, number: created.application_number, assetId: created.asset_id };
}

/** A case driven by the API to a provisional allotment; answers the allotment's number too. */
async function allottedCase(request: APIRequestContext, owner: Headers): Promise<Case & { allotment: string }> {
  const zonal = await apiLogin(request, 'zonal_manager');
  const committee = await apiLogin(request, 'committee');
  const ho = await apiLogin(request, 'ho');
  const found = await scrutinisedCase(request, owner, ASSETS_FROM_END.allotted);
  const move = (headers: Headers, status: string, stage: string) =>
    api(request, headers, 'put', `/api/applications/${found.id}/status`, { status, current_stage: stage });
  const documents = await api<{ id: string }[]>(request, zonal, 'get', `/api/applications/${found.id}/documents`);
  for (const document of documents) {
    await api(request, zonal, 'put', `/api/applications/${found.id}/documents/${document.id}/verify?verified=true`);
  }
  await move(zonal, 'pending_committee', 'Committee');
  await move(committee, 'approved', 'Approved');
  await move(ho, 'pending_payment', 'Payment');
  const invoices = await api<{ id: string; amount: number; status: string }[]>(
    request,
    owner,
    'get',
    `/api/invoices?application_id=${found.id}`,
  );
  for (const invoice of invoices.filter((item) => item.status !== 'paid')) {
    await api(request, owner, 'post', '/api/payments', {
      invoice_id: invoice.id,
      application_id: found.id,
      amount: invoice.amount,
      payment_method: 'online',
      transaction_reference: `FORMS-${invoice.id.slice(0, 8)}`,
    });
  }
  const allotment = await api<{ allotment_number: string }>(request, ho, 'post', '/api/allotments', {
    application_id: found.id,
    asset_id: found.assetId,
    allotment_type: 'provisional',
    allotment_date: new Date().toISOString().slice(0, 10),
  });
  return { ...found, allotment: allotment.allotment_number };
}

/** A draft with no documents at all, created through the API as the wizard's "Save as draft" would leave it. */
async function emptyDraft(request: APIRequestContext, owner: Headers): Promise<Case> {
  const assets = await api<{ id: string }[]>(request, owner, 'get', '/api/assets/available?limit=200');
  const created = await api<{ id: string; application_number: string; asset_id: string }>(
    request,
    owner,
    'post',
    '/api/applications',
    {
      asset_id: assets.at(-ASSETS_FROM_END.draft)!.id,
      application_type: 'new',
      project_description: 'Spice Grinding Unit',
      estimated_investment: 4_500_000,
      employment_generation: 12,
    },
  );
  return { id: created.id, number: created.application_number, assetId: created.asset_id };
}

/** Set up once: the allotted case, another submitted one and an empty draft of the demo entrepreneur. */
let allotted: Case & { allotment: string };
let other: Case;
let draft: Case;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const owner = await apiLogin(request, 'entrepreneur');
  allotted = await allottedCase(request, owner);
  other = await scrutinisedCase(request, owner, ASSETS_FROM_END.other);
  draft = await emptyDraft(request, owner);
});

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('item 4: a new service request has one choice per thing, allotments of the chosen application only, and its refusal in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await signInAs(page, 'entrepreneur');
  await navigateInApp(page, '/service-requests');
  await page.getByRole('button', { name: 'New Request' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Service Request' });
  await dialog.getByLabel('Request type').selectOption('mortgage_noc');

  // One field per choice: no "find by number" box beside a short list.
  await expect(dialog.getByRole('searchbox')).toHaveCount(0);
  const application = dialog.getByRole('combobox', { name: 'Application', exact: true });
  const allotment = dialog.getByRole('combobox', { name: 'Allotment', exact: true });
  await expect(application.locator('option', { hasText: allotted.number })).toHaveCount(1);

  // Nothing chosen: the allotment waits for the application.
  await expect(allotment).toBeDisabled();
  // Another application: its allotments only, and it has none.
  await application.selectOption({ label: other.number });
  await expect(allotment).toBeEnabled();
  await expect(dialog.getByText('This application has no allotment.')).toBeVisible();
  await expect(allotment.locator('option')).toHaveText(['None']);
  // The allotted application: its allotment is the one choice.
  await application.selectOption({ label: allotted.number });
  await expect(allotment.locator('option')).toHaveText(['None', allotted.allotment]);
  await allotment.selectOption({ label: allotted.allotment });
  // Changing the application clears an allotment that is not its own.
  await application.selectOption({ label: other.number });
  await expect(allotment).toHaveValue('');
  await application.selectOption({ label: allotted.number });
  await allotment.selectOption({ label: allotted.allotment });

  // A refusal (the server turning the request down) shows where the reader is looking, after Submit at the bottom.
  await page.route('**/api/service-requests', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ detail: 'The allotment belongs to another application' }),
        })
      : route.fallback(),
  );
  await dialog.getByLabel('Lender').fill('State Bank of India');
  await dialog.getByLabel('Loan amount in rupees').fill('2500000');
  await dialog.getByLabel('Description').fill('A mortgage NOC for the term loan on this plot');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toHaveText('Failed to submit request: The allotment belongs to another application');
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport({ ratio: 1 });
});

test("item 6: the wizard's Next is set apart from the asset list's pager, with the chosen asset beside it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await signInAs(page, 'entrepreneur');
  await chooseLanguage(page, 'hi');
  await page.goto('/applications/new');
  const list = page.getByRole('region', { name: 'उपलब्ध परिसंपत्तियों की सूची' });
  const steps = page.getByRole('group', { name: 'चरणों के बीच जाएँ' });
  // The list's pager is the list's own; the wizard's Next is in the wizard's own group, outside the list.
  await expect(list.getByRole('navigation', { name: 'उपलब्ध परिसंपत्तियों के पृष्ठ' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'आगे', exact: true })).toHaveCount(0);
  const next = steps.getByRole('button', { name: 'आगे', exact: true });
  await expect(next).toBeVisible();
  await expect(steps).toContainText('अभी कोई परिसंपत्ति नहीं चुनी गई');

  const radio = list.getByRole('radio').first();
  const code = (await radio.getAttribute('aria-label'))!.split(',')[0]!;
  await radio.check();
  // The chosen asset is named beside the wizard's Next.
  await expect(steps).toContainText(`चुनी गई: ${code}`);
  // Twenty asset cards no longer push the wizard's Next thousands of pixels down a phone's page (6,476 px before).
  const top = await next.evaluate((button) => button.getBoundingClientRect().top + window.scrollY);
  expect(top).toBeLessThan(2_500);
  await next.click();
  await expect(page.getByText('चरण 2 / 4')).toBeVisible();
});

test('item 7: the sign-in toast, roles, units, categories, report codes and the status sentence in the reader language', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await apiLogin(request, 'entrepreneur');

  await test.step('the sign-in toast is in the account language', async () => {
    const chosen = await request.patch('/api/auth/me', { headers: owner, data: { language: 'hi' } });
    expect(chosen.ok(), await chosen.text()).toBe(true);
    try {
      await signIn(page, DEMO.entrepreneur.email);
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await expect(page.getByText('साइन इन सफल रहा!')).toBeVisible();
      await expect(page.getByText('Login successful!')).toHaveCount(0);
    } finally {
      const response = await request.patch('/api/auth/me', { headers: owner, data: { language: 'en' } });
      expect(response.ok()).toBe(true);
    }
  });

  await test.step('the timeline names roles in words, and the status change reads as Hindi', async () => {
    await page.goto(`/applications/${allotted.id}`);
    await page.getByRole('tab', { name: 'समयरेखा' }).click();
    const timeline = page.getByRole('list', { name: /./ }).filter({ hasText: 'पिछली स्थिति' }).first();
    await expect(timeline).toContainText('पिछली स्थिति: जमा किया गया। नई स्थिति: जाँच में।');
    await expect(timeline).toContainText('आंचलिक प्रबंधक');
    await expect(timeline).toContainText('उद्यमी');
    await expect(timeline).not.toContainText('ZONAL MANAGER');
    await expect(timeline).not.toContainText('ENTREPRENEUR');
    await expect(timeline).not.toContainText('में में');
  });

  await test.step('the asset tab gives its unit and category in Hindi', async () => {
    await page.getByRole('tab', { name: 'परिसंपत्ति जानकारी' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText(/(वर्ग मी\.|वर्ग फुट|एकड़)/);
    await expect(panel).not.toContainText(/\b(sqm|sqft|acres)\b/);
    await expect(panel).not.toContainText(/\b(industrial|msme|food-processing|pharma|logistics)\b/);
  });

  await test.step('the wizard asset cards give units in Hindi, as the filter does', async () => {
    await page.goto('/applications/new');
    const first = page.getByRole('radio').first().locator('xpath=ancestor::label');
    await expect(first).toContainText(/क्षेत्रफल [\d,.]+ (वर्ग मी\.|वर्ग फुट|एकड़)/);
  });

  await test.step('the report gives the application type in Hindi; in English the chart option is a word', async () => {
    await switchTo(page, 'zonal_manager', 'hi');
    await page.goto('/officer/reports');
    await page.getByRole('button', { name: 'बनाएँ' }).click();
    const table = page.getByRole('table').filter({ hasText: 'आवेदन संख्या' }).first();
    await expect(table).toContainText('नया');
    await expect(table.getByRole('cell', { name: 'new', exact: true })).toHaveCount(0);
    await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByRole('button', { name: 'Generate' }).click();
    const group = page.getByLabel('Group the chart by');
    await expect(group.locator('option')).toHaveText(['Status', 'Zone']);
  });
});

test('item 10: submitting a draft from its page names the missing documents, and its right-now card offers the upload', async ({
  page,
}) => {
  await signInAs(page, 'entrepreneur');
  await navigateInApp(page, `/applications/${draft.id}`);
  await expect(page.getByRole('heading', { level: 1, name: draft.number })).toBeVisible();

  await page.getByRole('button', { name: 'Submit Application' }).click();
  const confirm = page.getByRole('dialog', { name: `Submit application ${draft.number}` });
  await expect(confirm).toContainText(
    'These required documents are not uploaded yet: DPR (Detailed Project Report), PAN Card, Bank Account Proof.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  const card = page.getByRole('region', { name: 'Right now' });
  await card.getByRole('button', { name: 'Upload documents' }).click();
  await expect(page.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Document type')).toBeFocused();
});

/** Words on screen that are codes: snake_case, ALL CAPS words (acronyms of up to three letters, MSME and JSON aside,
 * as in PAN, GST, IDA), and lowercase Latin words on a Hindi or Telugu screen (units such as sqm, categories such as msme,
 * types such as new). E-mail addresses, file names and times of day (the shared formatter's am/pm) are left out, and
 * so is the stage: free text today, made codes by another change (`stages` are its words as the API gives them). */
async function codesOnScreen(page: Page, stages: string[] = []): Promise<string[]> {
  // With a dialog open, what the reader reads is the dialog (the page behind it holds their own words, such as the
  // descriptions of earlier requests).
  let text = await page.evaluate(() => {
    const dialogs = [...document.querySelectorAll('[role="dialog"]')];
    return (dialogs.length ? dialogs : [...document.querySelectorAll('main')])
      .map((element) => (element as HTMLElement).innerText)
      .join('\n');
  });
  for (const stage of stages) text = text.split(stage).join(' ');
  text = text
    .replace(/\S+@\S+/g, ' ')
    .replace(/\S+\.(pdf|png|jpe?g)\b/gi, ' ')
    .replace(/\b\d{1,2}:\d{2}\s?(am|pm)\b/gi, ' ');
  const words = text.match(/[A-Za-z][A-Za-z0-9_-]*/g) ?? [];
  const codes = words.filter((word) => {
    if (/_/.test(word)) return true;
    if (/\d/.test(word)) return false; // numbers: APP-2026-000001, asset codes, SR-2026-000003
    if (/^[A-Z]{2,}(-[A-Z]+)*$/.test(word)) return word.length > 3 && !['MSME', 'JSON'].includes(word);
    return /^[a-z]/.test(word);
  });
  return [...new Set(codes)];
}

for (const language of ['hi', 'te'] as const) {
  test(`scan: the screens of items 4, 6, 7 and 10 show no codes in ${language}`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const zonal = await apiLogin(request, 'zonal_manager');
    const report = await api<{ data: Array<{ current_stage?: string }> }>(
      request,
      zonal,
      'get',
      '/api/reports/applications',
    );
    const stages = [...new Set(report.data.map((row) => row.current_stage ?? ''))]
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    await signInAs(page, 'entrepreneur');
    await chooseLanguage(page, language);
    const found: Record<string, string[]> = {};
    const read = async (screen: string) => {
      await expect(page.locator('main')).not.toContainText(/^$/);
      const codes = await codesOnScreen(page, stages);
      if (codes.length) found[screen] = codes;
    };

    await page.goto('/service-requests');
    await page.locator('main').getByRole('button').filter({ hasText: /./ }).first().waitFor();
    await page.locator('main button').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('combobox').nth(1).locator('option', { hasText: allotted.number })).toHaveCount(1);
    await dialog.getByRole('combobox').nth(1).selectOption({ label: allotted.number });
    await expect(dialog.getByRole('combobox').nth(2).locator('option', { hasText: allotted.allotment })).toHaveCount(1);
    await read('new service request');
    await page.keyboard.press('Escape');

    await page.goto('/applications/new');
    await expect(page.getByRole('radio').first()).toBeVisible();
    await page.getByRole('radio').first().check();
    await read('wizard step 1');

    await page.goto(`/applications/${allotted.id}`);
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (let index = 0; index < (await tabs.count()); index += 1) {
      await tabs.nth(index).click();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await read(`application tab ${index + 1}`);
    }

    await page.goto(`/applications/${draft.id}`);
    await expect(page.getByRole('heading', { level: 1, name: draft.number })).toBeVisible();
    await page
      .locator('main')
      .getByRole('button')
      .filter({ has: page.locator('svg.lucide-send') })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await read('draft submit confirmation');
    await page.keyboard.press('Escape');

    await switchTo(page, 'zonal_manager', language);
    await page.goto('/officer/reports');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('table').first()).toBeVisible();
    await read('applications report');

    expect(found).toEqual({});
  });
}
