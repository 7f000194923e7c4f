// The officer dashboard: it opens on "Waiting on me" (one page of the inbox, oldest due first, with its filters in the
// URL), then the four figures (Pending Committee for the committee), each a link to the list it counts, the five most
// recent applications as one page of five opening the officer detail, and the spec's toast on failure.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  businessToday,
  type ApplicationListItem,
  type OfficerStats,
  type Pendency,
  type Role,
} from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

const STATS: OfficerStats = {
  waiting_on_me: 2,
  waiting_on_me_capped: false,
  total_applications: 17,
  pending_review: 6,
  pending_committee: 3,
  approved: 5,
  available_assets: 29,
  total_invoices: 0,
  pending_invoices: 0,
  paid_invoices: 0,
  overdue_invoices: 0,
  total_invoices_amount: 0,
  pending_invoices_amount: 0,
  paid_invoices_amount: 0,
  total_payments: 0,
  total_payments_amount: 0,
};

function application(index: number, overrides: Partial<ApplicationListItem> = {}): ApplicationListItem {
  const created = new Date(Date.UTC(2026, 0, 1 + index)).toISOString();
  return {
    id: `00000000-0000-4000-8000-0000000000${String(index).padStart(2, '0')}`,
    application_number: `APP-2026-${String(index).padStart(6, '0')}`,
    applicant_id: '00000000-0000-4000-8000-000000000099',
    asset_id: '00000000-0000-4000-8000-000000000098',
    application_type: 'new',
    status: index % 2 ? 'approved' : 'submitted',
    current_stage: 'Stage text',
    stage: null,
    estimated_investment: 1_000_000,
    employment_generation: 10,
    project_description: 'x',
    assigned_to: null,
    created_at: created,
    submitted_at: created,
    updated_at: created,
    waiting_on: 'zonal_manager',
    stage_entered_at: created,
    stage_due_on: '2099-12-05',
    days_in_stage: index,
    overdue: false,
    clock_paused: false,
    organization_name: `Organisation ${index}`,
    asset_code: `AST-${index}`,
    zone: 'Hyderabad North',
    ...overrides,
  };
}

/** The inbox as the server answers it: oldest due first; the first one late, the last paused on a query. */
const INBOX = [
  application(21, {
    status: 'under_scrutiny',
    stage_due_on: addCalendarDays(businessToday(), -3),
    overdue: true,
    days_in_stage: 18,
    organization_name: 'Deccan Textiles',
    asset_code: 'HYD-N-001',
  }),
  application(22, { status: 'submitted', days_in_stage: 1, zone: 'Warangal', asset_code: 'WGL-007' }),
  application(23, { status: 'under_scrutiny', clock_paused: true, waiting_on: 'entrepreneur', days_in_stage: 4 }),
];

const PENDENCY: Pendency = {
  today: businessToday(),
  zone: null,
  total: 9,
  late: 4,
  by_stage: [
    {
      status: 'under_scrutiny',
      total: 9,
      bands: { not_due: 2, due_soon: 1, late_1_7: 3, late_8_30: 0, late_over_30: 1, paused: 2 },
    },
  ],
  late_by_zone: [
    { zone: 'Hyderabad North', count: 3 },
    { zone: 'Warangal', count: 1 },
  ],
  late_by_officer: [
    {
      officer_id: '00000000-0000-4000-8000-000000000001',
      officer_name: 'Ravi Kumar',
      waiting_on: 'zonal_manager',
      count: 3,
    },
    { officer_id: null, officer_name: null, waiting_on: 'ho', count: 1 },
  ],
  trend: Array.from({ length: 12 }, (_, index) => ({
    week: addCalendarDays(businessToday(), (index - 11) * 7),
    received: index,
    decided: 1,
    late: index % 3,
  })),
};

