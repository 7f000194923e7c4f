// The entrepreneur dashboard: welcome, the four figures under the entrepreneur names, five recent applications,
// the empty state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Application } from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

function app(index: number): Application {
  const id = `c0000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return {
    id,
    application_number: `APP-2026-${String(index).padStart(6, '0')}`,
    applicant_id: 'b0000000-0000-4000-8000-000000000001',
    asset_id: 'a0000000-0000-4000-8000-000000000001',
    application_type: 'new',
    status: index === 1 ? 'approved' : 'submitted',
    current_stage: `Stage ${index}`,
    stage: null,
    estimated_investment: 100,
    employment_generation: 1,
    project_description: 'x',
    assigned_to: null,
    created_at: '2026-01-01T00:00:00Z',
    submitted_at: null,
    updated_at: '2026-01-01T00:00:00Z',
    waiting_on: null,
    stage_entered_at: '2026-01-01T00:00:00Z',
    stage_due_on: null,
    days_in_stage: 0,
    overdue: false,
    clock_paused: false,
  };
}

function open(applications: Application[]) {
  signedInAs('entrepreneur');
  return stubFetch((url) => {
    if (url === '/api/dashboard/stats')
      return jsonResponse(200, {
        total_applications: 7,
        pending_applications: 3,
        approved_applications: 2,
        allotments: 1,
      });
    // The server answers one page of the caller's own, newest first.
    if (url.startsWith('/api/applications'))
      return pageResponse(applications.slice(0, Number(queryOf(url).limit)), { total: applications.length });
    return pageResponse([]);
  });
}

describe('entrepreneur dashboard', () => {
  it('welcomes the user by name and shows the four figures', async () => {
    open([]);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ravi Kumar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Application' })).toHaveAttribute('href', '/applications/new');
    const figures = screen.getByRole('region', { name: 'Your figures' });
    for (const [label, value] of [
      ['Total Applications', '7'],
      ['Pending Review', '3'],
      ['Approved', '2'],
      ['Allotments', '1'],
    ]) {
      const card = within(figures).getByText(label!).closest('div')!.parentElement!;
      expect(await within(card).findByText(value!)).toBeInTheDocument();
    }
    // The plots held open My plots.
    expect(within(figures).getByRole('link', { name: 'See My plots' })).toHaveAttribute('href', '/allotments');
  });

  it('lists the five most recent applications from one page of five, each opening its detail', async () => {
    const fetchMock = open([1, 2, 3, 4, 5, 6, 7].map(app));
    renderApp('/');
    const recent = (await screen.findByRole('heading', { level: 2, name: 'Recent Applications' })).closest('section')!;
    const links = await within(recent).findAllByRole('link', { name: /APP-2026/ });
    expect(links).toHaveLength(5);
    expect(links[0]).toHaveAttribute('href', `/applications/${app(1).id}`);
    expect(links[0]).toHaveTextContent('Stage: Stage 1');
    expect(within(links[0]!).getByText('APPROVED')).toBeInTheDocument();
    const listCalls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/applications'));
    expect(listCalls.map(queryOf)).toEqual([{ limit: '5', sort: '-created_at' }]);
  });

  it('keeps the room of the figures and of five applications while they load', async () => {
    signedInAs('entrepreneur');
    stubFetch(() => new Promise<Response>(() => undefined));
    renderApp('/');
    const figures = await screen.findByRole('region', { name: 'Your figures' }, { timeout: 15_000 });
    expect(figures).toHaveAttribute('aria-busy', 'true');
    expect(within(figures).getByText('Total Applications')).toBeInTheDocument();
    expect(figures).not.toHaveTextContent(/\d/);
    const recent = screen.getByRole('heading', { level: 2, name: 'Recent Applications' }).closest('section')!;
    expect(within(recent).getByText('Loading...').closest('[aria-busy="true"]')).not.toBeNull();
    expect(recent.querySelectorAll('li')).toHaveLength(5);
  });

  it("shows 'No applications yet' and 'Start Your First Application' without applications", async () => {
    open([]);
    renderApp('/');
    expect(await screen.findByText('No applications yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Your First Application' })).toHaveAttribute(
      'href',
      '/applications/new',
    );
  });

  it("toasts 'Failed to load dashboard data' when the figures fail, and offers a retry that asks again", async () => {
    signedInAs('entrepreneur');
    let statsCalls = 0;
    stubFetch((url) => {
      if (url === '/api/dashboard/stats') {
        statsCalls += 1;
        return jsonResponse(500, { detail: 'boom' });
      }
      return pageResponse([app(1)]);
    });
    renderApp('/');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 15_000 });
    expect(screen.getAllByText('Failed to load dashboard data').length).toBeGreaterThanOrEqual(2);
    const before = statsCalls;
    await userEvent.setup().click(retry);
    await waitFor(() => expect(statsCalls).toBeGreaterThan(before));
  });
});
