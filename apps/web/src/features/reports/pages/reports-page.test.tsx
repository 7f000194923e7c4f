// The Reports screen: filters (status only for applications, sent only when not 'all'), Generate, the first 50 rows
// in the type's columns, the chart with its table, JSON and CSV export named by type and date, and failures.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIso, type Report, type ReportType } from '@portal/contract';
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

function stubReports(answer?: (url: string) => Response) {
  return stubFetch((url) => {
    if (url.startsWith('/api/reports/applications'))
      return answer?.(url) ?? jsonResponse(200, report('applications', applicationRows(60)));
    if (url.startsWith('/api/reports/payments'))
      return answer?.(url) ?? jsonResponse(200, report('payments', [PAYMENT_ROW]));
    if (url.startsWith('/api/reports/')) return jsonResponse(200, report('assets', []));
    return jsonResponse(200, []);
  });
}

async function openReports() {
  signedInAs('admin');
  renderApp('/officer/reports');
  await screen.findByRole('heading', { level: 1, name: 'Reports' }, { timeout: 5000 });
}

const reportCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/reports/'));

describe('reports page', () => {
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
      await screen.findByText('Report generated', { selector: '[data-title]' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(reportCalls(fetchMock)).toEqual(['/api/reports/applications']);

    await user.selectOptions(screen.getByLabelText(/^Status/), 'approved');
    await user.type(screen.getByLabelText(/^From date/), '2026-03-01');
    await user.type(screen.getByLabelText(/^To date/), '2026-03-31');
    await user.type(screen.getByLabelText(/^Zone/), 'Warangal');
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
    await user.type(screen.getByLabelText(/^From date/), '2026-04-01');
    await user.type(screen.getByLabelText(/^To date/), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByLabelText(/^To date/)).toHaveAccessibleDescription(
      'The from date must be on or before the to date',
    );
    // The error summary takes focus and links to the field.
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: 'The from date must be on or before the to date' }));
    expect(screen.getByLabelText(/^To date/)).toHaveFocus();
    expect(reportCalls(fetchMock)).toEqual([]);
  });

  it('shows the first 50 rows in the application columns, and a bar chart by status or zone with a table alternative', async () => {
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
    expect(screen.getByText('Showing the first 50 of 60 rows. The exported files hold every row.')).toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Bar chart of 60 rows by status' })).toBeInTheDocument();
    const figures = screen.getByRole('table', { name: 'Rows by status' });
    expect(
      within(figures)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['SUBMITTED40', 'APPROVED20']);
    await user.selectOptions(screen.getByLabelText('Group the chart by'), 'zone');
    const byZone = screen.getByRole('table', { name: 'Rows by zone' });
    expect(
      within(byZone)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Nalgonda30', 'Warangal30']);
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

  it('exports the whole report as JSON and its rows as CSV, named by type and date', async () => {
    stubReports();
    await openReports();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('region', { name: 'Applications report rows' });

    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(
      await screen.findByText('Report exported', { selector: '[data-title]' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(downloads[0]!.name).toBe(`applications-report-${todayIso()}.json`);
    const exported = JSON.parse(await downloads[0]!.blob.text()) as Report;
    expect(exported).toMatchObject({ report_type: 'applications', count: 60 });
    expect(exported.data).toHaveLength(60);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads[1]!.name).toBe(`applications-report-${todayIso()}.csv`);
    const lines = (await downloads[1]!.blob.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(61);
    expect(lines[0]).toBe(
      'application_number,organization_name,application_type,status,current_stage,asset_code,zone,estimated_investment,employment_generation,created_at,submitted_at',
    );
    expect(lines[1]).toBe(
      'APP-2026-000001,"Kumar, ""Precision"" Ltd",new,approved,Stage,HYD-PL-001,Nalgonda,2500000,12,2026-03-10T05:00:00.000Z,',
    );
  });

  it("toasts 'Failed to generate report' with the server's reason", async () => {
    stubReports(() => jsonResponse(422, { detail: 'from_date: The start date must be on or before the end date' }));
    await openReports();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('Failed to generate report', { selector: '[data-title]' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('from_date: The start date must be on or before the end date')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export JSON' })).not.toBeInTheDocument();
  });
});
