// Toasts go with the page they were raised on, except the one raised just before a redirect, which is read on the page
// it leads to; and no toast times out while keyboard focus is in it.
import { lazy, Suspense, type ComponentType } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announcePageChanges, CARRY_OVER_MS, createRouteToastTracker } from '../../lib/toasts';
import { AppToaster, RouteToasts } from './toaster';

const onScreen = () => toast.getToasts().map((shown) => shown.id);

function PageA() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Page A</h1>
      <button type="button" onClick={() => toast.success('Saved', { id: 'saved' })}>
        Save
      </button>
      <button
        type="button"
        onClick={() => {
          toast.success('Login successful!', { id: 'login' });
          void navigate('/b', { replace: true });
        }}
      >
        Sign in
      </button>
      <Link to="/b">To B</Link>
      <Link to="/a?page=2">Next page of A</Link>
    </>
  );
}

function renderTwoPages() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <RouteToasts />
          </>
        ),
        children: [
          { path: '/a', element: <PageA /> },
          {
            path: '/b',
            element: (
              <>
                <h1>Page B</h1>
                <Link to="/a">To A</Link>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <AppToaster />
    </>,
  );
  return router;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts and the page they belong to', () => {
  it('takes away a toast of the page the reader leaves', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    renderTwoPages();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    vi.setSystemTime(Date.now() + 3000);
    await user.click(screen.getByRole('link', { name: 'To B' }));
    await screen.findByRole('heading', { name: 'Page B' });
    expect(onScreen()).not.toContain('saved');
    await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument());
  });

  it('keeps a toast raised right before a redirect on the page it leads to, until the next page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    renderTwoPages();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Page B' });
    expect(onScreen()).toContain('login');
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();

    // Read there; moving on takes it away.
    vi.setSystemTime(Date.now() + 3000);
    await user.click(screen.getByRole('link', { name: 'To A' }));
    await screen.findByRole('heading', { name: 'Page A' });
    expect(onScreen()).not.toContain('login');
    await waitFor(() => expect(screen.queryByText('Login successful!')).not.toBeInTheDocument());
  });

  it('keeps a redirect’s toast however long the page it leads to takes to load, when the router announces moves', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let loaded: (page: { default: ComponentType }) => void = () => undefined;
    const SlowPage = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (loaded = resolve)));
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Suspense fallback={<p>Loading</p>}>
                <Outlet />
              </Suspense>
              <RouteToasts />
            </>
          ),
          children: [
            { path: '/a', element: <PageA /> },
            { path: '/b', element: <SlowPage /> },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    announcePageChanges(router);
    render(
      <>
        <RouterProvider router={router} />
        <AppToaster />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    // The page's code arrives long after the move began.
    vi.setSystemTime(Date.now() + 5 * CARRY_OVER_MS);
    await act(async () => loaded({ default: () => <h1>Page B</h1> }));
    await screen.findByRole('heading', { name: 'Page B' });
    expect(onScreen()).toContain('login');
  });

  it('keeps the toasts when only the query changes (the next page of a list)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const router = renderTwoPages();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    vi.setSystemTime(Date.now() + 3000);
    await user.click(screen.getByRole('link', { name: 'Next page of A' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(onScreen()).toContain('saved');
  });
});

describe('the route toast tracker', () => {
  it('carries a toast seen for the first time at the change, or raised less than the carry-over time before it', () => {
    let now = 10_000;
    const tracker = createRouteToastTracker(() => now);
    tracker.see(['old']);
    now += CARRY_OVER_MS + 1;
    tracker.see(['old', 'recent']);
    now += CARRY_OVER_MS - 1;
    expect(tracker.pageChanged(['old', 'recent', 'new'])).toEqual(['old']);
    // A redirect right after: the two carried toasts go only once they are older than the carry-over time.
    now += 2;
    expect(tracker.pageChanged(['recent', 'new'])).toEqual(['recent']);
    now += CARRY_OVER_MS;
    expect(tracker.pageChanged(['new'])).toEqual(['new']);
  });

  it('forgets a toast that has gone, so the same id raised again counts as new', () => {
    let now = 0;
    const tracker = createRouteToastTracker(() => now);
    tracker.see(['load-failed']);
    now += 5000;
    tracker.see([]);
    tracker.see(['load-failed']);
    expect(tracker.pageChanged(['load-failed'])).toEqual([]);
  });
});

describe('the toaster', () => {
  it('is a region named in the reader language with a named close button', async () => {
    render(<AppToaster closeButton />);
    act(() => void toast.error('Failed to load data'));
    expect(await screen.findByRole('region', { name: /^Messages/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Close message' })).toBeInTheDocument();
  });

  it('lets a toast time out when nobody is in it', async () => {
    vi.useFakeTimers();
    render(<AppToaster duration={4000} />);
    act(() => void toast.success('Profile updated'));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('Profile updated')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
  });

  it('keeps every toast while keyboard focus is in one, and gives them their time again when it leaves', async () => {
    vi.useFakeTimers();
    render(
      <>
        <button type="button">Elsewhere</button>
        <AppToaster duration={4000} />
      </>,
    );
    act(() => void toast.success('Profile updated'));
    act(() => void toast.error('Failed to generate report', { duration: 6000 }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    const first = screen.getByText('Profile updated').closest<HTMLElement>('[data-sonner-toast]')!;
    act(() => first.focus());
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(screen.getByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByText('Failed to generate report')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    await act(() => vi.advanceTimersByTimeAsync(4500));
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
    // Its own longer time, not the toaster's.
    expect(screen.getByText('Failed to generate report')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByText('Failed to generate report')).not.toBeInTheDocument();
  });
});
