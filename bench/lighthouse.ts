/** Lighthouse scores of a page, when the optional `lighthouse` package and Chromium are both there. Chromium runs
 * headless with networking beyond 127.0.0.1 switched off. */
import fs from 'node:fs';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LighthouseResult {
  scores?: Record<string, number>;
  metrics?: Record<string, number>;
  note?: string;
}

export async function lighthouseScores(url: string): Promise<LighthouseResult> {
  const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) return { note: `skipped: no Chromium at ${chromePath} (apt-get install chromium)` };
  let lighthouse: (url: string, flags: object) => Promise<{ lhr: LighthouseReport } | undefined>;
  let launch: (options: object) => Promise<{ port: number; kill(): Promise<void> | void }>;
  try {
    // Optional packages: a variable specifier keeps them out of the type check and the install.
    const lighthouseModule = 'lighthouse';
    const launcherModule = 'chrome-launcher';
    lighthouse = (await import(lighthouseModule)).default;
    launch = (await import(launcherModule)).launch;
  } catch {
    return { note: 'skipped: the lighthouse package is not installed' };
  }
  const chrome = await launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    userDataDir: fs.mkdtempSync('/tmp/portal-bench-chrome-'),
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) return { note: 'lighthouse answered nothing' };
    const scores: Record<string, number> = {};
    for (const [key, category] of Object.entries(result.lhr.categories))
      scores[key] = Math.round((category.score ?? 0) * 100);
    const metrics: Record<string, number> = {};
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]) {
      const value = result.lhr.audits[id]?.numericValue;
      if (value !== undefined) metrics[id] = value;
    }
    return { scores, metrics };
  } catch (error) {
    return { note: `failed: ${(error as Error).message}` };
  } finally {
    await chrome.kill();
  }
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}
