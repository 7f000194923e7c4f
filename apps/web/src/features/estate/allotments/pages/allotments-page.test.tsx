// The Allotments screen (the estate register): the counts that set filters, the read-only list with holder, plot,
// possession and next milestone (late in words), rows opening the application, the filters in the URL and the
// request, the empty and failed states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Allotment, AllotmentSummary } from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

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
    holder_user_id: '00000000-0000-4000-8000-000000000001',
    holder_name: 'Ravi Kumar',
    asset_code: 'VSP-A-12',
    zone: 'Visakhapatnam',
    possession_date: '2026-03-01',
    lease_ends_on: '2125-03-01',
    ended_on: null,
    refund_due: null,
    milestones: [
      {
        kind: 'commence_construction',
        due_on: '2027-03-01',
        met_on: null,
        extensions: 0,
        extensions_used: 0,
        extensions_left: 2,
        days_left: -12,
        late: true,
      },
      {
        kind: 'start_production',
        due_on: '2028-03-01',
        met_on: null,
        extensions: 0,
        extensions_used: 0,
        extensions_left: 2,
        days_left: 354,
        late: false,
      },
    ],
    services_allowed: [],
    services: [],
  },
];

const SUMMARY: AllotmentSummary = {
  by_status: { active: 12, expired: 1, cancelled: 2, surrendered: 3 },
  late: { commence_construction: 4, start_production: 0 },
  show_cause_awaiting: 0,
};

const ZONES = {
  zones: ['Visakhapatnam', 'Kakinada'],
  locations: { Visakhapatnam: ['Atchutapuram SEZ', 'Parawada Pharma City'], Kakinada: ['Peddapuram Industrial Park'] },
  truncated: false,
};

/** The register's calls: the summary, the zones and the page (and the CSV export). */
function register(page: () => Response = () => pageResponse(ALLOTMENTS), exported?: () => Response) {
  return stubFetch((url) => {
    if (url.startsWith('/api/allotments/summary')) return jsonResponse(200, SUMMARY);
    if (url.startsWith('/api/assets/zones')) return jsonResponse(200, ZONES);
    if (url.startsWith('/api/allotments/export.csv')) return exported?.() ?? jsonResponse(404, { detail: 'None' });
    if (url.startsWith('/api/allotments')) return page();
    return pageResponse([]);
  });
}

