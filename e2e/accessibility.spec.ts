/** WCAG 2.1 AA scan (axe) of the main screens of each role, at desktop and phone widths, in English, Hindi and Telugu;
 * in Hindi and Telugu each screen must also be written in that language's script and say so in <html lang>; no
 * screen shows a code as it is (snake_case, unit and category codes, and in Hindi and Telugu ALL CAPS words). The text
 * must fit too: nothing reaches past the screen's edge (outside a box that scrolls sideways) and no control cuts its
 * own words off, which longer Hindi and Telugu words would show first. */
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations, LANGUAGE_SCRIPTS, LANGUAGES, type Language } from './support/axe';
import { openScreen } from './support/navigate';
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
      '/schemes',
      '/notifications',
      '/grievances',
    ],
  },
  {
    role: 'ho',
    paths: [
      '/officer',
      '/officer/applications',
      '/officer/assets',
      '/officer/allotments',
      '/officer/schemes',
      '/officer/schemes/new',
      '/officer/meetings',
      '/officer/reports',
      '/officer/grievances',
    ],
  },
  {
    role: 'finance',
    // The dashboard (/finance) is scanned settled in every language at both widths by
    // accessibility-register-finance.spec.ts, with its charts drawing and its list loading besides.
    paths: ['/finance/bank-statements', '/finance/bank-credits', '/finance/refunds', '/finance/adjustments'],
  },
  { role: 'admin', paths: ['/officer/users', '/officer/outbox', '/officer/audit', '/officer/clock', '/account'] },
];

// Each test only reads pages, signed in afresh: they may run on either worker (each worker has its own server), so this
// long file is shared between both instead of holding one worker alone.
test.describe.configure({ mode: 'parallel' });

/** The two widths a screen is scanned at, in the order of one visit: the page loads at the first and is then resized
 * to the second. English loads at the phone's width first, Hindi at the desktop's and Telugu at the phone's again, so
 * every screen still starts at each width in some language (a layout chosen only when a page mounts would show), while
 * a screen's second width costs a resize instead of a fresh load, sign-in and page. */
const WIDTH_ORDER: Record<Language, [number, number]> = { en: [375, 1280], hi: [1280, 375], te: [375, 1280] };

/** Scans the screen as it stands: its lang attribute and its heading's script, then the shared scan (axe, text that
 * fits, no codes shown as they are). */
async function expectScreenAccessible(page: Page, path: string, language: Language, width: number) {
  // Let loading spinners settle into content, empty or error states.
  await settled(page);
  const script = LANGUAGE_SCRIPTS[language];
  if (script) {
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(script);
  }
  await expectNoViolations(page, `${path} at ${width} px`, language);
}

for (const language of LANGUAGES) {
  for (const { role, paths } of SCREENS) {
    const [firstWidth, secondWidth] = WIDTH_ORDER[language];
    test(`${role ?? 'signed out'} screens have no WCAG 2.1 AA violations at ${firstWidth} then ${secondWidth} px in ${language}`, async ({
      page,
    }) => {
      test.setTimeout(45_000 * paths.length);
      await page.setViewportSize({ width: firstWidth, height: 900 });
      trackRequests(page);
      if (role) await signInAs(page, role);
      // From here every page load starts in the language, as if the reader had chosen it on this browser (signed
      // in as the demo account, whose own language is English, after the sign-in's words were read in English).
      if (language !== 'en') {
        await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
      }
      for (const path of paths) {
        await page.setViewportSize({ width: firstWidth, height: 900 });
        // The first screen loads the app; the others are reached inside it, as a reader following a link reaches
        // them: the screen mounts afresh at the first width, without booting the whole app again (decision 033).
        await openScreen(page, path);
        await page.getByRole('main').waitFor();
        await expectScreenAccessible(page, path, language, firstWidth);
        await page.setViewportSize({ width: secondWidth, height: 900 });
        await page.waitForFunction((width) => window.innerWidth === width, secondWidth);
        await expectScreenAccessible(page, path, language, secondWidth);
      }
    });
  }
}
