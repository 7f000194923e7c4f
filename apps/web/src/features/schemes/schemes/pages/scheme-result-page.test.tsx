// The public result of a scheme, signed out: a draw's commitment and revealed seed, the qualified list in its order,
// the result by plot (a reserved plot given to the general order says why), the verification link and the command
// that recomputes the draw; a draw's beacon round, randomness and signature, the list's hash and the order's seed, and
// how anyone can check it (in Telugu too); a draw made before the beacon in its old words; an auction's and first
// come's records in their own words; an unknown number, in words; and the page in Hindi.
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@portal/contract';
import { changeLanguage } from '../../../../lib/i18n';
import { jsonResponse, renderApp, stubFetch } from '../../../../test/render-app';
import { publicSchemeFixture } from '../test-fixtures';

// The first render waits for the page's lazily loaded chunk, which on a busy machine can take longer than the default.
configure({ asyncUtilTimeout: 15_000 });

const RECORD = publicSchemeFixture();
/** A draw made before draws named a beacon round: its seed alone orders the list. */
const OLD_DRAW = publicSchemeFixture({ beacon: null, beacon_round: null, qualified_hash: null, draw_seed: null });
/** What an auction's or first come's record has of a draw: nothing but the list's hash. */
const NO_DRAW = { seed: null, beacon: null, beacon_round: null, draw_seed: null } as const;

function open(answer: () => Response, number = RECORD.scheme_number) {
  stubFetch((url) => (url === `/api/public/schemes/${number}` ? answer() : jsonResponse(404, {})));
  return renderApp(`/scheme-results/${number}`);
}

