/** WCAG 2.1 AA scan (axe) of the main screens of each role, at desktop and phone widths, in English, Hindi and Telugu;
 * in Hindi and Telugu each screen must also be written in that language's script and say so in <html lang>. The text
 * must fit too: nothing reaches past the screen's edge (outside a box that scrolls sideways) and no control cuts its
 * own words off, which longer Hindi and Telugu words would show first. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAs, type DemoRole } from './support/session';

const SCREENS: { role: DemoRole | null; paths: string[] }[] = [
  { role: null, paths: ['/login', '/register', '/forgot-password', '/fees'] },
  {
    role: 'entrepreneur',
    paths: [
      '/',
      '/applications',
      '/applications/new',
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
  { role: 'finance', paths: ['/finance'] },
  { role: 'admin', paths: ['/officer/users', '/officer/outbox', '/officer/audit', '/account'] },
];

const LANGUAGES = { en: null, hi: /[\u0900-\u097F]/, te: /[\u0C00-\u0C7F]/ } as const;
type Language = keyof typeof LANGUAGES;

async function expectNoViolations(page: Page, path: string, language: Language) {
  await page.goto(path);
  await page.getByRole('main').waitFor();
  // Let loading spinners settle into content, empty or error states.
  await page.waitForLoadState('networkidle');
  const script = LANGUAGES[language];
  if (script) {
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(script);
  }
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, `accessibility violations on ${path}`).toEqual([]);
  expect(await textThatDoesNotFit(page), `text that does not fit on ${path}`).toEqual([]);
}

/** Elements that reach past the right edge of the window (unless a box around them scrolls sideways), and controls,
 * headings and cells whose text is cut off by their own box. */
function textThatDoesNotFit(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    const scrollsSideways = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
      return false;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const problems: string[] = [];
    const edge = document.documentElement.clientWidth;
    for (const element of document.querySelectorAll('main *, header *, footer *, [role="dialog"] *')) {
      if (!visible(element) || element.closest('.sr-only')) continue;
      const box = element.getBoundingClientRect();
      if (box.right > edge + 1 && !scrollsSideways(element)) problems.push(`past the edge: ${describe(element)}`);
    }
    for (const element of document.querySelectorAll('button, a, [role="tab"], h1, h2, h3, th, td, label, dt, dd')) {
      if (!visible(element) || element.closest('.sr-only')) continue;
      const style = getComputedStyle(element);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1) problems.push(`cut off: ${describe(element)}`);
    }
    return [...new Set(problems)].slice(0, 20);
  });
}

for (const language of Object.keys(LANGUAGES) as Language[]) {
  for (const { role, paths } of SCREENS) {
    for (const width of [1280, 375]) {
      test(`${role ?? 'signed out'} screens have no WCAG 2.1 AA violations at ${width} px in ${language}`, async ({
        page,
      }) => {
        test.setTimeout(30_000 * paths.length);
        await page.setViewportSize({ width, height: 900 });
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
