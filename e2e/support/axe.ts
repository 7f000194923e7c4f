/** The accessibility scan every journey that checks a screen runs: axe's WCAG 2.1 A and AA rules, text that does not
 * fit (fit.ts), and, given the reader's language, codes shown as they are (codes.ts). */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { codesOnScreen } from './codes';
import { textThatDoesNotFit } from './fit';

/** The languages a screen is scanned in, and the script a Hindi or Telugu screen must be written in. */
export const LANGUAGE_SCRIPTS = { en: null, hi: /[\u0900-\u097F]/, te: /[\u0C00-\u0C7F]/ } as const;
export type Language = keyof typeof LANGUAGE_SCRIPTS;
export const LANGUAGES = Object.keys(LANGUAGE_SCRIPTS) as Language[];

/** Waits for the animations that end (a dialog opening, a toast sliding in) to end, since axe would read colours
 * mid-fade; the endless ones (a spinner, a live countdown's pulse) never end and are left running. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** How a scan runs beyond the shared rules. */
export interface ScanOptions {
  /** axe rules to run besides the WCAG tags' (an experimental one, such as label-content-name-mismatch). */
  rules?: string[];
  /** Scan at once, with whatever is animating left mid-way (a chart drawing): the page must be readable at every
   * moment, not only once it settles. */
  midAnimation?: boolean;
}

/** Scans the page as it stands; `state` names it in a failure. With `language`, no code may show as it is either. */
export async function expectNoViolations(
  page: Page,
  state: string,
  language?: Language,
  options: ScanOptions = {},
): Promise<void> {
  if (!options.midAnimation) await animationsDone(page);
  // Colour contrast is read on English screens only: a pair of colours is the same in every language, and the rule is
  // about two-thirds of axe's time (decision 029). Every screen scanned in Hindi or Telugu is scanned in English too.
  const english = ((await page.locator('html').getAttribute('lang')) ?? 'en').startsWith('en');
  // The options before the tags: options() replaces what withTags() set. Only the violations are read, so axe
  // describes no passing or incomplete node; and axe runs whole in the page (its legacy mode) rather than in parts
  // gathered into a fresh blank page per scan, which exists for cross-origin frames: the portal has no frame.
  // Together they halve a scan's time, and the violations found are the same.
  const results = await new AxeBuilder({ page })
    .options({
      resultTypes: ['violations'],
      rules: {
        ...(english ? {} : { 'color-contrast': { enabled: false } }),
        ...Object.fromEntries((options.rules ?? []).map((rule) => [rule, { enabled: true }])),
      },
    })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, `accessibility violations with ${state}`).toEqual([]);
  expect(await textThatDoesNotFit(page), `text that does not fit with ${state}`).toEqual([]);
  if (language) {
    const english = LANGUAGE_SCRIPTS[language] === null;
    expect(await codesOnScreen(page, { english }), `codes shown as they are with ${state}`).toEqual([]);
  }
}
