/** Reading what the portal issues: click a download button, wait for the browser's download, and read the PDF's
 * text and its verification code. */
import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

const CODE = /Verification code: ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){5})/;

export interface Downloaded {
  bytes: Buffer;
  /** The text with runs of white space as one space. */
  text: string;
  code: string;
  fileName: string;
}

export async function downloadPdf(page: Page, button: Locator): Promise<Downloaded> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = fs.readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
  const code = CODE.exec(text)?.[1];
  expect(code, text).toBeDefined();
  return { bytes, text, code: code!, fileName: file.suggestedFilename() };
}

/** The verify page's verdict: its region is named by the status. */
export const verdictOf = (page: Page) => page.getByRole('region', { name: /^(Valid|Superseded|Revoked)$/ });
