// The Users screen: the list, creating an officer (form rules, the request, a taken email), changing a role, and
// deactivating with a confirmation; the admin's own row offers no action.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDate, type User } from '@portal/contract';
import {
  jsonResponse,
  pageResponse,
  queryOf,
  renderApp,
  signedInAs,
  stubFetch,
  userFor,
} from '../../../test/render-app';

// Each row's Created cell goes through formatDate: its calls count the rows drawn.
vi.mock('@portal/contract', async (importOriginal) => {
  const contract = await importOriginal<typeof import('@portal/contract')>();
  return { ...contract, formatDate: vi.fn(contract.formatDate) };
});

const OFFICER: User = {
  id: '66666666-6666-4666-8666-666666666666',
  email: 'new.officer@corp.example.in',
  full_name: 'Priya Nair',
  role: 'zonal_manager',
  is_active: true,
  created_at: '2026-02-01T00:00:00.000Z',
};

type Handler = (body: Record<string, unknown>) => Response;

function stubUsers(answers: { create?: Handler; update?: Handler } = {}) {
  return stubFetch((url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : {};
    if (url === '/api/users' && init.method === 'POST')
      return answers.create?.(body) ?? jsonResponse(201, { ...OFFICER, ...body });
    if (url.startsWith('/api/users/') && init.method === 'PATCH')
      return answers.update?.(body) ?? jsonResponse(200, { ...OFFICER, ...body });
    if (url.startsWith('/api/users?')) {
      const role = queryOf(url).role;
      const all = [userFor('admin'), OFFICER, userFor('entrepreneur')];
      return pageResponse(role ? all.filter((user) => role.split(',').includes(user.role)) : all);
    }
    return pageResponse([]);
  });
}

const sent = (fetchMock: ReturnType<typeof stubFetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) }));

async function openUsers(path = '/officer/users') {
  signedInAs('admin');
  renderApp(path);
  return screen.findByRole('region', { name: 'User accounts' }, { timeout: 15_000 });
}

const rowOf = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr')!;

