// The officers' service request queue: everyone's requests a page at a time, the status filter and the search sent
// to the server, each number opening the request; only staff who read requests may open it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import { requestFixture } from '../test/fixtures';

const WAITING = requestFixture();
const WORKING = requestFixture({
  id: 'a1000000-0000-4000-8000-000000000002',
  request_number: 'SR-2026-000002',
  request_type: 'transfer',
  fee_amount: 29500,
  status: 'in_progress',
  description: 'Transfer to the new company',
});

function open(role: Parameters<typeof signedInAs>[0] = 'zonal_manager') {
  signedInAs(role);
  const fetchMock = stubFetch((url) => {
    if (!url.startsWith('/api/service-requests?')) return pageResponse([]);
    const query = queryOf(url);
    const rows = [WAITING, WORKING].filter(
      (row) =>
        (!query.status || query.status.split(',').includes(row.status)) &&
        (!query.q || row.request_number.toLowerCase().includes(query.q.toLowerCase())),
    );
    return pageResponse(rows, { total: rows.length });
  });
  const view = renderApp('/officer/service-requests');
  const queueCalls = () =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/service-requests?'));
  return { ...view, fetchMock, queueCalls };
}

describe('officer service request queue', () => {
  it("lists everyone's requests with links to each, from the navigation bar's Service Requests", async () => {
    const { queueCalls } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Requests' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link', { name: 'Service Requests' })[0]).toHaveAttribute(
      'href',
      '/officer/service-requests',
    );
    const table = await screen.findByRole('table', { name: 'Service requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    for (const text of ['IN PROGRESS', 'Transfer', '₹29,500', 'Transfer to the new company']) {
      expect(within(rows[1]!).getByText(text)).toBeInTheDocument();
    }
    expect(within(rows[1]!).getByRole('link', { name: 'SR-2026-000002' })).toHaveAttribute(
      'href',
      `/officer/service-requests/${WORKING.id}`,
    );
    expect(queryOf(queueCalls().at(-1)!)).toEqual({ limit: '50', sort: '-submitted_at' });
  });

  it('filters by status and searches by number on the server', async () => {
    const { queueCalls } = open('ho');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Service requests' });
    await user.selectOptions(screen.getByLabelText('Status'), 'in_progress');
    await waitFor(() => expect(queryOf(queueCalls().at(-1)!)).toMatchObject({ status: 'in_progress' }));
    const table = screen.getByRole('table', { name: 'Service requests' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));

    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '000001');
    await waitFor(() =>
      expect(queryOf(queueCalls().at(-1)!)).toEqual({ limit: '50', sort: '-submitted_at', q: '000001' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Service requests' })).getByText('SR-2026-000001'),
      ).toBeInTheDocument(),
    );
  });

  it('sends the committee, who do not read service requests, to their home', async () => {
    const { router } = open('committee');
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer'));
  });
});
