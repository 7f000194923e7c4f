// My Applications: cards, search by number and status filter on the client, the empty state.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../test/render-app';
import { application } from '../test/fixtures';

const LIST = [
  application({
    application_number: 'APP-2026-000104',
    status: 'approved',
    current_stage: 'pending allotment',
    employment_generation: 1,
  }),
  application({ application_number: 'APP-2026-000103', status: 'submitted', current_stage: 'Submitted for scrutiny' }),
  application({
    application_number: 'APP-2026-000021',
    status: 'draft',
    current_stage: 'Draft',
    application_type: 'expansion_reservation',
  }),
];

async function openList(list = LIST) {
  signedInAs('entrepreneur');
  const fetchMock = stubFetch((url) => (url === '/api/applications' ? jsonResponse(200, list) : jsonResponse(200, [])));
  renderApp('/applications');
  await screen.findByRole('heading', { level: 1, name: 'My Applications' });
  return fetchMock;
}

const numbers = () =>
  screen
    .queryAllByRole('link')
    .map((link) => link.textContent)
    .filter((text) => text?.startsWith('APP-'))
    .map((text) => text!.slice(0, 15));

describe('my applications', () => {
  it('shows a card per application with number, badge, stage, type, investment, date and jobs', async () => {
    await openList();
    const card = (await screen.findByText('APP-2026-000021')).closest('a')!;
    expect(card).toHaveAttribute('href', `/applications/${LIST[2]!.id}`);
    expect(within(card).getByText('DRAFT')).toBeInTheDocument();
    expect(within(card).getByText('Expansion / Reservation')).toBeInTheDocument();
    expect(within(card).getByText('₹25,00,000')).toBeInTheDocument();
    expect(within(card).getByText('1 Feb 2026')).toBeInTheDocument();
    expect(within(card).getByText('40 jobs')).toBeInTheDocument();
    expect(within((await screen.findByText('APP-2026-000104')).closest('a')!).getByText('1 job')).toBeInTheDocument();
  });

  it('filters by a case-insensitive part of the number and by exact status, on the client', async () => {
    const fetchMock = await openList();
    const user = userEvent.setup();
    await screen.findByText('APP-2026-000104');
    await user.type(screen.getByPlaceholderText('Search by application number'), 'app-2026-0001');
    expect(numbers()).toEqual(['APP-2026-000104', 'APP-2026-000103']);
    await user.selectOptions(screen.getByLabelText('Status'), 'submitted');
    expect(numbers()).toEqual(['APP-2026-000103']);
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await user.clear(screen.getByPlaceholderText('Search by application number'));
    expect(numbers()).toHaveLength(3);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/applications'))).toHaveLength(1);
  });

  it("shows 'No applications found' and 'Create Your First Application' when nothing matches", async () => {
    await openList([]);
    expect(await screen.findByText('No applications found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Application' })).toHaveAttribute(
      'href',
      '/applications/new',
    );
  });

  it("toasts 'Failed to load applications' and offers a retry when the list fails", async () => {
    signedInAs('entrepreneur');
    stubFetch(() => jsonResponse(500, { detail: 'boom' }));
    renderApp('/applications');
    // A 5xx is retried once before it counts as failed.
    expect(await screen.findAllByText('Failed to load applications', undefined, { timeout: 5000 })).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