function stubDashboard(
  statsResponse: () => Response = () => jsonResponse(200, STATS),
  inboxResponse: (query: Record<string, string>) => Response = () => pageResponse(INBOX, { total: INBOX.length }),
) {
  return stubFetch((url) => {
    if (url.startsWith('/api/dashboard/stats')) return statsResponse();
    if (url.startsWith('/api/pendency')) return jsonResponse(200, PENDENCY);
    if (url.startsWith('/api/applications') && queryOf(url).inbox === 'true') return inboxResponse(queryOf(url));
    // The recent list: the server answers one page, newest first.
    if (url.startsWith('/api/applications'))
      return pageResponse(
        [8, 7, 6, 5, 3].slice(0, Number(queryOf(url).limit)).map((n) => application(n)),
        {
          total: 17,
        },
      );
    return pageResponse([]);
  });
}

const calls = (fetchMock: ReturnType<typeof stubFetch>, inbox: boolean) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/applications') && (queryOf(url).inbox === 'true') === inbox)
    .map(queryOf);

/** Waits until every part has come: while loading, placeholders stand in, marked aria-busy. */
async function open(role: Role, path = '/officer') {
  signedInAs(role);
  const rendered = renderApp(path);
  await screen.findByRole('region', { name: 'Application figures' }, { timeout: 15_000 });
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 15_000 });
  return rendered;
}

/** A response the test lets through when it chooses. */
function held() {
  let answer!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => (answer = resolve));
  return { response, answer };
}

const card = (label: string) =>
  within(screen.getByRole('region', { name: 'Application figures' })).getByText(label).parentElement!.parentElement!;

const inbox = () => screen.getByRole('region', { name: 'Waiting on me' });
const inboxRows = () =>
  within(screen.getByRole('list', { name: 'Applications waiting on me' })).getAllByRole('listitem');

