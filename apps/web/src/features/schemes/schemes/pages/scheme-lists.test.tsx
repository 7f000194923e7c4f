// The lists of schemes: officers filter by status and mode on the server and only the head office and admins are
// offered "Publish a scheme"; entrepreneurs see the schemes taking applications (accepting=true) as cards that open
// the scheme, and the open ones with their own on the second tab.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SchemeSummary } from '@portal/contract';
import { pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import { SCHEME_ID } from '../test-fixtures';

// The first render waits for the page's lazily loaded chunk, which on a busy machine can take longer than the default.
configure({ asyncUtilTimeout: 15_000 });

const SUMMARY: SchemeSummary = {
  id: SCHEME_ID,
  scheme_number: 'SCH-2026-000001',
  title: 'Patancheru phase two plots',
  mode: 'draw',
  status: 'open',
  opens_at: '2026-12-01T04:30:00.000Z',
  closes_at: '2026-12-05T12:30:00.000Z',
  accepting: true,
  auction_starts_at: null,
  auction_ends_at: null,
  application_count: 12,
  created_at: '2026-11-20T04:30:00.000Z',
  plot_count: 4,
};

function stubList() {
  const fetchMock = stubFetch((url) => (url.startsWith('/api/schemes') ? pageResponse([SUMMARY]) : pageResponse([])));
  const listQueries = () =>
    fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/schemes?'))
      .map(queryOf);
  return { listQueries };
}

describe('officer schemes list', () => {
  it('filters by status and mode on the server, and offers the head office to publish', async () => {
    const user = userEvent.setup();
    const { listQueries } = stubList();
    signedInAs('ho');
    renderApp('/officer/schemes');
    const table = await screen.findByRole('region', { name: 'Schemes' });
    const row = within(table).getByRole('link', { name: 'SCH-2026-000001' }).closest('tr')!;
    expect(within(row).getByText('Draw of lots')).toBeInTheDocument();
    expect(within(row).getByTestId('scheme-status')).toHaveTextContent('Open');
    expect(screen.getByRole('link', { name: 'Publish a scheme' })).toHaveAttribute('href', '/officer/schemes/new');

    await user.selectOptions(screen.getByLabelText('Status'), 'closed');
    await user.selectOptions(screen.getByLabelText('How plots are allotted'), 'auction');
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ status: 'closed', mode: 'auction' }));
  }, 20_000);

  it('offers a zonal manager no "Publish a scheme"', async () => {
    stubList();
    signedInAs('zonal_manager');
    renderApp('/officer/schemes');
    expect(await screen.findByRole('link', { name: 'SCH-2026-000001' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Publish a scheme' })).not.toBeInTheDocument();
  }, 20_000);
});

describe('entrepreneur schemes list', () => {
  it('shows the schemes taking applications as cards that open the scheme', async () => {
    const user = userEvent.setup();
    const { listQueries } = stubList();
    signedInAs('entrepreneur');
    renderApp('/schemes');
    const card = (await screen.findByRole('heading', { name: SUMMARY.title })).closest('li')!;
    expect(card).toHaveTextContent('Draw of lots');
    expect(card).toHaveTextContent('Plots offered4');
    expect(within(card).getByRole('link', { name: `View the scheme ${SUMMARY.title}` })).toHaveAttribute(
      'href',
      `/schemes/${SCHEME_ID}`,
    );
    expect(listQueries()[0]).toMatchObject({ accepting: 'true' });

    await user.click(screen.getByRole('tab', { name: 'Open now and yours' }));
    await waitFor(() => expect(listQueries().some((query) => query.accepting === undefined)).toBe(true));
  }, 20_000);
});
