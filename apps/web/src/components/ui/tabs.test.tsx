// The tab strip: when its tabs are wider than the strip (a phone), a faded edge with a chevron, hidden from assistive
// technology, shows on each side where more tabs lie, and the selected tab is scrolled into the strip.
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const TABS = ['Overview', 'Documents', 'Queries', 'Payments', 'Allotment', 'Timeline'].map((label) => ({
  value: label.toLowerCase(),
  label,
  content: <p>{label} panel</p>,
}));

/** jsdom lays nothing out: a strip `width` px wide whose tabs are 100 px each, and a scroll position it keeps. */
function layOut(width: number) {
  const scrolled = new WeakMap<Element, number>();
  const isStrip = (element: Element) => element.getAttribute('role') === 'tablist';
  const tabIndex = (element: Element) => [...(element.parentElement?.children ?? [])].indexOf(element);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isStrip(this) ? width : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isStrip(this) ? this.children.length * 100 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'tab' ? tabIndex(this) * 100 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'tab' ? 100 : 0;
  });
  vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(function (this: Element) {
    return scrolled.get(this) ?? 0;
  });
  vi.spyOn(Element.prototype, 'scrollLeft', 'set').mockImplementation(function (this: Element, left: number) {
    scrolled.set(this, left);
  });
}

const cue = (side: 'start' | 'end') => screen.queryByTestId(`tabs-scroll-cue-${side}`);

describe('tabs', () => {
  it('shows no cue when every tab fits', () => {
    layOut(1000);
    render(<Tabs label="Application" tabs={TABS} />);
    expect(cue('start')).not.toBeInTheDocument();
    expect(cue('end')).not.toBeInTheDocument();
  });

  it('shows a decorative cue at the end while more tabs lie there, and at the start once scrolled', () => {
    layOut(300);
    render(<Tabs label="Application" tabs={TABS} />);
    const strip = screen.getByRole('tablist', { name: 'Application' });
    expect(cue('end')).toHaveAttribute('aria-hidden', 'true');
    expect(cue('end')!.querySelector('svg')).toBeInTheDocument();
    expect(cue('start')).not.toBeInTheDocument();

    act(() => {
      strip.scrollLeft = 150;
      fireEvent.scroll(strip);
    });
    expect(cue('start')).toHaveAttribute('aria-hidden', 'true');
    expect(cue('end')).toBeInTheDocument();

    act(() => {
      strip.scrollLeft = 300;
      fireEvent.scroll(strip);
    });
    expect(cue('start')).toBeInTheDocument();
    expect(cue('end')).not.toBeInTheDocument();
  });

  it('scrolls a selected tab beyond the edge into the strip, at the start and on each change', async () => {
    layOut(300);
    const { rerender } = render(<Tabs label="Application" tabs={TABS} value="allotment" onValueChange={() => {}} />);
    const strip = screen.getByRole('tablist');
    // Allotment spans 400–500 px: the strip's 300 px window must end past 500.
    expect(strip.scrollLeft).toBeGreaterThanOrEqual(200);
    expect(strip.scrollLeft).toBeLessThanOrEqual(400);
    expect(cue('start')).toBeInTheDocument();

    rerender(<Tabs label="Application" tabs={TABS} value="overview" onValueChange={() => {}} />);
    expect(strip.scrollLeft).toBe(0);
    expect(cue('start')).not.toBeInTheDocument();

    // Uncontrolled: choosing a tab by keyboard keeps it in view too.
    rerender(<Tabs label="Other" tabs={TABS} key="uncontrolled" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Queries' }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist').scrollLeft).toBeGreaterThanOrEqual(300);
  });
});
