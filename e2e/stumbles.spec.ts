// Where people stumbled when every role's screens were walked in three languages, each checked as a person would meet
// it: the words of a wrong password, toasts that sit on the next button, an invisible current page, a zone typed in
// local script, tables cut at a desk screen's width, an unlabelled paid date and a test-looking payment reference,
// and the small inconsistencies (an empty queue that speaks of filters, a clipped focus ring).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, apiLogin, submitCase } from './support/api';
import { mainNav, signInAs } from './support/session';
import { payAndConfirm } from './support/gateway';
import { navigateInApp } from './support/navigate';

/** From here every page load starts in the language, as if the reader had chosen it on this browser. */
async function chooseLanguage(page: Page, language: 'hi' | 'te') {
  await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
}

/** Each toast on screen that overlaps a visible control (a button, link or field) inside the window, as "toast ->
 * control". Toasts are found by their attribute (sonner's before toasts moved into the page's flow). */
function toastsOverControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const words = (element: Element) => (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
    };
    const toasts = [...document.querySelectorAll('[data-sonner-toast], [data-toast]')].filter(shown);
    const controls = [...document.querySelectorAll('button, a[href], input, select, textarea, [role="tab"]')].filter(
      (control) => shown(control) && !control.closest('[data-sonner-toast], [data-toast]'),
    );
    const inWindow = (box: DOMRect) =>
      box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const found: string[] = [];
    for (const toast of toasts) {
      const box = toast.getBoundingClientRect();
      for (const control of controls) {
        const other = control.getBoundingClientRect();
        if (inWindow(other) && overlaps(box, other)) found.push(`"${words(toast)}" -> "${words(control)}"`);
      }
    }
    return found;
  });
}

/** Every sideways-scrolling table box on the page whose table is wider than the box (its last columns cut off). */
function tablesCutOff(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="region"]')]
      .filter((region) => region.querySelector('table') && region.getBoundingClientRect().width > 0)
      .filter((region) => region.scrollWidth > region.clientWidth + 1)
      .map((region) => `${region.getAttribute('aria-label')}: ${region.scrollWidth} px in ${region.clientWidth} px`),
  );
}

test.beforeEach(async ({ page }) => {
  // Each journey loads several screens; a busy machine takes its time.
  test.setTimeout(120_000);
  // Toasts and dialogs settle at once, as for a reader who asked for less motion.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test.describe('1. a wrong password', () => {
  const SAID = {
    hi: 'ईमेल या पासवर्ड सही नहीं है। कृपया जाँचें और फिर से प्रयास करें।',
    te: 'ఈమెయిల్ లేదా పాస్‌వర్డ్ సరైనది కాదు. దయచేసి సరిచూసి మళ్ళీ ప్రయత్నించండి.',
  } as const;
  for (const language of ['hi', 'te'] as const) {
    test(`a wrong password in ${language} is told as a wrong email or password, inside the form`, async ({ page }) => {
      await chooseLanguage(page, language);
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.locator('#username').fill('entrepreneur@example.com');
      await page.locator('#password').fill('Not-the-password-1');
      await page.locator('form button[type="submit"]').click();
      const refusal = page.locator('form').getByRole('alert');
      await expect(refusal).toHaveText(SAID[language]);
      await expect(page).toHaveURL('/login');
    });
  }
});

test.describe('3. toasts never cover the next control', () => {
  for (const width of [1280, 375]) {
    test(`after paying at the gateway at ${width} px no toast covers a control, and the stale one is gone`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      const owner = await apiLogin(request, 'entrepreneur');
      const application = await submitCase(request, owner, {
        assetFromEnd: width === 375 ? 11 : 10,
        description: `Stumbles: toasts at ${width} px`,
        investment: 3_000_000,
        jobs: 9,
      });
      await signInAs(page, 'entrepreneur');
      // The sign-in toast does not sit on the dashboard's controls either.
      await expect(page.locator('[data-sonner-toast], [data-toast]').first()).toBeVisible();
      expect(await toastsOverControls(page), 'the sign-in toast over the dashboard').toEqual([]);

      await page.goto(`/applications/${application.id}`);
      await page.getByRole('tab', { name: 'Payments' }).click();
      const payNow = page.getByRole('button', { name: /^Pay Now INV-/ });
      await expect(payNow).toHaveCount(2);
      for (const round of [1, 2]) {
        await payNow.first().scrollIntoViewIfNeeded();
        await payNow.first().click();
        // Out to the sandbox gateway and back: the return page says the payment was received.
        await payAndConfirm(page);
        expect(await toastsOverControls(page), `toasts over the return page after payment ${round}`).toEqual([]);
        await page.goto(`/applications/${application.id}`);
        await page.getByRole('tab', { name: 'Payments' }).click();
        await expect(payNow).toHaveCount(2 - round);
        expect(await toastsOverControls(page), `toasts over controls after payment ${round}`).toEqual([]);
      }
    });
  }
});

