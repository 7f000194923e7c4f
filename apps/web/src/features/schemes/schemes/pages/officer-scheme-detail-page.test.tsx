// A scheme as staff see it: the draw run behind a dialog that says it cannot be undone, offered only to the head
// office and admins and only once applications have closed; the entries a page at a time, linked to the application.
// And as an entrepreneur sees it: the rules in words and "Apply for this plot" into the wizard with the scheme.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime, type SchemeEntryRow } from '@portal/contract';
import { jsonResponse, pageResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import {
  APPLICATION_ID,
  ASSET_ID,
  lotFixture,
  plotFixture,
  SCHEME_ID,
  schemeFixture,
  sseStream,
} from '../test-fixtures';

// The first render waits for the page's lazily loaded chunk, which on a busy machine can take longer than the default.
configure({ asyncUtilTimeout: 15_000 });

const DRAW = schemeFixture({
  mode: 'draw',
  status: 'closed',
  increment: null,
  auction_starts_at: null,
  auction_ends_at: null,
  participation_fee: null,
  plots: [plotFixture({ reserve_price: null, emd: null, ends_at: null })],
  my_entries: [],
});
const ENTRY: SchemeEntryRow = {
  application_id: APPLICATION_ID,
  application_number: 'APP-2026-000101',
  organization_name: 'Krishna Castings',
  plot_code: 'HYD-PL-101',
  category: 'general',
  status: 'approved',
  qualified: true,
  list_position: 1,
  rank: null,
  outcome: null,
  amount: null,
  emd_forfeited: false,
};

function stubScheme(scheme = DRAW) {
  const fetchMock = stubFetch((url, init) => {
    if (url === `/api/schemes/${SCHEME_ID}`) return jsonResponse(200, scheme);
    if (url.startsWith(`/api/schemes/${SCHEME_ID}/entries`)) return pageResponse([ENTRY]);
    if (url === `/api/schemes/${SCHEME_ID}/decide` && init.method === 'POST')
      return jsonResponse(200, { ...scheme, status: 'decided' });
    return pageResponse([]);
  });
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));
  return { posts };
}

describe('officer scheme page', () => {
  it('runs the draw after a confirm that says it cannot be undone, and lists the entries', async () => {
    const user = userEvent.setup();
    const { posts } = stubScheme();
    signedInAs('ho');
    renderApp(`/officer/schemes/${SCHEME_ID}`);
    const entries = await screen.findByRole('region', { name: 'Applications in the scheme' });
    expect(within(entries).getByRole('link', { name: 'APP-2026-000101' })).toHaveAttribute(
      'href',
      `/officer/applications/${APPLICATION_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Run the draw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run the draw for SCH-2026-000001?' });
    expect(dialog).toHaveTextContent('This cannot be undone: the result stands.');
    expect(posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Run the draw' }));
    await waitFor(() => expect(posts()).toEqual([`/api/schemes/${SCHEME_ID}/decide`]));
  }, 30_000);

  it('offers a zonal manager no draw, and an open scheme no close before its closing time', async () => {
    stubScheme();
    signedInAs('zonal_manager');
    const view = renderApp(`/officer/schemes/${SCHEME_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Scheme SCH-2026-000001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run the draw' })).not.toBeInTheDocument();
    view.unmount();

    stubScheme({ ...DRAW, status: 'open', accepting: true, closes_at: '2099-01-01T00:00:00.000Z' });
    signedInAs('ho');
    renderApp(`/officer/schemes/${SCHEME_ID}`);
    expect(await screen.findByText('Applications can be closed once the closing time has passed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close applications' })).not.toBeInTheDocument();
  }, 30_000);

  it('says why a plot reserved for a category went to the general order', async () => {
    stubScheme({
      ...DRAW,
      status: 'decided',
      plots: [
        plotFixture({
          reserve_price: null,
          emd: null,
          ends_at: null,
          reserved_for: 'sc',
          winner_application_number: 'APP-2026-000101',
          winner_reason: 'reserved_category_absent',
        }),
      ],
    });
    signedInAs('ho');
    renderApp(`/officer/schemes/${SCHEME_ID}`);
    expect(
      await screen.findByText(
        'Reserved for SC, but no qualified SC application asked for this plot, so it went to the general order.',
      ),
    ).toBeInTheDocument();
  }, 20_000);
});

describe('entrepreneur scheme page', () => {
  it('explains the rules and applies for a plot through the wizard with the scheme', async () => {
    stubScheme({ ...DRAW, status: 'open', accepting: true });
    signedInAs('entrepreneur');
    renderApp(`/schemes/${SCHEME_ID}`);
    expect(await screen.findByText(/the order is drawn by lot/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply for plot HYD-PL-101' })).toHaveAttribute(
      'href',
      `/applications/new?scheme=${SCHEME_ID}&asset=${ASSET_ID}`,
    );
    expect(
      screen.getByText('You have not applied in this scheme yet. Choose a plot below to apply.'),
    ).toBeInTheDocument();
    // Before applying: approval must come by the close, and what happens otherwise.
    expect(screen.getByTestId('scheme-deadline-rule')).toHaveTextContent(
      `must be approved, with its deposits paid, by the close of applications on ${formatDateTime(DRAW.closes_at)}. One that is not is not qualified: it is rejected at the close and its EMD is refunded.`,
    );
  }, 20_000);
});

describe('officer scheme page during an auction', () => {
  it('shows each lot live from the stream, with no bid form', async () => {
    const stream = sseStream();
    stubFetch((url) => {
      if (url === `/api/schemes/${SCHEME_ID}`) return jsonResponse(200, schemeFixture({ my_entries: [] }));
      if (url === `/api/schemes/${SCHEME_ID}/lots`) return jsonResponse(200, [lotFixture()]);
      if (url === `/api/schemes/${SCHEME_ID}/live`) return stream.response();
      return pageResponse([]);
    });
    signedInAs('committee');
    renderApp(`/officer/schemes/${SCHEME_ID}`);
    const live = await screen.findByRole('region', { name: 'Live bidding' });
    const row = () => within(live).getByText('HYD-PL-101').closest('tr')!;
    expect(row()).toHaveTextContent('No bids yet');
    act(() => stream.send(lotFixture({ highest_bid: 2_500_000, bid_count: 1, sequence: 1 })));
    await waitFor(() => expect(row()).toHaveTextContent('₹25,00,000'));
    expect(screen.queryByRole('button', { name: 'Place the bid' })).not.toBeInTheDocument();
    // An auction speaks of its bids and H1/H2, never of a draw's secret number.
    expect(screen.getByText(/offered to the second highest bidder at their own bid/)).toBeInTheDocument();
    expect(screen.queryByTestId('scheme-commitment')).not.toBeInTheDocument();
    expect(screen.queryByText(/secret number|revealed at the draw/i)).not.toBeInTheDocument();
  }, 20_000);
});
