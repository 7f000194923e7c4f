// The officer application list: cards, search by number, the spec's status filter, empty and failed states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Application } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../test/render-app';
import { application } from '../lib/test-fixtures';

const LIST: Application[] = [
  application('submitted', {
    id: '10000000-0000-4000-8000-000000000001',
    application_number: 'APP-2026-000001',
    current_stage: 'Submitted for scrutiny',
  }),
  application('pending_committee', {
    id: '10000000-0000-4000-8000-000000000002',
    application_number: 'APP-2026-000002',
    estimated_investment: 4_500_000,
  }),
  application('rejected', {
    id: '10000000-0000-4000-8000-000000000003',
    application_number: 'APP-2026-000103',
    application_type: 'expansion_reservation',
  }),
];

async function openList(body: unknown = LIST, status = 200) {
  signedInAs('zonal_manager');
  stubFetch((url) => (url.startsWith('/api/applications') ? jsonResponse(status, body) : jsonResponse(200, [])));
  renderApp('/officer/applications');
  await screen.findByRole('heading', { level: 1, name: 'Applications' });
}

const cards = () => within(screen.getByRole('list', { name: 'Applications' })).getAllByRole('listitem');

describe('officer application list', () => {
  it('shows a card per application with number, status, stage, type, investment and submitted date, opening the detail', async () => {
    await openList();
    expect(await screen.findByText('APP-2026-000001')).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    const second = cards()[1]!;
    expect(within(second).getByText('PENDING COMMITTEE')).toBeInTheDocument();
    expect(within(second).getByText('₹45,00,000')).toBeInTheDocument();
    expect(within(second).getByText('New')).toBeInTheDocument();
    expect(within(second).getByText('2 Mar 2026')).toBeInTheDocument();
    expect(within(cards()[0]!).getByText('Submitted for scrutiny')).toBeInTheDocument();
    expect(within(cards()[2]!).getByText('Expansion / Reservation')).toBeInTheDocument();
    expect(within(second).getByRole('link')).toHaveAttribute(
      'href',
      '/officer/applications/10000000-0000-4000-8000-000000000002',
    );
  });

  it('offers exactly the spec status filter and filters on the client, with a case-insensitive number search', async () => {
    await openList();
    await screen.findByText('APP-2026-000001');
    const filter = screen.getByLabelText('Status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['all', 'submitted', 'under_scrutiny', 'pending_committee', 'approved', 'rejected']);
    const user = userEvent.setup();
    await user.selectOptions(filter, 'rejected');
    expect(cards()).toHaveLength(1);
    expect(within(cards()[0]!).getByText('APP-2026-000103')).toBeInTheDocument();
    await user.selectOptions(filter, 'all');
    await user.type(screen.getByLabelText('Search'), 'app-2026-00000');
    expect(cards()).toHaveLength(2);
    await user.selectOptions(filter, 'approved');
    expect(screen.getByText('No applications found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(cards()).toHaveLength(3);
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
