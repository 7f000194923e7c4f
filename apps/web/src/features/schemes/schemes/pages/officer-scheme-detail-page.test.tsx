// A scheme as staff see it: the draw run behind a dialog that says it cannot be undone, offered only to the head
// office and admins and only once applications have closed; the entries a page at a time, linked to the application;
// a draw's beacon round, the qualified list's hash and the round's randomness, and a draw asked for that waits for its
// round (answered 202) says why and that the portal tries again. And as an entrepreneur sees it: the rules in words,
// the beacon round, and "Apply for this plot" into the wizard with the scheme.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime, type DrawWaitReason, type SchemeDetail, type SchemeEntryRow } from '@portal/contract';
import { jsonResponse, pageResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import {
  APPLICATION_ID,
  ASSET_ID,
  DRAW_BEACON,
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
  beacon: DRAW_BEACON,
  plots: [plotFixture({ reserve_price: null, emd: null, ends_at: null })],
  my_entries: [],
});
const WAITING: SchemeDetail = {
  ...DRAW,
  draw_wait: {
    reason: 'round_not_yet',
    requested_at: '2026-12-05T12:31:30.000Z',
    tried_at: '2026-12-05T12:32:30.000Z',
  },
};
const ROUND = {
  round: DRAW_BEACON.round,
  randomness: '2e2f2429b9831974e0d665cef3de94a6786a3b085f70e19f1cdfba57240aefdc',
  signature: '8f3a61c0d92b47e5a1c6f08b3d7e2954c1a8b6f03e9d2c75b4a1e60f8d3c297a5b0e4f16c8d2a39e7f1b5c04d6a8e2f3',
};
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

describe("officer scheme page: a draw's beacon round", () => {
  it("names the round at the opening, the qualified list's hash at the close, and the randomness after the draw", async () => {
    stubScheme({ ...DRAW, status: 'open', accepting: true, qualified_hash: null, closed_at: null });
    signedInAs('ho');
    const view = renderApp(`/officer/schemes/${SCHEME_ID}`);
    const round = await screen.findByTestId('scheme-beacon-round');
    expect(round).toHaveTextContent(`Beacon round 34556813 of quicknet, due ${formatDateTime(DRAW_BEACON.round_at)}`);
    // The chain's hash shortened for the eye, whole in a tooltip and for screen readers.
    expect(within(round).getByText('Chain 52db9ba7…84e971')).toHaveAttribute('title', DRAW_BEACON.chain.hash);
    expect(within(round).getByText(`Chain ${DRAW_BEACON.chain.hash}`)).toHaveClass('sr-only');
    expect(screen.getByTestId('scheme-qualified-hash')).toHaveTextContent('Published when applications close');
    expect(screen.getByTestId('scheme-beacon-randomness')).toHaveTextContent('Read from the beacon at the draw');
    expect(screen.queryByTestId('scheme-beacon-signature')).not.toBeInTheDocument();
    view.unmount();

    stubScheme({ ...DRAW, status: 'decided', seed: 'd'.repeat(64), beacon_round: ROUND });
    signedInAs('ho');
    renderApp(`/officer/schemes/${SCHEME_ID}`);
    expect(await screen.findByTestId('scheme-beacon-randomness')).toHaveTextContent(ROUND.randomness);
    expect(screen.getByTestId('scheme-qualified-hash')).toHaveTextContent(DRAW.qualified_hash!);
    expect(screen.getByTestId('scheme-beacon-signature')).toHaveTextContent(ROUND.signature);
    expect(screen.getByText("The round's signature and the beacon's chain").closest('details')).not.toBeNull();
  }, 30_000);

  const WORDS: Record<DrawWaitReason, string> = {
    round_not_yet: "The beacon's round is not made yet: its time has not come, or the beacon has not published it.",
    beacon_unreachable: 'The beacon did not answer when the portal asked it for the round.',
    round_invalid:
      "The round the beacon sent has a signature that does not verify with the chain's public key. The portal refused it and will never use it, and the head office has been told.",
  };
  for (const [reason, words] of Object.entries(WORDS) as [DrawWaitReason, string][]) {
    it(`says why a draw waits for its round (${reason}), when it was asked and tried, and that the portal tries again`, async () => {
      stubScheme({ ...WAITING, draw_wait: { ...WAITING.draw_wait!, reason } });
      signedInAs('ho');
      renderApp(`/officer/schemes/${SCHEME_ID}`);
      const panel = await screen.findByTestId('draw-wait');
      expect(panel).toHaveAttribute('role', 'status');
      expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent(
        "The draw waits for the beacon's round",
      );
      expect(panel).toHaveTextContent(words);
      expect(panel).toHaveTextContent(
        `Asked for on ${formatDateTime(WAITING.draw_wait!.requested_at)}. The portal last asked the beacon on ${formatDateTime(WAITING.draw_wait!.tried_at)}.`,
      );
      expect(panel).toHaveTextContent('The portal tries again every minute by itself');
      for (const other of Object.values(WORDS).filter((text) => text !== words)) {
        expect(panel).not.toHaveTextContent(other);
      }
    }, 20_000);
  }

  it('shows no waiting panel when the draw is not waiting', async () => {
    stubScheme();
    signedInAs('ho');
    renderApp(`/officer/schemes/${SCHEME_ID}`);
    expect(await screen.findByRole('button', { name: 'Run the draw' })).toBeInTheDocument();
    expect(screen.queryByTestId('draw-wait')).not.toBeInTheDocument();
  }, 20_000);

  it('a draw answered 202 is asked for, not decided: the message says it waits, and the page shows why', async () => {
    const user = userEvent.setup();
    let current: SchemeDetail = DRAW;
    stubFetch((url, init) => {
      if (url === `/api/schemes/${SCHEME_ID}/decide` && init.method === 'POST') {
        current = WAITING;
        return jsonResponse(202, WAITING);
      }
      if (url === `/api/schemes/${SCHEME_ID}`) return jsonResponse(200, current);
      if (url.startsWith(`/api/schemes/${SCHEME_ID}/entries`)) return pageResponse([ENTRY]);
      return pageResponse([]);
    });
    signedInAs('ho');
    renderApp(`/officer/schemes/${SCHEME_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Run the draw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run the draw for SCH-2026-000001?' });
    await user.click(within(dialog).getByRole('button', { name: 'Run the draw' }));
    expect(
      await screen.findByText(
        "The draw for SCH-2026-000001 waits for the beacon's round, so it is not decided yet. The portal runs it by itself as soon as it has the round.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The result of SCH-2026-000001 is decided.')).not.toBeInTheDocument();
    expect(await screen.findByTestId('draw-wait')).toHaveTextContent(WORDS.round_not_yet);
    expect(screen.getByTestId('scheme-status')).toHaveTextContent('Applications closed');
  }, 30_000);
});

describe('entrepreneur scheme page', () => {
  it('explains the rules and applies for a plot through the wizard with the scheme', async () => {
    stubScheme({ ...DRAW, status: 'open', accepting: true });
    signedInAs('entrepreneur');
    renderApp(`/schemes/${SCHEME_ID}`);
    expect(await screen.findByText(/the order is drawn by lot/)).toBeInTheDocument();
    // The round the draw will use, and when it is due, named at the opening.
    expect(screen.getByTestId('scheme-beacon-round')).toHaveTextContent(
      `Beacon round 34556813 of quicknet, due ${formatDateTime(DRAW_BEACON.round_at)}`,
    );
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
