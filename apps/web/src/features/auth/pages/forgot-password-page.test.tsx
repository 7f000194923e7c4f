// Forgot password: the link from the login page, the email asked for, what is sent, and the same answer for any email.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

async function openForgot() {
  const rendered = renderApp('/forgot-password');
  await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
  return rendered;
}

describe('forgot password page', () => {
  it('is linked from the login page', async () => {
    stubFetch();
    const { router } = renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('asks for the email on an empty submit and sends nothing', async () => {
    const fetchMock = stubFetch();
    await openForgot();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send reset link' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter your email address' })).toHaveAttribute('href', '#email');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the email, reads 'Sending...' while busy, then says a link is on its way if the account exists", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    await openForgot();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), '  ravi@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/forgot-password');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ravi@example.com' });

    answer(jsonResponse(202, FORGOT_PASSWORD_ANSWER));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/If an active account uses ravi@example\.com/)).toHaveTextContent('within 30 minutes');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Send another link' }));
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it("shows the server's detail when it refuses (too many requests)", async () => {
    stubFetch(() =>
      jsonResponse(429, { detail: 'Too many password reset requests. Please wait a minute.', code: 'rate_limited' }),
    );
    await openForgot();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ravi@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Too many password reset requests. Please wait a minute.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('ravi@example.com');
  });

  it('sends a signed-in user home', async () => {
    signedInAs('finance');
    stubFetch();
    const { router } = renderApp('/forgot-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/finance'));
  });
});
