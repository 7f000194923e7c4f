// The show-cause pieces of the officer register: issue a notice from a row (its error and call), open a row's notice
// with its reply and documents, decide it (outcome and hearing note required, the consequence shown, the call), the
// "show-cause pending reply" count that sets the late filter, and no issuing for a role that may not.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Allotment, AllotmentSummary, ShowCause } from '@portal/contract';
import { allotmentFixture } from '../../../../test/fixtures';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

const NOTICE_ID = '66666666-6666-4666-8666-666666666666';
const PLAIN = allotmentFixture({
  id: 'a1000000-0000-4000-8000-000000000001',
  allotment_number: 'ALT-2026-000011',
  asset_code: 'VSP-A-11',
  holder_name: 'Ravi Kumar',
  possession_date: '2025-01-10',
});
const UNDER_NOTICE = allotmentFixture({
  id: 'a1000000-0000-4000-8000-000000000002',
  allotment_number: 'ALT-2026-000012',
  asset_code: 'VSP-A-12',
  holder_name: 'Sita Devi',
  possession_date: '2025-01-10',
  open_show_cause_id: NOTICE_ID,
});
const NO_POSSESSION = allotmentFixture({
  id: 'a1000000-0000-4000-8000-000000000003',
  allotment_number: 'ALT-2026-000013',
  asset_code: 'VSP-A-13',
});

const NOTICE: ShowCause = {
  id: NOTICE_ID,
  notice_number: 'SCN-2026-00004',
  allotment_id: UNDER_NOTICE.id,
  allotment_number: UNDER_NOTICE.allotment_number,
  asset_code: 'VSP-A-12',
  holder_name: 'Sita Devi',
  status: 'replied',
  grounds: 'Construction has not commenced.',
  issued_at: '2026-05-01T05:00:00.000Z',
  reply_by: '2026-05-31',
  reply: 'Work began last week.',
  replied_at: '2026-05-20T05:00:00.000Z',
  reply_documents: [
    {
      id: '77777777-7777-4777-8777-777777777777',
      file_name: 'site-photo.jpg',
      file_size: 4096,
      uploaded_at: '2026-05-20T04:00:00.000Z',
    },
  ],
  hearing_note: null,
  outcome: null,
  decided_at: null,
  refund_due: null,
};

const SUMMARY: AllotmentSummary = {
  by_status: { active: 3, expired: 0, cancelled: 0, surrendered: 0 },
  late: { commence_construction: 0, start_production: 0 },
  show_cause_awaiting: 5,
};

function register(rows: Allotment[] = [PLAIN, UNDER_NOTICE, NO_POSSESSION]) {
  return stubFetch((url, init) => {
    if (url.startsWith('/api/allotments/summary')) return jsonResponse(200, SUMMARY);
    if (url.startsWith('/api/assets/zones')) return jsonResponse(200, { zones: [], truncated: false });
    if (url === `/api/allotments/${PLAIN.id}/show-causes` && init.method === 'POST')
      return jsonResponse(201, { ...NOTICE, status: 'awaiting_reply', notice_number: 'SCN-2026-00005' });
    if (url === `/api/allotments/${UNDER_NOTICE.id}/show-causes`) return jsonResponse(200, [NOTICE]);
    if (url === `/api/show-causes/${NOTICE_ID}/order` && init.method === 'POST')
      return jsonResponse(200, { ...NOTICE, status: 'decided', outcome: 'cancelled', refund_due: 444100 });
    if (url.startsWith('/api/allotments')) return pageResponse(rows);
    return pageResponse([]);
  });
}

async function rowOf(number: string) {
  const table = await screen.findByRole('region', { name: /^Allotments;/ }, { timeout: 15_000 });
  await waitFor(() => expect(table).toHaveTextContent(number));
  return within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(number))!;
}

