// Sign-in by a one-time code on the login page (decision 037): the number, then the code sent to it; the answer never
// says whether the number is registered; a wrong code and a locked number are said in the form, and the session is
// kept (nobody is signed out by a wrong code); the right code lands on the role's home.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, stubFetch, userFor } from '../../../test/render-app';

const SENT = { status: 'code_sent_if_registered', expires_minutes: 5 };

async function askForCode(codeAnswer: () => Response) {
  const fetchMock = stubFetch((url) => {
    if (url === '/api/auth/code') return jsonResponse(202, SENT);
    if (url === '/api/auth/code/sign-in') return codeAnswer();
    if (url === '/api/auth/me') return jsonResponse(200, { ...userFor('entrepreneur'), language: 'en' });
    return jsonResponse(200, []);
  });
  const rendered = renderApp('/login');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Mobile and one-time code' }));
  await user.type(await screen.findByLabelText('Mobile number'), '98765 43210');
  await user.click(screen.getByRole('button', { name: 'Send me a code' }));
  expect(
    await screen.findByText(/If \+91 98765 43210 is the verified number of an account, a 6-digit code has been sent/),
  ).toBeInTheDocument();
  return { ...rendered, fetchMock, user };
}

describe('sign-in by a one-time code', () => {
  it('sends the number, then the code, and lands on the home page', async () => {
    const { fetchMock, user, router } = await askForCode(() =>
      jsonResponse(200, { access_token: 'token-by-code', token_type: 'bearer' }),
    );
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expect.poll(() => router.state.location.pathname).toBe('/');
    const bodies = fetchMock.mock.calls
      .filter(([url]) => String(url).startsWith('/api/auth/code'))
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ mobile: '919876543210' }, { mobile: '919876543210', code: '123456' }]);
  });

  it('says a wrong code and a locked number in the form, staying on the page', async () => {
    let answer = jsonResponse(401, { detail: 'That code is not correct', code: 'invalid_code' });
    const { user, router } = await askForCode(() => answer);
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/That code is not correct, or it has expired/)).toBeInTheDocument();
    answer = jsonResponse(429, { detail: 'Too many wrong codes', code: 'code_locked' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Sign-in by code is paused for 24 hours/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