describe('scheme result page', () => {
  it('holds the room of the record and of its subtitle while the record comes, so nothing on screen moves when it shows', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch((url) =>
      url === `/api/public/schemes/${RECORD.scheme_number}`
        ? (new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response)
        : jsonResponse(404, {}),
    );
    renderApp(`/scheme-results/${RECORD.scheme_number}`);
    const loading = await screen.findByRole('status', { name: 'Loading the scheme…' });
    expect(loading).toHaveClass('min-h-screen');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.parentElement!.nextElementSibling?.textContent).toBe('\u00a0');
    answer(jsonResponse(200, RECORD));
    expect(await screen.findByRole('heading', { level: 1, name: RECORD.title })).toBeInTheDocument();
  });

  it('shows everything needed to check the draw, signed out', async () => {
    open(() => jsonResponse(200, RECORD));
    expect(await screen.findByRole('heading', { level: 1, name: RECORD.title })).toBeInTheDocument();
    expect(screen.getByTestId('scheme-commitment')).toHaveTextContent(RECORD.commitment);
    expect(screen.getByTestId('scheme-seed')).toHaveTextContent(RECORD.seed!);

    const qualified = screen.getByRole('table', { name: 'Qualified applications' });
    expect(
      within(qualified)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent),
    ).toEqual(['APP-2026-000201', 'APP-2026-000202']);
    expect(within(qualified).getByText('Women')).toBeInTheDocument();

    const result = screen.getByRole('table', { name: 'Result' });
    const winner = within(result).getByText('APP-2026-000202').closest('tr')!;
    expect(
      within(winner)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'KKD-PL-007',
      'APP-2026-000202',
      'WonReserved for SC, but no qualified SC application asked for this plot, so it went to the general order.',
      '1',
      '—',
    ]);
    expect(screen.getByRole('link', { name: 'Check the result sheet (code VRF7K2M9Q4)' })).toHaveAttribute(
      'href',
      '/verify/VRF7K2M9Q4',
    );
    expect(screen.getByTestId('verify-command')).toHaveTextContent(
      `node docs/verify-draw.mjs ${window.location.origin}/api/public/schemes/${RECORD.scheme_number}`,
    );
    // A draw has no bids to show.
    expect(screen.queryByRole('heading', { name: 'Bids' })).not.toBeInTheDocument();
  }, 20_000);

  it("shows the draw's beacon round, its randomness and signature, the list's hash and the order's seed, and how anyone can check it", async () => {
    open(() => jsonResponse(200, RECORD));
    const round = await screen.findByTestId('scheme-beacon-round');
    const beacon = RECORD.beacon!;
    expect(round).toHaveTextContent(`Beacon round 33980813 of quicknet, due ${formatDateTime(beacon.round_at)}`);
    expect(within(round).getByText(`Chain ${beacon.chain.hash}`)).toBeInTheDocument();
    expect(screen.getByTestId('scheme-beacon-randomness')).toHaveTextContent(RECORD.beacon_round!.randomness);
    expect(screen.getByTestId('scheme-beacon-signature')).toHaveTextContent(RECORD.beacon_round!.signature);
    expect(screen.getByTestId('scheme-beacon-chain')).toHaveTextContent(beacon.chain.hash);
    expect(screen.getByTestId('scheme-qualified-hash')).toHaveTextContent(RECORD.qualified_hash!);
    expect(screen.getByTestId('scheme-draw-seed')).toHaveTextContent(RECORD.draw_seed!);

    const check = screen.getByRole('heading', { level: 2, name: 'How anyone can check this draw' }).closest('section')!;
    expect(within(check).getByTestId('beacon-check')).toHaveTextContent(
      `At the same time it named round 33980813 of the public randomness beacon quicknet, due ${formatDateTime(beacon.round_at)}: the first round after applications closed on ${formatDateTime(RECORD.closes_at)}.`,
    );
    expect(check).toHaveTextContent('published its fingerprint (SHA-256)');
    expect(check).toHaveTextContent('the portal published the fingerprint of the qualified list');
    expect(check).toHaveTextContent('nobody, the corporation included, could know or steer the order');
    expect(check).toHaveTextContent("checks the beacon's signature");
    expect(within(check).getByTestId('verify-command')).toHaveTextContent(
      `node docs/verify-draw.mjs ${window.location.origin}/api/public/schemes/${RECORD.scheme_number}`,
    );
    // The old words, of a draw ordered by its seed alone, are not shown beside them.
    expect(screen.queryByRole('heading', { name: 'Check it yourself' })).not.toBeInTheDocument();
  }, 20_000);

  it('a draw made before the beacon keeps its own words, with no beacon to show', async () => {
    open(() => jsonResponse(200, OLD_DRAW));
    const check = (await screen.findByRole('heading', { level: 2, name: 'Check it yourself' })).closest('section')!;
    expect(check).toHaveTextContent('checks the secret number against the fingerprint and recomputes the draw');
    expect(within(check).getByTestId('verify-command')).toBeInTheDocument();
    expect(screen.getByTestId('scheme-seed')).toHaveTextContent(OLD_DRAW.seed!);
    expect(screen.queryByTestId('scheme-beacon-round')).not.toBeInTheDocument();
    expect(screen.queryByTestId('scheme-draw-seed')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'How anyone can check this draw' })).not.toBeInTheDocument();
  }, 20_000);

  it("an auction's record speaks of its bids and its H1/H2 rule, never of a draw, a secret number or a seed", async () => {
    open(() =>
      jsonResponse(
        200,
        publicSchemeFixture({
          mode: 'auction',
          ...NO_DRAW,
          plots: [{ plot_code: 'KKD-PL-007', reserved_for: null, reserve_price: 2_500_000 }],
          result: [
            {
              application_number: 'APP-2026-000202',
              plot_code: 'KKD-PL-007',
              outcome: 'won',
              rank: 1,
              amount: 2_600_000,
              reason: null,
            },
          ],
          bids: [{ plot_code: 'KKD-PL-007', amount: 2_600_000, placed_at: '2026-11-20T06:00:00.000Z' }],
        }),
      ),
    );
    const how = await screen.findByTestId('scheme-how');
    expect(how).toHaveTextContent('The highest bid when bidding ends wins.');
    expect(how).toHaveTextContent(
      'If they do not, the EMD is kept and the plot is offered to the second highest bidder at their own bid.',
    );
    expect(screen.getByRole('heading', { name: 'Bids' })).toBeInTheDocument();
    expect(screen.queryByTestId('scheme-commitment')).not.toBeInTheDocument();
    expect(screen.queryByTestId('verify-command')).not.toBeInTheDocument();
    expect(screen.queryByText(/secret number|seed|recompute|the draw|beacon/i)).not.toBeInTheDocument();
  }, 20_000);

  it('a first come record explains submission order, with no seed to check', async () => {
    open(() => jsonResponse(200, publicSchemeFixture({ mode: 'first_come', ...NO_DRAW })));
    expect(await screen.findByTestId('scheme-how')).toHaveTextContent('The order is the time of submission');
    expect(screen.getByText('In the order they were submitted.')).toBeInTheDocument();
    expect(screen.queryByTestId('scheme-commitment')).not.toBeInTheDocument();
    expect(screen.queryByTestId('verify-command')).not.toBeInTheDocument();
    expect(screen.queryByTestId('beacon-check')).not.toBeInTheDocument();
  }, 20_000);

  it('before the close, says when the list and the result will be published', async () => {
    open(() =>
      jsonResponse(
        200,
        publicSchemeFixture({
          status: 'open',
          seed: null,
          beacon_round: null,
          qualified_hash: null,
          draw_seed: null,
          qualified: null,
          result: null,
          decided_at: null,
          verification_code: null,
        }),
      ),
    );
    expect(await screen.findByTestId('scheme-seed')).toHaveTextContent('Revealed at the draw');
    // The round is named at the opening; the list's hash, the randomness and the order's seed come later.
    expect(screen.getByTestId('scheme-beacon-round')).toHaveTextContent('Beacon round 33980813 of quicknet');
    expect(screen.getByTestId('scheme-qualified-hash')).toHaveTextContent('Published when applications close');
    expect(screen.getByTestId('scheme-beacon-randomness')).toHaveTextContent('Read from the beacon at the draw');
    expect(screen.getByTestId('scheme-draw-seed')).toHaveTextContent('Worked out at the draw');
    expect(screen.queryByTestId('scheme-beacon-signature')).not.toBeInTheDocument();
    expect(
      screen.getByText('The list of qualified applications is published when applications close.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The result is published when the scheme is decided.')).toBeInTheDocument();
  }, 20_000);

  it('says so when there is no such scheme', async () => {
    open(() => jsonResponse(404, { detail: 'Not found', code: 'not_found' }), 'SCH-2026-999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no published scheme with this number.');
  }, 20_000);

  it('reads in Hindi', async () => {
    await changeLanguage('hi');
    try {
      open(() => jsonResponse(200, OLD_DRAW));
      expect(await screen.findByRole('heading', { name: 'स्वयं जाँचें' })).toBeInTheDocument();
      expect(screen.getByRole('table', { name: 'अर्हता प्राप्त आवेदन' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  }, 20_000);

  it('says how anyone can check a draw with a beacon in Telugu', async () => {
    await changeLanguage('te');
    try {
      open(() => jsonResponse(200, RECORD));
      const heading = await screen.findByRole('heading', { level: 2, name: 'ఈ లాటరీని ఎవరైనా ఎలా తనిఖీ చేయవచ్చు' });
      const check = heading.closest('section')!;
      expect(check).toHaveTextContent('అదే సమయంలో పోర్టల్ బహిరంగ యాదృచ్ఛికత బీకన్ quicknet యొక్క రౌండ్ 33980813ను పేర్కొంది');
      expect(check).toHaveTextContent('సంస్థతో సహా ఎవరూ క్రమాన్ని తెలుసుకోలేరు');
      expect(check).not.toHaveTextContent(/anyone|corporation|beacon|round/i);
      expect(screen.getByTestId('scheme-beacon-round')).toHaveTextContent('quicknet యొక్క బీకన్ రౌండ్ 33980813');
    } finally {
      await changeLanguage('en');
    }
  }, 20_000);
});
