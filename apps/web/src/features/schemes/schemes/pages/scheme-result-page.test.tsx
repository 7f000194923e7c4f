// The public result of a scheme, signed out: a draw's commitment and revealed seed, the qualified list in its order,
// the result by plot (a reserved plot given to the general order says why), the verification link and the command
// that recomputes the draw; an auction's and first come's records in their own words; an unknown number, in words;
// and the page in Hindi.
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../../lib/i18n';
import { jsonResponse, renderApp, stubFetch } from '../../../../test/render-app';
import { publicSchemeFixture } from '../test-fixtures';

// The first render waits for the page's lazily loaded chunk, which on a busy machine can take longer than the default.
configure({ asyncUtilTimeout: 15_000 });

const RECORD = publicSchemeFixture();

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

  it("an auction's record speaks of its bids and its H1/H2 rule, never of a draw, a secret number or a seed", async () => {
    open(() =>
      jsonResponse(
        200,
        publicSchemeFixture({
          mode: 'auction',
          seed: null,
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
    expect(screen.queryByText(/secret number|seed|recompute|the draw/i)).not.toBeInTheDocument();
  }, 20_000);

  it('a first come record explains submission order, with no seed to check', async () => {
    open(() => jsonResponse(200, publicSchemeFixture({ mode: 'first_come', seed: null })));
    expect(await screen.findByTestId('scheme-how')).toHaveTextContent('The order is the time of submission');
    expect(screen.getByText('In the order they were submitted.')).toBeInTheDocument();
    expect(screen.queryByTestId('scheme-commitment')).not.toBeInTheDocument();
    expect(screen.queryByTestId('verify-command')).not.toBeInTheDocument();
  }, 20_000);

  it('before the close, says when the list and the result will be published', async () => {
    open(() =>
      jsonResponse(
        200,
        publicSchemeFixture({
          status: 'open',
          seed: null,
          qualified: null,
          result: null,
          decided_at: null,
          verification_code: null,
        }),
      ),
    );
    expect(await screen.findByText('Revealed at the draw')).toBeInTheDocument();
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
      open(() => jsonResponse(200, RECORD));
      expect(await screen.findByRole('heading', { name: 'स्वयं जाँचें' })).toBeInTheDocument();
      expect(screen.getByRole('table', { name: 'अर्हता प्राप्त आवेदन' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  }, 20_000);
});
