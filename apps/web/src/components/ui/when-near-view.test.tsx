/** A chart below the first screen is neither loaded nor drawn until its place comes near the screen; its placeholder
 * holds the room meanwhile. */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WhenNearView } from './when-near-view';

describe('WhenNearView', () => {
  it('holds a sized placeholder until its place nears the screen, then draws its children', () => {
    let report: ((entries: Array<{ isIntersecting: boolean }>) => void) | undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          report = callback;
        }
        observe = observe;
        disconnect() {}
      },
    );
    const { container } = render(
      <WhenNearView placeholderClassName="min-h-96">
        <p>The chart</p>
      </WhenNearView>,
    );
    expect(screen.queryByText('The chart')).toBeNull();
    const placeholder = container.firstElementChild!;
    expect(placeholder).toHaveClass('min-h-96');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(observe).toHaveBeenCalledWith(placeholder);

    act(() => report!([{ isIntersecting: false }]));
    expect(screen.queryByText('The chart')).toBeNull();
    act(() => report!([{ isIntersecting: true }]));
    expect(screen.getByText('The chart')).toBeInTheDocument();
  });

  it('draws its children at once where the browser cannot tell what is on screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNearView placeholderClassName="min-h-96">
        <p>The chart</p>
      </WhenNearView>,
    );
    expect(screen.getByText('The chart')).toBeInTheDocument();
  });
});