describe('show-cause notices on the register', () => {
  it('issues a notice from a row of an active allotment in possession, refusing empty grounds', async () => {
    const fetchMock = register();
    signedInAs('zonal_manager');
    const { router } = renderApp('/officer/allotments');
    const row = await rowOf('ALT-2026-000011');
    expect(within(await rowOf('ALT-2026-000013')).queryByRole('button', { name: /show-cause/i })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Issue show-cause notice on plot VSP-A-11' }));
    // The row's action does not open the application.
    expect(router.state.location.pathname).toBe('/officer/allotments');
    const dialog = await screen.findByRole('dialog', { name: 'Issue a show-cause notice on plot VSP-A-11' });
    expect(dialog).toHaveTextContent('has 30 days to reply');
    await user.click(within(dialog).getByRole('button', { name: 'Issue notice' }));
    expect(await within(dialog).findAllByText('Enter the grounds of the notice')).not.toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Grounds/), 'No construction in twelve months');
    await user.click(within(dialog).getByRole('button', { name: 'Issue notice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(
      ([url, init]) => url === `/api/allotments/${PLAIN.id}/show-causes` && init?.method === 'POST',
    )!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ grounds: 'No construction in twelve months' });
  });

  it('opens a notice with its reply and documents, and decides it with an outcome and a hearing note', async () => {
    const fetchMock = register();
    signedInAs('ho');
    renderApp('/officer/allotments');
    const row = await rowOf('ALT-2026-000012');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Open the show-cause notice on plot VSP-A-12' }));
    const view = await screen.findByRole('dialog', { name: 'Show-cause notices on plot VSP-A-12' });
    await waitFor(() => expect(view).toHaveTextContent('Work began last week.'));
    expect(view).toHaveTextContent('Construction has not commenced.');
    expect(within(view).getByRole('button', { name: 'Download site-photo.jpg' })).toBeInTheDocument();
    await user.click(within(view).getByRole('button', { name: 'Decide' }));

    const decide = await screen.findByRole('dialog', { name: 'Order on notice SCN-2026-00004' });
    await user.click(within(decide).getByRole('button', { name: 'Review and confirm' }));
    expect(
      await within(decide).findAllByText('Choose whether to cancel the allotment or drop the notice'),
    ).not.toHaveLength(0);
    expect(within(decide).getAllByText('Enter the hearing note')).not.toHaveLength(0);
    await user.click(within(decide).getByRole('radio', { name: /Cancel the allotment/ }));
    expect(decide).toHaveTextContent('The allotment ends today and the plot becomes available again.');
    await user.type(within(decide).getByLabelText(/^Hearing note/), 'Heard the holder; no work on site');
    // The order is said in words, naming it, before Record order there sends it (decision 024).
    await user.click(within(decide).getByRole('button', { name: 'Review and confirm' }));
    expect(within(decide).getByRole('region', { name: 'Check before you confirm' })).toHaveTextContent(
      'Allotment ALT-2026-000012 will be CANCELLED',
    );
    await user.click(within(decide).getByRole('button', { name: 'Record order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([url]) => url === `/api/show-causes/${NOTICE_ID}/order`)!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      outcome: 'cancelled',
      hearing_note: 'Heard the holder; no work on site',
    });
  });

  it('counts the notices awaiting a reply, and the count sets the late filter', async () => {
    const fetchMock = register();
    signedInAs('zonal_manager');
    const { router } = renderApp('/officer/allotments');
    const chip = await screen.findByRole('button', { name: /Show-cause pending reply/ });
    expect(chip).toHaveTextContent('5');
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(chip);
    await waitFor(() => expect(router.state.location.search).toContain('late=show_cause'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url).startsWith('/api/allotments?') && queryOf(String(url)).late === 'show_cause',
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: /Show-cause pending reply/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers no issuing to a role that may not issue, but lets it read an open notice (committee)', async () => {
    register();
    signedInAs('committee');
    renderApp('/officer/allotments');
    const row = await rowOf('ALT-2026-000011');
    expect(within(row).queryByRole('button', { name: /Issue a show-cause notice/ })).toBeNull();
    const noticeRow = await rowOf('ALT-2026-000012');
    await userEvent
      .setup()
      .click(within(noticeRow).getByRole('button', { name: 'Open the show-cause notice on plot VSP-A-12' }));
    const view = await screen.findByRole('dialog', { name: 'Show-cause notices on plot VSP-A-12' });
    await waitFor(() => expect(view).toHaveTextContent('Work began last week.'));
    expect(within(view).queryByRole('button', { name: 'Decide' })).toBeNull();
  });
});
