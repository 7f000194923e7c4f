// Publishing a scheme: the contract's checks worded at their fields (and in the summary) before anything is sent, an
// auction's own fields (each plot's reserve price, the increment, the bidding times), the server's 422 put at the
// field it names, and the request a valid form sends.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { assetFixture } from '../../../../test/fixtures';
import { jsonResponse, pageResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import { schemeFixture, SCHEME_ID } from '../test-fixtures';

// The first render waits for the page's lazily loaded chunk, which on a busy machine can take longer than the default.
configure({ asyncUtilTimeout: 15_000 });

const ASSET = assetFixture();

function openForm(create: () => Response = () => jsonResponse(201, schemeFixture({ mode: 'draw' }))) {
  const fetchMock = stubFetch((url, init) => {
    if (url.startsWith('/api/assets/available')) return pageResponse([ASSET]);
    if (url === '/api/schemes' && init.method === 'POST') return create();
    if (url === `/api/schemes/${SCHEME_ID}`) return jsonResponse(200, schemeFixture({ mode: 'draw' }));
    return pageResponse([]);
  });
  signedInAs('ho');
  const view = renderApp('/officer/schemes/new');
  const posts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { ...view, posts };
}

async function addThePlot(user: ReturnType<typeof userEvent.setup>) {
  const select = await screen.findByLabelText('Available plot');
  await within(select).findByRole('option', { name: /HYD-PL-002/ });
  await user.selectOptions(select, ASSET.id);
  await user.click(screen.getByRole('button', { name: 'Add the plot' }));
}

describe('publish a scheme', () => {
  it('words the missing fields at each field and in the summary, and sends nothing', async () => {
    const user = userEvent.setup();
    const { posts } = openForm();
    await user.click(await screen.findByRole('button', { name: 'Publish the scheme' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: 'Enter the title' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Enter when applications open' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Offer at least one plot' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Enter the title');
    expect(posts()).toEqual([]);
  }, 20_000);

  it('asks an auction for each reserve price, the increment and bidding after the close', async () => {
    const user = userEvent.setup();
    const { posts } = openForm();
    await user.type(await screen.findByLabelText('Title'), 'Patancheru phase two plots');
    await user.click(screen.getByRole('radio', { name: 'E-auction' }));
    await user.type(screen.getByLabelText('Applications open'), '2026-12-01T10:00');
    await user.type(screen.getByLabelText('Applications close'), '2026-12-05T18:00');
    await addThePlot(user);
    const reserve = screen.getByLabelText('Reserve price (₹)');
    expect(reserve).toHaveValue(String(ASSET.valuation));
    expect(screen.getByText('EMD: ₹1,85,000')).toBeInTheDocument();
    await user.clear(reserve);
    await user.type(screen.getByLabelText('Bidding starts'), '2026-12-04T10:00');
    await user.type(screen.getByLabelText('Bidding ends'), '2026-12-10T16:00');
    expect(screen.getByLabelText('Late-bid window (minutes)')).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: 'Publish the scheme' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter the reserve price', 'Enter the minimum increment', 'Start bidding after applications close']);
    expect(reserve).toHaveAccessibleDescription('Enter the reserve price');
    expect(posts()).toEqual([]);
  }, 30_000);

  it("puts the server's 422 at its field, then publishes and opens the scheme", async () => {
    const user = userEvent.setup();
    let answers = 0;
    const { posts, router } = openForm(() =>
      ++answers === 1
        ? jsonResponse(422, {
            detail: 'Some of the details are not valid',
            code: 'validation_failed',
            errors: [{ path: 'body.plots.0.asset_id', message: 'This plot is not available' }],
          })
        : jsonResponse(201, schemeFixture({ mode: 'draw' })),
    );
    await user.type(await screen.findByLabelText('Title'), 'Kakinada food park plots');
    await user.type(screen.getByLabelText('Applications open'), '2026-12-01T10:00');
    await user.type(screen.getByLabelText('Applications close'), '2026-12-05T18:00');
    await addThePlot(user);
    await user.click(screen.getByRole('button', { name: 'Publish the scheme' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: 'This plot is not available' })).toHaveAttribute(
      'href',
      '#scheme-plots-choice',
    );

    await user.click(screen.getByRole('button', { name: 'Publish the scheme' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/officer/schemes/${SCHEME_ID}`));
    const sent = posts()[1]!;
    expect(sent).toMatchObject({
      title: 'Kakinada food park plots',
      mode: 'draw',
      plots: [{ asset_id: ASSET.id }],
      reservations: [],
      min_investment: null,
    });
    expect(sent.opens_at).toBe(new Date('2026-12-01T10:00').toISOString());
    expect(sent).not.toHaveProperty('increment');
  }, 30_000);
});
