// My Applications: cards; the search, status filter, sort and page on the server and in the URL; the pager; the
// empty and failed states.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Application } from '@portal/contract';
import {
  jsonResponse,
  pageResponse,
  queryOf,
  renderApp,
  signedInAs,
  stubFetch,
  type FetchHandler,
} from '../../../../test/render-app';
import { application } from '../test/fixtures';
import { SEARCH_DEBOUNCE_MS } from '../../../../lib/use-list-params';

const LIST = [
  application({
    application_number: 'APP-2026-000104',
    status: 'approved',
    current_stage: 'pending allotment',
    employment_generation: 1,
  }),
  application({ application_number: 'APP-2026-000103', status: 'submitted', current_stage: 'Submitted for scrutiny' }),
  application({
    application_number: 'APP-2026-000021',
    status: 'draft',
    current_stage: 'Draft',
    application_type: 'expansion_reservation',
  }),
];

const isList = (url: string) => new URL(url, 'http://localhost').pathname === '/api/applications';

async function openList(path = '/applications', answer: FetchHandler = () => pageResponse(LIST)) {
  signedInAs('entrepreneur');
  const fetchMock = stubFetch((url, init) => (isList(url) ? answer(url, init) : pageResponse([])));
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'My Applications' });
  const listCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter(isList);
  return { ...view, fetchMock, listCalls };
}

const numbers = () =>
  screen
    .queryAllByRole('link')
    .map((link) => link.textContent)
    .filter((text) => text?.startsWith('APP-'))
    .map((text) => text!.slice(0, 15));

/** 50 applications numbered from `first`. */
const pageOf = (first: number, count = 50): Application[] =>
  Array.from({ length: count }, (_, index) =>
    application({ application_number: `APP-2026-${String(first + index).padStart(6, '0')}` }),
  );