describe('allotments page', () => {
  it('lists number with application, holder, plot, status, type, dates and the next milestone (late in words), and a row opens the application', async () => {
    register();
    signedInAs('committee');
    const { router } = renderApp('/officer/allotments');
    const table = await screen.findByRole('region', { name: /^Allotments;/ }, { timeout: 15_000 });
    const row = within(table).getAllByRole('row')[1]!;
    await waitFor(() => expect(row).toHaveTextContent('APP-2026-000042'));
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'ALT-2026-000007APP-2026-000042',
      'Ravi Kumar',
      'VSP-A-12',
      'ACTIVE',
      'Provisional',
      '14 Feb 2026',
      'N/A',
      '1 Mar 2026',
      '1 Mar 2027Construction to commenceLate by 12 days',
      // The show-cause action: the committee may not issue a notice.
      '',
    ]);
    await userEvent.setup().click(within(row).getByText('Provisional'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/officer/applications/${APPLICATION_ID}`));
  });

  it('owes no milestone on an ended allotment, and says when none is set yet or all are met', async () => {
    const [held] = ALLOTMENTS;
    register(() =>
      pageResponse([
        { ...held!, id: 'a1000000-0000-4000-8000-000000000001', allotment_number: 'ALT-1', status: 'surrendered' },
        { ...held!, id: 'a1000000-0000-4000-8000-000000000002', allotment_number: 'ALT-2', milestones: [] },
        {
          ...held!,
          id: 'a1000000-0000-4000-8000-000000000003',
          allotment_number: 'ALT-3',
          milestones: held!.milestones.map((milestone) => ({
            ...milestone,
            met_on: '2027-01-01',
            late: false,
            days_left: null,
          })),
        },
      ]),
    );
    signedInAs('ho');
    renderApp('/officer/allotments');
    const table = await screen.findByRole('region', { name: /^Allotments;/ }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-2)!.textContent)).toEqual([
      '—',
      'No possession yet',
      'All met',
    ]);
  });

  it('takes the application number from the row the server sends, and sorts and filters on the server', async () => {
    const fetchMock = register(() =>
      pageResponse([{ ...ALLOTMENTS[0]!, application_number: 'APP-2026-000099' }], { total: 51 }),
    );
    signedInAs('ho');
    const { router } = renderApp('/officer/allotments?status=active');
    const table = await screen.findByRole('region', { name: /^Allotments;/ }, { timeout: 15_000 });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('APP-2026-000099');
    expect(screen.getByText('Showing 1–1 of 51')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/applications'))).toBe(false);
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /Allotment date/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=active&sort=-allotment_date'));
    const last = String(fetchMock.mock.calls.at(-1)![0]);
    expect(queryOf(last)).toMatchObject({ status: 'active', sort: '-allotment_date' });
  }, 20_000);

  it('shows the counts, and a count, the zone and the late filter each set the URL and the request', async () => {
    const fetchMock = register();
    signedInAs('ho');
    const { router } = renderApp('/officer/allotments');
    const summary = await screen.findByRole('region', { name: 'Allotments at a glance' }, { timeout: 15_000 });
    const surrendered = await within(summary).findByRole('button', { name: '3 Surrendered' });
    expect(within(summary).getByRole('button', { name: '12 Active' })).toHaveAttribute('aria-pressed', 'false');
    const lateConstruction = within(summary).getByRole('button', { name: '4 Construction not started (late)' });
    const user = userEvent.setup();

    await user.click(surrendered);
    await waitFor(() => expect(router.state.location.search).toBe('?status=surrendered'));
    await waitFor(() => expect(surrendered).toHaveAttribute('aria-pressed', 'true'));
    const pageCalls = () =>
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => /^\/api\/allotments\?/.test(url));
    await waitFor(() => expect(queryOf(pageCalls().at(-1)!)).toMatchObject({ status: 'surrendered' }));

    // A late count shows those alone: the status filter goes.
    await user.click(lateConstruction);
    await waitFor(() => expect(router.state.location.search).toBe('?late=commence_construction'));
    await waitFor(() => expect(queryOf(pageCalls().at(-1)!)).toMatchObject({ late: 'commence_construction' }));
    expect(queryOf(pageCalls().at(-1)!)).not.toHaveProperty('status');
    expect(screen.getByLabelText('Late milestone')).toHaveValue('commence_construction');

    await user.selectOptions(await screen.findByLabelText('Zone'), 'Kakinada');
    await waitFor(() => expect(router.state.location.search).toBe('?late=commence_construction&zone=Kakinada'));
    await waitFor(() =>
      expect(queryOf(pageCalls().at(-1)!)).toMatchObject({ zone: 'Kakinada', late: 'commence_construction' }),
    );
    // The counts are the zone's.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/allotments/summary?zone=Kakinada')),
      ).toBe(true),
    );
  }, 20_000);

  it("offers the chosen zone's parks, and a park sets location in the URL and the request", async () => {
    const fetchMock = register();
    signedInAs('zonal_manager');
    const { router } = renderApp('/officer/allotments');
    const park = await screen.findByLabelText('Park', {}, { timeout: 15_000 });
    const user = userEvent.setup();
    await waitFor(() =>
      expect(
        within(park)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All parks', 'Atchutapuram SEZ', 'Parawada Pharma City', 'Peddapuram Industrial Park']),
    );

    await user.selectOptions(screen.getByLabelText('Zone'), 'Visakhapatnam');
    await waitFor(() =>
      expect(
        within(park)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All parks', 'Atchutapuram SEZ', 'Parawada Pharma City']),
    );
    await user.selectOptions(park, 'Parawada Pharma City');
    await waitFor(() => expect(router.state.location.search).toBe('?zone=Visakhapatnam&location=Parawada+Pharma+City'));
    const pageCalls = () =>
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => /^\/api\/allotments\?/.test(url));
    await waitFor(() =>
      expect(queryOf(pageCalls().at(-1)!)).toMatchObject({ zone: 'Visakhapatnam', location: 'Parawada Pharma City' }),
    );

    // Another zone's park goes with the zone.
    await user.selectOptions(screen.getByLabelText('Zone'), 'Kakinada');
    await waitFor(() => expect(router.state.location.search).toBe('?zone=Kakinada'));
    await waitFor(() => expect(queryOf(pageCalls().at(-1)!)).not.toHaveProperty('location'));
    expect(screen.getByLabelText('Park')).toHaveValue('all');
  }, 20_000);

  describe('Export CSV', () => {
    const downloads: { name: string; blob: Blob }[] = [];
    beforeEach(() => {
      downloads.length = 0;
      let lastBlob: Blob | null = null;
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          lastBlob = blob;
          return 'blob:register';
        }),
        revokeObjectURL: vi.fn(),
      });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push({ name: this.download, blob: lastBlob! });
      });
    });

    it('downloads the register with the current filters and search, with the session, and saves the file', async () => {
      const csv = 'allotment_number,holder\r\nALT-1,Ravi Kumar\r\nALT-2,"Kumar, Ltd"\r\n';
      const fetchMock = register(
        undefined,
        () =>
          new Response(csv, {
            status: 200,
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="estate-register-2026-11-26.csv"',
              'X-Total-Count': '2',
            },
          }),
      );
      signedInAs('ho');
      renderApp('/officer/allotments?status=active&zone=Kakinada&location=Peddapuram+Industrial+Park&q=ALT&page=2');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }, { timeout: 15_000 }));
      expect(
        await screen.findByText('2 allotments saved as estate-register-2026-11-26.csv', {}, { timeout: 15_000 }),
      ).toBeInTheDocument();
      const exportCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/allotments/export.csv'))!;
      expect(queryOf(String(exportCall[0]))).toEqual({
        status: 'active',
        zone: 'Kakinada',
        location: 'Peddapuram Industrial Park',
        q: 'ALT',
      });
      expect((exportCall[1]!.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
      expect(downloads).toHaveLength(1);
      expect(downloads[0]!.name).toBe('estate-register-2026-11-26.csv');
      expect(await downloads[0]!.blob.text()).toBe(csv);
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    }, 20_000);

    it("toasts the server's reason when the export is refused, and saves nothing", async () => {
      register(undefined, () => jsonResponse(403, { detail: 'Not allowed' }));
      signedInAs('ho');
      renderApp('/officer/allotments');
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }, { timeout: 15_000 }));
      expect(
        await screen.findByText('Failed to export the register', { selector: '[data-title]' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      expect(downloads).toHaveLength(0);
    }, 20_000);
  });

  it('says when there are none', async () => {
    stubFetch();
    signedInAs('zonal_manager');
    renderApp('/officer/allotments');
    expect(await screen.findByText('No allotments yet', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it("toasts 'Failed to load allotments' on failure", async () => {
    stubFetch((url) => (url.startsWith('/api/allotments') ? jsonResponse(403, { detail: 'no' }) : pageResponse([])));

    signedInAs('ho');
    renderApp('/officer/allotments');
    expect(
      await screen.findByText('Failed to load allotments', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});
