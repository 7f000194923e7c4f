/** Test helpers: render the real app (routes, providers, session) at a path, with a stub for the browser's network only. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Role, User } from '@portal/contract';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { storeSession } from '../lib/session-storage';

const NAMES: Record<Role, string> = {
  entrepreneur: 'Ravi Kumar',
  zonal_manager: 'Lakshmi Rao',
  ho: 'Suresh Reddy',
  committee: 'Anita Sharma',
  legal: 'Farhan Ali',
  finance: 'Meera Iyer',
  admin: 'System Administrator',
};

/** A user record as GET /auth/me answers it. */
export function userFor(role: Role, overrides: Partial<User> = {}): User {
  return {
    id: '00000000-0000-4000-8000-00000000000' + (Object.keys(NAMES).indexOf(role) + 1),
    email: `${role}@example.com`,
    full_name: NAMES[role],
    role,
    is_active: true,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Puts a session in local storage as an earlier sign-in would have. */
export function signedInAs(role: Role, token = 'test-token'): User {
  const user = userFor(role);
  storeSession({ token, user });
  return user;
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** One page of a list as the server answers it: the rows, with the total (default: the rows' count) in X-Total-Count. */
export function pageResponse(
  items: unknown[],
  { total = items.length, capped = false, status = 200 }: { total?: number; capped?: boolean; status?: number } = {},
): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Total-Count': String(total) };
  if (capped) headers['X-Total-Count-Capped'] = 'true';
  return new Response(JSON.stringify(items), { status, headers });
}

/** The query of a fetched URL, as a plain object ('/api/x?a=1&b=2' → { a: '1', b: '2' }). */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces window.fetch; by default every call answers 200 with an empty page (so any page can render). */
export function stubFetch(handler: FetchHandler = () => pageResponse([])) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(typeof input === 'string' ? input : input.toString(), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders the whole app at `path` in a memory router; returns the router to read the current location. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
