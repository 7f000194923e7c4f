// The Meetings screen: applications pending committee with Record Decision, Create Meeting, and the kept meetings.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toInputDate, type Application, type Meeting } from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

const PENDING: Application = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  application_number: 'APP-2026-000004',
  applicant_id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  asset_id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  application_type: 'new',
  status: 'pending_committee',
  current_stage: 'Pending committee',
  stage: { code: 'status', params: { status: 'pending_committee' } },
  estimated_investment: 45_000_000,
  employment_generation: 60,
  project_description: 'Food processing and cold storage',
  assigned_to: null,
  created_at: '2026-03-01T10:00:00.000Z',
  submitted_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  waiting_on: 'committee',
  stage_entered_at: '2026-03-02T10:00:00.000Z',
  stage_due_on: '2026-04-13',
  days_in_stage: 0,
  overdue: false,
  clock_paused: false,
};
const MEETING: Meeting = {
  id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  meeting_number: 'MTG-2026-0001',
  meeting_date: '2026-04-15',
  committee_type: 'slac',
  agenda: 'Allotments for April',
  applications: [PENDING.id],
  created_at: '2026-04-01T10:00:00.000Z',
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function openMeetings(
  options: {
    pending?: Application[];
    meetings?: Meeting[];
    write?: { status: number; body?: unknown };
    path?: string;
  } = {},
) {
  signedInAs('committee');
  const calls: Call[] = [];
  const gets: string[] = [];
  const meetings = [...(options.meetings ?? [MEETING])];
  stubFetch((url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') {
      const body = JSON.parse(String(init.body));
      calls.push({ method, url, body });
      if (options.write) return jsonResponse(options.write.status, options.write.body);
      if (url === '/api/meetings') {
        const created = {
          ...MEETING,
          ...body,
          id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
          meeting_number: 'MTG-2026-0002',
        };
        meetings.unshift(created);
        return jsonResponse(201, created);
      }
      return jsonResponse(200, { ...PENDING, ...body });
    }
    const { pathname } = new URL(url, 'http://localhost');
    const query = queryOf(url);
    // The top bar's bell asks for its unread count on every screen; that is not one of this page's lists.
    if (pathname.startsWith('/api/notifications/')) return jsonResponse(200, { count: 0 });
    gets.push(url);
    if (pathname === '/api/applications' && query.status === 'pending_committee') {
      const rows = (options.pending ?? [PENDING]).filter((row) => !query.q || row.application_number.includes(query.q));
      return pageResponse(rows);
    }
    if (pathname === '/api/meetings') return pageResponse(meetings);
    return pageResponse([]);
  });
  const { router } = renderApp(options.path ?? '/officer/meetings');
  return { calls, gets, router, user: userEvent.setup() };
}

const pendingList = () => screen.findByRole('list', { name: 'Applications Pending Committee' });

