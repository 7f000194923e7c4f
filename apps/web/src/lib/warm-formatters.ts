/** Builds the shared formatters while the browser is idle after the first render. An Intl date formatter takes tens
 * of milliseconds to build on a slow phone (its locale and time-zone data load on first use); built on demand, that
 * happened inside the render that first shows a date, just as a page's data arrived. Each is built in an idle
 * period of its own, so none of them holds the page up. */
import { formatDate, formatDateTime, formatNumber, formatRupees, businessToday } from '@portal/contract';

type Schedule = (task: () => void) => void;

const whenIdle: Schedule = (task) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout: 2000 });
  else window.setTimeout(task, 50);
};

/** One use of each formatter a page shows: an instant, a calendar day, with and without the time, money, a number,
 * and today's business date (the clocks). */
const FIRST_USES: (() => unknown)[] = [
  () => formatDate(new Date()),
  () => formatRupees(1),
  () => formatDateTime(new Date()),
  () => formatDate('2026-01-01'),
  () => businessToday(),
  () => formatNumber(1),
  () => formatDateTime('2026-01-01'),
];

export function warmFormattersWhenIdle(schedule: Schedule = whenIdle): void {
  const waiting = [...FIRST_USES];
  const next = () => {
    waiting.shift()?.();
    if (waiting.length > 0) schedule(next);
  };
  schedule(next);
}
