// The Reports screen: filters (status only for applications, sent only when not 'all'), Generate, the totals, the
// first 50 rows in the type's columns, the chart of the server's groups with its table, JSON and CSV exports streamed
// with their progress and named by the server, and failures.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { businessToday, toInputDate, type Report, type ReportType } from '@portal/contract';
import { changeLanguage } from '../../../lib/i18n';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

function applicationRows(count: number): Report['data'] {
  return Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    application_number: `APP-2026-${String(index + 1).padStart(6, '0')}`,
    organization_name: index === 0 ? 'Kumar, "Precision" Ltd' : 'Acme Industries',
    application_type: 'new',
    status: index % 3 === 0 ? 'approved' : 'submitted',
    current_stage: 'Stage',
    asset_code: 'HYD-PL-001',
    zone: index % 2 ? 'Warangal' : 'Nalgonda',
    estimated_investment: 2_500_000,
    employment_generation: 12,
    created_at: '2026-03-10T05:00:00.000Z',
    submitted_at: null,
  }));
}

function report(type: ReportType, data: Report['data'], filters: Report['filters'] = {}): Report {
  return { report_type: type, generated_at: '2026-03-11T06:30:00.000Z', filters, count: data.length, data };
}

/** What the server answers for 6,000 matching applications: the first 50 rows, and totals and groups of all. */
function largeApplicationsReport(): Report {
  return {
    ...report('applications', applicationRows(50)),
    count: 6000,
    totals: { count: 6000, amount: 15_000_000_000 },
    groups: {
      status: [
        { value: 'approved', count: 2000, amount: 5_000_000_000 },
        { value: 'submitted', count: 4000, amount: 10_000_000_000 },
      ],
      zone: [
        { value: 'Warangal', count: 3500, amount: 8_750_000_000 },
        { value: 'Nalgonda', count: 2500, amount: 6_250_000_000 },
      ],
    },
  };
}