test.describe('5. the pager', () => {
  test('the current page reads in a colour unlike its background on every paged list, and axe agrees', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    // Every list is made to hold many pages, whatever the demo data: its answer claims 500 rows in all.
    await page.route(/\/api\/[a-z-]+(\/[a-z-]+)?\?/, async (route) => {
      const response = await route.fetch();
      // The body comes decoded, so the headers that described its encoding go.
      const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
      if (headers['x-total-count'] !== undefined) headers['x-total-count'] = '500';
      await route.fulfill({ response, headers });
    });
    const lists = ['/officer/applications', '/officer/assets', '/officer/users', '/officer/audit', '/officer/outbox'];
    for (const path of lists) {
      await page.goto(path);
      // A screen may hold more than one paged list (the outbox: mail and SMS); each pager's current page is checked.
      const current = page.getByRole('navigation').locator('button[aria-current="page"]');
      await expect(current.first(), path).toBeVisible();
      for (const button of await current.all()) {
        const colours = await button.evaluate((element) => {
          const style = getComputedStyle(element);
          return { text: style.color, background: style.backgroundColor };
        });
        expect(colours.text, `${path}: the current page's text and background`).not.toBe(colours.background);
      }
      const scan = await new AxeBuilder({ page })
        .include('nav button[aria-current="page"]')
        .withRules(['color-contrast'])
        .analyze();
      expect(
        scan.violations.map((violation) => violation.id),
        path,
      ).toEqual([]);
    }
  });
});

test.describe('8. the report', () => {
  test('in Hindi the zone is chosen from the zones and finds their rows, and the chart reads at 375 px', async ({
    page,
    request,
  }) => {
    const ho = await apiLogin(request, 'ho');
    const { zones } = await api<{ zones: string[] }>(request, ho, 'get', '/api/assets/zones');
    expect(zones).toContain('Warangal');
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, 'ho');
    await chooseLanguage(page, 'hi');
    await page.goto('/officer/reports');
    // The chart's words are drawn at least 12 px tall on a phone (an SVG scaled down to the screen shrank them).
    await page.locator('form button[type="submit"]').click();
    const labels = page.getByRole('figure').locator('svg text, [data-chart-label]');
    await expect(labels.first()).toBeVisible();
    const heights = await labels.evaluateAll((all) => all.map((label) => label.getBoundingClientRect().height));
    expect.soft(Math.min(...heights), 'the smallest chart label, in px').toBeGreaterThanOrEqual(12);

    // The zone is chosen from the zones that hold assets (typing a name in Devanagari found nothing).
    await page.locator('#report-type').selectOption('assets');
    const zone = page.getByRole('combobox', { name: 'क्षेत्र' });
    await expect(zone.locator('option')).toHaveCount(zones.length + 1);
    await zone.selectOption('Warangal');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => /\/api\/reports\/assets\?.*zone=Warangal/.test(response.url())),
      page.locator('form button[type="submit"]').click(),
    ]);
    expect(((await answer.json()) as { count: number }).count).toBeGreaterThan(0);
    // Rows were found: the chart of them is drawn (a report with no rows says so instead).
    await expect(page.getByRole('figure')).toBeVisible();
    await expect(page.getByText('इन फ़िल्टर से कोई रिकॉर्ड मेल नहीं खाता।')).toHaveCount(0);
  });
});

