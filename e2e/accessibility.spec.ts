/** WCAG 2.1 AA scan (axe) of the main screens of each role, at desktop and phone widths, in English, Hindi and Telugu;
 * in Hindi and Telugu each screen must also be written in that language's script and say so in <html lang>; no
 * screen shows a code as it is (snake_case, unit and category codes, and in Hindi and Telugu ALL CAPS words). The text
 * must fit too: nothing reaches past the screen's edge (outside a box that scrolls sideways) and no control cuts its
 * own words off, which longer Hindi and Telugu words would show first. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { codesOnScreen } from './support/codes';
import { textThatDoesNotFit } from './support/fit';
import { settled, trackRequests } from './support/settle';
import { signInAs, type DemoRole } from './support/session';

const SCREENS: { role: DemoRole | null; paths: string[] }[] = [
  { role: null, paths: ['/login', '/register', '/forgot-password', '/fees'] },
  {
    role: 'entrepreneur',
    paths: [
      '/',
      '/applications',
      '/applications/new',
      '/allotments',
      '/profile',
      '/service-requests',
      '/assets/map',
      '/notifications',
    ],
  },
  {
    role: 'ho',
    paths: [
      '/officer',
      '/officer/applications',
      '/officer/assets',
      '/officer/allotments',
      '/officer/meetings',
      '/officer/reports',
    ],
  },
  {
    role: 'finance',
    paths: [
      '/finance',
      '/finance/bank-statements',
      '/finance/bank-credits',
      '/finance/refunds',
      '/finance/adjustments',
    ],
  },
  { role: 'admin', paths: ['/officer/users', '/officer/outbox', '/officer/audit', '/account'] },
];

// Each test only reads pages, signed in afresh: they may run on either worker (each worker has its own server), so this
// long file is shared between both instead of holding one worker alone.
test.describe.configure({ mode: 'parallel' });

const LANGUAGES = { en: null, hi: /[\u0900-\u097F]/, te: /[\u0C00-\u0C7F]/ } as const;
type Language = keyof typeof LANGUAGES;

async function expectNoViolations(page: Page, path: string, language: Language) {
  await page.goto(path);
  await page.getByRole('main').waitFor();
  // Let loading spinners settle into content, empty or error states.
  await settled(page);
  const script = LANGUAGES[language];
  if (script) {
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(script);
  }
  expect(await codesOnScreen(page, { english: !script }), `codes shown as they are on ${path}`).toEqual([]);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, `accessibility violations on ${path}`).toEqual([]);
  expect(await textThatDoesNotFit(page), `text that does not fit on ${path}`).toEqual([]);
}

for (const language of Object.keys(LANGUAGES) as Language[]) {
  for (const { role, paths } of SCREENS) {
    for (const width of [1280, 375]) {
      test(`${role ?? 'signed out'} screens have no WCAG 2.1 AA violations at ${width} px in ${language}`, async ({
        page,
      }) => {
        test.setTimeout(30_000 * paths.length);
        await page.setViewportSize({ width, height: 900 });
        trackRequests(page);
        if (role) await signInAs(page, role);
        // From here every page load starts in the language, as if the reader had chosen it on this browser (signed
        // in as the demo account, whose own language is English, after the sign-in's words were read in English).
        if (language !== 'en') {
          await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
        }
        for (const path of paths) await expectNoViolations(page, path, language);
      });
    }
  }
}
