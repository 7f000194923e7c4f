// Reset password: the page a reset mail links to. The token from the link is sent with the new password; a refused
// password shows on its field; a used or expired link offers a new one; success signs in again from /login.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGE } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

const TOKEN = 'k3Q0u-T0ken_from-the-mail';

async function openReset(path = `/reset-password?token=${TOKEN}`) {
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

async function submit(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
  return user;
}

describe('reset password page', () => {
  it('without a token says the link is incomplete and offers a new one', async () => {
    const fetchMock = stubFetch();
    await openReset('/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(/The link is incomplete/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the length before sending', async () => {
    const fetchMock = stubFetch();
    await openReset();
    await submit('short');
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Password must be at least 8 characters' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token and the new password, then goes to /login with a success message', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    const { router } = await openReset();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    const field = screen.getByLabelText('New password');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.setup().click(screen.getByLabelText('Show password'));
    expect(field).toHaveAttribute('type', 'text');
    await submit('mango river lantern');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByText('Your password has been changed. Sign in with your new password.'),
    ).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/reset-password');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN, password: 'mango river lantern' });
  });

  it('shows a common password refused by the server beside the field, and keeps the form', async () => {
    stubFetch(() =>
      jsonResponse(422, {
        detail: `password: ${WEAK_PASSWORD_MESSAGE}`,
        code: 'weak_password',
        errors: [{ path: 'body.password', message: WEAK_PASSWORD_MESSAGE }],
      }),
    );
    await openReset();
    await submit('Password1');
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: WEAK_PASSWORD_MESSAGE })).toHaveAttribute('href', '#password');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining(WEAK_PASSWORD_MESSAGE),
    );
    expect(screen.getByLabelText('New password')).toHaveValue('Password1');
  });

  it('says a used, replaced or expired link cannot be used, and offers a new one', async () => {
    stubFetch(() =>
      jsonResponse(400, { detail: 'This password reset link is not valid', code: 'invalid_reset_token' }),
    );
    await openReset();
    await submit('mango river lantern');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeInTheDocument();
    expect(
      screen.getByText(/already used, a newer link was sent, or it has expired \(links last 30 minutes\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('opens for a signed-in user too, and ends that session once the password is reset', async () => {
    signedInAs('entrepreneur');
    const fetchMock = stubFetch((url) => {
      if (url === '/api/auth/reset-password') return new Response(null, { status: 204 });
      // The reset ended every session: this browser's token answers 401 now.
      if (url === '/api/auth/logout') return jsonResponse(401, { detail: 'Your session has ended' });
      return jsonResponse(200, []);
    });
    const { router } = await openReset();
    await submit('mango river lantern');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/logout');
  });
});
