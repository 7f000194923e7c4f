/** What a screen shows that does not fit it: longer Hindi and Telugu words would show it first. */
import type { Page } from '@playwright/test';

/** Elements that reach past the right edge of the window (unless a box around them scrolls sideways), and controls,
 * headings and cells whose text is cut off by their own box. */
export function textThatDoesNotFit(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    const scrollsSideways = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
      return false;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const problems: string[] = [];
    const edge = document.documentElement.clientWidth;
    for (const element of document.querySelectorAll('main *, header *, footer *, [role="dialog"] *')) {
      if (!visible(element) || element.closest('.sr-only')) continue;
      const box = element.getBoundingClientRect();
      if (box.right > edge + 1 && !scrollsSideways(element)) problems.push(`past the edge: ${describe(element)}`);
    }
    for (const element of document.querySelectorAll('button, a, [role="tab"], h1, h2, h3, th, td, label, dt, dd')) {
      if (!visible(element) || element.closest('.sr-only')) continue;
      const style = getComputedStyle(element);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1) problems.push(`cut off: ${describe(element)}`);
    }
    return [...new Set(problems)].slice(0, 20);
  });
}
