// The officer application list: cards (with organisation, asset, zone and the service clock), the search and the
// spec's status filter on the server, zone and type, the due-date sort, empty and failed states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, businessToday, type ApplicationListItem, type ApplicationStatus } from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import { application } from '../test/officer-fixtures';

/** A row of the staff list: the application, its clock, and its organisation, asset code and zone. */
function item(status: ApplicationStatus, overrides: Partial<ApplicationListItem> = {}): ApplicationListItem {
  return {
    ...application(status),
    waiting_on: 'zonal_manager',
    stage_entered_at: '2026-03-02T10:00:00.000Z',
    stage_due_on: '2099-12-05',
    days_in_stage: 4,
    overdue: false,
    clock_paused: false,
    organization_name: 'Deccan Textiles',
    asset_code: 'HYD-N-001',
    zone: 'Hyderabad North',
    ...overrides,
  };
}

const LIST: ApplicationListItem[] = [
  item('submitted', {
    id: '10000000-0000-4000-8000-000000000001',
    application_number: 'APP-2026-000001',
    current_stage: 'Submitted for scrutiny',
    stage_due_on: addCalendarDays(businessToday(), -3),
    overdue: true,
    days_in_stage: 6,
  }),
  item('pending_committee', {
    id: '10000000-0000-4000-8000-000000000002',
    application_number: 'APP-2026-000002',
    estimated_investment: 4_500_000,
    organization_name: 'Godavari Foods',
    asset_code: 'WGL-007',
    zone: 'Warangal',
    waiting_on: 'committee',
    days_in_stage: 1,
  }),
  item('rejected', {
    id: '10000000-0000-4000-8000-000000000003',
    application_number: 'APP-2026-000103',
    application_type: 'expansion_reservation',
    clock_paused: true,
    waiting_on: 'entrepreneur',
  }),
];

/** Answers the list like the server: the status and q filters applied to LIST. */
function serverList(url: string): Response {
  const query = queryOf(url);
  const rows = LIST.filter(
    (row) =>
      (!query.status || query.status.split(',').includes(row.status)) &&
      (!query.q || row.application_number.toLowerCase().includes(query.q.toLowerCase())),
  );
  return pageResponse(rows);
}

async function openList(body?: unknown, status = 200, path = '/officer/applications') {
  signedInAs('zonal_manager');
  const fetchMock = stubFetch((url) =>
    url.startsWith('/api/applications')
      ? body === undefined
        ? serverList(url)
        : status === 200
          ? pageResponse(body as unknown[])
          : jsonResponse(status, body)
      : pageResponse([]),
  );
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Applications' });
  const listCalls = () =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/applications'));
  return { ...view, listCalls };
}

const cards = () => within(screen.getByRole('list', { name: 'Applications' })).getAllByRole('listitem');