describe('meetings page', () => {
  it('lists the applications pending committee and the meetings kept on the server', async () => {
    openMeetings();
    const list = await pendingList();
    expect(within(list).getByRole('link', { name: /APP-2026-000004/ })).toHaveAttribute(
      'href',
      `/officer/applications/${PENDING.id}`,
    );
    expect(within(list).getByText('₹4,50,00,000')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Meetings' });
    expect(within(table).getByText('MTG-2026-0001')).toBeInTheDocument();
    expect(within(table).getByText('15 Apr 2026')).toBeInTheDocument();
    expect(within(table).getByText('SLAC')).toBeInTheDocument();
    expect(within(table).getByText('Allotments for April')).toBeInTheDocument();
  });

  it('records an approval with the one committee mapping: approved, stage pending allotment', async () => {
    const { calls, user } = openMeetings();
    await user.click(within(await pendingList()).getByRole('button', { name: 'Record decision for APP-2026-000004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record decision for APP-2026-000004' });
    expect(
      within(dialog).getByText("The application will be approved, with the stage 'pending allotment'."),
    ).toBeInTheDocument();
    // The decision is said in words first (decision 024); only Record Decision there sends it.
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    expect(within(dialog).getByRole('region', { name: 'Check before you confirm' })).toHaveTextContent(
      'Application APP-2026-000004 will be APPROVED',
    );
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Record Decision' }));
    expect(await screen.findByText('Decision recorded successfully')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: `/api/applications/${PENDING.id}/status`,
        body: {
          status: 'approved',
          current_stage: 'pending allotment',
          stage: { code: 'committee_approved', params: {} },
        },
      },
    ]);
  });

  it('records a rejection with the remarks in the stage, and says when it fails', async () => {
    const { calls, user } = openMeetings({ write: { status: 409, body: { detail: 'Already decided' } } });
    await user.click(within(await pendingList()).getByRole('button', { name: 'Record decision for APP-2026-000004' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Decision'), 'rejected');
    expect(within(dialog).getByText('The applicant will be told the application was rejected.')).toBeInTheDocument();
    // A rejection needs its reason: without remarks nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    expect(within(dialog).getAllByText('Give the reason for the rejection, at least 5 characters')).toHaveLength(2);
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Remarks/), 'Not viable');
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    expect(within(dialog).getByRole('region', { name: 'Check before you confirm' })).toHaveTextContent(
      'Application APP-2026-000004 will be REJECTED',
    );
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Record Decision' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to record decision: Already decided');
    expect(screen.queryByText(/Failed to record decision/, { selector: '[data-title]' })).toBeNull();
    expect(calls[0]!.body).toEqual({
      status: 'rejected',
      current_stage: 'Rejected: Not viable',
      stage: { code: 'committee_rejected', params: { note: 'Not viable' } },
    });
  });

  it('requires the date and agenda of a new meeting, then creates it with its committee type and applications', async () => {
    const { calls, user } = openMeetings();
    await pendingList();
    await user.click(screen.getByRole('button', { name: 'Create Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Meeting' });
    expect(
      within(within(dialog).getByLabelText('Committee'))
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['slsc', 'slac', 'board', 'sipc']);
    await user.click(within(dialog).getByRole('button', { name: 'Create Meeting' }));
    const summary = await within(dialog).findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter the meeting date', 'Enter the agenda']);
    expect(calls).toEqual([]);

    const date = within(dialog).getByLabelText('Meeting date');
    expect(date).toHaveAccessibleDescription('Day, month and year, for example 27/03/2026. Enter the meeting date');
    await user.type(date, '31/04/2026');
    await user.type(within(dialog).getByLabelText('Agenda'), 'Board review of approvals');
    await user.click(within(dialog).getByRole('button', { name: 'Create Meeting' }));
    expect(
      within(within(dialog).getByRole('alert'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter a real date as dd/mm/yyyy, for example 27/03/2026']);
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    await user.clear(date);
    await user.type(date, toInputDate('2026-05-20'));
    await user.selectOptions(within(dialog).getByLabelText('Committee'), 'board');
    await user.click(await within(dialog).findByLabelText(/APP-2026-000004/));
    await user.click(within(dialog).getByRole('button', { name: 'Create Meeting' }));
    expect(await screen.findByText('Meeting created successfully')).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/meetings',
      body: {
        meeting_date: '2026-05-20',
        committee_type: 'board',
        agenda: 'Board review of approvals',
        applications: [PENDING.id],
      },
    });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Meetings' })).getByText('MTG-2026-0002')).toBeInTheDocument(),
    );
  });

  it('finds applications for the agenda by searching the server, keeping those already chosen', async () => {
    const other = { ...PENDING, id: 'ffffffff-ffff-4fff-8fff-ffffffffffff', application_number: 'APP-2026-000777' };
    const { gets, user } = openMeetings({ pending: [PENDING, other] });
    await pendingList();
    await user.click(screen.getByRole('button', { name: 'Create Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Meeting' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /APP-2026-000004/ }));
    await user.type(within(dialog).getByRole('searchbox', { name: /Find an application/ }), '777');
    await waitFor(() => expect(gets.some((url) => queryOf(url).q === '777')).toBe(true));
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2));
    expect(within(dialog).getByRole('checkbox', { name: /APP-2026-000004/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /APP-2026-000777/ })).not.toBeChecked();
    const searches = gets.filter((url) => queryOf(url).q);
    expect(searches.map(queryOf)).toEqual([
      { status: 'pending_committee', q: '777', sort: 'submitted_at', limit: '50' },
    ]);
  });

  it('keeps each list’s page in the URL, the pending list under its own names', async () => {
    const { gets } = openMeetings({ path: '/officer/meetings?pending_page=2&page=3&committee_type=board' });
    await screen.findByRole('heading', { level: 1, name: 'Meetings' });
    await waitFor(() => expect(gets).toHaveLength(2));
    const pending = gets.find((url) => url.startsWith('/api/applications'))!;
    const meetings = gets.find((url) => url.startsWith('/api/meetings'))!;
    expect(queryOf(pending)).toMatchObject({ offset: '50', status: 'pending_committee' });
    expect(queryOf(meetings)).toMatchObject({ offset: '100', committee_type: 'board' });
    expect(screen.getByRole('combobox', { name: 'Committee' })).toHaveValue('board');
  });

  it('says Failed to create meeting when the server refuses', async () => {
    const { user } = openMeetings({ write: { status: 500, body: { detail: 'Something went wrong' } } });
    await pendingList();
    await user.click(screen.getByRole('button', { name: 'Create Meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Meeting' });
    await user.type(within(dialog).getByLabelText('Meeting date'), toInputDate('2026-05-20'));
    await user.type(within(dialog).getByLabelText('Agenda'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Create Meeting' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to create meeting: Something went wrong',
    );
    expect(screen.queryByText(/Failed to create meeting/, { selector: '[data-title]' })).toBeNull();
  });

  it('shows the empty states', async () => {
    openMeetings({ pending: [], meetings: [] });
    expect(await screen.findByText('No applications are waiting for the committee')).toBeInTheDocument();
    expect(await screen.findByText('No meetings yet')).toBeInTheDocument();
    // The empty list offers the action that fills it.
    expect(screen.getAllByRole('button', { name: 'Create Meeting' })).toHaveLength(2);
  });

  it('says Failed to load data, with a retry, when the meetings cannot be loaded', async () => {
    signedInAs('committee');
    stubFetch((url) =>
      url.startsWith('/api/meetings?')
        ? jsonResponse(500, { detail: 'Database unavailable' })
        : pageResponse([PENDING]),
    );
    renderApp('/officer/meetings');
    // The toast and the inline message.
    await waitFor(() => expect(screen.getAllByText('Failed to load data')).toHaveLength(2), { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