describe('my applications', () => {
  it('shows a card per application with number, badge, stage, type, investment, date and jobs', async () => {
    await openList();
    const card = (await screen.findByText('APP-2026-000021')).closest('a')!;
    expect(card).toHaveAttribute('href', `/applications/${LIST[2]!.id}`);
    expect(within(card).getByText('DRAFT')).toBeInTheDocument();
    expect(within(card).getByText('Expansion / Reservation')).toBeInTheDocument();
    expect(within(card).getByText('₹25,00,000')).toBeInTheDocument();
    expect(within(card).getByText('1 Feb 2026')).toBeInTheDocument();
    expect(within(card).getByText('40 jobs')).toBeInTheDocument();
    expect(within((await screen.findByText('APP-2026-000104')).closest('a')!).getByText('1 job')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
  });

  it('sends the search once, after the pause, and keeps it in the URL; the box shows what was typed at once', async () => {
    // Timers still run as they do, and the test can move them on past a pause instead of sleeping through it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { router, listCalls } = await openList();
    await screen.findByText('APP-2026-000104');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'app-2026-0001');
    expect(box).toHaveValue('app-2026-0001');
    await waitFor(() => expect(router.state.location.search).toBe('?q=app-2026-0001'));
    // Past another pause: still one request for thirteen keystrokes.
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2));
    const searches = listCalls().filter((url) => 'q' in queryOf(url));
    expect(searches.map((url) => queryOf(url).q)).toEqual(['app-2026-0001']);
    expect(listCalls()).toHaveLength(2);
  });

  it('filters by status and sorts on the server, back at page 1, and the URL holds both', async () => {
    const { router, listCalls } = await openList('/applications?page=2', (url) =>
      pageResponse(LIST, { total: 53 + Number(queryOf(url).offset ?? 0) }),
    );
    await screen.findByText('APP-2026-000104');
    expect(queryOf(listCalls().at(-1)!).offset).toBe('50');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'submitted');
    await waitFor(() => expect(queryOf(listCalls().at(-1)!)).toMatchObject({ status: 'submitted', limit: '50' }));
    expect(queryOf(listCalls().at(-1)!).offset).toBeUndefined();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'application_number');
    await waitFor(() => expect(queryOf(listCalls().at(-1)!)).toMatchObject({ sort: 'application_number' }));
    expect(router.state.location.search).toBe('?status=submitted&sort=application_number');
  });

  it('restores the view from the URL, and ignores values the list does not know', async () => {
    const { listCalls } = await openList('/applications?page=3&status=submitted&q=APP-2026&sort=-updated_at', () =>
      pageResponse(LIST, { total: 103 }),
    );
    await screen.findByText('APP-2026-000104');
    expect(queryOf(listCalls()[0]!)).toEqual({
      limit: '50',
      offset: '100',
      sort: '-updated_at',
      q: 'APP-2026',
      status: 'submitted',
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('APP-2026');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('submitted');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-updated_at');
    expect(screen.getByText('Showing 101–103 of 103')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('ignores an unknown status, sort or page in the URL', async () => {
    const { listCalls } = await openList('/applications?page=-2&status=bogus&sort=password&limit=9999');
    await screen.findByText('APP-2026-000104');
    expect(queryOf(listCalls()[0]!)).toEqual({ limit: '50', sort: '-created_at' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('all');
  });

  it('pages with Previous and Next, showing the total; the back button returns to the page before', async () => {
    const { router, listCalls } = await openList('/applications', (url) => {
      const offset = Number(queryOf(url).offset ?? 0);
      return pageResponse(pageOf(offset + 1, offset === 100 ? 34 : 50), { total: 1234 });
    });
    await screen.findByText('APP-2026-000001');
    expect(screen.getByText('Showing 1–50 of 1,234')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: /Previous/ })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(pages).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 51–100 of 1,234')).toBeInTheDocument();
    // The pager moves at once; the new rows follow when they are drawn.
    await waitFor(() => expect(numbers()[0]).toBe('APP-2026-000051'));
    expect(router.state.location.search).toBe('?page=2');
    expect(queryOf(listCalls().at(-1)!).offset).toBe('50');
    await user.click(within(pages).getByRole('button', { name: 'Page 25' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=25'));
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Showing 51–100 of 1,234')).toBeInTheDocument();
  }, 20_000);

  it('keeps the current page on screen, dimmed and busy, while the next one loads', async () => {
    let release: (() => void) | undefined;
    await openList('/applications', (url) => {
      const offset = Number(queryOf(url).offset ?? 0);
      const answer = pageResponse(pageOf(offset + 1), { total: 120 });
      if (offset === 0) return answer;
      return new Promise<Response>((resolve) => (release = () => resolve(answer)));
    });
    await screen.findByText('APP-2026-000001');
    await userEvent.setup().click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(release).toBeDefined());
    const list = screen.getByRole('list', { name: 'Applications' });
    expect(within(list).getByText('APP-2026-000001')).toBeInTheDocument();
    expect(list.closest('[aria-busy="true"]')).not.toBeNull();
    release!();
    // Fifty cards, each with six facts, are drawn at once: on a loaded machine that has taken more than five seconds.
    expect(await screen.findByText('APP-2026-000051', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('APP-2026-000001')).not.toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  }, 30_000);

  it("shows 'No applications found' and 'Create Your First Application' when nothing matches", async () => {
    await openList('/applications', () => pageResponse([]));
    expect(await screen.findByText('No applications found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Application' })).toHaveAttribute(
      'href',
      '/applications/new',
    );
  });

  it('offers to clear the search and filter when they left the list empty', async () => {
    const { router } = await openList('/applications?status=rejected&q=zzz', (url) =>
      queryOf(url).q ? pageResponse([]) : pageResponse(LIST),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clear search and filter' }));
    expect(await screen.findByText('APP-2026-000104')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it("toasts 'Failed to load applications' and offers a retry when the list fails", async () => {
    signedInAs('entrepreneur');
    stubFetch(() => jsonResponse(500, { detail: 'boom' }));
    renderApp('/applications');
    // A 5xx is retried once before it counts as failed.
    expect(await screen.findAllByText('Failed to load applications', undefined, { timeout: 15_000 })).not.toHaveLength(
      0,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
