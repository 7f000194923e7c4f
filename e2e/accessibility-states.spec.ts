/** WCAG 2.1 A/AA scan (axe, as in accessibility.spec.ts) of the states a page scan does not reach, in English, Hindi and
 * Telugu at the widths of support/scan-widths.ts: a dialog open, the same dialog refusing an empty submit (its error
 * summary and field errors), a toast on screen, and a form page with its error summary. Dialogs, buttons and headings
 * are found by role and by their words in the app's own catalogues, so the scan follows whatever markup the dialogs
 * have. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openScreen } from './support/navigate';
import { expectNoViolations, LANGUAGE_SCRIPTS, LANGUAGES, type Language } from './support/axe';
import { apiLogin, submitCase } from './support/api';
import { signInAs, uniqueEmail } from './support/session';
import { scanWidths } from './support/scan-widths';

const WEB = path.resolve(import.meta.dirname, '../apps/web/src');
const AREAS = {
  common: 'app',
  auth: 'features/auth',
  applications: 'features/applications/applications',
  users: 'features/users',
  allotments: 'features/estate/allotments',
  'show-causes': 'features/estate/components/show-causes',
  ui: 'components/ui',
} as const;
type Area = keyof typeof AREAS;
type Catalogue = { [key: string]: string | Catalogue };

/** The words of one language, read as the app reads them: t('applications', 'raiseQuery.title'). */
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

