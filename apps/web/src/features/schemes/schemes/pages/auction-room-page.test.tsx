// The auction room: prices change live from the event stream without a reload, the polite live region says so (and
// says when the end is extended), the time left is counted from the server's clock, a refused bid is worded from its
// code and parameters, and a dropped stream says "Reconnecting…" and comes back with a fresh snapshot.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import { APPLICATION_ID, lotFixture, PLOT_ID, SCHEME_ID, schemeFixture, sseStream } from '../test-fixtures';
import { serverSentEvents, type ServerSentEvent } from '../lib/live-lots';
import { lotState } from '../lib/lot-state';

// The first render waits for the page's lazily loaded chunk, which on a busy machine can take longer than the default.
configure({ asyncUtilTimeout: 15_000 });

function openRoom() {
  const streams = [sseStream(), sseStream()];
  let opened = 0;
  let snapshots = 0;
  const fetchMock = stubFetch((url, init) => {
    if (url === `/api/schemes/${SCHEME_ID}`) return jsonResponse(200, schemeFixture());
    if (url === `/api/schemes/${SCHEME_ID}/lots`) {
      snapshots += 1;
      return jsonResponse(200, [
        lotFixture(snapshots > 1 ? { highest_bid: 2_600_000, bid_count: 3, sequence: 3 } : {}),
      ]);
    }
    if (url === `/api/schemes/${SCHEME_ID}/live`) return streams[Math.min(opened++, 1)]!.response();
    if (url === `/api/schemes/${SCHEME_ID}/plots/${PLOT_ID}/bids` && init.method === 'POST') {
      return jsonResponse(409, {
        detail: 'Bid at least ₹25,10,000',
        code: 'bid_too_low',
        reason: 'bid_too_low',
        params: { minimum_bid: '2510000.00' },
      });
    }
    return jsonResponse(404, {});
  });
  signedInAs('entrepreneur');
  renderApp(`/schemes/${SCHEME_ID}/auction`);
  return { streams, fetchMock, snapshots: () => snapshots, opened: () => opened };
}

