/** Lighthouse scores of a page, when the optional `lighthouse` package and Chromium are both there. Chromium runs
 * headless with networking beyond 127.0.0.1 switched off. A signed-in page is audited with the session put in the
 * origin's local storage first, where the web app keeps it. */
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
  /** The performance score of each run, when the figures are the median of several runs. */
  runs?: number[];
  note?: string;
}

export interface LighthouseOptions {
  /** Items written to the origin's local storage before the audit (a signed-in session), which then keeps them. */
  localStorage?: Record<string, string>;
}

/** Signs in through the API and answers the local storage the web app keeps for that session
 * (apps/web/src/lib/session-storage.ts: the token, and the user without the language). */
export async function signedInStorage(base: string, email: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`/auth/me as ${email}: ${me.status}`);
  const { language: _language, ...user } = (await me.json()) as Record<string, unknown>;
  return { token, user: JSON.stringify(user) };
}

export async function lighthouseScores(url: string, options: LighthouseOptions = {}): Promise<LighthouseResult> {
  const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) return { note: `skipped: no Chromium at ${chromePath} (apt-get install chromium)` };
  let lighthouse: (url: string, flags: object) => Promise<{ lhr: LighthouseReport } | undefined>;
  let launch: (options: object) => Promise<{ port: number; kill(): Promise<void> | void }>;
  let connect: (options: { browserURL: string }) => Promise<Browser>;
  try {
    // Optional packages (puppeteer-core comes with lighthouse): a variable specifier keeps them out of the type check
    // and the install.
    const lighthouseModule = 'lighthouse';
    const launcherModule = 'chrome-launcher';
    const puppeteerModule = 'puppeteer-core';
    lighthouse = (await import(lighthouseModule)).default;
    launch = (await import(launcherModule)).launch;
    connect = (await import(puppeteerModule)).default.connect;
  } catch {
    return { note: 'skipped: the lighthouse package is not installed' };
  }
  const chrome = await launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    userDataDir: fs.mkdtempSync('/tmp/portal-bench-chrome-'),
  });
  try {
    if (options.localStorage) await fillLocalStorage(connect, chrome.port, url, options.localStorage);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // Lighthouse empties the origin's storage (and so the session) before loading the page unless told not to.
      disableStorageReset: Boolean(options.localStorage),
    });
    if (!result) return { note: 'lighthouse answered nothing' };
    const scores: Record<string, number> = {};
    for (const [key, category] of Object.entries(result.lhr.categories))
      scores[key] = Math.round((category.score ?? 0) * 100);
    const metrics: Record<string, number> = {};
    for (const id of [
      'first-contentful-paint',
      'interactive',
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The page audited `runs` times, each in a fresh browser: every score and metric is the median of the runs that
 * answered (a run that failed is left out; when none answered, the last note is given). */
export async function lighthouseMedian(
  url: string,
  runs: number,
  options: () => Promise<LighthouseOptions> | LighthouseOptions = () => ({}),
): Promise<LighthouseResult> {
  const answered: LighthouseResult[] = [];
  let note: string | undefined;
  for (let run = 0; run < runs; run++) {
    const result = await lighthouseScores(url, await options());
    if (result.note) note = result.note;
    else answered.push(result);
  }
  if (!answered.length) return { note: note ?? 'no run answered' };
  const pick = (part: 'scores' | 'metrics') => {
    const keys = new Set(answered.flatMap((result) => Object.keys(result[part] ?? {})));
    return Object.fromEntries(
      [...keys].map((key) => [
        key,
        median(answered.map((result) => result[part]?.[key]).filter((value) => value !== undefined)),
      ]),
    );
  };
  return {
    scores: pick('scores'),
    metrics: pick('metrics'),
    runs: answered.map((result) => result.scores?.performance ?? 0),
  };
}

/** Writes the items into the origin's local storage from a page of the origin that does not run the app (the API's
 * health check), so no script or style of the app is in the browser's cache when the audit starts. */
async function fillLocalStorage(
  connect: (options: { browserURL: string }) => Promise<Browser>,
  port: number,
  url: string,
  items: Record<string, string>,
): Promise<void> {
  const browser = await connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${new URL(url).origin}/api/health`);
    await page.evaluate((entries: Array<[string, string]>) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(items));
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** The few puppeteer-core calls used here. */
interface Browser {
  newPage(): Promise<{
    goto(url: string): Promise<unknown>;
    evaluate<T>(fn: (arg: T) => void, arg: T): Promise<void>;
    close(): Promise<void>;
  }>;
  disconnect(): Promise<void>;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}
