// Toasts go with the page they were raised on, except the one raised just before a redirect, which is read on the page
// it leads to; each goes after its duration, but never while the focus or the pointer is on the toasts.
import { lazy, Suspense, type ComponentType } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
  it('is a region named in the reader language, each toast with a named close button that takes it away', async () => {
    render(<AppToaster />);
    act(() => void toast.error('Failed to load data'));
    const region = await screen.findByRole('region', { name: 'Messages' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Close message' }));
    await waitFor(() => expect(screen.queryByText('Failed to load data')).not.toBeInTheDocument());
  });

  it('draws toasts in the flow of the page, not fixed over it, and takes each away after 4000 ms, not before', async () => {
    vi.useFakeTimers();
    render(<AppToaster />);
    act(() => void toast.success('Profile updated'));
    await act(() => vi.advanceTimersByTimeAsync(3900));
    const shown = screen.getByText('Profile updated').closest<HTMLElement>('[data-toast]')!;
    expect(shown).toBeInTheDocument();
    for (let node: HTMLElement | null = shown; node; node = node.parentElement) {
      expect(getComputedStyle(node).position).not.toMatch(/fixed|absolute/);
    }
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
  });

  it('keeps a toast while the focus or the pointer is on the toasts, and shows at most three', async () => {
    vi.useFakeTimers();
    render(<AppToaster />);
    act(() => void toast.error('Upload failed', { duration: 4000 }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    const close = screen.getByRole('button', { name: 'Close message' });
    act(() => close.focus());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText('Upload failed')).toBeInTheDocument();
    act(() => close.blur());
    await act(() => vi.advanceTimersByTimeAsync(4100));
    expect(screen.queryByText('Upload failed')).not.toBeInTheDocument();

    act(() => void toast.info('Pointer on it'));
    const region = screen.getByRole('region', { name: 'Messages' });
    fireEvent.pointerEnter(region);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText('Pointer on it')).toBeInTheDocument();
    fireEvent.pointerLeave(region);
    await act(() => vi.advanceTimersByTimeAsync(4100));
    expect(screen.queryByText('Pointer on it')).not.toBeInTheDocument();

    act(() => {
      for (const n of [1, 2, 3, 4]) toast.info(`Note ${n}`);
    });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getAllByText(/^Note \d$/)).toHaveLength(3);
  });

  it('replaces the toasts shown before the reader acted with the toast of that act, and keeps toasts raised together', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    render(<AppToaster />);
    const act_ = async (raise: () => void) => {
      await act(() => vi.advanceTimersByTimeAsync(100));
      fireEvent.pointerDown(document.body);
      await act(() => vi.advanceTimersByTimeAsync(100));
      act(raise);
      await act(() => vi.advanceTimersByTimeAsync(50));
    };
    act(() => void toast.error('Please complete your profile first'));
    await act(() => vi.advanceTimersByTimeAsync(50));
    await act_(() => void toast.success('Profile created successfully'));
    expect(screen.getByText('Profile created successfully')).toBeInTheDocument();
    expect(screen.queryByText('Please complete your profile first')).not.toBeInTheDocument();

    // A draft saved and its failed uploads are news of one act: both stay, and the older news goes.
    await act_(() => {
      toast.success('Application created successfully!');
      toast.error('These documents were not uploaded: DPR');
    });
    expect(screen.getByText('Application created successfully!')).toBeInTheDocument();
    expect(screen.getByText('These documents were not uploaded: DPR')).toBeInTheDocument();
    expect(screen.queryByText('Profile created successfully')).not.toBeInTheDocument();

    // Two payments made one after the other: the second's news replaces the first's, however quickly it came.
    await act_(() => void toast.success('Payment recorded. Receipt RCP-1'));
    await act_(() => void toast.success('Payment recorded. Receipt RCP-2'));
    expect(screen.getByText('Payment recorded. Receipt RCP-2')).toBeInTheDocument();
    expect(screen.queryByText('Payment recorded. Receipt RCP-1')).not.toBeInTheDocument();
  });
});
