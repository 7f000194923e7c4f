// The Allotments screen: the read-only list, rows opening the application, the empty and failed states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Allotment } from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

const APPLICATION_ID = '33333333-3333-4333-8333-333333333333';
const ALLOTMENTS: Allotment[] = [
  {
    id: '44444444-4444-4444-8444-444444444444',
    application_id: APPLICATION_ID,
    asset_id: '55555555-5555-4555-8555-555555555555',
    allotment_number: 'ALT-2026-000007',
    allotment_type: 'provisional',
    allotment_date: '2026-02-14',
    expiry_date: null,
    status: 'active',
    letter_generated: true,
    created_at: '2026-02-14T05:00:00.000Z',
    application_number: 'APP-2026-000042',
  },
];

describe('allotments page', () => {
  it('lists number, application, status, type, date and expiry, and a row opens the application', async () => {
    stubFetch((url) => {
      if (url.startsWith('/api/allotments')) return pageResponse(ALLOTMENTS);
      return pageResponse([]);
    });
    signedInAs('committee');
    const { router } = renderApp('/officer/allotments');
    const table = await screen.findByRole('region', { name: /^Allotments;/ }, { timeout: 5000 });
    const row = within(table).getAllByRole('row')[1]!;
    await waitFor(() => expect(row).toHaveTextContent('APP-2026-000042'));
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['ALT-2026-000007', 'APP-2026-000042', 'ACTIVE', 'Provisional', '14 Feb 2026', 'N/A']);
    await userEvent.setup().click(within(row).getByText('Provisional'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/officer/applications/${APPLICATION_ID}`));
  });

  it('takes the application number from the row the server sends, and sorts and filters on the server', async () => {
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/allotments')
        ? pageResponse([{ ...ALLOTMENTS[0]!, application_number: 'APP-2026-000099' }], { total: 51 })
        : pageResponse([]),
    );
    signedInAs('ho');
    const { router } = renderApp('/officer/allotments?status=active');
    const table = await screen.findByRole('region', { name: /^Allotments;/ }, { timeout: 5000 });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('APP-2026-000099');
    expect(screen.getByText('Showing 1–1 of 51')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/applications'))).toBe(false);
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /Allotment date/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=active&sort=-allotment_date'));
    const last = String(fetchMock.mock.calls.at(-1)![0]);
    expect(queryOf(last)).toMatchObject({ status: 'active', sort: '-allotment_date' });
  }, 20_000);

  it('says when there are none', async () => {
    stubFetch();
    signedInAs('zonal_manager');
    renderApp('/officer/allotments');
    expect(await screen.findByText('No allotments yet', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("toasts 'Failed to load allotments' on failure", async () => {
    stubFetch((url) => (url.startsWith('/api/allotments') ? jsonResponse(403, { detail: 'no' }) : pageResponse([])));
    signedInAs('ho');
    renderApp('/officer/allotments');
    expect(
      await screen.findByText('Failed to load allotments', { selector: '[data-title]' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
