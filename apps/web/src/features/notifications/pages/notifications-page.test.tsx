// The notifications screen: a page of worded notifications with the pager's total, the "Unread only" filter in the
// address, marking one or all read, and the empty states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryOf, renderApp, signedInAs } from '../../../test/render-app';
import { fakeNotifications, notificationFixture, sampleNotifications } from '../test/fake-notifications';

const list = () => screen.findByRole('list', { name: 'Notifications' });

describe('notifications page', () => {
  it('lists a page of notifications in words, newest first, with the total', async () => {
    const { calls } = fakeNotifications();
    signedInAs('entrepreneur');
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(
      'Invoice INV-2026-00042 for ₹11,80,000 was raised on application APP-2026-000123, due on 20 Dec 2026.',
    );
    expect(items[2]).toHaveTextContent('Application APP-2026-000123 was submitted with 2 invoices');
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
    expect(queryOf(calls('GET', '/api/notifications?').at(-1)!)).toEqual({ limit: '50', sort: '-created_at' });
    // Only the unread ones offer "Mark as read".
    expect(within(items[0]!).getByRole('button', { name: /^Mark as read: Invoice INV-2026-00042/ })).toBeVisible();
    expect(within(items[2]!).queryByRole('button', { name: /Mark as read/ })).not.toBeInTheDocument();
  });

  it('pages through a long list with the pager', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      notificationFixture({
        id: `90000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        params: { application_number: `APP-2026-${String(index).padStart(6, '0')}` },
      }),
    );
    const { calls } = fakeNotifications(many);
    signedInAs('ho');
    const { router } = renderApp('/notifications');
    await list();
    expect(screen.getByText('Showing 1–50 of 60')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Showing 51–60 of 60')).toBeInTheDocument());
    expect(router.state.location.search).toBe('?page=2');
    expect(queryOf(calls('GET', '/api/notifications?').at(-1)!)).toMatchObject({ offset: '50' });
  });

  it('keeps "Unread only" in the address and asks the server for unread ones only', async () => {
    const { calls } = fakeNotifications();
    signedInAs('entrepreneur');
    const { router } = renderApp('/notifications');
    await list();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Unread only' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(router.state.location.search).toBe('?unread=true');
    expect(queryOf(calls('GET', '/api/notifications?').at(-1)!)).toMatchObject({ unread: 'true' });
  });

  it('opens with the filter on from the address, and says when nothing is unread', async () => {
    const { calls } = fakeNotifications([notificationFixture({ read_at: '2026-11-20T11:00:00.000Z' })]);
    signedInAs('entrepreneur');
    renderApp('/notifications?unread=true');
    expect(await screen.findByText('You have no unread notifications.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Unread only' })).toBeChecked();
    expect(queryOf(calls('GET', '/api/notifications?').at(-1)!)).toMatchObject({ unread: 'true' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all notifications' }));
    expect(await list()).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Unread only' })).not.toBeChecked();
  });

  it('says so when there are no notifications at all', async () => {
    fakeNotifications([]);
    signedInAs('finance');
    renderApp('/notifications');
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('marks one read', async () => {
    const { calls } = fakeNotifications();
    signedInAs('entrepreneur');
    renderApp('/notifications');
    const items = within(await list()).getAllByRole('listitem');
    await userEvent.setup().click(within(items[1]!).getByRole('button', { name: /^Mark as read/ }));
    await waitFor(() =>
      expect(within(items[1]!).queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument(),
    );
    expect(calls('POST', '/api/notifications')).toEqual([`/api/notifications/${sampleNotifications()[1]!.id}/read`]);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('marks all read', async () => {
    const { calls } = fakeNotifications();
    signedInAs('entrepreneur');
    renderApp('/notifications');
    await list();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(
      await screen.findByText('All notifications marked as read', { selector: '[data-title]' }),
    ).toBeInTheDocument();
    expect(calls('POST', '/api/notifications')).toEqual(['/api/notifications/read-all']);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});
