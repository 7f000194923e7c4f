// My plots: the entrepreneur's plots as cards with their milestones (days left, late, met), only the services the
// server allows on each, the extension of time asked for with its milestone, surrender's consequences, and the empty
// and failed states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Allotment } from '@portal/contract';
import { jsonResponse, pageResponse, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

const HELD: Allotment = {
  id: '44444444-4444-4444-8444-444444444444',
  application_id: '33333333-3333-4333-8333-333333333333',
  asset_id: '55555555-5555-4555-8555-555555555555',
  allotment_number: 'ALT-2026-000007',
  allotment_type: 'final',
  allotment_date: '2026-02-14',
  expiry_date: null,
  status: 'active',
  letter_generated: true,
  created_at: '2026-02-14T05:00:00.000Z',
  application_number: 'APP-2026-000042',
  holder_user_id: '00000000-0000-4000-8000-000000000001',
  holder_name: 'Ravi Kumar',
  asset_code: 'VSP-A-12',
  zone: 'Visakhapatnam',
  possession_date: '2025-03-01',
  lease_ends_on: '2124-03-01',
  ended_on: null,
  refund_due: null,
  milestones: [
    {
      kind: 'commence_construction',
      due_on: '2026-03-01',
      met_on: null,
      extensions: 1,
      extensions_left: 1,
      days_left: -5,
      late: true,
    },
    {
      kind: 'start_production',
      due_on: '2027-03-01',
      met_on: null,
      extensions: 0,
      extensions_left: 2,
      days_left: 360,
      late: false,
    },
  ],
  services_allowed: ['eot', 'withdrawal', 'change_name'],
};

const SURRENDERED: Allotment = {
  ...HELD,
  id: '66666666-6666-4666-8666-666666666666',
  allotment_number: 'ALT-2025-000002',
  application_number: 'APP-2025-000010',
  asset_code: 'KKD-B-03',
  zone: 'Kakinada',
  status: 'surrendered',
  ended_on: '2026-01-10',
  refund_due: 450000,
  milestones: [
    {
      kind: 'commence_construction',
      due_on: '2025-06-01',
      met_on: '2025-05-20',
      extensions: 0,
      extensions_left: 2,
      days_left: null,
      late: false,
    },
    {
      kind: 'start_production',
      due_on: '2026-06-01',
      met_on: null,
      extensions: 2,
      extensions_left: 0,
      days_left: 100,
      late: false,
    },
  ],
  services_allowed: [],
};

function plotsServer(items: Allotment[] = [HELD, SURRENDERED]) {
  return stubFetch((url, init) => {
    if (url.startsWith('/api/service-requests') && init.method === 'POST') {
      return jsonResponse(201, { id: '77777777-7777-4777-8777-777777777777', request_number: 'SR-2026-000001' });
    }
    if (url.startsWith('/api/allotments')) return pageResponse(items);
    return pageResponse([]);
  });
}

const card = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });

