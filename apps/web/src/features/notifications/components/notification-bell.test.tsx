// The bell in the top bar: the unread count in its name and badge, the panel of the latest notifications in words,
// following one (marks it read), "Mark all as read", the keyboard, and the count read again after any write.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  pageResponse,
  queryOf,
  renderApp,
  signedInAs,
  stubFetch,
  userFor,
} from '../../../test/render-app';
import { APPLICATION_ID, fakeNotifications, notificationFixture } from '../test/fake-notifications';

async function openBell(user: ReturnType<typeof userEvent.setup>, name: string | RegExp = /^Notifications/) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('notification bell', () => {
  it('shows the unread count in its name and on its badge', async () => {
    fakeNotifications();
    signedInAs('entrepreneur');
    renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveTextContent('2');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('reads as plain "Notifications", with no badge, when nothing is unread', async () => {
    const { calls } = fakeNotifications([notificationFixture({ read_at: '2026-11-20T11:00:00.000Z' })]);
    signedInAs('zonal_manager');
    renderApp('/officer');
    await waitFor(() => expect(calls('GET', '/api/notifications/unread-count').length).toBeGreaterThan(0));
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell.textContent).toBe('');
  });

  it("lists the latest ten in words: amounts in rupees, days as dates, the officer's words, unread ones marked", async () => {
    const { calls } = fakeNotifications();
    signedInAs('entrepreneur');
    renderApp('/');
    const user = userEvent.setup();
    const panel = await openBell(user, 'Notifications, 2 unread');
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Unread: Invoice INV-2026-00042 for ₹11,80,000 was raised on application APP-2026-000123, due on 20 Dec 2026.' +
        'Received 21 Nov 2026, 02:30 pm',
      'Unread: An officer raised a query on application APP-2026-000123. Answer it by 27 Nov 2026.' +
        'Query: Send the site planReceived 20 Nov 2026, 05:30 pm',
      'Application APP-2026-000123 was submitted with 2 invoices (INV-2026-00040, INV-2026-00041) for ₹2,08,800 in all, ' +
        'due by 20 Dec 2026.Received 20 Nov 2026, 03:45 pm',
    ]);
    expect(queryOf(calls('GET', '/api/notifications?').at(-1)!)).toEqual({ limit: '10', sort: '-created_at' });
    expect(within(panel).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("words a notification whose parameters are missing with its code's plain sentence", async () => {
    fakeNotifications([notificationFixture({ code: 'invoice_overdue', params: { invoice_number: 'INV-1' } })]);
    signedInAs('entrepreneur');
    renderApp('/');
    const panel = await openBell(userEvent.setup(), 'Notifications, 1 unread');
    expect(await within(panel).findByText('An invoice on your application is overdue.')).toBeInTheDocument();
    expect(within(panel).queryByText(/\{\{|undefined/)).not.toBeInTheDocument();
  });

  it('"Mark all as read" calls the endpoint, and the count and the list show none unread', async () => {
    const { calls } = fakeNotifications();
    signedInAs('entrepreneur');
    renderApp('/');
    const user = userEvent.setup();
    const panel = await openBell(user, 'Notifications, 2 unread');
    await within(panel).findAllByRole('listitem');
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(calls('POST', '/api/notifications')).toEqual(['/api/notifications/read-all']);
    await waitFor(() => expect(within(panel).queryByText(/^Unread/)).not.toBeInTheDocument());
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('following a notification opens its link, marks it read and closes the panel', async () => {
    const { calls } = fakeNotifications();
    signedInAs('entrepreneur');
    const { router } = renderApp('/');
    const user = userEvent.setup();
    const panel = await openBell(user, 'Notifications, 2 unread');
    await user.click(await within(panel).findByRole('link', { name: /INV-2026-00042/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/applications/${APPLICATION_ID}`));
    expect(router.state.location.search).toBe('?tab=payments');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(calls('POST', '/api/notifications')).toEqual([
      '/api/notifications/90000000-0000-4000-8000-000000000003/read',
    ]);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('"See all" goes to the notifications screen', async () => {
    fakeNotifications();
    signedInAs('legal');
    const { router } = renderApp('/officer');
    const user = userEvent.setup();
    const panel = await openBell(user);
    await user.click(within(panel).getByRole('link', { name: 'See all notifications' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('works by keyboard: opens into the panel, Escape closes it and gives focus back to the bell', async () => {
    fakeNotifications();
    signedInAs('entrepreneur');
    renderApp('/');
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel).toHaveFocus();
    await within(panel).findAllByRole('listitem');
    await user.tab();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the user clicks elsewhere', async () => {
    fakeNotifications();
    signedInAs('entrepreneur');
    renderApp('/');
    const user = userEvent.setup();
    await openBell(user, 'Notifications, 2 unread');
    await user.click(screen.getByRole('main'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('asks for the count again after another screen saves something', async () => {
    const officer = userFor('zonal_manager', { id: '66666666-6666-4666-8666-666666666666', full_name: 'Priya Nair' });
    const { calls } = fakeNotifications(undefined, (url, init) => {
      if (init.method === 'PATCH') return jsonResponse(200, { ...officer, is_active: false });
      if (url.startsWith('/api/users?')) return pageResponse([userFor('admin'), officer]);
      return pageResponse([]);
    });
    signedInAs('admin');
    renderApp('/officer/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Priya Nair' }));
    const before = calls('GET', '/api/notifications/unread-count').length;
    expect(before).toBeGreaterThan(0);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Account' }));
    await waitFor(() => expect(calls('GET', '/api/notifications/unread-count').length).toBeGreaterThan(before));
  });

  it('stays quiet when the count cannot be read', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/notifications/unread-count' ? jsonResponse(500, { detail: 'boom' }) : pageResponse([]),
    );
    signedInAs('entrepreneur');
    renderApp('/');
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/notifications/unread-count').length).toBe(2),
    );
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText(/boom|Failed/)).not.toBeInTheDocument();
  });
});
