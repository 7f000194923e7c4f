// Find a plot (entrepreneurs): the filters in the URL and sent to the available-assets list, the cards with each
// asset's zone, location, area, valuation and status, and the zone's map from which choosing an available plot opens
// the wizard on it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Asset, ZoneMap } from '@portal/contract';
import { assetFixture } from '../../../../test/fixtures';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

const FREE = assetFixture({
  id: 'a1111111-1111-4111-8111-111111111111',
  asset_code: 'WAR-PL-003',
  zone: 'Warangal',
  location: 'Madikonda IP',
  map: { x: 1, y: 1, w: 3, h: 3 },
});
const TAKEN = assetFixture({
  id: 'a2222222-2222-4222-8222-222222222222',
  asset_code: 'WAR-SH-008',
  type: 'shed',
  zone: 'Warangal',
  status: 'allotted',
  available_area: 0,
  map: { x: 5, y: 1, w: 4, h: 3 },
});
const ELSEWHERE = assetFixture({
  id: 'a3333333-3333-4333-8333-333333333333',
  asset_code: 'NAL-LA-005',
  type: 'land',
  unit: 'acres',
  total_area: 3.5,
  available_area: 3.5,
  valuation: 4_250_000,
  zone: 'Nalgonda',
  location: 'Choutuppal IP',
  map: { x: 1, y: 1, w: 6, h: 4 },
});
const WARANGAL: ZoneMap = {
  zone: 'Warangal',
  columns: 8,
  rows: 3,
  plots: [FREE, TAKEN],
  unmapped: 0,
  truncated: false,
};

function stubFinder(available: Asset[] = [FREE, ELSEWHERE]) {
  return stubFetch((url) => {
    const path = url.split('?')[0];
    if (path === '/api/assets/zones') return jsonResponse(200, { zones: ['Nalgonda', 'Warangal'], truncated: false });
    if (path === '/api/assets/map') return jsonResponse(200, WARANGAL);
    if (path === '/api/assets/available') return pageResponse(available);
    return pageResponse([]);
  });
}

const availableCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/assets/available'));

async function openFinder(path = '/assets/map') {
  signedInAs('entrepreneur');
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Find a plot', level: 1 });
  return view;
}

describe('Find a plot', () => {
  it('shows each available asset as a card with its zone, location, area, valuation and status', async () => {
    stubFinder();
    await openFinder();
    const card = await screen.findByRole('article', { name: /NAL-LA-005/ });
    const facts = Object.fromEntries(
      within(card)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Zone: 'Nalgonda',
      Location: 'Choutuppal IP',
      Area: '3.5 acres',
      Available: '3.5 acres',
      Valuation: '₹42,50,000',
      Status: 'AVAILABLE',
    });
    expect(within(card).getByRole('link', { name: 'Apply for NAL-LA-005' })).toHaveAttribute(
      'href',
      `/applications/new?asset=${ELSEWHERE.id}`,
    );
    expect(screen.getByText('Choose a zone to see its plot layout.')).toBeInTheDocument();
  });

  it('sends the zone and area range to the available-assets list and keeps them in the URL', async () => {
    const fetchMock = stubFinder();
    const { router } = await openFinder();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Zone' }), 'Warangal');
    const area = screen.getByRole('group', { name: 'Area' });
    await user.type(within(area).getByLabelText('From'), '1000');
    await user.type(within(area).getByLabelText('To'), '2000');
    await waitFor(() =>
      expect(queryOf(availableCalls(fetchMock).at(-1)!)).toMatchObject({
        zone: 'Warangal',
        area_min: '1000',
        area_max: '2000',
      }),
    );
    expect(router.state.location.search).toBe('?zone=Warangal&area_min=1000&area_max=2000');
    expect(await screen.findByRole('group', { name: 'Plot layout of Warangal' })).toBeInTheDocument();
  });

  it('opens the wizard on an available plot chosen on the map, and not on an allotted one', async () => {
    stubFinder();
    const { router } = await openFinder('/assets/map?zone=Warangal');
    const map = await screen.findByRole('group', { name: 'Plot layout of Warangal' });
    const user = userEvent.setup();
    const taken = within(map).getByRole('button', { name: /^WAR-SH-008,.*Allotted$/ });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    taken.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/assets/map');
    expect(screen.getByRole('region', { name: 'Plot WAR-SH-008' })).toHaveTextContent(
      'This plot is not open for application.',
    );
    await user.keyboard('{ArrowLeft}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications/new'));
    expect(router.state.location.search).toBe(`?asset=${FREE.id}`);
  });

  it('offers to show a card’s asset on its zone’s map', async () => {
    stubFinder();
    const { router } = await openFinder('/assets/map?zone=Warangal');
    const card = await screen.findByRole('article', { name: /NAL-LA-005/ });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Show NAL-LA-005 on the map' }));
    await waitFor(() => expect(router.state.location.search).toBe('?zone=Nalgonda'));
  });

  it('is for entrepreneurs only', async () => {
    stubFinder();
    signedInAs('ho');
    const { router } = renderApp('/assets/map');
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer'));
  });
});
