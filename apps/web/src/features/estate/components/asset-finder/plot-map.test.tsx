// The plot map as a keyboard and screen-reader user meets it: one plot in the tab order, each a button named with
// its facts, the arrow keys moving to the neighbour in that direction, Enter choosing an available plot, the status in
// words as well as colour and hatching; and the filter reading the map fades plots by.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Asset, ZoneMap } from '@portal/contract';
import { assetFixture } from '../../../../test/fixtures';
import { assetMatchesFilters } from './asset-filter-match';
import { checkRange } from './asset-filters';
import { nextPlot, PlotMap } from './plot-map';

function plot(code: string, map: Asset['map'], overrides: Partial<Asset> = {}): Asset {
  return assetFixture({ id: `id-${code}`, asset_code: code, map, ...overrides });
}

// Row 1: A (1,1 3x2), B (5,1 2x2), C (8,1 2x2, allotted). Row 4: D (1,4 4x3), E (6,4 2x2, reserved).
const PLOTS = [
  plot('A', { x: 1, y: 1, w: 3, h: 2 }, { total_area: 1200, valuation: 2_400_000 }),
  plot('B', { x: 5, y: 1, w: 2, h: 2 }, { type: 'shed', unit: 'sqft', total_area: 9000, valuation: 1_000_000 }),
  plot('C', { x: 8, y: 1, w: 2, h: 2 }, { status: 'allotted', available_area: 0 }),
  plot('D', { x: 1, y: 4, w: 4, h: 3 }, { type: 'land', unit: 'acres', total_area: 2.5, valuation: 9_000_000 }),
  plot('E', { x: 6, y: 4, w: 2, h: 2 }, { status: 'reserved', available_area: 0 }),
];

const MAP: ZoneMap = { zone: 'Hyderabad North', columns: 9, rows: 6, plots: PLOTS, unmapped: 0, truncated: false };

function renderMap(props: Partial<Parameters<typeof PlotMap>[0]> = {}) {
  const onSelect = vi.fn();
  render(
    <>
      <button type="button">Before</button>
      <PlotMap map={MAP} onSelect={onSelect} canSelect={(asset) => asset.status === 'available'} {...props} />
      <button type="button">After</button>
    </>,
  );
  return { onSelect, map: screen.getByRole('group', { name: 'Plot layout of Hyderabad North' }) };
}

const plotButton = (code: string) => screen.getByRole('button', { name: new RegExp(`^${code},`) });

