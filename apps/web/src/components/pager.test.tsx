// The pager: what it says, which buttons it offers and when they are disabled, and the capped total.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageWindow } from './pager';

describe('pager', () => {
  it('shows the range and the total in en-IN figures, with the current page marked', async () => {
    const onPageChange = vi.fn();
    render(<Pager page={2} limit={50} total={123_456} itemCount={50} onPageChange={onPageChange} />);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 51–100 of 1,23,456');
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 2,470' })).toBeInTheDocument();
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('gives each button one background and one text colour, so the current page is not drawn white on white', () => {
    render(<Pager page={2} limit={50} total={500} itemCount={50} onPageChange={() => {}} />);
    // Plain (not hover:, disabled:) colour utilities: two of one kind conflict, and the stylesheet's order decides.
    const plain = (button: HTMLElement, kind: RegExp) =>
      button.className.split(/\s+/).filter((name) => kind.test(name));
    for (const button of screen.getAllByRole('button')) {
      expect(plain(button, /^bg-/), button.textContent ?? '').toHaveLength(1);
      expect(plain(button, /^text-(white|black|slate|brand|red)/), button.textContent ?? '').toHaveLength(1);
    }
    const current = screen.getByRole('button', { name: 'Page 2' });
    expect(plain(current, /^bg-/)).toEqual(['bg-brand-700']);
    expect(plain(current, /^text-(white|black|slate|brand|red)/)).toEqual(['text-white']);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pager page={1} limit={50} total={120} itemCount={50} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(<Pager page={3} limit={50} total={120} itemCount={20} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 101–120 of 120');
  });

  it('reads a capped total as 10,000+ and offers no last page, stopping where offsets end', () => {
    const { rerender } = render(
      <Pager page={1} limit={50} total={10_000} totalCapped itemCount={50} maxPage={201} onPageChange={() => {}} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1–50 of 10,000+');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(
      <Pager page={201} limit={50} total={10_000} totalCapped itemCount={50} maxPage={201} onPageChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('offers no buttons when everything fits on one page', () => {
    render(<Pager page={1} limit={50} total={3} itemCount={3} onPageChange={() => {}} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1–3 of 3');
  });

  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(1, 5, true)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 40, true)).toEqual([1, null, 9, 10, 11, null, 40]);
    expect(pageWindow(10, undefined, true)).toEqual([1, null, 9, 10, 11, null]);
  });
});