describe('my plots page', () => {
  it('shows each plot with its dates, milestones (late, days left, met) and a surrendered plot its refund', async () => {
    plotsServer();
    signedInAs('entrepreneur');
    renderApp('/allotments');
    expect(await screen.findByRole('heading', { level: 1, name: 'My plots' }, { timeout: 5000 })).toBeInTheDocument();

    const held = await card('Plot VSP-A-12');
    expect(held).toHaveTextContent('ALT-2026-000007');
    expect(held).toHaveTextContent('Visakhapatnam');
    expect(held).toHaveTextContent('ACTIVE');
    expect(held).toHaveTextContent('Possession date1 Mar 2025');
    expect(held).toHaveTextContent('Lease ends on1 Mar 2124');
    expect(held).toHaveTextContent('Construction to commenceDue on 1 Mar 2026Late by 5 daysExtensions used: 1 of 2');
    expect(held).toHaveTextContent('Production to startDue on 1 Mar 2027360 days leftExtensions used: 0 of 2');
    expect(held).not.toHaveTextContent('Refund due');

    const surrendered = await card('Plot KKD-B-03');
    expect(surrendered).toHaveTextContent('SURRENDERED');
    expect(surrendered).toHaveTextContent('Surrendered on10 Jan 2026');
    expect(surrendered).toHaveTextContent('Refund due₹4,50,000');
    // An ended allotment's milestones no longer fall due.
    expect(surrendered).not.toHaveTextContent('Milestones');
    expect(surrendered).not.toHaveTextContent('Due on');
  });

  it('says when a milestone was met, and that milestones start with possession', async () => {
    plotsServer([
      {
        ...HELD,
        milestones: [
          { ...HELD.milestones[0]!, met_on: '2026-01-20', days_left: null, late: false },
          HELD.milestones[1]!,
        ],
      },
      {
        ...HELD,
        id: '88888888-8888-4888-8888-888888888888',
        asset_code: 'VSP-A-13',
        possession_date: null,
        lease_ends_on: null,
        milestones: [],
      },
    ]);
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const held = await card('Plot VSP-A-12');
    expect(held).toHaveTextContent(
      'Construction to commenceDue on 1 Mar 2026Met on 20 Jan 2026Extensions used: 1 of 2',
    );
    expect(
      within(held).queryByRole('button', { name: 'Ask for extension of time: Construction to commence' }),
    ).not.toBeInTheDocument();
    const waiting = await card('Plot VSP-A-13');
    expect(waiting).toHaveTextContent('Possession dateNot yet given');
    expect(waiting).toHaveTextContent('The milestones start when possession of the plot is given.');
  });

  it('offers only the services the server allows on each plot, with a link to the application', async () => {
    plotsServer();
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const held = await card('Plot VSP-A-12');
    expect(
      within(held)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual([
      'Ask for extension of time: Construction to commence',
      'Ask for extension of time: Production to start',
      'Surrender plot',
    ]);
    expect(within(held).getByRole('link', { name: 'Open application APP-2026-000042' })).toHaveAttribute(
      'href',
      '/applications/33333333-3333-4333-8333-333333333333',
    );

    const surrendered = await card('Plot KKD-B-03');
    expect(within(surrendered).queryAllByRole('button')).toEqual([]);
    expect(within(surrendered).getByRole('link', { name: 'Open application APP-2025-000010' })).toBeInTheDocument();
  });

  it('does not offer an extension for a milestone that has had both, nor when the server allows none', async () => {
    plotsServer([
      {
        ...HELD,
        milestones: [{ ...HELD.milestones[0]!, extensions: 2, extensions_left: 0 }, HELD.milestones[1]!],
        services_allowed: ['eot'],
      },
    ]);
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const held = await card('Plot VSP-A-12');
    expect(
      within(held)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Ask for extension of time: Production to start']);
  });

  it('asks for an extension of time on a milestone: says what happens, then posts eot with the allotment and milestone', async () => {
    const fetchMock = plotsServer();
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const held = await card('Plot VSP-A-12');
    const user = userEvent.setup();
    await user.click(within(held).getByRole('button', { name: 'Ask for extension of time: Construction to commence' }));

    const dialog = await screen.findByRole('dialog', { name: 'Extension of time: Construction to commence' });
    expect(dialog).toHaveTextContent('Construction to commence is due on 1 Mar 2026.');
    expect(dialog).toHaveTextContent('If the extension is granted, it moves 12 months, to 1 Mar 2027.');
    expect(dialog).toHaveTextContent('Extensions used so far: 1 of 2.');
    expect(dialog).toHaveTextContent("The fee is 2% of the plot's valuation per year of extension.");

    // The reason is required.
    await user.click(within(dialog).getByRole('button', { name: 'Ask for Extension' }));
    expect(await within(dialog).findAllByText('Enter the reason for your request')).not.toHaveLength(0);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason for the extension'), 'Monsoon delayed the foundation work');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for Extension' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe('/api/service-requests');
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      request_type: 'eot',
      allotment_id: HELD.id,
      application_id: HELD.application_id,
      milestone: 'commence_construction',
      description: 'Monsoon delayed the foundation work',
    });
    expect(await screen.findByText('Request for extension of time sent')).toBeInTheDocument();
  }, 20_000);

  it('asks to surrender a plot after saying what happens to it and to the money', async () => {
    const fetchMock = plotsServer();
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const held = await card('Plot VSP-A-12');
    const user = userEvent.setup();
    await user.click(within(held).getByRole('button', { name: 'Surrender plot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Surrender plot VSP-A-12' });
    expect(dialog).toHaveTextContent("The plot returns to the corporation's land bank with its full area");
    expect(dialog).toHaveTextContent(
      'the premium you paid is refunded less 10%, and the earnest money deposit is forfeited',
    );
    await user.type(within(dialog).getByLabelText('Reason for surrender'), 'The project is no longer viable');
    await user.click(within(dialog).getByRole('button', { name: 'Surrender Plot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      request_type: 'withdrawal',
      allotment_id: HELD.id,
      application_id: HELD.application_id,
      description: 'The project is no longer viable',
    });
  }, 20_000);

  it('says the refusal in the dialog when the server refuses', async () => {
    stubFetch((url, init) => {
      if (url.startsWith('/api/service-requests') && init.method === 'POST')
        return jsonResponse(409, {
          detail: 'This milestone has had its extensions of time already',
          code: 'extension_limit',
        });
      if (url.startsWith('/api/allotments')) return pageResponse([HELD]);
      return pageResponse([]);
    });
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const held = await card('Plot VSP-A-12');
    const user = userEvent.setup();
    await user.click(within(held).getByRole('button', { name: 'Ask for extension of time: Production to start' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason for the extension'), 'Machinery arrives late');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for Extension' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to send the request: This milestone has had its extensions of time already',
    );
  }, 20_000);

  it('says when there are none, and offers My Applications', async () => {
    stubFetch();
    signedInAs('entrepreneur');
    renderApp('/allotments');
    expect(await screen.findByText(/You do not hold a plot yet/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Applications' })).toHaveAttribute('href', '/applications');
  });

  it("toasts 'Failed to load your plots' on failure and offers a retry", async () => {
    stubFetch((url) => (url.startsWith('/api/allotments') ? jsonResponse(403, { detail: 'no' }) : pageResponse([])));
    signedInAs('entrepreneur');
    renderApp('/allotments');
    expect(
      await screen.findByText('Failed to load your plots', { selector: '[data-title]' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  }, 20_000);

  it('is not open to officers', async () => {
    stubFetch();
    signedInAs('ho');
    const { router } = renderApp('/allotments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer'));
  });
});