/** A streamed answer whose chunks the test hands over one at a time. */
function streamedResponse(headers: Record<string, string>) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(control) {
      controller = control;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const PAYMENT_ROW = {
  id: '99999999-9999-4999-8999-999999999999',
  receipt_number: 'RCP-2026-000001',
  invoice_number: 'INV-2026-000001',
  application_number: 'APP-2026-000001',
  zone: 'Warangal',
  amount: 11_800,
  payment_date: '2026-03-10T05:00:00.000Z',
  payment_method: 'online',
  transaction_reference: 'MOCK-1',
  status: 'success',
};

function stubReports(answer?: (url: string) => Response, exportAnswer?: (url: string) => Response) {
  return stubFetch((url) => {
    if (url.includes('/export.')) return exportAnswer?.(url) ?? jsonResponse(404, { detail: 'No such report' });
    if (url.startsWith('/api/reports/applications'))
      return answer?.(url) ?? jsonResponse(200, largeApplicationsReport());
    if (url.startsWith('/api/reports/payments'))
      return answer?.(url) ?? jsonResponse(200, report('payments', [PAYMENT_ROW]));
    if (url.startsWith('/api/reports/')) return jsonResponse(200, report('assets', []));
    if (url === '/api/assets/zones') return jsonResponse(200, { zones: ['Nalgonda', 'Warangal'] });
    return jsonResponse(200, []);
  });
}

async function openReports() {
  signedInAs('admin');
  renderApp('/officer/reports');
  await screen.findByRole('heading', { level: 1, name: 'Reports' }, { timeout: 15_000 });
}

/** Picks a zone from the zones that hold assets (the list arrives after the page), or '' for all zones. */
async function chooseZone(user: ReturnType<typeof userEvent.setup>, zone: string) {
  const field = screen.getByRole('combobox', { name: /^Zone/ });
  await within(field).findByRole('option', { name: 'Warangal' });
  expect(
    within(field)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['All zones', 'Nalgonda', 'Warangal']);
  await user.selectOptions(field, zone);
}

const reportCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/reports/'));

// Typing and streaming take a while on a busy machine.
describe('reports page', { timeout: 20_000 }, () => {
  const downloads: { name: string; blob: Blob }[] = [];
  beforeEach(() => {
    downloads.length = 0;
    let lastBlob: Blob | null = null;
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        lastBlob = blob;
        return 'blob:report';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, blob: lastBlob! });
    });
  });

  it('offers the four types and shows the status filter for applications only', async () => {
    stubReports();
    await openReports();
    const type = screen.getByLabelText('Report type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Applications', 'Assets', 'Payments', 'Allotments']);
    expect(screen.getByLabelText(/^Status/)).toHaveValue('all');
    // Before the first Generate the result area says what to do rather than staying blank.
    expect(
      screen.getByText('No report yet. Choose a report type and its filters, then select Generate.'),
    ).toBeInTheDocument();
    await userEvent.setup().selectOptions(type, 'payments');
    expect(screen.queryByLabelText(/^Status/)).not.toBeInTheDocument();
  });

  it("sends no status for 'all', then the chosen status, dates and zone", async () => {
    const fetchMock = stubReports();
    await openReports();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('Report generated', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(reportCalls(fetchMock)).toEqual(['/api/reports/applications']);

    await user.selectOptions(screen.getByLabelText(/^Status/), 'approved');
    await user.type(screen.getByLabelText(/^From date/), toInputDate('2026-03-01'));
    await user.type(screen.getByLabelText(/^To date/), toInputDate('2026-03-31'));
    await chooseZone(user, 'Warangal');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(reportCalls(fetchMock)).toHaveLength(2));
    const url = new URL(reportCalls(fetchMock)[1]!, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from_date: '2026-03-01',
      to_date: '2026-03-31',
      status: 'approved',
      zone: 'Warangal',
    });

    // A status chosen for applications is not sent with another type.
    await user.selectOptions(screen.getByLabelText('Report type'), 'payments');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(reportCalls(fetchMock)).toHaveLength(3));
    expect(reportCalls(fetchMock)[2]).not.toContain('status=');
  });

  it('refuses a from date after the to date without asking the server', async () => {
    const fetchMock = stubReports();
    await openReports();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^From date/), toInputDate('2026-04-01'));
    await user.type(screen.getByLabelText(/^To date/), toInputDate('2026-03-01'));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    // The error summary takes focus and links to the field.
    const summary = await screen.findByRole('alert');
    expect(screen.getByLabelText(/^To date/)).toHaveAccessibleDescription(
      'Day, month and year, for example 27/03/2026. The from date must be on or before the to date',
    );
    expect(summary).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: 'The from date must be on or before the to date' }));
    expect(screen.getByLabelText(/^To date/)).toHaveFocus();
    expect(reportCalls(fetchMock)).toEqual([]);
  });

  it('takes the dates as dd/mm/yyyy and says when a text is no day, without asking the server', async () => {
    const fetchMock = stubReports();
    await openReports();
    const user = userEvent.setup();
    const from = screen.getByLabelText(/^From date/);
    expect(from).toHaveAccessibleDescription('Both dates are included. Day, month and year, for example 27/03/2026.');
    await user.type(from, '2026-13-01');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(from).toHaveAccessibleDescription(
      'Both dates are included. Day, month and year, for example 27/03/2026. Enter a real date as dd/mm/yyyy, for example 27/03/2026',
    );
    expect(within(screen.getByRole('alert')).getByRole('link')).toHaveTextContent(
      'Enter a real date as dd/mm/yyyy, for example 27/03/2026',
    );
    expect(reportCalls(fetchMock)).toEqual([]);
    await user.clear(from);
    await user.type(from, '1/3/2026');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(reportCalls(fetchMock)).toEqual(['/api/reports/applications?from_date=2026-03-01']));
  });

  it("shows the totals, the first 50 rows in the application columns, and a bar chart of the server's groups with a table alternative", async () => {
    stubReports();
    await openReports();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const table = await screen.findByRole('region', { name: 'Applications report rows' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(51);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Application number',
      'Organisation',
      'Type',
      'Status',
      'Stage',
      'Asset code',
      'Zone',
      'Investment',
      'Jobs',
      'Created',
      'Submitted',
    ]);
    expect(rows[1]).toHaveTextContent('₹25,00,000');
    expect(
      screen.getByText('Showing the first 50 of 6000 rows. The exported files hold every row.'),
    ).toBeInTheDocument();

    // Totals over every matching row, not only the 50 sent.
    const totals = screen.getByRole('group', { name: 'Report totals' });
    expect(
      within(totals)
        .getAllByRole('definition')
        .map((cell) => `${cell.previousElementSibling!.textContent}: ${cell.textContent}`),
    ).toEqual(['Rows: 6,000', 'Investment in total: ₹15,00,00,00,000']);

    expect(screen.getByRole('img', { name: 'Bar chart of 6000 rows by status' })).toBeInTheDocument();
    const figures = screen.getByRole('table', { name: 'Rows by status' });
    expect(
      within(figures)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Value', 'Rows', 'Amount']);
    expect(
      within(figures)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['SUBMITTED4000₹10,00,00,00,000', 'APPROVED2000₹5,00,00,00,000']);
    await user.selectOptions(screen.getByLabelText('Group the chart by'), 'zone');
    const byZone = screen.getByRole('table', { name: 'Rows by zone' });
    expect(
      within(byZone)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Warangal3500₹8,75,00,00,000', 'Nalgonda2500₹6,25,00,00,000']);
  });

  it("words the stage column in the reader's language from the stage's code; an officer's own words stay as typed", async () => {
    const [portal, committee, officer] = applicationRows(3);
    stubReports(() =>
      jsonResponse(
        200,
        report('applications', [
          {
            ...portal,
            current_stage: 'Under scrutiny',
            stage: { code: 'status', params: { status: 'under_scrutiny' } },
          },
          {
            ...committee,
            current_stage: 'Deferred: site visit',
            stage: { code: 'committee_deferred', params: { note: 'site visit' } },
          },
          { ...officer, current_stage: 'Awaiting the site visit', stage: null },
        ]),
      ),
    );
    await changeLanguage('hi');
    try {
      signedInAs('admin');
      renderApp('/officer/reports');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'बनाएँ' }, { timeout: 15_000 }));
      const table = await screen.findByRole('table', { name: 'आवेदन रिपोर्ट की पंक्तियाँ' });
      const stages = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelectorAll('td')[4]!.textContent);
      expect(stages).toEqual(['जाँच में', 'समिति द्वारा स्थगित: site visit', 'Awaiting the site visit']);
    } finally {
      await changeLanguage('en');
    }
  });

  it('uses the columns of the payments report', async () => {
    stubReports();
    await openReports();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Report type'), 'payments');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const table = await screen.findByRole('region', { name: 'Payments report rows' });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Receipt number');
    expect(within(table).getByText('RCP-2026-000001')).toBeInTheDocument();
    expect(within(table).getByText('SUCCESS')).toBeInTheDocument();
  });

  it('streams the CSV export with the bearer token and the same filters, showing rows and bytes as they arrive', async () => {
    const csv = streamedResponse({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="applications-report-2026-03-11.csv"',
      'X-Total-Count': '4',
    });
    const fetchMock = stubReports(undefined, () => csv.response);
    await openReports();
    const user = userEvent.setup();
    await chooseZone(user, 'Warangal');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('region', { name: 'Applications report rows' });
    // Changing the form after Generate does not change what the export holds.
    await chooseZone(user, '');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const exportCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/export.csv'))!;
    expect(String(exportCall[0])).toBe('/api/reports/applications/export.csv?zone=Warangal');
    expect((exportCall[1]!.headers as Record<string, string>).Authorization).toBe('Bearer test-token');

    csv.send('application_number,organization_name\r\nAPP-1,"Kumar, ""Precision"" Ltd"\r\n');
    expect(await screen.findByText('1 of 4 rows received (1 KB)')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'CSV export progress' });
    expect(bar).toHaveAttribute('value', '1');
    expect(bar).toHaveAttribute('max', '4');
    expect(screen.getByRole('button', { name: /Exporting… 25%/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeDisabled();
    expect(downloads).toHaveLength(0);

    csv.send('APP-2,Acme\r\nAPP-3,Acme\r\nAPP-4,Acme\r\n');
    csv.end();
    expect(
      await screen.findByText('Report exported', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('4 rows saved as applications-report-2026-03-11.csv')).toBeInTheDocument();
    expect(downloads[0]!.name).toBe('applications-report-2026-03-11.csv');
    const lines = (await downloads[0]!.blob.text()).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'application_number,organization_name',
      'APP-1,"Kumar, ""Precision"" Ltd"',
      'APP-2,Acme',
      'APP-3,Acme',
      'APP-4,Acme',
    ]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('saves the JSON export as the server sends it, named by type and date when the server names none', async () => {
    const exported = { ...report('applications', applicationRows(3)), count: 3 };
    stubReports(
      undefined,
      () => new Response(JSON.stringify(exported), { status: 200, headers: { 'X-Total-Count': '3' } }),
    );
    await openReports();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('region', { name: 'Applications report rows' });
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(
      await screen.findByText('Report exported', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(downloads[0]!.name).toBe(`applications-report-${businessToday()}.json`);
    expect(JSON.parse(await downloads[0]!.blob.text())).toMatchObject({ report_type: 'applications', count: 3 });
  });

  it("toasts 'Failed to export report' with the server's reason and saves nothing", async () => {
    stubReports(undefined, () => jsonResponse(422, { detail: 'status: A applications report can be filtered on …' }));
    await openReports();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('region', { name: 'Applications report rows' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText('Failed to export report', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('status: A applications report can be filtered on …')).toBeInTheDocument();
    expect(downloads).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it("toasts 'Failed to generate report' with the server's reason", async () => {
    stubReports(() => jsonResponse(422, { detail: 'from_date: The start date must be on or before the end date' }));
    await openReports();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('Failed to generate report', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('from_date: The start date must be on or before the end date')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export JSON' })).not.toBeInTheDocument();
  });
});