test.describe('9. tables at 1280 px', () => {
  test('the outbox, audit and reports tables show their last column without scrolling, the audit speaks in words, and the officer navigation is one row', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const role of ['ho', 'admin'] as const) {
      await signInAs(page, role);
      const links = mainNav(page).getByRole('listitem').getByRole('link');
      await expect(links.first()).toBeVisible();
      const tops = await links.evaluateAll((all) => all.map((link) => Math.round(link.getBoundingClientRect().top)));
      expect.soft(tops.length, `${role}: links of the navigation`).toBeGreaterThan(4);
      expect.soft(new Set(tops).size, `${role}: rows of the navigation`).toBe(1);
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL('/login');
    }

    await signInAs(page, 'admin');
    for (const path of ['/officer/outbox', '/officer/audit']) {
      await page.goto(path);
      await expect(page.locator('[role="region"] table').first()).toBeVisible();
      expect.soft(await tablesCutOff(page), path).toEqual([]);
    }
    // The audit's changes are worded: no table names, snake_case fields or raw JSON.
    const audit = page.locator('[role="region"] table').first();
    // (A file's own name, such as bank_proof.pdf, is the applicant's words and stays as it is.)
    await expect.soft(audit).not.toContainText(/\b[a-z]+_[a-z_]+\b(?!\.\w)/);
    await expect.soft(audit).not.toContainText(/[{}"]/);

    await page.goto('/officer/reports');
    await page.locator('#report-type').selectOption('payments');
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('[role="region"] table').first()).toBeVisible();
    expect.soft(await tablesCutOff(page), 'reports').toEqual([]);
  });

  test("the applicant's payment history shows its last column at 1280 px", async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const owner = await apiLogin(request, 'entrepreneur');
    const application = await submitCase(request, owner, {
      assetFromEnd: 12,
      description: 'Stumbles: payments at 1280 px',
      investment: 2_000_000,
      jobs: 5,
    });
    const [invoice] = await api<{ id: string; amount: number }[]>(
      request,
      owner,
      'get',
      `/api/invoices?application_id=${application.id}`,
    );
    await api(request, owner, 'post', '/api/payments', {
      invoice_id: invoice!.id,
      application_id: application.id,
      amount: invoice!.amount,
      payment_method: 'online',
      transaction_reference: 'Bank transfer 0001',
    });
    await signInAs(page, 'entrepreneur');
    await navigateInApp(page, `/applications/${application.id}`);
    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(page.getByRole('table', { name: 'Payments made for this application' })).toBeVisible();
    expect(await tablesCutOff(page), 'payments').toEqual([]);
  });
});

test.describe('11. payments', () => {
  test("a paid invoice labels its paid date, and a gateway payment has the gateway's payment reference", async ({
    page,
    request,
  }) => {
    const owner = await apiLogin(request, 'entrepreneur');
    const application = await submitCase(request, owner, {
      assetFromEnd: 13,
      description: 'Stumbles: a paid invoice',
      investment: 2_200_000,
      jobs: 6,
    });
    await signInAs(page, 'entrepreneur');
    await navigateInApp(page, `/applications/${application.id}`);
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page
      .getByRole('button', { name: /^Pay Now INV-/ })
      .first()
      .click();
    await payAndConfirm(page);
    await page.goto(`/applications/${application.id}`);
    await page.getByRole('tab', { name: 'Payments' }).click();
    const invoices = page.getByRole('table', { name: 'Invoices for this application' });
    await expect.soft(invoices.getByText(/^Paid on \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toHaveCount(1);
    const history = page.getByRole('table', { name: 'Payments made for this application' });
    await expect(history.getByText(/^RCP-\d{4}-\d{6}$/)).toHaveCount(1);
    await expect.soft(history.getByText(/^pay_[A-Za-z0-9]+$/)).toHaveCount(1);
    await expect.soft(history).not.toContainText('MOCK-');
  });
});

test.describe('14. small inconsistencies', () => {
  test("an empty queue without a filter does not speak of matches, the search placeholder agrees with its hint, and a tab's focus ring is whole", async ({
    page,
    request,
  }) => {
    await signInAs(page, 'ho');
    await page.route('**/api/service-requests?*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', headers: { 'X-Total-Count': '0' }, body: '[]' }),
    );
    await page.goto('/officer/service-requests');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect.soft(page.getByText('No service requests yet')).toBeVisible();
    await expect.soft(page.getByText('No service requests match')).toHaveCount(0);
    await page.unrouteAll();

    await page.goto('/officer/applications');
    const search = page.getByRole('searchbox').first();
    const hint = await search.evaluate((field) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect.soft(hint).toContain('Application number, organization or asset code');
    await expect.soft(search).toHaveAttribute('placeholder', 'Search applications');

    const owner = await apiLogin(request, 'entrepreneur');
    const application = await submitCase(request, owner, {
      assetFromEnd: 14,
      description: 'Stumbles: the tab strip',
      investment: 1_500_000,
      jobs: 4,
    });
    await page.goto(`/officer/applications/${application.id}`);
    const selected = page.getByRole('tab', { selected: true });
    await selected.focus();
    await page.keyboard.press('ArrowRight');
    const focused = page.getByRole('tab', { selected: true });
    await expect(focused).toBeFocused();
    // The ring (outline plus its offset) stays inside the strip, which scrolls sideways and so cuts what lies outside.
    // Read until the focus has settled: one clean-clone run read the ring 3 px short above, most likely between the
    // focus moving and the tab being drawn selected; a ring that never fits still fails.
    await expect
      .poll(
        () =>
          focused.evaluate((tab) => {
            const style = getComputedStyle(tab);
            const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
            const box = tab.getBoundingClientRect();
            const strip = tab.closest('[role="tablist"]')!.getBoundingClientRect();
            return { roomAbove: box.top - reach >= strip.top, roomBelow: box.bottom + reach <= strip.bottom };
          }),
        { message: 'the focus ring fits inside the tab strip' },
      )
      .toEqual({ roomAbove: true, roomBelow: true });
  });
});