describe('officer application list', () => {
  it('shows a card per application with number, status, stage, organisation, asset, zone, type, investment, submitted date and clock, opening the detail', async () => {
    await openList();
    expect(await screen.findByText('APP-2026-000001')).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    const second = cards()[1]!;
    expect(within(second).getByText('PENDING COMMITTEE')).toBeInTheDocument();
    expect(within(second).getByText('₹45,00,000')).toBeInTheDocument();
    expect(within(second).getByText('New')).toBeInTheDocument();
    expect(within(second).getByText('2 Mar 2026')).toBeInTheDocument();
    expect(within(second).getByText('Godavari Foods')).toBeInTheDocument();
    expect(within(second).getByText('WGL-007')).toBeInTheDocument();
    expect(within(second).getByText('Warangal')).toBeInTheDocument();
    expect(within(second).getByText('1 working day')).toBeInTheDocument();
    expect(within(second).getByText('Due 5 Dec 2099')).toBeInTheDocument();
    expect(within(cards()[0]!).getByText('Submitted for scrutiny')).toBeInTheDocument();
    expect(within(cards()[0]!).getByText('6 working days')).toBeInTheDocument();
    expect(within(cards()[0]!).getByText('Overdue by 3 days')).toHaveAttribute('data-clock', 'overdue');
    expect(within(cards()[2]!).getByText('Expansion / Reservation')).toBeInTheDocument();
    expect(within(cards()[2]!).getByText('Paused: waiting on the applicant')).toBeInTheDocument();
    expect(within(second).getByRole('link')).toHaveAttribute(
      'href',
      '/officer/applications/10000000-0000-4000-8000-000000000002',
    );
  });

  it('offers exactly the spec status filter and filters on the server, with the search', async () => {
    const { router, listCalls } = await openList();
    await screen.findByText('APP-2026-000001');
    const filter = screen.getByLabelText('Status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['all', 'submitted', 'under_scrutiny', 'pending_committee', 'approved', 'rejected']);
    const user = userEvent.setup();
    await user.selectOptions(filter, 'rejected');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(queryOf(listCalls().at(-1)!).status).toBe('rejected');
    expect(within(cards()[0]!).getByText('APP-2026-000103')).toBeInTheDocument();
    await user.selectOptions(filter, 'all');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'app-2026-00000');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(router.state.location.search).toBe('?q=app-2026-00000');
    await user.selectOptions(filter, 'approved');
    expect(await screen.findByText('No applications found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(router.state.location.search).toBe('');
  });

  it('names the statuses a dashboard link opened the list on, and All clears them', async () => {
    const { router, listCalls } = await openList(
      undefined,
      200,
      '/officer/applications?status=submitted,under_scrutiny',
    );
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(queryOf(listCalls()[0]!).status).toBe('submitted,under_scrutiny');
    const filter = screen.getByLabelText('Status');
    expect(filter).toHaveValue('submitted,under_scrutiny');
    expect(within(filter).getByRole('option', { name: 'Submitted, Under scrutiny' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(filter, 'all');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(router.state.location.search).toBe('');
  });

  it('filters by zone (after the pause) and asset type, and restores both from the URL', async () => {
    const { router, listCalls } = await openList(undefined, 200, '/officer/applications?asset_type=shed&zone=Warangal');
    await screen.findByText('APP-2026-000001');
    expect(queryOf(listCalls()[0]!)).toMatchObject({ asset_type: 'shed', zone: 'Warangal' });
    expect(screen.getByRole('combobox', { name: 'Asset type' })).toHaveValue('shed');
    const zone = screen.getByRole('textbox', { name: 'Zone' });
    expect(zone).toHaveValue('Warangal');
    const user = userEvent.setup();
    await user.clear(zone);
    await user.type(zone, 'Hyderabad North');
    await waitFor(() => expect(router.state.location.search).toBe('?asset_type=shed&zone=Hyderabad+North'));
    await waitFor(() => expect(listCalls().filter((url) => queryOf(url).zone?.startsWith('Hyd'))).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), '-submitted_at');
    await waitFor(() => expect(queryOf(listCalls().at(-1)!).sort).toBe('-submitted_at'));
  });

  it('sorts by due date, oldest first, on the server and keeps it in the URL', async () => {
    const { router, listCalls } = await openList();
    await screen.findByText('APP-2026-000001');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getByRole('option', { name: 'Due date (oldest first)' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(sort, 'stage_due_on');
    await waitFor(() => expect(queryOf(listCalls().at(-1)!).sort).toBe('stage_due_on'));
    expect(router.state.location.search).toBe('?sort=stage_due_on');
  });

  it('says No applications found for an empty list', async () => {
    await openList([]);
    expect(await screen.findByText('No applications found')).toBeInTheDocument();
  });

  it('toasts Failed to load applications and offers a retry', async () => {
    await openList({ detail: 'boom' }, 403);
    // The toast and the inline message beside Try again.
    await waitFor(() => expect(screen.getAllByText('Failed to load applications')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
