/** Waits for a screen to finish loading: no request of the page in flight for a moment, and nothing marked busy
 * (a region with aria-busy, a spinner). Playwright's 'networkidle' waits half a second of silence after every load;
 * the screens say themselves when they are loading, so this waits only as long as they do. */
import { expect, type Page, type Request } from '@playwright/test';

const inFlight = new WeakMap<Page, Set<Request>>();
/** How long the network must stay silent: a query that starts from another's answer starts within a render. */
const QUIET_MS = 150;

/** Starts counting the page's requests; call once per page, before its first navigation. */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const requests = new Set<Request>();
  inFlight.set(page, requests);
  page.on('request', (request) => requests.add(request));
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
}

/** Resolves once the page has had no request in flight for QUIET_MS and shows nothing busy. */
export async function settled(page: Page): Promise<void> {
  const requests = inFlight.get(page);
  if (!requests) throw new Error('settled(page) needs trackRequests(page) before the page loads');
  await expect(async () => {
    let quietSince = Date.now();
    while (Date.now() - quietSince < QUIET_MS) {
      if (requests.size > 0) quietSince = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await page.locator('[aria-busy="true"], [role="status"] .animate-spin').count()).toBe(0);
  }).toPass({ intervals: [50, 100, 250] });
}