/** A name made from a catalogue entry whose {{plot}} is any plot: the words around it, in order. */
function withAnyPlot(words: string): RegExp {
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${words.split('\u0000').map(escape).join('.+')}$`);
}

/** From here every page load starts in the language, as if the reader had chosen it on this browser. */
async function chooseLanguage(page: Page, language: Language) {
  if (language !== 'en') {
    await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
  }
}

/** Opens a page and waits for its heading, in the language's script unless it is a number (an application's). */
async function open(page: Page, url: string, language: Language, heading?: string, inScript = true) {
  await openScreen(page, url);
  const h1 = page.getByRole('heading', { level: 1, ...(heading && { name: heading }) }).first();
  await expect(h1).toBeVisible();
  const script = LANGUAGE_SCRIPTS[language];
  if (script) {
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    if (inScript) await expect(h1).toHaveText(script);
  }
}

/** The toast on screen with these words (the toaster is a region named in the reader's language). */
function toastSaying(page: Page, t: ReturnType<typeof wordsOf>, words?: string | RegExp): Locator {
  const toasts = page.getByRole('region', { name: new RegExp(`^${t('ui', 'toasts.region')}`) }).getByRole('listitem');
  return words === undefined ? toasts.first() : toasts.filter({ hasText: words });
}

/** Holds a toast on screen: the focus goes to its close button (the list item itself cannot take the focus), and the
 * toaster keeps every toast while the focus is inside it. */
async function holdToast(toast: Locator) {
  await toast.getByRole('button').focus();
  await expect(toast.getByRole('button')).toBeFocused();
}

/** Scans with a toast on screen, keyboard focus in it so it stays for the whole scan (and is still there after). */
async function expectNoViolationsWithToast(page: Page, toast: Locator, state: string) {
  await expect(toast).toBeVisible();
  await holdToast(toast);
  await expectNoViolations(page, state);
  await expect(toast).toBeVisible();
}

/** Submits an open dialog empty and scans it with its error summary and the messages beside its fields. */
async function expectEmptySubmitRefused(page: Page, dialog: Locator, submit: string, state: string) {
  await dialog.getByRole('button', { name: submit, exact: true }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectNoViolations(page, state);
}

test.beforeEach(async ({ page }) => {
  // Radix dialogs and sonner toasts settle at once, as for a reader who asked for less motion.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

for (const language of LANGUAGES) {
  const t = wordsOf(language);
  for (const width of scanWidths(language)) {
    test(`signed-out forms with their errors have no WCAG 2.1 AA violations in ${language} at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await chooseLanguage(page, language);

      await test.step('the register page submitted empty, with its error summary', async () => {
        await open(page, '/register', language, t('auth', 'register.title'));
        await page.getByRole('button', { name: t('auth', 'register.submit'), exact: true }).click();
        const summary = page.getByRole('alert');
        await expect(summary).toBeVisible();
        await expect(summary).toContainText(t('common', 'errorSummaryTitle'));
        await expect(summary).toBeFocused();
        await expectNoViolations(page, 'the register error summary');
      });

      await test.step('the login page refusing a wrong password, in the form', async () => {
        await open(page, '/login', language, t('auth', 'login.title'));
        await page.getByLabel(t('auth', 'login.email'), { exact: true }).fill(uniqueEmail('a11y-states'));
        await page.getByLabel(t('auth', 'login.password'), { exact: true }).fill('Not-the-password-1');
        await page.getByRole('button', { name: t('auth', 'login.submit'), exact: true }).click();
        await expect(page.locator('form').getByRole('alert')).toBeVisible();
        await expectNoViolations(page, 'the refused sign-in');
      });
    });

    test(`an officer's dialogs, their errors and a toast have no WCAG 2.1 AA violations in ${language} at ${width} px`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      test.setTimeout(120_000);
      const owner = await apiLogin(request, 'entrepreneur');
      const zonal = await apiLogin(request, 'zonal_manager');
      const application = await submitCase(request, owner, {
        assetFromEnd: 6,
        description: `Accessibility states (${language})`,
        investment: 4_200_000,
        jobs: 12,
      });
      // Under scrutiny: the zonal manager may raise a query and verify or reject documents.
      const moved = await request.put(`/api/applications/${application.id}/status`, {
        headers: zonal,
        data: { status: 'under_scrutiny', current_stage: 'Under scrutiny' },
      });
      expect(moved.ok(), await moved.text()).toBe(true);

      await signInAs(page, 'zonal_manager');
      await chooseLanguage(page, language);
      await open(page, `/officer/applications/${application.id}`, language, application.application_number, false);

      await test.step('the Raise query dialog open', async () => {
        await page.getByRole('button', { name: t('applications', 'raiseQuery.button'), exact: true }).click();
        const dialog = page.getByRole('dialog', { name: t('applications', 'raiseQuery.title') });
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, 'the Raise query dialog open');
      });

      await test.step('the Raise query dialog submitted empty, with its error summary and field error', async () => {
        const dialog = page.getByRole('dialog', { name: t('applications', 'raiseQuery.title') });
        await expectEmptySubmitRefused(
          page,
          dialog,
          t('applications', 'raiseQuery.submit'),
          'the Raise query dialog refusing an empty submit',
        );
      });

      await test.step('the toast of a query raised, over the officer page', async () => {
        const dialog = page.getByRole('dialog', { name: t('applications', 'raiseQuery.title') });
        await dialog.getByRole('textbox').first().fill(`Please send the signed DPR (${language}).`);
        await dialog.getByRole('button', { name: t('applications', 'raiseQuery.submit'), exact: true }).click();
        // The toast is held by focusing it as soon as it shows: on a loaded machine the dialog's closing can outlast
        // the toast's four seconds. The closing dialog then gives focus back to its button, so the scan focuses it again.
        const toast = toastSaying(page, t, t('applications', 'raiseQuery.success'));
        await expect(toast).toBeVisible();
        await holdToast(toast);
        await expect(dialog).toBeHidden();
        await expectNoViolationsWithToast(page, toast, 'the query raised toast');
      });

      await test.step('the Reject document dialog open', async () => {
        await page.getByRole('tab', { name: t('applications', 'detail.tabs.documents') }).click();
        const type = t('applications', 'documentTypes.dpr');
        await page
          .getByRole('button', { name: t('applications', 'detail.documents.rejectLabel', { name: type }) })
          .click();
        const dialog = page.getByRole('dialog', { name: t('applications', 'rejectDocument.title', { type }) });
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, 'the Reject document dialog open');
      });

      await test.step('the Reject document dialog submitted empty, with its error summary and field error', async () => {
        const type = t('applications', 'documentTypes.dpr');
        const dialog = page.getByRole('dialog', { name: t('applications', 'rejectDocument.title', { type }) });
        await expectEmptySubmitRefused(
          page,
          dialog,
          t('applications', 'rejectDocument.submit'),
          'the Reject document dialog refusing an empty submit',
        );
        await dialog.getByRole('button', { name: t('applications', 'cancel'), exact: true }).click();
        await expect(dialog).toBeHidden();
      });
    });

    test(`the admin's Add officer dialog and its errors have no WCAG 2.1 AA violations in ${language} at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'admin');
      await chooseLanguage(page, language);
      await open(page, '/officer/users', language);
      const dialog = page.getByRole('dialog', { name: t('users', 'create.title') });

      await test.step('the Add officer dialog open', async () => {
        await page.getByRole('button', { name: t('users', 'create.open'), exact: true }).click();
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, 'the Add officer dialog open');
      });

      await test.step('the Add officer dialog submitted empty, with its error summary and field errors', async () => {
        await expectEmptySubmitRefused(
          page,
          dialog,
          t('users', 'create.submit'),
          'the Add officer dialog refusing an empty submit',
        );
      });
    });

    test(`an allottee's extension of time, transfer and surrender dialogs, their errors and a plot's history have no WCAG 2.1 AA violations in ${language} at ${width} px`, async ({
      page,
    }) => {
      // Four dialogs and a history, each scanned: longer than the default 30 s on a loaded machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'entrepreneur');
      await chooseLanguage(page, language);
      await open(page, '/allotments', language, t('allotments', 'plots.title'));
      const dialog = page.getByRole('dialog');

      await test.step('the extension of time dialog open, then submitted empty', async () => {
        // The button's name is its words and then the milestone's (a name matches any part of it).
        const ask = t('allotments', 'plots.askExtensionFor').trim();
        await page.getByRole('button', { name: ask }).first().click();
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, 'the extension of time dialog open');
        await expectEmptySubmitRefused(
          page,
          dialog,
          t('allotments', 'extension.submit'),
          'the extension of time dialog refusing an empty submit',
        );
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      await test.step('the transfer dialog, with its particulars, open and then submitted empty', async () => {
        await page
          .getByRole('button', { name: t('allotments', 'services.transfer.action'), exact: true })
          .first()
          .click();
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, 'the transfer dialog open');
        await expectEmptySubmitRefused(
          page,
          dialog,
          t('allotments', 'services.transfer.submit'),
          'the transfer dialog refusing an empty submit',
        );
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      await test.step("a plot's history open", async () => {
        await page
          .getByRole('button', { name: t('allotments', 'history.show'), exact: true })
          .first()
          .click();
        await expect(page.getByRole('button', { name: t('allotments', 'history.hide'), exact: true })).toBeVisible();
        const history = withAnyPlot(t('allotments', 'history.label', { plot: '\u0000' }));
        await expect(page.getByRole('list', { name: history }).first()).toBeVisible();
        await expectNoViolations(page, "a plot's history open");
      });

      await test.step('the surrender dialog open, then submitted empty', async () => {
        await page
          .getByRole('button', { name: t('allotments', 'plots.surrender'), exact: true })
          .first()
          .click();
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, 'the surrender dialog open');
        await expectEmptySubmitRefused(
          page,
          dialog,
          t('allotments', 'surrender.submit'),
          'the surrender dialog refusing an empty submit',
        );
      });
    });

    test(`the register's show-cause notice dialog and its errors have no WCAG 2.1 AA violations in ${language} at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'zonal_manager');
      await chooseLanguage(page, language);
      await open(page, '/officer/allotments', language, t('allotments', 'title'));
      const issue = withAnyPlot(t('show-causes', 'register.issueFor', { plot: '\u0000' }));
      await page.getByRole('button', { name: issue }).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, 'the show-cause notice dialog open');
      await expectEmptySubmitRefused(
        page,
        dialog,
        t('show-causes', 'issue.submit'),
        'the show-cause notice dialog refusing an empty submit',
      );
    });
  }
}
