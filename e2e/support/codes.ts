/** Codes a reader should never see: what the server sends as a code and a screen shows without wording it. */
import type { Page } from '@playwright/test';

/** Acronyms the catalogues keep as they are in every language (SLSC, SLAC and SIPC are the committees' own names; NEFT
 * and RTGS are the banks' own names for their transfers, written so in Hindi and Telugu too). */
const ACRONYMS = new Set([
  'MSME',
  'IFSC',
  'GSTIN',
  'JSON',
  'SMTP',
  'HTTP',
  'HTTPS',
  'SLSC',
  'SLAC',
  'SIPC',
  'NEFT',
  'RTGS',
]);
/** Unit and category codes of the contract that screens word ("sqm" is "वर्ग मी." in Hindi). */
const WORDED_CODES = new Set(['sqm', 'sqft', 'acres', 'msme', 'mse']);

/**
 * The words of the page's main content and open dialogs that are codes: snake_case, ALL CAPS words longer than three
 * letters (acronyms aside; numbers like APP-2026-000001 are not words), and unit and category codes. E-mail addresses
 * and file names are left out. English screens write their status badges in capitals by design and word the unit
 * "acres" as itself, so there those two are left out (`english: true`).
 */
export async function codesOnScreen(page: Page, { english = false }: { english?: boolean } = {}): Promise<string[]> {
  const text = await page.evaluate(() =>
    [...document.querySelectorAll('main, [role="dialog"]')]
      .map((element) => (element as HTMLElement).innerText)
      .join('\n'),
  );
  const words =
    text
      .replace(/\S+@\S+/g, ' ')
      .replace(/\S+\.(pdf|png|jpe?g|csv|docx?)\b/gi, ' ')
      .match(/[A-Za-z][A-Za-z0-9_-]*/g) ?? [];
  const codes = words.filter((word) => {
    if (/\d/.test(word)) return false;
    if (/_/.test(word)) return true;
    if (/^[A-Z]{4,}$/.test(word)) return !english && !ACRONYMS.has(word);
    return WORDED_CODES.has(word) && !(english && word === 'acres');
  });
  return [...new Set(codes)];
}