describe('auction room', () => {
  it('updates prices live, announces them politely, counts down by the server clock and words a low bid', async () => {
    const user = userEvent.setup();
    const room = openRoom();
    const lot = await screen.findByTestId('lot-HYD-PL-101');
    expect(within(lot).getByTestId('lot-highest')).toHaveTextContent('No bids yet');
    // The server says 09:50 and the lot ends at 10:00: ten minutes, whatever this machine's clock says.
    expect(within(lot).getByTestId('lot-time-left').textContent).toMatch(/^(10 min 00 s|9 min 5\d s)$/);
    await waitFor(() => expect(screen.getByTestId('live-status')).toHaveTextContent('Live'));
    const live = room.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/live'));
    expect((live?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer test-token');

    const announcer = screen.getByTestId('auction-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    act(() => {
      room.streams[0]!.comment();
      room.streams[0]!.send(
        lotFixture({ highest_bid: 2_500_000, bid_count: 1, minimum_next_bid: 2_510_000, sequence: 1 }),
      );
    });
    await waitFor(() => expect(within(lot).getByTestId('lot-highest')).toHaveTextContent('₹25,00,000'));
    await waitFor(() => expect(announcer).toHaveTextContent('New highest bid on plot HYD-PL-101: ₹25,00,000.'));
    const amount = within(lot).getByLabelText(/Your bid/);
    expect(amount).toHaveValue('2510000');

    act(() =>
      room.streams[0]!.send(
        lotFixture({
          highest_bid: 2_520_000,
          bid_count: 2,
          minimum_next_bid: 2_530_000,
          sequence: 2,
          ends_at: '2026-12-10T10:05:00.000Z',
          server_time: '2026-12-10T09:56:00.000Z',
        }),
      ),
    );
    await waitFor(() => expect(announcer).toHaveTextContent(/Bidding on plot HYD-PL-101 is extended to/));
    expect(announcer).toHaveTextContent('New highest bid on plot HYD-PL-101: ₹25,20,000.');
    expect(within(lot).getByTestId('lot-time-left').textContent).toMatch(/^(9 min 00 s|8 min 5\d s)$/);
    expect(amount).toHaveValue('2530000');

    await user.clear(amount);
    await user.type(amount, '2505000');
    await user.click(within(lot).getByRole('button', { name: 'Place the bid' }));
    // A bid binds the bidder: the amount is said to the paisa and in words, and only Place the bid there sends it.
    const confirm = await screen.findByRole('dialog', { name: 'Your bid on plot HYD-PL-101' });
    expect(confirm).toHaveTextContent('You will bid ₹25,05,000 on plot HYD-PL-101.');
    expect(confirm).toHaveTextContent('Rupees Twenty Five Lakh Five Thousand Only');
    await user.click(within(confirm).getByRole('button', { name: 'Place the bid' }));
    expect(await within(lot).findByText('Your bid is too low: bid at least ₹25,10,000.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    act(() => room.streams[0]!.drop());
    await waitFor(() => expect(screen.getByTestId('live-status')).toHaveTextContent('Reconnecting…'));
    await waitFor(() => expect(room.opened()).toBe(2), { timeout: 15_000 });
    expect(room.snapshots()).toBe(2);
    await waitFor(() => expect(within(lot).getByTestId('lot-highest')).toHaveTextContent('₹26,00,000'));
    await waitFor(() => expect(screen.getByTestId('live-status')).toHaveTextContent('Live'));
  }, 30_000);

  it('tells the lowest bid taken to the paisa: the hint and the box agree, and so does each bid shown', async () => {
    const room = sseStream();
    stubFetch((url) => {
      if (url === `/api/schemes/${SCHEME_ID}`) return jsonResponse(200, schemeFixture({ increment: 20_000 }));
      if (url === `/api/schemes/${SCHEME_ID}/lots`)
        return jsonResponse(200, [lotFixture({ minimum_next_bid: 1_812_345.5 })]);
      if (url === `/api/schemes/${SCHEME_ID}/live`) return room.response();
      return jsonResponse(404, {});
    });
    signedInAs('entrepreneur');
    renderApp(`/schemes/${SCHEME_ID}/auction`);
    const lot = await screen.findByTestId('lot-HYD-PL-101');
    const amount = within(lot).getByLabelText(/Your bid/);
    expect(amount).toHaveValue('1812345.50');
    expect(within(lot).getByText('At least ₹18,12,345.50')).toBeInTheDocument();

    act(() =>
      room.send(
        lotFixture({
          highest_bid: 1_812_345.5,
          bid_count: 1,
          minimum_next_bid: 1_832_345.5,
          your_bid: 1_812_345.5,
          your_rank: 1,
          sequence: 1,
        }),
      ),
    );
    await waitFor(() => expect(within(lot).getByTestId('lot-highest')).toHaveTextContent('₹18,12,345.50'));
    expect(within(lot).getByTestId('lot-your-bid')).toHaveTextContent('₹18,12,345.50');
    await waitFor(() => expect(amount).toHaveValue('1832345.50'));
    expect(within(lot).getByText('At least ₹18,32,345.50')).toBeInTheDocument();
  }, 20_000);

  it('shows "Bidding closed" once a lot has ended, by the server clock', async () => {
    stubFetch((url) => {
      if (url === `/api/schemes/${SCHEME_ID}`) return jsonResponse(200, schemeFixture());
      if (url === `/api/schemes/${SCHEME_ID}/lots`)
        return jsonResponse(200, [lotFixture({ server_time: '2026-12-10T10:00:01.000Z', running: false })]);
      if (url === `/api/schemes/${SCHEME_ID}/live`) return sseStream().response();
      return jsonResponse(404, {});
    });
    signedInAs('entrepreneur');
    renderApp(`/schemes/${SCHEME_ID}/auction`);
    const lot = await screen.findByTestId('lot-HYD-PL-101');
    expect(within(lot).getByTestId('lot-closed')).toHaveTextContent('Bidding closed');
    expect(within(lot).queryByRole('button', { name: 'Place the bid' })).not.toBeInTheDocument();
  }, 20_000);
});

describe('auction room after the close', () => {
  it("shows what became of one's entries: the winner's invoice to pay by its date, the loser's EMD due back", async () => {
    const lostId = '54000000-0000-4000-8000-000000000002';
    stubFetch((url) => {
      if (url === `/api/schemes/${SCHEME_ID}`)
        return jsonResponse(
          200,
          schemeFixture({
            status: 'decided',
            decided_at: '2026-12-10T10:06:00.000Z',
            my_entries: [
              { ...schemeFixture().my_entries[0]!, outcome: 'won' },
              {
                application_id: lostId,
                application_number: 'APP-2026-000102',
                plot_id: PLOT_ID,
                plot_code: 'HYD-PL-101',
                qualified: true,
                outcome: 'lost',
                emd_forfeited: false,
              },
            ],
          }),
        );
      if (url === `/api/schemes/${SCHEME_ID}/lots`)
        return jsonResponse(200, [lotFixture({ server_time: '2026-12-10T10:07:00.000Z', running: false })]);
      if (url === `/api/schemes/${SCHEME_ID}/live`) return sseStream().response();
      if (url === `/api/invoices?application_id=${APPLICATION_ID}`)
        return jsonResponse(200, [
          {
            id: '55000000-0000-4000-8000-000000000001',
            invoice_number: 'INV-2026-000501',
            application_id: APPLICATION_ID,
            invoice_type: 'premium_instalment',
            service_request_id: null,
            amount: 1_641_110.5,
            due_date: '2027-01-09',
            status: 'pending',
            generated_at: '2026-12-10T10:06:00.000Z',
            paid_at: null,
            allotment_id: null,
            financial_year: null,
            interest: 0,
            amount_due: 1_641_110.5,
          },
        ]);
      return jsonResponse(404, {});
    });
    signedInAs('entrepreneur');
    renderApp(`/schemes/${SCHEME_ID}/auction`);
    const outcomes = await screen.findByRole('region', { name: 'What became of your applications' });
    expect(outcomes).toHaveTextContent('APP-2026-000101, plot HYD-PL-101: Won');
    expect(await within(outcomes).findByTestId('winner-invoice')).toHaveTextContent(
      /^Pay ₹16,41,110\.50 \(invoice INV-2026-000501\) by .*2027 to get the provisional allotment\.$/,
    );
    expect(outcomes).toHaveTextContent('APP-2026-000102, plot HYD-PL-101: Not allotted');
    expect(outcomes).toHaveTextContent('Another application was given the plot. Your EMD is due back to you.');
  }, 20_000);
});

describe('serverSentEvents', () => {
  it('hands on whole events across chunks, keeps a half-received one, and skips comments', () => {
    const events: ServerSentEvent[] = [];
    const feed = serverSentEvents((event) => events.push(event));
    feed(': hello\n\nevent: lot\ndata: {"a":1}\n\nevent: lot\r\ndata: {"b"\r\nda');
    feed('ta: :2}\r\n\r\nevent: lot\ndata: {"c');
    expect(events).toEqual([
      { event: 'lot', data: '{"a":1}' },
      { event: 'lot', data: '{"b"\n:2}' },
    ]);
    feed('":3}\n\ndata: plain\n\n');
    expect(events.slice(2)).toEqual([
      { event: 'lot', data: '{"c":3}' },
      { event: 'message', data: 'plain' },
    ]);
  });
});

describe('lotState', () => {
  const lot = lotFixture({ running: false, ends_at: '2026-12-10T10:00:00.000Z' });
  const at = (iso: string) => Date.parse(iso);
  it('is not started before the start, open from the start by the server clock even unsent, closed from the end', () => {
    const startsAt = '2026-12-10T04:30:00.000Z';
    expect(lotState(lot, at('2026-12-10T04:29:59.000Z'), startsAt)).toBe('not_started');
    expect(lotState(lot, at('2026-12-10T04:30:00.000Z'), startsAt)).toBe('open');
    expect(lotState({ ...lot, running: true }, at('2026-12-10T09:59:59.000Z'), startsAt)).toBe('open');
    expect(lotState({ ...lot, running: true }, at('2026-12-10T10:00:00.000Z'), startsAt)).toBe('closed');
  });
});