describe('PlotMap', () => {
  it('names each plot with its code, type, area, valuation and status, in reading order', () => {
    const { map } = renderMap();
    const names = within(map)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      'A, Plot, 1,200 sq m, ₹24,00,000, Available',
      'B, Shed, 9,000 sq ft, ₹10,00,000, Available',
      'C, Plot, 1,125 sq m, ₹18,50,000, Allotted',
      'D, Land, 2.5 acres, ₹90,00,000, Available',
      'E, Plot, 1,125 sq m, ₹18,50,000, Reserved',
    ]);
    expect(map).toHaveAccessibleDescription(expect.stringContaining('arrow keys'));
    // Plots that cannot be chosen say so to assistive technology, and are still reachable to hear their facts.
    expect(plotButton('C')).toHaveAttribute('aria-disabled', 'true');
    expect(plotButton('A')).not.toHaveAttribute('aria-disabled');
  });

  it('puts one plot in the tab order: Tab enters the map at the first plot and leaves it after', async () => {
    renderMap();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(plotButton('A')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(plotButton('A')).toHaveFocus();
  });

  it('moves with the arrow keys to the nearest plot that way, and with Home and End to the first and last', async () => {
    renderMap();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(plotButton('B')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(plotButton('C')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(plotButton('C')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(plotButton('E')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(plotButton('D')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(plotButton('A')).toHaveFocus();
    await user.keyboard('{End}');
    expect(plotButton('E')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(plotButton('A')).toHaveFocus();
    // The plot last moved to is the one Tab comes back to.
    await user.keyboard('{ArrowRight}');
    await user.tab();
    await user.tab({ shift: true });
    expect(plotButton('B')).toHaveFocus();
    expect(plotButton('A')).toHaveAttribute('tabindex', '-1');
  });

  it('chooses an available plot with Enter, Space or a click, and not one that is allotted or reserved', async () => {
    const { onSelect } = renderMap();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(PLOTS[0]);
    await user.keyboard('{ArrowRight} ');
    expect(onSelect).toHaveBeenLastCalledWith(PLOTS[1]);
    await user.keyboard('{ArrowRight}{Enter}');
    await user.click(plotButton('E'));
    expect(onSelect).toHaveBeenCalledTimes(2);
    await user.click(plotButton('D'));
    expect(onSelect).toHaveBeenLastCalledWith(PLOTS[3]);
  });

  it('shows the facts of the plot in focus beside the map, with the action for it', async () => {
    renderMap({ renderAction: (asset) => <a href={`/apply/${asset.id}`}>Apply for this plot</a> });
    expect(screen.getByText(/Hover over or move to a plot/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.keyboard('{ArrowDown}');
    const facts = screen.getByRole('region', { name: 'Plot D' });
    expect(within(facts).getByText('2.5 acres', { selector: 'dd' })).toBeInTheDocument();
    expect(within(facts).getByText('₹90,00,000')).toBeInTheDocument();
    expect(within(facts).getByRole('link', { name: 'Apply for this plot' })).toHaveAttribute('href', '/apply/id-D');
  });

  it('marks the chosen plot as pressed, and fades (and says so of) plots the filters leave out', () => {
    renderMap({ selectedId: 'id-B', matches: (asset) => asset.type !== 'land' });
    expect(plotButton('B')).toHaveAttribute('aria-pressed', 'true');
    expect(plotButton('A')).toHaveAttribute('aria-pressed', 'false');
    expect(plotButton('D')).toHaveAccessibleName(expect.stringMatching(/, does not match the filters$/));
    expect(plotButton('A')).not.toHaveAccessibleName(expect.stringContaining('does not match'));
    // With a choice made, Tab enters the map at it.
    expect(plotButton('B')).toHaveAttribute('tabindex', '0');
  });

  it('keys every status in words beside its colour and hatching, and writes it on plots tall enough', () => {
    renderMap({ selectedId: null });
    for (const words of ['Available', 'Reserved', 'Allotted', 'Other', 'Faded: does not match the filters']) {
      expect(screen.getAllByText(words, { selector: 'li' }).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Thick outline: chosen', { selector: 'li' })).toBeInTheDocument();
    const hatched = document.querySelectorAll('pattern');
    expect(hatched.length).toBeGreaterThanOrEqual(3);
    expect(within(plotButton('C')).getByText('Allotted')).toBeInTheDocument();
  });
});

describe('nextPlot', () => {
  const mapped = PLOTS as (Asset & { map: NonNullable<Asset['map']> })[];
  it('prefers a plot level with the current one over a nearer one off its row', () => {
    const [a, b, , d] = mapped;
    expect(nextPlot(mapped, a!, 'right')?.asset_code).toBe('B');
    expect(nextPlot(mapped, b!, 'down')?.asset_code).toBe('E');
    expect(nextPlot(mapped, d!, 'up')?.asset_code).toBe('A');
    expect(nextPlot(mapped, a!, 'left')).toBeUndefined();
  });
});

describe('assetMatchesFilters', () => {
  const sqftShed = assetFixture({ type: 'shed', unit: 'sqft', total_area: 10_000, valuation: 2_000_000 });
  it('reads areas in square metres whatever the unit, both bounds included, and the other filters as the server', () => {
    // 10,000 sq ft is 929.03 sq m.
    expect(assetMatchesFilters(sqftShed, { area_min: '900', area_max: '1000' })).toBe(true);
    expect(assetMatchesFilters(sqftShed, { area_min: '1000' })).toBe(false);
    expect(assetMatchesFilters(sqftShed, { area_min: '10000', area_max: '10000', area_unit: 'sqft' })).toBe(true);
    expect(assetMatchesFilters(sqftShed, { area_max: '0.2', area_unit: 'acres' })).toBe(false);
    expect(assetMatchesFilters(sqftShed, { valuation_min: '2000000', valuation_max: '2000000' })).toBe(true);
    expect(assetMatchesFilters(sqftShed, { valuation_max: '1999999' })).toBe(false);
    expect(assetMatchesFilters(sqftShed, { type: 'plot,shed', status: 'available' })).toBe(true);
    expect(assetMatchesFilters(sqftShed, { type: 'land' })).toBe(false);
    expect(assetMatchesFilters(sqftShed, { q: 'patancheru' })).toBe(true);
    expect(assetMatchesFilters(sqftShed, { q: 'warangal' })).toBe(false);
  });
});

describe('checkRange', () => {
  it('takes empty boxes or numbers 0 or more, the first not above the second', () => {
    expect(checkRange('', '')).toEqual({ min: undefined, max: undefined });
    expect(checkRange(' 100 ', '2000.5')).toEqual({ min: '100', max: '2000.5' });
    expect(checkRange('5', '5')).toEqual({ min: '5', max: '5' });
    expect(checkRange('5000', '100')).toEqual({ error: 'rangeOrder' });
    expect(checkRange('-1', '')).toEqual({ error: 'notANumber' });
    expect(checkRange('', 'lots')).toEqual({ error: 'notANumber' });
  });
});