describe('officer dashboard', () => {
  it.each(['zonal_manager', 'ho', 'legal', 'admin'] as const)(
    'shows the four figures to %s with Pending Review',
    async (role) => {
      stubDashboard();
      await open(role);
      expect(card('Total Applications')).toHaveTextContent('17');
      expect(card('Pending Review')).toHaveTextContent('6');
      expect(card('Approved')).toHaveTextContent('5');
      expect(card('Available Assets')).toHaveTextContent('29');
      expect(screen.queryByText('Pending Committee')).not.toBeInTheDocument();
    },
  );

  it('labels the second card Pending Committee for the committee, with the pending_committee figure', async () => {
    stubDashboard();
    await open('committee');
    expect(card('Pending Committee')).toHaveTextContent('3');
    expect(screen.queryByText('Pending Review')).not.toBeInTheDocument();
  });

  it('never says "Nothing is waiting on you" beside a figure of cases waiting on the caller: both are one count', async () => {
    stubDashboard(
      () => jsonResponse(200, { ...STATS, waiting_on_me: 0, pending_review: 2 }),
      () => pageResponse([], { total: 0 }),
    );
    await open('ho');
    expect(await within(inbox()).findByText('Nothing is waiting on you')).toBeInTheDocument();
    expect(card('Waiting on you')).toHaveTextContent('0');
    // The spec's Pending Review stays, a count of every case at review, whoever's move it awaits.
    expect(card('Pending Review')).toHaveTextContent('2');
    const figures = screen.getByRole('region', { name: 'Application figures' });
    expect(within(figures).getByRole('link', { name: /^Waiting on you/ })).toHaveAttribute(
      'href',
      '/officer#officer-inbox-title',
    );
  });

  it('reads a capped count of what waits on the caller as "at least"', async () => {
    stubDashboard(() => jsonResponse(200, { ...STATS, waiting_on_me: 10_000, waiting_on_me_capped: true }));
    await open('zonal_manager');
    expect(card('Waiting on you')).toHaveTextContent('10,000+');
  });

  it('lists the five most recent applications from one page of five, each opening the officer detail', async () => {
    const fetchMock = stubDashboard();
    const { router } = await open('ho');
    const list = await screen.findByRole('list', { name: 'The five most recent applications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent?.slice(0, 15))).toEqual(
      [8, 7, 6, 5, 3].map((n) => `APP-2026-${String(n).padStart(6, '0')}`),
    );
    expect(calls(fetchMock, false)).toEqual([{ limit: '5', sort: '-created_at' }]);
    await userEvent.setup().click(links[0]!);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/officer/applications/00000000-0000-4000-8000-000000000008'),
    );
  });

  it('makes each figure a link to the applications it counts, and available assets to the assets for ho', async () => {
    stubDashboard();
    const { router } = await open('ho');
    const figures = screen.getByRole('region', { name: 'Application figures' });
    expect(within(figures).getByRole('link', { name: /^Total Applications/ })).toHaveAttribute(
      'href',
      '/officer/applications',
    );
    expect(within(figures).getByRole('link', { name: /^Pending Review/ })).toHaveAttribute(
      'href',
      '/officer/applications?status=submitted,under_scrutiny',
    );
    expect(within(figures).getByRole('link', { name: /^Approved/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/officer\/applications\?status=approved,pending_payment,.*,completed$/),
    );
    await userEvent.setup().click(within(figures).getByRole('link', { name: /^Available Assets/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer/assets'));
    expect(router.state.location.search).toBe('?status=available');
  });

  it('links Pending Committee for the committee, and leaves available assets plain where the role may not open them', async () => {
    stubDashboard();
    await open('committee');
    const figures = screen.getByRole('region', { name: 'Application figures' });
    expect(within(figures).getByRole('link', { name: /^Pending Committee/ })).toHaveAttribute(
      'href',
      '/officer/applications?status=pending_committee',
    );
    expect(within(figures).queryByRole('link', { name: /^Available Assets/ })).not.toBeInTheDocument();
    expect(card('Available Assets')).toHaveTextContent('29');
  });

  it(
    'draws the figures and recent applications once the inbox is in, as grey cards and rows until theirs come',
    {
      timeout: 15_000,
    },
    async () => {
      const inboxPage = held();
      const stats = held();
      const recent = held();
      stubFetch((url) => {
        if (url.startsWith('/api/dashboard/stats')) return stats.response;
        if (url.startsWith('/api/pendency')) return jsonResponse(200, PENDENCY);
        if (url.startsWith('/api/applications') && queryOf(url).inbox === 'true') return inboxPage.response;
        if (url.startsWith('/api/applications')) return recent.response;
        return pageResponse([]);
      });
      signedInAs('ho');
      renderApp('/officer');
      // Grey rows in the inbox; what comes below it waits, as its place depends on how many rows come.
      await waitFor(() => expect(within(inbox()).getByText('Loading...')).toBeInTheDocument(), { timeout: 15_000 });
      expect(within(inbox()).getByText('Loading...').closest('[aria-busy="true"]')).not.toBeNull();
      expect(screen.queryByRole('region', { name: 'Application figures' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Recent Applications' })).not.toBeInTheDocument();

      inboxPage.answer(pageResponse(INBOX, { total: INBOX.length }));
      const figures = await screen.findByRole('region', { name: 'Application figures' });
      // The four cards the figures will fill, with their labels and no numbers yet; five grey rows for the recent ones.
      expect(figures).toHaveAttribute('aria-busy', 'true');
      for (const label of ['Total Applications', 'Pending Review', 'Approved', 'Available Assets']) {
        expect(within(figures).getByText(label)).toBeInTheDocument();
      }
      expect(figures).not.toHaveTextContent(/\d/);
      const recentCard = screen.getByRole('heading', { name: 'Recent Applications' }).closest('section')!;
      expect(within(recentCard).getByText('Loading...')).toBeInTheDocument();
      expect(recentCard.querySelectorAll('li')).toHaveLength(5);

      stats.answer(jsonResponse(200, STATS));
      await waitFor(() => expect(figures).not.toHaveAttribute('aria-busy'));
      expect(card('Total Applications')).toHaveTextContent('17');
      recent.answer(
        pageResponse(
          [8, 7, 6, 5, 3].map((n) => application(n)),
          { total: 17 },
        ),
      );
      const list = await screen.findByRole('list', { name: 'The five most recent applications' });
      expect(within(list).getAllByRole('link')).toHaveLength(5);
    },
  );

  it("toasts 'Failed to load dashboard data' when the figures cannot be loaded", async () => {
    stubDashboard(() => jsonResponse(403, { detail: 'no' }));
    signedInAs('ho');
    renderApp('/officer');
    expect(
      await screen.findByText('Failed to load dashboard data', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  describe('waiting on me', () => {
    it('opens on the inbox above the figures: one page, oldest due first, each row with its facts and clock', async () => {
      const fetchMock = stubDashboard();
      await open('zonal_manager');
      await waitFor(() => expect(inboxRows()).toHaveLength(3));
      expect(calls(fetchMock, true)).toEqual([{ limit: '10', sort: 'stage_due_on', inbox: 'true' }]);
      // The inbox comes first on the page.
      const figures = screen.getByRole('region', { name: 'Application figures' });
      expect(inbox().compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      const [late, fresh, paused] = inboxRows();
      for (const text of ['APP-2026-000021', 'Deccan Textiles', 'HYD-N-001', 'Hyderabad North', 'UNDER SCRUTINY']) {
        expect(within(late!).getByText(text)).toBeInTheDocument();
      }
      expect(within(late!).getByText('18 working days')).toBeInTheDocument();
      expect(within(late!).getByText('Overdue by 3 days')).toHaveAttribute('data-clock', 'overdue');
      expect(within(fresh!).getByText('WGL-007')).toBeInTheDocument();
      expect(within(fresh!).getByText('Warangal')).toBeInTheDocument();
      expect(within(fresh!).getByText('1 working day')).toBeInTheDocument();
      expect(within(fresh!).getByText('Due 5 Dec 2099')).toBeInTheDocument();
      expect(within(paused!).getByText('Paused: waiting on the applicant')).toBeInTheDocument();
      expect(within(late!).getByRole('link')).toHaveAttribute(
        'href',
        '/officer/applications/00000000-0000-4000-8000-000000000021',
      );
    });

    it('filters to assigned to me, overdue, a status and a zone, on the server and in the URL', async () => {
      const fetchMock = stubDashboard();
      const { router } = await open('committee');
      await waitFor(() => expect(inboxRows()).toHaveLength(3));
      const user = userEvent.setup();
      const show = within(inbox()).getByRole('combobox', { name: 'Show' });
      expect(
        within(show)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Everything waiting on me', 'Assigned to me', 'Overdue']);
      await user.selectOptions(show, 'assigned');
      await waitFor(() => expect(calls(fetchMock, true).at(-1)).toMatchObject({ assigned_to: 'me' }));
      expect(router.state.location.search).toBe('?assigned_to=me');
      await user.selectOptions(show, 'overdue');
      await waitFor(() => expect(calls(fetchMock, true).at(-1)).toMatchObject({ overdue: 'true' }));
      expect(calls(fetchMock, true).at(-1)).not.toHaveProperty('assigned_to');
      expect(router.state.location.search).toBe('?overdue=true');
      await user.selectOptions(within(inbox()).getByRole('combobox', { name: 'Status' }), 'pending_committee');
      await user.type(within(inbox()).getByRole('textbox', { name: 'Zone' }), 'Warangal');
      await waitFor(() =>
        expect(calls(fetchMock, true).at(-1)).toEqual({
          limit: '10',
          sort: 'stage_due_on',
          inbox: 'true',
          overdue: 'true',
          status: 'pending_committee',
          zone: 'Warangal',
        }),
      );
      expect(router.state.location.search).toBe('?overdue=true&status=pending_committee&zone=Warangal');
      await user.selectOptions(show, 'all');
      await waitFor(() => expect(router.state.location.search).toBe('?status=pending_committee&zone=Warangal'));
    });

    it('restores the filters from the URL', async () => {
      const fetchMock = stubDashboard();
      await open('ho', '/officer?assigned_to=me&status=approved&zone=Warangal');
      await waitFor(() => expect(inboxRows()).toHaveLength(3));
      expect(calls(fetchMock, true)[0]).toMatchObject({ assigned_to: 'me', status: 'approved', zone: 'Warangal' });
      expect(within(inbox()).getByRole('combobox', { name: 'Show' })).toHaveValue('assigned');
      expect(within(inbox()).getByRole('combobox', { name: 'Status' })).toHaveValue('approved');
      expect(within(inbox()).getByRole('textbox', { name: 'Zone' })).toHaveValue('Warangal');
    });

    it('pages the inbox ten at a time', async () => {
      const fetchMock = stubDashboard(undefined, (query) =>
        pageResponse(query.offset === '10' ? [application(40)] : INBOX, { total: 11 }),
      );
      const { router } = await open('zonal_manager');
      await waitFor(() => expect(inboxRows()).toHaveLength(3));
      await userEvent.setup().click(
        within(screen.getByRole('navigation', { name: 'Pages of applications waiting on me' })).getByRole('button', {
          name: /Next/,
        }),
      );
      await waitFor(() => expect(within(inbox()).getByText('APP-2026-000040')).toBeInTheDocument());
      expect(calls(fetchMock, true).at(-1)).toMatchObject({ offset: '10', limit: '10' });
      expect(router.state.location.search).toBe('?page=2');
    });

    it('says Nothing is waiting on you when the inbox is empty, and offers to clear filters that emptied it', async () => {
      stubDashboard(undefined, () => pageResponse([]));
      await open('legal');
      expect(await within(inbox()).findByText('Nothing is waiting on you')).toBeInTheDocument();
      const user = userEvent.setup();
      await user.selectOptions(within(inbox()).getByRole('combobox', { name: 'Show' }), 'overdue');
      expect(await within(inbox()).findByText('Nothing waiting on you matches these filters')).toBeInTheDocument();
      await user.click(within(inbox()).getByRole('button', { name: 'Clear filters' }));
      expect(await within(inbox()).findByText('Nothing is waiting on you')).toBeInTheDocument();
    });

    it('tells the administrator the inbox holds everything waiting on an officer', async () => {
      stubDashboard();
      await open('admin');
      expect(within(inbox()).getByText(/waiting on any officer/)).toBeInTheDocument();
    });

    it('toasts when the inbox cannot be loaded, and offers a retry in place', async () => {
      stubDashboard(undefined, () => jsonResponse(500, { detail: 'boom' }));
      await open('zonal_manager');
      expect(
        await screen.findByText(
          'Failed to load the applications waiting on you',
          { selector: '[data-title]' },
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(within(inbox()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    });
  });
  it('draws the pendency charts, each with a table whose figures open the filtered list', async () => {
    stubDashboard();
    await open('ho');
    const pendency = await screen.findByRole('region', { name: 'Pendency' }, { timeout: 15_000 });
    const user = userEvent.setup();
    const stage = await within(pendency).findByTestId('pendency-by-stage');
    expect(within(stage).getByRole('img', { name: '9 steps wait on officers; 4 are late.' })).toBeInTheDocument();
    await user.click(within(stage).getByRole('button', { name: 'Show as table' }));
    const late = within(stage).getByRole('link', { name: 'Under scrutiny, Late 1–7 days: 3' });
    expect(new URLSearchParams(late.getAttribute('href')!.split('?')[1])).toEqual(
      new URLSearchParams({ status: 'under_scrutiny', age_band: 'late_1_7' }),
    );
    const zones = within(pendency).getByTestId('pendency-late-by-zone');
    await user.click(within(zones).getByRole('button', { name: 'Show as table' }));
    expect(within(zones).getByRole('link', { name: 'Warangal: 1' })).toHaveAttribute(
      'href',
      '/officer/applications?age_band=late&zone=Warangal',
    );
    const officers = within(pendency).getByTestId('pendency-late-by-officer');
    await user.click(within(officers).getByRole('button', { name: 'Show as table' }));
    expect(within(officers).getByRole('link', { name: 'Not assigned (Head office): 1' })).toHaveAttribute(
      'href',
      '/officer/applications?age_band=late&unassigned=true&waiting_on=ho',
    );
    const trend = within(pendency).getByTestId('pendency-trend');
    await user.click(within(trend).getByRole('button', { name: 'Show as table' }));
    expect(within(within(trend).getByRole('table')).getAllByRole('row')).toHaveLength(13);
  });
});
