/** Typing in a list's search box, in Chromium: an officer types a word into the applications list, one key every
 * 80 ms as a person does. Measured in the page: the longest gap between animation frames while typing and while the
 * answer is drawn (a frame over 16.7 ms is a dropped frame at 60 Hz), the long tasks (50 ms or more), how many list
 * requests the typing sent, and how long after the last answer arrived its rows were on screen. */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS } from './lighthouse';

export interface TypingFigures {
  word: string;
  requests: number;
  /** From the last list answer's arrival (responseEnd) to the list showing its rows. */
  answerToRowsMs: number;
  longestFrameMs: number;
  framesOver16ms: number;
  frames: number;
  longTasks: number[];
  note?: string;
}

// Run in the page as source text: the bench's TypeScript runner would add helpers the page does not have. The list's
// rows are told apart from other changes to the page (the search box drawn again, the list dimmed while it loads, the
// previous rows redrawn): a change that puts new rows (li) into a list.
const PROBE = `(() => {
  const probe = { frames: [], longTasks: [], rowChanges: [] };
  window.__probe = probe;
  let last = performance.now();
  const frame = (now) => { probe.frames.push(now - last); last = now; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  const isRow = (node) => node.nodeName === 'LI';
  new MutationObserver((records) => {
    if (records.some((record) => [...record.addedNodes].some(isRow))) probe.rowChanges.push(performance.now());
  }).observe(document.querySelector('main'), { childList: true, subtree: true });
})()`;

// When the last list answer's rows were drawn (null until they are): React draws an answer's rows in one commit, the
// first change to the rows after the answer arrived.
const ROWS_DRAWN = `(() => {
  const lists = performance.getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/api/applications?') && entry.name.includes('q='));
  if (lists.length === 0) return null;
  const lastAnswer = Math.max(...lists.map((entry) => entry.responseEnd));
  const drawn = window.__probe.rowChanges.find((at) => at >= lastAnswer);
  return drawn === undefined ? null : { requests: lists.length, answerToRowsMs: drawn - lastAnswer };
})()`;

const READ_PROBE = `({ ...${ROWS_DRAWN}, frames: window.__probe.frames.slice(1), longTasks: window.__probe.longTasks })`;

export async function typingFigures(
  base: string,
  storage: Record<string, string>,
  word: string,
): Promise<TypingFigures | { note: string }> {
  const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) return { note: `skipped: no Chromium at ${chromePath}` };
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS.slice(1) });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(storage));
    await page.goto(`${base}/officer/applications`);
    const search = page.getByRole('searchbox');
    await search.waitFor();
    await page.locator('main ul > li').first().waitFor();
    await page.evaluate(PROBE);
    const answered = page.waitForResponse(
      (response) => response.url().includes(`/api/applications?`) && response.url().includes(`q=${word}`),
    );
    await search.pressSequentially(word, { delay: 80 });
    await answered;
    // The rows of the answer: a change to the list's rows after the answer (the first row before it may name the word
    // too, the newest application being one of the organisations that hold it).
    // Asked from here: a function polled in the page is evaluated from a string there, which the app's CSP forbids.
    const deadline = Date.now() + 10_000;
    while ((await page.evaluate(ROWS_DRAWN)) === null) {
      if (Date.now() > deadline) throw new Error('the answer was not drawn within 10 s');
      await page.waitForTimeout(25);
    }
    await page.waitForTimeout(300);
    const figures = (await page.evaluate(READ_PROBE)) as {
      requests: number;
      answerToRowsMs: number;
      frames: number[];
      longTasks: number[];
    };
    return {
      word,
      requests: figures.requests,
      answerToRowsMs: figures.answerToRowsMs,
      longestFrameMs: Math.max(...figures.frames),
      framesOver16ms: figures.frames.filter((gap) => gap > 1000 / 60 + 1).length,
      frames: figures.frames.length,
      longTasks: figures.longTasks,
    };
  } catch (error) {
    return { note: `failed: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    await browser.close();
  }
}
