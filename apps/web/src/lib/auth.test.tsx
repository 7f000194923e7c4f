// The session in the running app: restored at start, and any 401 from a screen's call returns to /login.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from './api-client';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../test/render-app';

describe('session', () => {
  it('is restored from the stored token and user at start', async () => {
    signedInAs('committee');
    const { router } = renderApp('/officer');
    expect((await screen.findAllByText('Anita Sharma')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/officer');
  });

  it('any 401 clears the session and shows the login page', async () => {
    signedInAs('entrepreneur');
    stubFetch(() => jsonResponse(200, []));
    const { router } = renderApp('/applications');
    await screen.findByRole('button', { name: 'Logout' });

    stubFetch(() => jsonResponse(401, { detail: 'Token expired' }));
    await api.get('/applications').catch(() => undefined);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('session across tabs', () => {
  it('signing out in another tab ends the session here', async () => {
    signedInAs('ho');
    stubFetch();
    const { router } = renderApp('/officer');
    await screen.findByRole('button', { name: 'Logout' });
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('logout', () => {
  it('ends the session on the server with its token, then clears it here', async () => {
    signedInAs('ho', 'the-session-token');
    const fetchMock = stubFetch((url) =>
      url === '/api/auth/logout' ? new Response(null, { status: 204 }) : jsonResponse(200, []),
    );
    const { router } = renderApp('/officer');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout');
    expect(call?.[1]?.method).toBe('POST');
    expect((call?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer the-session-token');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it.each([
    ['the server fails', () => jsonResponse(500, { detail: 'Something went wrong on our side.' })],
    ['the session had already ended', () => jsonResponse(401, { detail: 'Your session has ended' })],
    [
      'the server cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('clears the session here even when %s', async (_case, answer) => {
    signedInAs('committee');
    stubFetch((url) => (url === '/api/auth/logout' ? answer() : jsonResponse(200, [])));
    const { router } = renderApp('/officer');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
