/** WCAG 2.1 AA scan (axe) of the main screens of each role, at desktop and phone widths. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAs, type DemoRole } from './support/session';

const SCREENS: { role: DemoRole | null; paths: string[] }[] = [
  { role: null, paths: ['/login', '/register'] },
  { role: 'entrepreneur', paths: ['/', '/applications', '/applications/new', '/profile', '/service-requests'] },
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
  { role: 'admin', paths: ['/officer/users'] },
];

async function expectNoViolations(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('main').waitFor();
  // Let loading spinners settle into content, empty or error states.
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, `accessibility violations on ${path}`).toEqual([]);
}

for (const { role, paths } of SCREENS) {
  for (const width of [1280, 375]) {
    test(`${role ?? 'signed out'} screens have no WCAG 2.1 AA violations at ${width} px`, async ({ page }) => {
      test.setTimeout(30_000 * paths.length);
      await page.setViewportSize({ width, height: 900 });
      if (role) await signInAs(page, role);
      for (const path of paths) await expectNoViolations(page, path);
    });
  }
}
