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

// Run in the page as source text: the bench's TypeScript runner would add helpers the page does not have.
const PROBE = `(() => {
  const probe = { frames: [], longTasks: [], changes: [] };
  window.__probe = probe;
  let last = performance.now();
  const frame = (now) => { probe.frames.push(now - last); last = now; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  new MutationObserver(() => probe.changes.push(performance.now())).observe(document.querySelector('main'), {
    childList: true, subtree: true, characterData: true, attributes: true,
  });
})()`;

// The typed searches' list requests, and when the last answer's rows were drawn: React draws an answer in one
// commit, the first change to the page after the answer arrived.
const READ_PROBE = `(() => {
  const probe = window.__probe;
  const lists = performance.getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/api/applications?') && entry.name.includes('q='));
  const lastAnswer = Math.max(...lists.map((entry) => entry.responseEnd));
  const drawn = probe.changes.find((at) => at >= lastAnswer);
  return {
    requests: lists.length,
    answerToRowsMs: drawn === undefined ? 0 : drawn - lastAnswer,
    frames: probe.frames.slice(1),
    longTasks: probe.longTasks,
  };
})()`;

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
    // The rows of the answer: the first row names the typed word (an organisation's name holds it).
    await page
      .locator('main ul > li')
      .first()
      .filter({ hasText: new RegExp(word, 'i') })
      .waitFor({ timeout: 10_000 });
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
