// The Portal clock screen (admin, decision 026): the portal's time, how far it was moved and the scheduled work; with
// a movable clock a move forward said from when to when before anything is sent; with a fixed clock no move at all;
// and no such screen for other roles.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClockAdvanceResult, PortalClock } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../test/render-app';
import catalogue from '../i18n/en.json';

const MOVABLE: PortalClock = {
  now: '2026-11-28T06:30:00.000Z',
  offset_ms: 0,
  movable: true,
  moved_at: null,
  sweeps: [
    { name: 'scheme_close', every_ms: 60_000 },
    { name: 'auction_close', every_ms: 15_000 },
    { name: 'dues_billing', every_ms: 86_400_000 },
  ],
};

function stubClock(clock: PortalClock) {
  const fetchMock = stubFetch((url, init) => {
    if (init.method === 'POST' && url === '/api/admin/clock/advance') {
      const moved: ClockAdvanceResult = {
        ...clock,
        now: '2027-11-28T06:30:00.000Z',
        offset_ms: 365 * 86_400_000,
        moved_at: '2027-11-28T06:30:00.000Z',
        from: clock.now,
        runs: clock.sweeps.map((sweep) => ({ name: sweep.name, runs: 365 })),
      };
      return jsonResponse(200, moved);
    }
    if (url === '/api/admin/clock') return jsonResponse(200, clock);
    return jsonResponse(200, []);
  });
  return { posts: () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST') };
}

describe('portal clock page', () => {
  it('has words for every sweep the portal schedules', () => {
    expect(Object.keys(catalogue.sweeps.names).sort()).toEqual(
      [
        'auction_close',
        'auction_defaults',
        'deadlines',
        'dues_billing',
        'gateway_reconciliation',
        'gateway_requery',
        'performance',
        'query_reply_by',
        'reminders',
        'scheme_close',
        'scheme_draw',
        'single_window_push',
        'sms',
        'sms_auction_opening',
      ].sort(),
    );
  });

  it("shows the portal's time and its scheduled work in order, each with its interval in words", async () => {
    stubClock(MOVABLE);
    signedInAs('admin');
    renderApp('/officer/clock');
    expect(await screen.findByTestId('portal-time')).toHaveTextContent('28 Nov 2026, 12:00 pm');
    expect(screen.getByText('Not moved')).toBeInTheDocument();
    const work = screen.getByRole('region', { name: 'Scheduled work' });
    expect(
      within(work)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Schemes past their closing time are closed (every minute)',
      'Auction lots past their end are settled (every 15 seconds)',
      'Yearly dues are billed (every day)',
    ]);
  });

  it('moves the clock a year only after saying from when to when and that it cannot be undone', async () => {
    const user = userEvent.setup();
    const { posts } = stubClock(MOVABLE);
    signedInAs('admin');
    renderApp('/officer/clock');
    await user.click(await screen.findByRole('button', { name: 'Move the clock forward' }));
    const dialog = screen.getByRole('dialog', { name: 'Move the portal clock forward' });
    await user.selectOptions(within(dialog).getByLabelText('Move forward by'), 'One year');
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    const check = within(dialog).getByRole('region', { name: 'Check before you confirm' });
    expect(check).toHaveTextContent(
      "The portal's clock will move from 28 Nov 2026, 12:00 pm to 28 Nov 2027, 12:00 pm.",
    );
    expect(check).toHaveTextContent('this cannot be undone');
    expect(posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Move the clock' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ days: 365 });
    expect(await screen.findByText("The portal's clock now reads 28 Nov 2027, 12:00 pm")).toBeInTheDocument();
  });

  it('offers no move when the clock is fixed, and says why', async () => {
    stubClock({ ...MOVABLE, movable: false });
    signedInAs('admin');
    renderApp('/officer/clock');
    expect(await screen.findByText(/The clock is fixed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move the clock forward' })).not.toBeInTheDocument();
  });

  it('is not a screen for other roles', async () => {
    stubClock(MOVABLE);
    signedInAs('ho');
    renderApp('/officer/clock');
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Portal clock');
  });
});
