// The route guards of the spec, through the real router: who is sent where.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, signedInAs, stubFetch } from '../test/render-app';

async function expectPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('route guards', () => {
  beforeEach(() => {
    stubFetch();
  });

  it('sends an unauthenticated visitor of a protected page to /login', async () => {
    const { router } = renderApp('/applications');
    await expectPath(router, '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });

  it('sends an unauthenticated visitor of an officer page to /login', async () => {
    const { router } = renderApp('/officer/assets');
    await expectPath(router, '/login');
  });

  it('sends an entrepreneur opening /officer to /', async () => {
    signedInAs('entrepreneur');
    const { router } = renderApp('/officer');
    await expectPath(router, '/');
  });

  it('sends finance opening /officer/assets to /finance', async () => {
    signedInAs('finance');
    const { router } = renderApp('/officer/assets');
    await expectPath(router, '/finance');
  });

  it('sends legal opening /officer/reports to /officer', async () => {
    signedInAs('legal');
    const { router } = renderApp('/officer/reports');
    await expectPath(router, '/officer');
  });

  it('sends legal from the allotment register to its dashboard, as the route table says', async () => {
    signedInAs('legal');
    const { router } = renderApp('/officer/allotments');
    await expectPath(router, '/officer');
  });

  it('lets ho open /officer/assets', async () => {
    signedInAs('ho');
    const { router } = renderApp('/officer/assets');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/officer/assets');
  });

  it('lets only admin open /officer/users', async () => {
    signedInAs('ho');
    const { router } = renderApp('/officer/users');
    await expectPath(router, '/officer');
  });

  it('sends a signed-in user away from /login and /register to their home', async () => {
    signedInAs('committee');
    const first = renderApp('/login');
    await expectPath(first.router, '/officer');
    first.unmount();
    signedInAs('finance');
    const second = renderApp('/register');
    await expectPath(second.router, '/finance');
  });

  it('shows Page not found with a link home for an unknown path', async () => {
    signedInAs('entrepreneur');
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('ignores a stored user record without a token', async () => {
    localStorage.setItem('user', JSON.stringify({ role: 'admin' }));
    const { router } = renderApp('/officer');
    await expectPath(router, '/login');
  });
});
