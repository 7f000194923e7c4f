// The officer dashboard: the four figures (Pending Committee for the committee), each a link to the list it counts,
// the five most recent applications as one page of five opening the officer detail, and the spec's toast on failure.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Application, OfficerStats, Role } from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

const STATS: OfficerStats = {
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

function application(index: number): Application {
  const created = new Date(Date.UTC(2026, 0, 1 + index)).toISOString();
  return {
    id: `00000000-0000-4000-8000-0000000000${String(index).padStart(2, '0')}`,
    application_number: `APP-2026-${String(index).padStart(6, '0')}`,
    applicant_id: '00000000-0000-4000-8000-000000000099',
    asset_id: '00000000-0000-4000-8000-000000000098',
    application_type: 'new',
    status: index % 2 ? 'approved' : 'submitted',
    current_stage: 'Stage text',
    estimated_investment: 1_000_000,
    employment_generation: 10,
    project_description: 'x',
    assigned_to: null,
    created_at: created,
    submitted_at: created,
    updated_at: created,
  };
}

function stubDashboard(statsResponse: () => Response = () => jsonResponse(200, STATS)) {
  return stubFetch((url) => {
    if (url.startsWith('/api/dashboard/stats')) return statsResponse();
    // The server answers one page, newest first.
    if (url.startsWith('/api/applications'))
      return pageResponse([8, 7, 6, 5, 3].slice(0, Number(queryOf(url).limit)).map(application), { total: 17 });
    return pageResponse([]);
  });
}

async function open(role: Role) {
  signedInAs(role);
  const rendered = renderApp('/officer');
  await screen.findByRole('region', { name: 'Application figures' }, { timeout: 5000 });
  return rendered;
}

const card = (label: string) =>
  within(screen.getByRole('region', { name: 'Application figures' })).getByText(label).parentElement!.parentElement!;

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

  it('lists the five most recent applications from one page of five, each opening the officer detail', async () => {
    const fetchMock = stubDashboard();
    const { router } = await open('ho');
    const list = await screen.findByRole('list', { name: 'The five most recent applications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent?.slice(0, 15))).toEqual(
      [8, 7, 6, 5, 3].map((n) => `APP-2026-${String(n).padStart(6, '0')}`),
    );
    const listCalls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/applications'));
    expect(listCalls.map(queryOf)).toEqual([{ limit: '5', sort: '-created_at' }]);
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

  it("toasts 'Failed to load dashboard data' when the figures cannot be loaded", async () => {
    stubDashboard(() => jsonResponse(403, { detail: 'no' }));
    signedInAs('ho');
    renderApp('/officer');
    expect(
      await screen.findByText('Failed to load dashboard data', { selector: '[data-title]' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
