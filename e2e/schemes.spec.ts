// A draw of lots from publishing to its public record: the head office publishes a scheme of two new plots with one
// reserved for women entrepreneurs; the demo entrepreneur finds it under Schemes and the wizard opens on its plots;
// three applicants qualify; once applications close the head office closes the scheme and runs the draw from its
// page (the dialog says it cannot be undone, and is scanned); the result stands, and the public result page (signed
// out, in English, Hindi and Telugu) shows the commitment, the seed, the qualified list and the result, and passes axe.
import { expect, test } from '@playwright/test';
import { expectNoViolations, LANGUAGE_SCRIPTS, LANGUAGES } from './support/axe';
import { api, apiLogin } from './support/api';
import { moveClockTo, portalTime } from './support/clock';
import { qualifiedApplicant } from './support/schemes';
import { mainNav, signInAs, signOut } from './support/session';

/** Long enough for three applications to be approved first; the clock is moved to the close, not waited for. */
const APPLY_SECONDS = 180;

test('the head office runs a draw of lots that anyone can read back on the public page', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const ho = await apiLogin(request, 'ho');
  const run = Date.now().toString().slice(-8);

  const { scheme, plots } = await test.step('the head office publishes a draw of two new plots', async () => {
    const [some] = await api<{ zone: string; location: string }[]>(request, ho, 'get', '/api/assets/available?limit=1');
    const made = [];
    for (const suffix of ['1', '2']) {
      made.push(
        await api<{ id: string; asset_code: string }>(request, ho, 'post', '/api/assets', {
          asset_code: `DRW-${run}-${suffix}`,
          category_id: 'industrial',
          type: 'plot',
          zone: some!.zone,
          location: some!.location,
          survey_number: `${run}/${suffix}`,
          plot_number: `P-${run}-${suffix}`,
          total_area: 1500,
          available_area: 1500,
          unit: 'sqm',
          valuation: 1_800_000,
        }),
      );
    }
    const now = await portalTime(request);
    const published = await api<{
      id: string;
      scheme_number: string;
      closes_at: string;
      commitment: string;
      seed: string | null;
      beacon: { round: number; round_at: string } | null;
    }>(request, ho, 'post', '/api/schemes', {
      title: `Draw of lots for plots ${run}`,
      mode: 'draw',
      opens_at: new Date(now - 60_000).toISOString(),
      closes_at: new Date(now + APPLY_SECONDS * 1000).toISOString(),
      plots: made.map((asset) => ({ asset_id: asset.id })),
      reservations: [{ category: 'women', share_percent: 50 }],
    });
    expect(published.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(published.seed).toBeNull();
    return { scheme: published, plots: made };
  });

  await test.step('the demo entrepreneur finds the scheme and the wizard opens on its plots', async () => {
    await signInAs(page, 'entrepreneur');
    await mainNav(page).getByRole('link', { name: 'Schemes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Schemes' })).toBeVisible();
    await page.getByRole('link', { name: `View the scheme Draw of lots for plots ${run}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Draw of lots for plots ${run}` })).toBeVisible();
    await expect(page.getByText(scheme.commitment)).toBeVisible();
    await page.getByRole('link', { name: `Apply for plot ${plots[0]!.asset_code}` }).click();
    await expect(page).toHaveURL(new RegExp(`/applications/new\\?.*scheme=${scheme.id}`));
    await expect(page.getByText(scheme.scheme_number).first()).toBeVisible();
    await signOut(page);
  });

  const applicants = await test.step('three applicants qualify, two for the first plot', () =>
    Promise.all([
      qualifiedApplicant(request, scheme, plots[0]!.id, 'Deepa Foods'),
      qualifiedApplicant(request, scheme, plots[0]!.id, 'Eshwar Tools'),
      qualifiedApplicant(request, scheme, plots[1]!.id, 'Farida Garments'),
    ]));

  await test.step('applications close and the head office runs the draw from the scheme page', async () => {
    await signInAs(page, 'ho');
    await mainNav(page).getByRole('link', { name: 'Schemes' }).click();
    await page
      .getByRole('link', { name: new RegExp(scheme.scheme_number) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `Scheme ${scheme.scheme_number}` })).toBeVisible();
    const close = page.getByRole('button', { name: 'Close applications' });
    const draw = page.getByRole('button', { name: 'Run the draw' });
    // The button is offered once the closing time has passed: the clock is moved past the close and past the beacon
    // round the draw named when it opened (the first after the close), and the closing sweep, run by the move, may
    // close the scheme first.
    expect(Date.parse(scheme.beacon!.round_at)).toBeGreaterThan(Date.parse(scheme.closes_at));
    await moveClockTo(request, Date.parse(scheme.beacon!.round_at) + 1_000);
    await page.reload();
    await expect(close.or(draw)).toBeVisible();
    if (await close.isVisible()) {
      await close.click();
      const closing = page.getByRole('dialog', { name: `Close applications to ${scheme.scheme_number}?` });
      await closing.getByRole('button', { name: 'Close applications' }).click();
      await expect(closing).toBeHidden();
    }
    await draw.click();
    const dialog = page.getByRole('dialog', { name: `Run the draw for ${scheme.scheme_number}?` });
    await expect(dialog).toContainText('This cannot be undone');
    await expectNoViolations(page, 'the draw confirmation', 'en');
    await dialog.getByRole('button', { name: 'Run the draw' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'Public result page' })).toBeVisible();
    for (const applicant of applicants) {
      await expect(page.getByRole('link', { name: applicant.applicationNumber })).toBeVisible();
    }
    // Each plot is given to one of its qualified applicants.
    await expect(page.getByRole('region', { name: 'Plots of the scheme' })).toContainText(/APP-\d{4}-\d{6}.*APP-/s);
    await expectNoViolations(page, 'a decided draw', 'en');
    // A second draw is refused: the result stands.
    const again = await request.post(`/api/schemes/${scheme.id}/decide`, { headers: ho });
    expect(again.status()).toBe(409);
    expect((await again.json()).code).toBe('scheme_decided');
  });

  await test.step('the public result page shows the seed, the list and the result, in three languages', async () => {
    const record = await (await request.get(`/api/public/schemes/${scheme.scheme_number}`)).json();
    expect(record.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(record.beacon_round.round).toBe(scheme.beacon!.round);
    expect(record.result).toHaveLength(3);
    expect(record.result.filter((line: { outcome: string }) => line.outcome === 'won')).toHaveLength(2);
    for (const language of LANGUAGES) {
      for (const width of language === 'en' ? [1280, 375] : [375]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
        const reader = await context.newPage();
        if (language !== 'en') {
          await reader.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
        }
        await reader.goto(`/scheme-results/${scheme.scheme_number}`);
        await expect(reader.getByText(record.seed).first()).toBeVisible();
        // The beacon round the draw named at its opening, as the draw read it (decision 034).
        await expect(reader.getByTestId('scheme-beacon-randomness')).toContainText(record.beacon_round.randomness);
        for (const applicant of applicants)
          await expect(reader.getByText(applicant.applicationNumber).first()).toBeVisible();
        // An application number stays on one line in every table (it scrolls sideways rather than wrap).
        const wrapped = await reader.evaluate(
          (numbers) => {
            const lines = (cell: Element) => {
              const range = document.createRange();
              range.selectNodeContents(cell);
              return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
            };
            return [...document.querySelectorAll('td')]
              .filter((cell) => numbers.includes(cell.textContent?.trim() ?? ''))
              .filter((cell) => lines(cell) > 1)
              .map((cell) => cell.textContent);
          },
          applicants.map((applicant) => applicant.applicationNumber),
        );
        expect(wrapped, `application numbers wrapped in ${language} at ${width} px`).toEqual([]);
        const script = LANGUAGE_SCRIPTS[language];
        // The title is the officer's own words; the page's own headings are in the reader's script.
        if (script) await expect(reader.getByRole('heading', { level: 2 }).first()).toHaveText(script);
        await expectNoViolations(reader, `the public result in ${language} at ${width} px`, language);
        await context.close();
      }
    }
  });
});
