// The wizard opened from a scheme (/applications/new?scheme=<id>&asset=<id>): it shows the scheme and its deposits,
// offers only the scheme's plots (held for the scheme, so not "available" to everyone), keeps the plot chosen on the
// scheme's page, and sends the scheme with the application.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime, type SchemeDetail } from '@portal/contract';
import { jsonResponse, pageResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import { ASSET, ASSET_2, PROFILE, application } from '../test/fixtures';

// The first render waits for the page's lazily loaded chunk, which on a busy machine can take longer than the default.
configure({ asyncUtilTimeout: 15_000 });

const SCHEME_ID = '51000000-0000-4000-8000-000000000001';
const HELD = { ...ASSET_2, status: 'reserved' as const };
const plotOf = (asset: typeof ASSET, id: string, reserve: number) => ({
  id,
  asset_id: asset.id,
  asset_code: asset.asset_code,
  zone: asset.zone,
  location: asset.location,
  total_area: asset.total_area,
  unit: asset.unit,
  valuation: asset.valuation,
  reserved_for: null,
  reserve_price: reserve,
  emd: reserve / 10,
  ends_at: null,
  highest_bid: null,
  bid_count: 0,
  winner_application_number: null,
  winning_amount: null,
  winner_reason: null,
});
const SCHEME: SchemeDetail = {
  id: SCHEME_ID,
  scheme_number: 'SCH-2026-000001',
  title: 'Warangal plots by e-auction',
  mode: 'auction',
  status: 'open',
  opens_at: '2026-11-01T04:30:00.000Z',
  closes_at: '2026-12-30T12:30:00.000Z',
  accepting: true,
  reservations: [],
  min_investment: null,
  increment: 10000,
  auction_starts_at: '2027-01-05T04:30:00.000Z',
  auction_ends_at: '2027-01-05T10:30:00.000Z',
  extension_window_minutes: 5,
  extension_minutes: 5,
  participation_fee: 5900,
  commitment: 'a'.repeat(64),
  seed: null,
  beacon: null,
  beacon_round: null,
  qualified_hash: null,
  draw_wait: null,
  plots: [plotOf(HELD, '52000000-0000-4000-8000-000000000002', 3_000_000)],
  application_count: 0,
  qualified_count: null,
  closed_at: null,
  decided_at: null,
  decided_by_name: null,
  created_at: '2026-10-30T04:30:00.000Z',
  my_entries: [],
};

describe('new application in a scheme', () => {
  it('offers only the scheme’s plots, shows its deposits, and sends the scheme with the application', async () => {
    const created = application({ application_number: 'APP-2026-000901' });
    const fetchMock = stubFetch((url, init) => {
      const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
      if (key === 'GET /api/applicants/me') return jsonResponse(200, PROFILE);
      if (key === `GET /api/schemes/${SCHEME_ID}`) return jsonResponse(200, SCHEME);
      if (key === `GET /api/assets/${HELD.id}`) return jsonResponse(200, HELD);
      if (key === 'GET /api/assets/available') return pageResponse([ASSET]);
      if (key === 'POST /api/applications') return jsonResponse(201, created);
      if (key === `GET /api/applications/${created.id}`) return jsonResponse(200, created);
      return pageResponse([]);
    });
    signedInAs('entrepreneur');
    const { router } = renderApp(`/applications/new?scheme=${SCHEME_ID}&asset=${HELD.id}`);
    const card = await screen.findByTestId('scheme-apply');
    expect(card).toHaveTextContent('Applying in scheme SCH-2026-000001: Warangal plots by e-auction');
    expect(card).toHaveTextContent('the participation fee of ₹5,900');
    // Before applying: approval must come by the close, and what follows if it does not.
    expect(screen.getByTestId('scheme-apply-deadline')).toHaveTextContent(
      `Approval must come by the close of applications on ${formatDateTime(SCHEME.closes_at)}: an application not approved, with its deposits paid, by then is not qualified. It is rejected at the close and its EMD is refunded.`,
    );
    expect(await screen.findByText('Reserve price ₹30,00,000, EMD ₹3,00,000')).toBeInTheDocument();
    const plots = screen.getByRole('group', { name: "Choose one of the scheme's plots" });
    await waitFor(() => expect(within(plots).getByRole('radio', { name: /WAR-PL-002/ })).toBeChecked());
    expect(screen.queryByRole('radio', { name: /HYD-LA-001/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Project description'), 'Food processing unit');
    await user.type(screen.getByLabelText('Estimated investment (₹)'), '5000000');
    await user.type(screen.getByLabelText('Employment generation (jobs)'), '25');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Upload Documents', level: 2 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 4 of 4');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/applications/${created.id}`));
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/applications' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ asset_id: HELD.id, scheme_id: SCHEME_ID });
  }, 30_000);
});
