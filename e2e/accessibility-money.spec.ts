/** WCAG 2.1 A/AA scan (axe, as in accessibility-states.spec.ts) of paying through the gateway, in English, Hindi and
 * Telugu at the widths of support/scan-widths.ts: the pay
 * dialog open (its amount, the online payment and the bank transfer option), and the return page while the bank's
 * answer is awaited and once the payment is received; and finance's money screens with their dialogs: a bank
 * statement's import report, an unmatched credit's Settle dialog, the refunds with a refund's Prepare dialog open, an
 * application's statement of account, and the adjustments with a debit or credit being prepared. Controls and headings
 * are found by role and by their words in the app's own catalogues. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { navigateInApp, openScreen } from './support/navigate';
import { expectNoViolations, LANGUAGE_SCRIPTS, LANGUAGES, type Language } from './support/axe';
import { api, apiLogin, submitCase } from './support/api';
import { payAndConfirm } from './support/gateway';
import { signInAs } from './support/session';
import { scanWidths, widthsInName } from './support/scan-widths';

const WEB = path.resolve(import.meta.dirname, '../apps/web/src');
const AREAS = {
  applications: 'features/applications/applications',
  payment: 'features/money/components/payments/online-payment',
  return: 'features/money/gateway-payments',
  bank: 'features/money/bank-reconciliation',
  refunds: 'features/money/refunds',
  statements: 'features/money/statements',
  adjustments: 'features/money/adjustments',
} as const;
type Area = keyof typeof AREAS;
type Catalogue = { [key: string]: string | Catalogue };

/** The words of one language, read as the app reads them. */
function wordsOf(language: Language) {
  const catalogues = Object.fromEntries(
    Object.entries(AREAS).map(([area, folder]) => [
      area,
      JSON.parse(fs.readFileSync(path.join(WEB, folder, 'i18n', `${language}.json`), 'utf8')) as Catalogue,
    ]),
  ) as Record<Area, Catalogue>;
  return (area: Area, key: string, values: Record<string, string> = {}): string => {
    const found = key
      .split('.')
      .reduce<string | Catalogue | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        catalogues[area],
      );
    if (typeof found !== 'string') throw new Error(`${area}:${key} is missing from the ${language} catalogue`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
}

async function chooseLanguage(page: Page, language: Language) {
  if (language !== 'en') {
    await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
  }
}

/** Waits until the list behind has its searched page (the search reaches the address after a pause): a list fetching a
 * page is dimmed (its contrast drops) and marked busy, and a dialog opened meanwhile would be scanned over it. */
async function listSettled(page: Page) {
  await expect(page).toHaveURL(/q=/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

interface Invoice {
  id: string;
  invoice_number: string;
  status: string;
}

/** One submitted application of the demo entrepreneur for the whole file, and its invoices. */
let application: Promise<{ id: string; invoices: [Invoice, Invoice] }> | undefined;
/** One of its invoices paid through the gateway, in a browser of its own (in English): its order's return page then
 * says the payment was received in any language. */
let paidOrder: Promise<string> | undefined;

function prepareApplication(request: APIRequestContext) {
  application ??= (async () => {
    const owner = await apiLogin(request, 'entrepreneur');
    const created = await submitCase(request, owner, {
      assetFromEnd: 18,
      description: 'Accessibility of paying',
      investment: 2_600_000,
      jobs: 7,
    });
    const invoices = await api<Invoice[]>(request, owner, 'get', `/api/invoices?application_id=${created.id}`);
    expect(invoices.length).toBeGreaterThanOrEqual(2);
    return { id: created.id, invoices: invoices.slice(0, 2) as [Invoice, Invoice] };
  })();
  return application;
}

function preparePaidOrder(browser: Browser, request: APIRequestContext) {
  paidOrder ??= (async () => {
    const { id, invoices } = await prepareApplication(request);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAs(page, 'entrepreneur');
    await navigateInApp(page, `/applications/${id}`);
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByRole('button', { name: `Pay Now ${invoices[1].invoice_number}` }).click();
    await payAndConfirm(page);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await context.close();
    return orderId;
  })();
  return paidOrder;
}

/** A second application of the demo entrepreneur, every invoice paid and then withdrawn: its paid EMD is a refund due,
 * and its statement of account has entries on both sides. */
let withdrawn: Promise<{ id: string; application_number: string }> | undefined;

function prepareWithdrawn(request: APIRequestContext) {
  withdrawn ??= (async () => {
    const owner = await apiLogin(request, 'entrepreneur');
    const created = await submitCase(request, owner, {
      assetFromEnd: 20,
      description: 'Accessibility of the statement and the refund',
      investment: 2_700_000,
      jobs: 6,
    });
    const invoices = await api<{ id: string; amount: number; status: string }[]>(
      request,
      owner,
      'get',
      `/api/invoices?application_id=${created.id}`,
    );
    for (const invoice of invoices.filter((item) => item.status !== 'paid')) {
      await api(request, owner, 'post', '/api/payments', {
        invoice_id: invoice.id,
        application_id: created.id,
        amount: invoice.amount,
        payment_method: 'online',
      });
    }
    await api(request, owner, 'post', `/api/applications/${created.id}/withdraw`, { reason: 'Accessibility scan' });
    return created;
  })();
  return withdrawn;
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

for (const language of LANGUAGES) {
  const t = wordsOf(language);
  const script = LANGUAGE_SCRIPTS[language];
  for (const width of scanWidths(language)) {
    test(`the pay dialog open has no WCAG 2.1 AA violations in ${language} at ${width} px`, async ({
      page,
      request,
    }) => {
      const { id, invoices } = await prepareApplication(request);
      // The first invoice stays unpaid: its dialog is scanned in every language.
      const unpaid = invoices[0];
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'entrepreneur');
      await chooseLanguage(page, language);
      await page.goto(`/applications/${id}`);
      if (script) await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.getByRole('tab', { name: t('applications', 'detail.tabs.payments') }).click();
      await page
        .getByRole('button', {
          name: t('applications', 'detail.payments.payNowLabel', { number: unpaid.invoice_number }),
        })
        .click();
      const dialog = page.getByRole('dialog', { name: t('payment', 'title', { number: unpaid.invoice_number }) });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { name: t('payment', 'online.title') })).toBeVisible();
      await expectNoViolations(page, 'the pay dialog open');
    });

    test(`the payment return page has no WCAG 2.1 AA violations in ${language} at ${width} px`, async ({
      page,
      request,
      browser,
    }) => {
      test.setTimeout(120_000);
      const { invoices } = await prepareApplication(request);
      const paidOrderId = await preparePaidOrder(browser, request);
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'entrepreneur');
      await chooseLanguage(page, language);

      await test.step('the return page while the bank is confirming', async () => {
        // An order made and never paid: the page keeps checking, saying so.
        const owner = await apiLogin(request, 'entrepreneur');
        const { order } = await api<{ order: { id: string } }>(request, owner, 'post', '/api/payments/orders', {
          invoice_id: invoices[0].id,
        });
        await page.goto(`/payments/return/${order.id}`);
        await expect(page.getByRole('heading', { level: 1, name: t('return', 'title') })).toBeVisible();
        await expect(page.getByText(t('return', 'confirming')).first()).toBeVisible();
        await expectNoViolations(page, 'the return page confirming');
      });

      await test.step('the return page with the payment received', async () => {
        await page.goto(`/payments/return/${paidOrderId}`);
        await expect(page.getByRole('heading', { level: 1, name: t('return', 'title') })).toBeVisible();
        await expect(page.getByRole('link', { name: t('return', 'toApplication') })).toBeVisible();
        const received = t('return', 'paid', { amount: '\u0000', number: '\u0000' }).split('\u0000')[0]!;
        await expect(page.getByText(received, { exact: false })).toBeVisible({ timeout: 15_000 });
        await expectNoViolations(page, 'the return page with the payment received');
      });
    });
  }

  test(`finance's money screens and their dialogs have no WCAG 2.1 AA violations in ${language} at ${widthsInName(language)} px`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInAs(page, 'finance');
    await chooseLanguage(page, language);
    // A statement of its own (a UTR no other run has), with one credit quoting no challan: it waits unmatched.
    const utr = `A11Y${language.toUpperCase()}${Date.now()}`;
    const file = `statement-a11y-${language}-${Date.now()}.csv`;
    const csv = [
      'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
      `01/04/2026,01/04/2026,"By transfer-NEFT*HDFC0000123*A11y Traders*No reference",${utr},,"4,321.00","4,321.00"`,
    ].join('\n');

    for (const width of scanWidths(language)) {
      await page.setViewportSize({ width, height: 900 });

      await test.step(`bank statements with an import's report at ${width} px`, async () => {
        await openScreen(page, '/finance/bank-statements');
        await expect(page.getByRole('heading', { level: 1, name: t('bank', 'statements.title') })).toBeVisible();
        if (script) await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page
          .getByLabel(t('bank', 'upload.file'), { exact: true })
          .setInputFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await page.getByRole('button', { name: t('bank', 'upload.submit'), exact: true }).click();
        await expect(page.getByText(t('bank', 'report.title', { file })).first()).toBeVisible({ timeout: 20_000 });
        await expectNoViolations(page, `an import's report at ${width} px`);
      });

      await test.step(`unmatched credits with the Settle dialog open at ${width} px`, async () => {
        await openScreen(page, '/finance/bank-credits');
        await expect(page.getByRole('heading', { level: 1, name: t('bank', 'credits.title') })).toBeVisible();
        await page.getByLabel(t('bank', 'credits.filters.search'), { exact: true }).fill(utr);
        await listSettled(page);
        await page.getByRole('button', { name: t('bank', 'settle.buttonFor', { reference: utr }) }).click();
        const dialog = page.getByRole('dialog', { name: t('bank', 'settle.title') });
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, `the Settle dialog at ${width} px`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      await test.step(`refunds at ${width} px`, async () => {
        await openScreen(page, '/finance/refunds');
        await expect(page.getByRole('heading', { level: 1, name: t('refunds', 'title') })).toBeVisible();
        await expectNoViolations(page, `the refunds at ${width} px`);
      });
    }
  });
  test(`a statement of account, a refund's and an adjustment's dialogs have no WCAG 2.1 AA violations in ${language} at ${widthsInName(language)} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const application = await prepareWithdrawn(request);
    await signInAs(page, 'finance');
    await chooseLanguage(page, language);

    for (const width of scanWidths(language)) {
      await page.setViewportSize({ width, height: 900 });

      await test.step(`the application's statement of account at ${width} px`, async () => {
        await openScreen(page, `/statements/applications/${application.id}`);
        await expect(page.getByRole('heading', { level: 1, name: t('statements', 'title') })).toBeVisible();
        if (script) await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByText(t('statements', 'summary.closing')).first()).toBeVisible({ timeout: 15_000 });
        await expectNoViolations(page, `the statement of account at ${width} px`);
      });

      await test.step(`refunds due with a refund's Prepare dialog open at ${width} px`, async () => {
        await openScreen(page, '/finance/refunds');
        await expect(page.getByRole('heading', { level: 1, name: t('refunds', 'title') })).toBeVisible();
        await page.getByLabel(t('refunds', 'filters.search'), { exact: true }).fill(application.application_number);
        await listSettled(page);
        await page
          .getByRole('button', { name: t('refunds', 'prepare.buttonFor', { subject: application.application_number }) })
          .click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('button', { name: t('refunds', 'prepare.submit') })).toBeVisible();
        await expectNoViolations(page, `a refund's Prepare dialog at ${width} px`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      await test.step(`adjustments with a debit or credit being prepared at ${width} px`, async () => {
        await openScreen(page, '/finance/adjustments');
        await expect(page.getByRole('heading', { level: 1, name: t('adjustments', 'title') })).toBeVisible();
        await page.getByRole('button', { name: t('adjustments', 'correct.buttonFor') }).click();
        const dialog = page.getByRole('dialog', { name: t('adjustments', 'correct.title') });
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, `the adjustment's dialog at ${width} px`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });
    }
  });
}
