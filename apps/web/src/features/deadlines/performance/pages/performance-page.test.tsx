// The public performance page: each stage's promise, median, 90th percentile, on-time share and appeals, the
// on-time share by month, the state before the first daily figures, and a rate-limited answer; signed out.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_STAGES, type PublicPerformance } from '@portal/contract';
import { changeLanguage } from '../../../../lib/i18n';
import { jsonResponse, renderApp, stubFetch } from '../../../../test/render-app';
import hi from '../i18n/hi.json';
import te from '../i18n/te.json';

function figures(): PublicPerformance {
  return {
    as_of: '2026-06-17',
    since: '2026-03-19',
    window_days: 90,
    stages: PERFORMANCE_STAGES.map((status) => ({
      status,
      waiting_on: status === 'under_scrutiny' ? 'zonal_manager' : 'ho',
      target_working_days: status === 'under_scrutiny' ? 15 : 7,
      finished: status === 'under_scrutiny' ? 2 : 0,
      median_working_days: status === 'under_scrutiny' ? 16.5 : null,
      p90_working_days: status === 'under_scrutiny' ? 24 : null,
      on_time_share: status === 'under_scrutiny' ? 0.5 : null,
      months: [
        { month: '2026-04', finished: 0, on_time: 0, on_time_share: null },
        { month: '2026-05', finished: 1, on_time: 1, on_time_share: status === 'under_scrutiny' ? 1 : null },
        { month: '2026-06', finished: 1, on_time: 0, on_time_share: status === 'under_scrutiny' ? 0 : null },
      ],
      appeals:
        status === 'under_scrutiny' ? { filed: 3, allowed: 1, dismissed: 1 } : { filed: 0, allowed: 0, dismissed: 0 },
    })),
  };
}

function open(answer: () => Response) {
  stubFetch((url) => (url === '/api/public/performance' ? answer() : jsonResponse(404, {})));
  return renderApp('/performance');
}

describe('performance page', () => {
  it('shows each stage: promise, median, 90th percentile, on-time share and appeals, signed out', async () => {
    open(() => jsonResponse(200, figures()));
    const row = await screen.findByTestId('performance-under_scrutiny');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'Zonal manager',
      '15 working days',
      '2',
      '16.5 working days',
      '24 working days',
      '50%',
      '3 filed, 1 allowed, 1 dismissed',
    ]);
    expect(within(row).getByRole('link', { name: 'Under scrutiny' })).toHaveAttribute(
      'href',
      '/help#status-under_scrutiny',
    );
    expect(within(screen.getByTestId('performance-submitted')).getAllByRole('cell')[3]).toHaveTextContent(
      'None finished',
    );
    const months = screen.getByRole('table', { name: 'Share of stages finished on time, by month' });
    expect(
      within(months)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Stage', 'April 2026', 'May 2026', 'June 2026']);
    const scrutinyByMonth = within(months).getByRole('rowheader', { name: 'Under scrutiny' }).closest('tr')!;
    expect(
      within(scrutinyByMonth)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['None finished', '100% of 1', '0% of 1']);
    expect(screen.getByTestId('performance-as-of')).toHaveTextContent(/^Figures worked out on .*2026/);
  }, 20_000);

  it('before the first daily figures, says so and still shows each promise', async () => {
    const empty = figures();
    open(() =>
      jsonResponse(200, {
        ...empty,
        as_of: null,
        since: null,
        stages: empty.stages.map((stage) => ({ ...stage, months: [], finished: 0, median_working_days: null })),
      }),
    );
    expect(await screen.findByText(/first ones are not ready yet/)).toBeInTheDocument();
    expect(within(screen.getByTestId('performance-under_scrutiny')).getAllByRole('cell')[1]).toHaveTextContent(
      '15 working days',
    );
    expect(screen.queryByRole('table', { name: 'Share of stages finished on time, by month' })).toBeNull();
  });

  it('tells a rate-limited visitor to wait', async () => {
    open(() => jsonResponse(429, { code: 'too_many_requests', detail: 'Too many' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute');
  });

  it.each([
    ['hi', hi],
    ['te', te],
  ] as const)(
    'reads in %s',
    async (language, words) => {
      open(() => jsonResponse(200, figures()));
      await screen.findByTestId('performance-under_scrutiny');
      await changeLanguage(language);
      try {
        expect(
          await screen.findByRole('heading', { level: 1, name: words.title }, { timeout: 10_000 }),
        ).toBeInTheDocument();
        expect(screen.getByRole('table', { name: words.stagesCaption })).toBeInTheDocument();
      } finally {
        await changeLanguage('en');
      }
    },
    20_000,
  );
});