describe('users page', () => {
  it('does not draw the rows again for each key typed into the search', async () => {
    stubUsers();
    const table = await openUsers();
    expect(within(table).getByText('Priya Nair')).toBeInTheDocument();
    vi.mocked(formatDate).mockClear();
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search' }), 'pri');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('pri');
    expect(formatDate).not.toHaveBeenCalled();
  });

  it("lists the accounts; the admin's own row has no actions and an entrepreneur's role cannot be changed", async () => {
    stubUsers();
    const table = await openUsers();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(rowOf(table, 'System Administrator')).toHaveTextContent('You');
    expect(within(rowOf(table, 'System Administrator')).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(rowOf(table, 'Priya Nair')).getByRole('button', { name: 'Change role for Priya Nair' }),
    ).toBeInTheDocument();
    expect(
      within(rowOf(table, 'Ravi Kumar')).queryByRole('button', { name: /Change the role/ }),
    ).not.toBeInTheDocument();
    expect(within(rowOf(table, 'Priya Nair')).getByText('Zonal manager')).toBeInTheDocument();
  });

  it('filters by role on the server, from the URL too, and sorts by a column header', async () => {
    const fetchMock = stubUsers();
    const table = await openUsers('/officer/users?role=zonal_manager');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('zonal_manager');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'all');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /^Email/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    const last = String(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/users?')).at(-1)![0]);
    expect(queryOf(last)).toEqual({ limit: '50', sort: 'email' });
  }, 20_000);

  it('checks the new officer form and creates the account with the chosen role', async () => {
    const fetchMock = stubUsers();
    await openUsers();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Officer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an officer account' });
    expect(
      within(within(dialog).getByLabelText('Role'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Zonal manager', 'Head office', 'Committee', 'Legal', 'Finance', 'Administrator']);
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    const summary = await within(dialog).findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter the full name', 'Enter the email address', 'Enter a password']);

    await user.type(within(dialog).getByLabelText('Full name'), 'Priya Nair');
    await user.type(within(dialog).getByLabelText('Email address'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('alert'))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Enter a valid email address', 'Password must be at least 8 characters']),
    );
    expect(sent(fetchMock, 'POST')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Email address'));
    await user.type(within(dialog).getByLabelText('Email address'), 'new.officer@corp.example.in');
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Officer@2026');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'finance');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText('Officer account created', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')).toEqual([
      {
        url: '/api/users',
        body: {
          full_name: 'Priya Nair',
          email: 'new.officer@corp.example.in',
          password: 'Officer@2026',
          role: 'finance',
          zone: null,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a taken email beside the field', async () => {
    stubUsers({ create: () => jsonResponse(409, { detail: 'An account with this email already exists' }) });
    await openUsers();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Officer' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Full name'), 'Priya Nair');
    await user.type(within(dialog).getByLabelText('Email address'), 'ho@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'Officer@2026');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email address')).toHaveAccessibleDescription(
        'An account with this email already exists',
      ),
    );
    // Said beside the field only: no toast as well.
    expect(screen.queryByText('An account with this email already exists', { selector: '[data-title]' })).toBeNull();
  });

  it('says any other refusal of a new account in the dialog, not in a toast', async () => {
    stubUsers({ create: () => jsonResponse(422, { detail: 'This password is too common or too easy to guess.' }) });
    await openUsers();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Officer' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Full name'), 'Priya Nair');
    await user.type(within(dialog).getByLabelText('Email address'), '  priya@corp.example.in ');
    await user.type(within(dialog).getByLabelText(/^Password/), 'Password1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This password is too common or too easy to guess.',
    );
    expect(
      screen.queryByText('This password is too common or too easy to guess.', { selector: '[data-title]' }),
    ).toBeNull();
  });

  it('changes a role through its dialog', async () => {
    const fetchMock = stubUsers();
    const table = await openUsers();
    const user = userEvent.setup();
    await user.click(within(rowOf(table, 'Priya Nair')).getByRole('button', { name: 'Change role for Priya Nair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Priya Nair' });
    expect(within(dialog).getByLabelText('New role')).toHaveValue('zonal_manager');
    await user.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    expect(within(dialog).getByLabelText('New role')).toHaveAccessibleDescription(
      'Choose a role other than their current one',
    );
    expect(sent(fetchMock, 'PATCH')).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText('New role'), 'legal');
    await user.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    expect(
      await screen.findByText('Role changed', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(sent(fetchMock, 'PATCH')).toEqual([{ url: `/api/users/${OFFICER.id}`, body: { role: 'legal' } }]);
  });

  it('deactivates an officer only after confirming, and shows a refusal', async () => {
    const fetchMock = stubUsers();
    const table = await openUsers();
    const user = userEvent.setup();
    await user.click(within(rowOf(table, 'Priya Nair')).getByRole('button', { name: 'Deactivate Priya Nair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Priya Nair?' });
    expect(dialog).toHaveAccessibleDescription(/signed out at once/);
    expect(sent(fetchMock, 'PATCH')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));
    expect(
      await screen.findByText('User deactivated', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(sent(fetchMock, 'PATCH')).toEqual([{ url: `/api/users/${OFFICER.id}`, body: { is_active: false } }]);
  });

  it('reports a failed change with the server detail', async () => {
    stubUsers({ update: () => jsonResponse(400, { detail: "An entrepreneur's role cannot be changed" }) });
    const table = await openUsers();
    const user = userEvent.setup();
    await user.click(within(rowOf(table, 'Ravi Kumar')).getByRole('button', { name: 'Deactivate Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));
    expect(await within(dialog).findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      "An entrepreneur's role cannot be changed",
    );
    expect(screen.queryByText("An entrepreneur's role cannot be changed", { selector: '[data-title]' })).toBeNull();
  });

  it("says the spec's 'Failed to load data', with a retry, when the accounts cannot be loaded", async () => {
    stubFetch(() => jsonResponse(500, { detail: 'Database unavailable' }));
    signedInAs('admin');
    renderApp('/officer/users');
    expect(
      await screen.findByText('Failed to load data', { selector: '[data-title]' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
