// The paged list draws a new answer's rows in a render that may wait: the previous rows stay on screen, busy under a
// loading bar, until the new ones are ready, and then both change in one step.
import { Suspense, use } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Page } from '../lib/api-client';
import { PagedList } from './paged-list';

interface Row {
  id: string;
}

const list = { page: 1, limit: 50, maxPage: 200, setPage: () => {}, isFiltered: false, clear: () => {} };

function pageOf(ids: string[]): Page<Row> {
  return { items: ids.map((id) => ({ id })), total: ids.length, totalCapped: false, nextCursor: null };
}

function queryOf(data: Page<Row>, isPlaceholderData = false) {
  return { data, isPending: false, isError: false, refetch: () => {}, isPlaceholderData };
}

/** A row of the second answer (B-) is not ready until `ready` settles: stands for rows that take long to draw. */
function SlowRow({ row, ready }: { row: Row; ready: Promise<void> | null }) {
  if (ready && row.id.startsWith('B-')) use(ready);
  return <li>{row.id}</li>;
}

function view(query: ReturnType<typeof queryOf>, ready: Promise<void> | null = null) {
  return (
    <Suspense fallback={<p>Loading rows</p>}>
      <PagedList query={query} list={list} emptyMessage="No rows">
        {(items) => (
          <ul aria-label="Rows">
            {items.map((row) => (
              <SlowRow key={row.id} row={row} ready={ready} />
            ))}
          </ul>
        )}
      </PagedList>
    </Suspense>
  );
}

describe('paged list', () => {
  it('keeps the previous rows, busy and at full contrast, until the new answer’s rows are ready', async () => {
    const first = pageOf(['A-1', 'A-2']);
    const { rerender } = render(view(queryOf(first)));
    expect(screen.getByText('A-1')).toBeInTheDocument();

    // The next search is asked for: the previous rows stay as placeholder data, marked busy at once.
    rerender(view(queryOf(first, true)));
    const frame = screen.getByRole('list', { name: 'Rows' }).parentElement!;
    expect(frame).toHaveAttribute('aria-busy', 'true');
    // Not dimmed: rows at part opacity fell below AA contrast while they waited.
    for (const element of [frame, ...frame.querySelectorAll('*')]) expect(element.className).not.toMatch(/opacity/);

    // Its answer arrives, but its rows are not ready yet: nothing is swapped for a loading state, the old rows stay.
    let settle = () => {};
    const ready = new Promise<void>((resolve) => {
      settle = resolve;
    });
    await act(async () => {
      rerender(view(queryOf(pageOf(['B-1'])), ready));
    });
    expect(screen.queryByText('Loading rows')).not.toBeInTheDocument();
    expect(screen.getByText('A-1')).toBeVisible();
    expect(frame).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();

    // Ready: the new rows, their total and the end of the busy state come together.
    await act(async () => {
      settle();
      await ready;
    });
    expect(await screen.findByText('B-1')).toBeInTheDocument();
    expect(screen.queryByText('A-1')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Rows' }).parentElement).not.toHaveAttribute('aria-busy');
  });
});
