// The account page (every role) and Change password (also on the entrepreneur's profile): what is sent, the
// server's refusals beside their fields, and the form emptied after a change.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGE, type Role } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch, type FetchHandler } from '../../../test/render-app';

async function openAccount(handler: FetchHandler, role: Role = 'legal') {
  signedInAs(role);
  const fetchMock = stubFetch(handler);
  const rendered = renderApp('/account');
  await screen.findByRole('heading', { level: 1, name: 'Your account' });
  return { ...rendered, fetchMock };
}

async function change(current: string, next: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
  return user;
}

const refusal = (code: string, path: string, message: string) => () =>
  jsonResponse(422, { detail: message, code, errors: [{ path, message }] });

describe('account page', () => {
  it.each(['entrepreneur', 'legal', 'finance', 'admin'] as const)(
    'opens for %s with the account details',
    async (role) => {
      await openAccount(() => jsonResponse(200, []), role);
      expect(screen.getByText(`${role}@example.com`)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Change password' })).toBeInTheDocument();
    },
  );

  it('sends the current and new password, says other devices are signed out, and empties the form', async () => {
    const { fetchMock } = await openAccount((url) =>
      url === '/api/auth/change-password' ? new Response(null, { status: 204 }) : jsonResponse(200, []),
    );
    await change('Demo@12345', 'mango river lantern');
    expect(
      await screen.findByText('Password changed. You have been signed out on your other devices.'),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/change-password')!;
    expect(call[1]?.method).toBe('POST');
    expect(JSON.parse(String(call[1]?.body))).toEqual({
      current_password: 'Demo@12345',
      new_password: 'mango river lantern',
    });
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
    // Still signed in here.
    expect(localStorage.getItem('token')).toBe('test-token');
  });

  it('checks both fields and the length before sending', async () => {
    const { fetchMock } = await openAccount(() => jsonResponse(200, []));
    await change('x', 'short');
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Password must be at least 8 characters' })).toHaveAttribute(
      'href',
      '#new_password',
    );
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/change-password')).toBe(false);
  });

  it('shows a wrong current password beside its field', async () => {
    await openAccount(refusal('incorrect_password', 'body.current_password', 'The current password is not correct'));
    await change('not my password', 'mango river lantern');
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'The current password is not correct' })).toHaveAttribute(
      'href',
      '#current_password',
    );
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).toHaveValue('mango river lantern');
  });

  it('shows a common new password refused by the server beside its field', async () => {
    await openAccount(refusal('weak_password', 'body.new_password', WEAK_PASSWORD_MESSAGE));
    await change('Demo@12345', 'Password1');
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: WEAK_PASSWORD_MESSAGE })).toHaveAttribute('href', '#new_password');
  });

  it('says when too many wrong passwords have locked the account', async () => {
    await openAccount(() => jsonResponse(429, { detail: 'Too many failed sign-ins', code: 'account_locked' }));
    await change('wrong again', 'mango river lantern');
    expect(
      await screen.findByText('Too many wrong passwords. Try again later, or sign out and reset your password.'),
    ).toBeInTheDocument();
  });

  it("is also on the entrepreneur's profile page, below the profile form", async () => {
    signedInAs('entrepreneur');
    stubFetch((url) =>
      url === '/api/applicants/me'
        ? jsonResponse(404, { detail: 'Applicant profile not found' })
        : jsonResponse(200, []),
    );
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Applicant Profile' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
  });
});
