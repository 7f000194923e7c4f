// The login screen: validation on submit, the busy button, the server's detail or the fallback, success to the role's home.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, stubFetch, userFor } from '../../../test/render-app';

function fields() {
  return {
    email: screen.getByLabelText('Email address'),
    password: screen.getByLabelText('Password'),
    button: screen.getByRole('button', { name: 'Sign In' }),
  };
}

async function openLogin() {
  const rendered = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Sign In' });
  return rendered;
}

describe('login page', () => {
  it('has an email field of type email, a password field, both required, and a link to /register', async () => {
    stubFetch();
    await openLogin();
    const { email, password } = fields();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('on an empty submit shows a focused error summary linking to each field and messages beside the fields', async () => {
    const fetchMock = stubFetch();
    await openLogin();
    await userEvent.setup().click(fields().button);

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Enter your email address' })).toHaveAttribute(
      'href',
      '#username',
    );
    expect(within(summary).getByRole('link', { name: 'Enter your password' })).toHaveAttribute('href', '#password');
    await waitFor(() => expect(summary).toHaveFocus());

    const { email, password } = fields();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your email address');
    expect(password).toHaveAccessibleDescription('Enter your password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks only for the missing password when the email is given, and keeps what was typed', async () => {
    stubFetch();
    await openLogin();
    const user = userEvent.setup();
    await user.type(fields().email, 'ravi@example.com');
    await user.click(fields().button);
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter your password']);
    expect(fields().email).toHaveValue('ravi@example.com');
  });

  it("reads 'Signing in...' and is disabled while the request runs", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    await openLogin();
    const user = userEvent.setup();
    await user.type(fields().email, 'ho@example.com');
    await user.type(fields().password, 'Demo@12345');
    await user.click(fields().button);

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    answer(jsonResponse(500, {}));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("says 'Login failed. Please try again.' in the form when the server gives no detail", async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    await openLogin();
    const user = userEvent.setup();
    await user.type(fields().email, 'ho@example.com');
    await user.type(fields().password, 'Demo@12345');
    await user.click(fields().button);
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it("says the server's detail on a 401 inside the form, not in a toast, and stays on /login", async () => {
    stubFetch(() => jsonResponse(401, { detail: 'Incorrect email or password', code: 'invalid_credentials' }));
    const { router } = await openLogin();
    const user = userEvent.setup();
    await user.type(fields().email, 'ho@example.com');
    await user.type(fields().password, 'wrong');
    await user.click(fields().button);
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Incorrect email or password');
    expect(refusal.closest('form')).not.toBeNull();
    expect(toast.getToasts()).toEqual([]);
    expect(router.state.location.pathname).toBe('/login');
    expect(fields().email).toHaveValue('ho@example.com');
  });

  it('signs in form-encoded, reads /auth/me with the new token, stores the session and goes to the role home', async () => {
    const finance = userFor('finance');
    const fetchMock = stubFetch((url) => {
      if (url === '/api/auth/login') return jsonResponse(200, { access_token: 'new-token', token_type: 'bearer' });
      if (url === '/api/auth/me') return jsonResponse(200, finance);
      return jsonResponse(200, []);
    });
    const { router } = await openLogin();
    const user = userEvent.setup();
    await user.type(fields().email, 'finance@example.com');
    await user.type(fields().password, 'Demo@12345');
    await user.click(fields().button);

    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/finance'));

    const [loginUrl, loginInit] = fetchMock.mock.calls[0]!;
    expect(loginUrl).toBe('/api/auth/login');
    expect(loginInit?.method).toBe('POST');
    expect((loginInit?.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(String(loginInit?.body)).toBe('username=finance%40example.com&password=Demo%4012345');
    const [meUrl, meInit] = fetchMock.mock.calls[1]!;
    expect(meUrl).toBe('/api/auth/me');
    expect((meInit?.headers as Record<string, string>).Authorization).toBe('Bearer new-token');

    expect(localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ full_name: 'Meera Iyer', role: 'finance' });
    expect(screen.getAllByText('Meera Iyer').length).toBeGreaterThan(0);
  });

  it('has a Forgot your password? link to /forgot-password', async () => {
    stubFetch();
    await openLogin();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says when the email is locked after failed attempts, with a link to reset the password', async () => {
    stubFetch(() =>
      jsonResponse(429, {
        detail: 'Too many failed sign-ins for this email. Try again in 15 minutes, or reset your password.',
        code: 'account_locked',
      }),
    );
    await openLogin();
    const user = userEvent.setup();
    await user.type(fields().email, 'ho@example.com');
    await user.type(fields().password, 'Demo@12345');
    await user.click(fields().button);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Signing in with this email is paused after too many failed attempts.');
    expect(within(notice).getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    // Said once, in the notice: not repeated in a toast.
    expect(toast.getToasts()).toEqual([]);
  });
});
