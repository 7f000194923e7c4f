/** The 12-week trend names every week under its chart, on a phone and on a desktop. jsdom lays nothing out, so the
 * chart is given the width of the screen's card (in place of the measuring container) and each label the width its
 * letters take at the axis' size. */
import { cloneElement, type ReactElement } from 'react';
import { render, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addCalendarDays, formatDate, type Pendency } from '@portal/contract';
import { Trend } from './pendency-charts';

const TODAY = '2026-11-28';
const TREND: Pendency['trend'] = Array.from({ length: 12 }, (_, index) => ({
  week: addCalendarDays(TODAY, (index - 11) * 7),
  received: index,
  decided: 1,
  late: index % 3,
}));
const PENDENCY: Pendency = {
  today: TODAY,
  zone: null,
  total: 0,
  late: 0,
  by_stage: [],
  late_by_zone: [],
  late_by_officer: [],
  trend: TREND,
};

const size = vi.hoisted(() => ({ width: 0 }));
vi.mock('recharts', async (original) => ({
  ...(await original<typeof import('recharts')>()),
  ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
    cloneElement(children, { width: size.width, height: 320 }),
}));

/** Boxes as a browser would draw them: the chart `width` wide, a label about 6.5 px a letter at the axis' 11 px. */
function layOut(width: number) {
  size.width = width;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const text = this.id === 'recharts_measurement_span';
    const box = text ? { width: (this.textContent ?? '').length * 6.5, height: 14 } : { width, height: 320 };
    return { ...box, x: 0, y: 0, top: 0, left: 0, right: box.width, bottom: box.height, toJSON: () => box } as DOMRect;
  });
}

describe('the 12-week trend', () => {
  // The card's chart on a 375 px phone (the page's and the card's padding taken off), and at 1280 px beside nothing.
  it.each([
    ['a phone', 300],
    ['a desktop', 1180],
  ])('labels every week on %s', async (_name, width) => {
    layOut(width);
    const { getByTestId } = render(<Trend pendency={PENDENCY} />);
    const chart = getByTestId('pendency-trend');
    // The axis draws its labels together, once the chart has its size.
    await waitFor(() => expect(chart.querySelector('.recharts-xAxis-tick-labels')).not.toBeNull());
    const labels = [...chart.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')].map(
      (tick) => tick.textContent,
    );
    expect(labels).toEqual(TREND.map((week) => formatDate(week.week)));
    expect(within(chart).getByRole('img')).toBeInTheDocument();
  });
});
