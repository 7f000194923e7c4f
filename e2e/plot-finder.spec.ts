// Finding the right plot: an applicant narrows the assets by zone and area range, sees the zone's plot layout with
// the plots that match, chooses one on the map from the keyboard and lands in the New Application wizard with it; an
// officer sees the same layout on the Assets screen, where an allotted asset offers no area. The journey lays out a
// small park of its own, so the other journeys' allotments of demo assets cannot change what it finds.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signInAs } from './support/session';
import { navigateInApp } from './support/navigate';

// Digits: a run of capitals alone (what a base-36 clock sometimes gives) reads as a code to the language scans.
const RUN = Date.now().toString().slice(-8);
const ZONE = `Finder Park ${RUN}`;
const code = (letter: string) => `PF${RUN}-${letter}`;
// The match is B: 3,125 sq m and available. D is as large but allotted; A and C are smaller.
const PARK = [
  { letter: 'A', type: 'plot', unit: 'sqm', area: 1200, status: 'available', map: { x: 1, y: 1, w: 3, h: 3 } },
  { letter: 'B', type: 'plot', unit: 'sqm', area: 3125, status: 'available', map: { x: 5, y: 1, w: 3, h: 3 } },
  { letter: 'C', type: 'shed', unit: 'sqft', area: 9000, status: 'available', map: { x: 1, y: 5, w: 4, h: 3 } },
  { letter: 'D', type: 'plot', unit: 'sqm', area: 3500, status: 'allotted', map: { x: 6, y: 5, w: 3, h: 3 } },
] as const;
const AREA = { from: '3000', to: '4000' };

async function layOutPark(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { form: { username: DEMO.ho.email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  for (const plot of PARK) {
    const created = await request.post('/api/assets', {
      headers,
      data: {
        asset_code: code(plot.letter),
        category_id: 'msme',
        type: plot.type,
        zone: ZONE,
        location: 'Finder Estate',
        survey_number: `9/${plot.letter}`,
        total_area: plot.area,
        available_area: plot.area,
        unit: plot.unit,
        valuation: 2_000_000,
        status: plot.status,
        map: plot.map,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}

async function expectNoAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
    where,
  ).toEqual([]);
}

async function filterByZoneAndArea(page: Page) {
  await page.getByRole('combobox', { name: 'Zone' }).selectOption(ZONE);
  const area = page.getByRole('group', { name: 'Area' });
  await area.getByLabel('From').fill(AREA.from);
  await area.getByLabel('To').fill(AREA.to);
  await expect(page).toHaveURL(/area_min=3000&area_max=4000/);
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await layOutPark(request);
  await request.dispose();
});

test.describe('finding the right plot', () => {
  test('filtering by zone and area range and choosing a plot on the map opens the wizard with it', async ({ page }) => {
    await signInAs(page, 'entrepreneur');
    await navigateInApp(page, '/assets/map');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a plot' })).toBeVisible();
    await filterByZoneAndArea(page);

    // The list under the map holds only the available assets that match, each card with its facts.
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card.getByRole('heading')).toContainText(code('B'));
    await expect(card).toContainText(ZONE);
    await expect(card).toContainText('3,125 sq m');
    const applyHref = await card.getByRole('link', { name: `Apply for ${code('B')}` }).getAttribute('href');
    expect(applyHref).toMatch(/^\/applications\/new\?asset=[0-9a-f-]{36}$/);

    // The zone's layout: every plot of the park has a place; the two of the right size stand out, and the allotted
    // one cannot be chosen.
    const map = page.getByRole('group', { name: `Plot layout of ${ZONE}` });
    await expect(map.getByRole('button')).toHaveCount(4);
    const matching = map.getByRole('button', {
      name: new RegExp(`^${code('B')}, Plot, 3,125 sq m, ₹20,00,000, Available$`),
    });
    await expect(matching).toHaveCount(1);
    await expect(map.getByRole('button', { name: new RegExp(`^${code('D')},.*Allotted$`) })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(map.getByRole('button', { name: /does not match the filters$/ })).toHaveCount(2);
    await expectNoAxeViolations(page, 'find a plot with the map');

    // From the keyboard: Tab reaches the map's one tab stop (its first plot, top left), the arrow key moves to the
    // plot on its right, Enter chooses it.
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    await page.getByRole('combobox', { name: 'Sort by' }).focus();
    for (let presses = 0; presses < 5 && !(await focusedName()).startsWith(`PF${RUN}`); presses++) {
      await page.keyboard.press('Tab');
    }
    expect(await focusedName()).toMatch(new RegExp(`^${code('A')}, Plot`));
    await page.keyboard.press('ArrowRight');
    await expect(matching).toBeFocused();
    await expect(page.getByRole('region', { name: `Plot ${code('B')}` })).toContainText('3,125 sq m');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(applyHref!);
    await expect(page.getByRole('heading', { level: 1, name: 'New Application' })).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    // The wizard reads ?asset= and shows the plot as the chosen asset, so Next goes straight on.
    await expect(page.getByRole('status').filter({ hasText: 'Your chosen asset' })).toContainText(code('B'));
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
  });

  test('an officer sees the same layout on the Assets screen, and no area available on the allotted plot', async ({
    page,
  }) => {
    await signInAs(page, 'ho');
    await navigateInApp(page, '/officer/assets');
    await filterByZoneAndArea(page);
    const table = page.getByRole('region', { name: 'Assets' });
    await expect(table.getByRole('row')).toHaveCount(3);
    const allotted = table.getByRole('row').filter({ hasText: code('D') });
    await expect(allotted.getByRole('cell', { name: '3,500 sq m', exact: true })).toBeVisible();
    await expect(allotted.getByRole('cell', { name: '0 sq m', exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Map' }).click();
    await expect(page).toHaveURL(/view=map/);
    const map = page.getByRole('group', { name: `Plot layout of ${ZONE}` });
    await expect(map.getByRole('button')).toHaveCount(4);
    await map.getByRole('button', { name: new RegExp(`^${code('B')},`) }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${code('B')}` });
    await expect(dialog.getByLabel('Column')).toHaveValue('5');
    await expect(dialog.getByLabel('Row')).toHaveValue('1');
  });
});
