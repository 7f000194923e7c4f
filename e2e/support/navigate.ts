/** Moves the app to another of its screens the way a link inside it does: the router reads the new address and mounts
 * the screen, while the app, its session, language and fonts stay loaded (a `page.goto` boots all of it again). */
import { expect, type Page } from '@playwright/test';

/** Resolves once the screen at `path` has drawn its heading: the heading of the screen left is marked first, so a
 * heading without the mark is the new screen's. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    document.querySelectorAll('h1').forEach((heading) => heading.setAttribute('data-screen-left', ''));
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  await page.locator('main h1:not([data-screen-left])').first().waitFor();
}

const booted = new WeakSet<Page>();

/** Opens the screen at `path`: the page's first screen by loading it (so a language or session set up before it
 * applies), every later one inside the app. */
export async function openScreen(page: Page, path: string): Promise<void> {
  if (booted.has(page)) return navigateInApp(page, path);
  await page.goto(path);
  booted.add(page);
}
