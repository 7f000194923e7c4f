// My plots: the entrepreneur's plots as cards with their activity and milestones (days left, late, met), only the
// services the server allows on each, the extension of time asked for with its milestone and its fee from the plot's
// valuation, a transfer with its particulars, fee and refusals, surrender's consequences, a plot held before a
// transfer (no actions, its history), the history disclosure, the orders of requests that took effect, the transfers
// offered to the entrepreneur and accepting one, and the empty and failed states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  SERVICE_REQUEST_TYPES,
  type Allotment,
  type MilestoneKind,
  type ServiceEligibility,
  type ServiceRequest,
  type ServiceRequestType,
  type TimelineEvent,
  type TransferOffer,
} from '@portal/contract';
import { changeLanguage } from '../../../../lib/i18n';
import { withOpenRequest } from '../api/allottee-services';
import { jsonResponse, pageResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import formHi from '../../components/service-request-form/i18n/hi.json';
import hi from '../i18n/hi.json';

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
      extensions_used: 1,
      extensions_left: 1,
      days_left: -5,
      late: true,
    },
    {
      kind: 'start_production',
      due_on: '2027-03-01',
      met_on: null,
      extensions: 0,
      extensions_used: 0,
      extensions_left: 2,
      days_left: 360,
      late: false,
    },
  ],
  services_allowed: ['eot', 'withdrawal', 'change_name'],
  services: [],
  activity: 'Food processing',
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
      extensions_used: 0,
      extensions_left: 2,
      days_left: null,
      late: false,
    },
    {
      kind: 'start_production',
      due_on: '2026-06-01',
      met_on: null,
      extensions: 2,
      extensions_used: 2,
      extensions_left: 0,
      days_left: 100,
      late: false,
    },
  ],
  services_allowed: [],
  services: [],
};

/** A plot the entrepreneur held until a transfer: read-only, its history up to then. */
const PREVIOUS: Allotment = {
  ...HELD,
  id: '99999999-9999-4999-8999-999999999999',
  allotment_number: 'ALT-2025-000009',
  application_number: 'APP-2025-000020',
  asset_code: 'GNT-C-07',
  held_until: '2026-01-15T10:00:00.000Z',
  services_allowed: [],
  services: [],
};

const HISTORY: TimelineEvent[] = [
  {
    id: 'e0000000-0000-4000-8000-000000000002',
    application_id: PREVIOUS.application_id,
    action: 'Allotment transferred',
    user_role: 'SYSTEM',
    user_name: 'System',
    details: 'Allotment ALT-2025-000009 transferred from Ravi Kumar to Meena Rao',
    timestamp: '2026-01-15T10:00:00.000Z',
    entity_type: 'allotment',
    event_code: 'allotment_transferred',
    params: { allotment_number: 'ALT-2025-000009', transferor: 'Ravi Kumar', transferee: 'Meena Rao' },
    internal: false,
  },
  {
    id: 'e0000000-0000-4000-8000-000000000001',
    application_id: PREVIOUS.application_id,
    action: 'Transfer accepted by the transferee',
    user_role: 'entrepreneur',
    user_name: 'Meena Rao',
    details: 'SR-2026-000003: Meena Rao',
    timestamp: '2026-01-10T09:00:00.000Z',
    entity_type: 'service_request',
    event_code: 'transfer_accepted',
    params: { request_number: 'SR-2026-000003', transferee: 'Meena Rao' },
    internal: false,
  },
];

const OFFER: TransferOffer = {
  id: 'f0000000-0000-4000-8000-000000000001',
  request_number: 'SR-2026-000011',
  request_type: 'transfer',
  application_id: null,
  allotment_id: 'f1000000-0000-4000-8000-000000000001',
  description: 'Handing over the unit',
  fee_amount: 300000,
  status: 'submitted',
  submitted_at: '2026-02-20T10:00:00.000Z',
  remarks: null,
  updated_at: '2026-02-20T10:00:00.000Z',
  invoice_id: null,
  particulars: { transferee_email: 'ravi@example.com', legal_heir: false },
  transferee_accepted_at: null,
  allotment_number: 'ALT-2024-000031',
  asset_code: 'KKD-B-09',
  holder_name: 'Lakshmi Traders',
};

/** A change of name on the held plot that took effect, with its order. */
const IN_EFFECT: ServiceRequest = {
  ...OFFER,
  id: 'f2000000-0000-4000-8000-000000000001',
  request_number: 'SR-2026-000005',
  request_type: 'change_name',
  allotment_id: HELD.id,
  application_id: HELD.application_id,
  status: 'approved',
  fee_amount: 5900,
  particulars: { new_name: 'Sunrise Foods Private Limited' },
  took_effect_at: '2026-02-20T11:00:00.000Z',
  order_kind: 'change_order',
};

interface PlotsServerOptions {
  offers?: TransferOffer[];
  approved?: ServiceRequest[];
  post?: (url: string, body: unknown) => Response;
  /** The notices of a plot under a show-cause notice. */
  showCauses?: unknown[];
}

function plotsServer(items: Allotment[] = [HELD, SURRENDERED], options: PlotsServerOptions = {}) {
  return stubFetch((url, init) => {
    if (url.startsWith('/api/service-requests') && init.method === 'POST') {
      const answer = options.post?.(url, init.body ? JSON.parse(String(init.body)) : undefined);
      return (
        answer ?? jsonResponse(201, { id: '77777777-7777-4777-8777-777777777777', request_number: 'SR-2026-000001' })
      );
    }
    if (url.startsWith('/api/service-requests/transfers-offered')) return pageResponse(options.offers ?? []);
    if (url.startsWith('/api/service-requests?')) return pageResponse(options.approved ?? []);
    if (/^\/api\/allotments\/[^/?]+\/show-causes$/.test(url)) return jsonResponse(200, options.showCauses ?? []);
    if (url.startsWith(`/api/allotments/${PREVIOUS.id}/history`)) return pageResponse(HISTORY);
    if (/^\/api\/allotments\/[^/?]+\/history/.test(url)) return pageResponse([]);
    if (url.startsWith('/api/allotments')) return pageResponse(items);
    if (url === `/api/assets/${HELD.asset_id}`)
      return jsonResponse(200, { id: HELD.asset_id, valuation: 5_000_000, unit: 'acres' });
    return pageResponse([]);
  });
}

const card = (name: string) => screen.findByRole('region', { name }, { timeout: 15_000 });

describe('my plots page', () => {
  it('shows each plot with its dates, milestones (late, days left, met) and a surrendered plot its refund', async () => {
    plotsServer();
    signedInAs('entrepreneur');
    renderApp('/allotments');
    expect(await screen.findByRole('heading', { level: 1, name: 'My plots' }, { timeout: 15_000 })).toBeInTheDocument();

    const held = await card('Plot VSP-A-12');
    expect(held).toHaveTextContent('ALT-2026-000007');
    expect(held).toHaveTextContent('Visakhapatnam');
    expect(held).toHaveTextContent('ACTIVE');
    expect(held).toHaveTextContent('Possession date1 Mar 2025');
    expect(held).toHaveTextContent('Lease ends on1 Mar 2124');
    expect(held).toHaveTextContent('Line of activityFood processing');
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
      'Change name',
      'Surrender plot',
      'Show history',
    ]);
    expect(within(held).getByRole('link', { name: 'Open application APP-2026-000042' })).toHaveAttribute(
      'href',
      '/applications/33333333-3333-4333-8333-333333333333',
    );

    const surrendered = await card('Plot KKD-B-03');
    expect(
      within(surrendered)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Show history']);
    expect(within(surrendered).getByRole('link', { name: 'Open application APP-2025-000010' })).toBeInTheDocument();
  });

  it('does not offer an extension for a milestone that has had both, nor when the server allows none', async () => {
    plotsServer([
      {
        ...HELD,
        milestones: [{ ...HELD.milestones[0]!, extensions: 2, extensions_left: 0 }, HELD.milestones[1]!],
        services_allowed: ['eot'],
        services: [],
      },
    ]);
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const held = await card('Plot VSP-A-12');
    expect(
      within(held)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Ask for extension of time: Production to start', 'Show history']);
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
    // The fee is the contract's, worked out with the plot's valuation.
    expect(
      await within(dialog).findByText(
        "Fee ₹1,00,000, 2% of the plot's valuation of ₹50,00,000 for 12 months of extension. It is billed when the request is approved, and the request takes effect once you pay it.",
      ),
    ).toBeInTheDocument();

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

  it('shows a plot held before a transfer as transferred, with no actions but its history, worded as the timeline', async () => {
    const fetchMock = plotsServer([HELD, PREVIOUS]);
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const previous = await card('Plot GNT-C-07');
    expect(previous).toHaveTextContent('TRANSFERRED');
    expect(previous).toHaveTextContent('Transferred on15 Jan 2026');
    expect(previous).toHaveTextContent('You held this plot until it was transferred on 15 Jan 2026.');
    expect(previous).not.toHaveTextContent('Milestones');
    expect(within(previous).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(previous)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Show history']);

    const user = userEvent.setup();
    const show = within(previous).getByRole('button', { name: 'Show history' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const history = await within(previous).findByRole('list', { name: 'History of plot GNT-C-07' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Allotment transferred');
    expect(entries[0]).toHaveTextContent('Allotment ALT-2025-000009 transferred from Ravi Kumar to Meena Rao');
    expect(entries[0]).toHaveTextContent('SYSTEM');
    expect(entries[1]).toHaveTextContent('Transfer accepted by the transferee');
    expect(entries[1]).toHaveTextContent('ENTREPRENEUR');
    expect(within(previous).getByRole('button', { name: 'Hide history' })).toHaveAttribute('aria-expanded', 'true');
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith(`/api/allotments/${PREVIOUS.id}/history`));
    expect(String(call![0])).toBe(`/api/allotments/${PREVIOUS.id}/history?limit=20&offset=0`);
  }, 20_000);

  it('asks for a transfer on a plot: the transferee accepts first, the fee from the valuation, free to a legal heir; unpaid dues refused in words', async () => {
    let posts = 0;
    const fetchMock = plotsServer([{ ...HELD, services_allowed: ['transfer', 'withdrawal'] }], {
      post: () => {
        posts += 1;
        return posts === 1
          ? jsonResponse(409, { detail: 'The holder has unpaid dues', code: 'unpaid_dues' })
          : jsonResponse(201, { id: '77777777-7777-4777-8777-777777777777', request_number: 'SR-2026-000009' });
      },
    });
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const held = await card('Plot VSP-A-12');
    const user = userEvent.setup();
    await user.click(within(held).getByRole('button', { name: 'Transfer plot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer plot VSP-A-12' });
    expect(dialog).toHaveTextContent('The person you name must accept the transfer in the portal.');
    expect(
      await within(dialog).findByText(/^Fee ₹5,00,000, 10% of the plot's valuation of ₹50,00,000\./),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ask for Transfer' }));
    const summary = within(dialog).getAllByRole('alert')[0]!;
    expect(summary).toHaveTextContent('Enter the email of the person taking over the plot');
    expect(summary).toHaveTextContent('Enter the reason for your request');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Email of the person taking over the plot'), 'meena@example.com');
    await user.click(within(dialog).getByLabelText('The transfer is to my legal heir'));
    expect(within(dialog).getByText(/^No fee: a transfer to a legal heir is free\./)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason for the transfer'), 'To my daughter');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for Transfer' }));
    expect(await within(dialog).findByText(/^Failed to send the request: There are overdue dues/)).toHaveAttribute(
      'role',
      'alert',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ask for Transfer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1)!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      request_type: 'transfer',
      allotment_id: HELD.id,
      application_id: HELD.application_id,
      description: 'To my daughter',
      particulars: { transferee_email: 'meena@example.com', legal_heir: true },
    });
    expect(await screen.findByText('Request to transfer the plot sent')).toBeInTheDocument();
  }, 30_000);

  it('lists the transfers offered to the entrepreneur and accepts one after saying what accepting means', async () => {
    const fetchMock = plotsServer([HELD], {
      offers: [
        OFFER,
        {
          ...OFFER,
          id: 'f0000000-0000-4000-8000-000000000002',
          asset_code: 'KKD-B-10',
          transferee_accepted_at: '2026-02-21T10:00:00.000Z',
        },
      ],
      post: (url) =>
        url.endsWith('/accept-transfer')
          ? jsonResponse(200, { ...OFFER, transferee_accepted_at: '2026-02-22T10:00:00.000Z' })
          : undefined!,
    });
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const section = await screen.findByRole('region', { name: 'Transfers offered to you' }, { timeout: 15_000 });
    const offer = within(section).getByRole('region', { name: 'Transfer of plot KKD-B-09' });
    expect(offer).toHaveTextContent('Offered byLakshmi Traders');
    expect(offer).toHaveTextContent('Request numberSR-2026-000011');
    expect(offer).toHaveTextContent('Transfer fee₹3,00,000');
    expect(offer).toHaveTextContent('Waiting for you to accept.');
    const accepted = within(section).getByRole('region', { name: 'Transfer of plot KKD-B-10' });
    expect(accepted).toHaveTextContent('You accepted on 21 Feb 2026.');
    expect(within(accepted).queryByRole('button')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(offer).getByRole('button', { name: 'Accept the transfer of plot KKD-B-09' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the transfer of plot KKD-B-09' });
    expect(dialog).toHaveTextContent(
      'You agree to take over plot KKD-B-09 from Lakshmi Traders. The transfer fee is ₹3,00,000.',
    );
    expect(dialog).toHaveTextContent("the plot is still its holder's, and so is the fee: the holder pays it");
    expect(dialog).toHaveTextContent('The transfer takes effect when an officer approves it and the fee is paid.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Accept Transfer' }));
    expect(
      await screen.findByText('Transfer of plot KKD-B-09 accepted. An officer will now decide on it.'),
    ).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe(`/api/service-requests/${OFFER.id}/accept-transfer`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);

  it('offers the order of each request on a plot that took effect', async () => {
    plotsServer([HELD, SURRENDERED], {
      approved: [IN_EFFECT, { ...IN_EFFECT, id: 'f2000000-0000-4000-8000-000000000002', took_effect_at: null }],
    });
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const held = await card('Plot VSP-A-12');
    expect(await within(held).findByRole('button', { name: 'Download order SR-2026-000005' })).toBeInTheDocument();
    expect(held).toHaveTextContent('Change of name, in effect from 20 Feb 2026');
    expect(within(held).getAllByRole('button', { name: /^Download order/ })).toHaveLength(1);
    expect(within(await card('Plot KKD-B-03')).queryByRole('button', { name: /^Download order/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Transfers offered to you' })).not.toBeInTheDocument();
  }, 20_000);

  it('shows the show-cause notice open on a plot in its panel, the plot then offering only surrender', async () => {
    const NOTICE_ID = 'c5000000-0000-4000-8000-000000000001';
    const fetchMock = plotsServer(
      [{ ...HELD, open_show_cause_id: NOTICE_ID, services_allowed: ['withdrawal'] }, SURRENDERED],
      {
        showCauses: [
          {
            id: NOTICE_ID,
            notice_number: 'SCN-2026-00004',
            allotment_id: HELD.id,
            allotment_number: HELD.allotment_number,
            asset_code: 'VSP-A-12',
            holder_name: 'Ravi Kumar',
            status: 'replied',
            grounds: 'Construction has not commenced within twelve months of possession.',
            issued_at: '2026-05-01T05:00:00.000Z',
            reply_by: '2026-05-31',
            reply: 'Work has begun',
            replied_at: '2026-05-10T05:00:00.000Z',
            reply_documents: [],
            hearing_note: null,
            outcome: null,
            decided_at: null,
            refund_due: null,
          },
        ],
      },
    );
    signedInAs('entrepreneur');
    renderApp('/allotments');
    const held = await card('Plot VSP-A-12');
    expect(
      await within(held).findByRole('region', { name: 'Show-cause notice SCN-2026-00004' }, { timeout: 15_000 }),
    ).toHaveTextContent('Your reply has been sent.');
    expect(within(held).getByRole('button', { name: 'Surrender plot' })).toBeInTheDocument();
    expect(within(held).queryByRole('button', { name: /extension of time/ })).not.toBeInTheDocument();
    // No notice is looked up for a plot without one.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`${SURRENDERED.id}/show-causes`))).toBe(false);
  }, 20_000);

  it('words a refusal and the particulars in Hindi, never in the server’s English', async () => {
    plotsServer([{ ...HELD, services_allowed: ['transfer'] }], {
      post: () => jsonResponse(409, { detail: 'The holder has unpaid dues', code: 'unpaid_dues' }),
    });
    signedInAs('entrepreneur');
    renderApp('/allotments');
    await card('Plot VSP-A-12');
    await changeLanguage('hi');
    try {
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: hi.services.transfer.action }));
      const dialog = await screen.findByRole('dialog', { name: 'प्लॉट VSP-A-12 का हस्तांतरण' });
      await user.click(within(dialog).getByRole('button', { name: hi.services.transfer.submit }));
      expect(within(dialog).getAllByRole('alert')[0]).toHaveTextContent(formHi.errors.transferee_email.required);
      await user.type(within(dialog).getByLabelText(formHi.fields.transferee_email.label), 'meena@example.com');
      await user.type(within(dialog).getByLabelText(hi.services.transfer.reason), 'बेटी को');
      await user.click(within(dialog).getByRole('button', { name: hi.services.transfer.submit }));
      const refusal = await within(dialog).findByText(new RegExp(formHi.refusals.unpaid_dues.slice(0, 20)));
      expect(refusal).toHaveAttribute('role', 'alert');
      expect(refusal).not.toHaveTextContent('The holder has unpaid dues');
    } finally {
      await changeLanguage('en');
    }
  }, 30_000);

  it("names the plot's unit of area when asking to sublet, and writes out the NOC, in Hindi", async () => {
    plotsServer([{ ...HELD, services_allowed: ['mortgage_noc', 'subletting'] }]);
    signedInAs('entrepreneur');
    renderApp('/allotments');
    await card('Plot VSP-A-12');
    await changeLanguage('hi');
    try {
      const held = await screen.findByRole('region', { name: 'भूखंड VSP-A-12' });
      // The mortgage NOC in words, not the English letters.
      expect(within(held).getByRole('button', { name: hi.services.mortgage_noc.action })).toHaveTextContent(
        'बंधक हेतु अनापत्ति प्रमाणपत्र माँगें',
      );
      expect(held).not.toHaveTextContent(/NOC|EOT/);
      const user = userEvent.setup();
      await user.click(within(held).getByRole('button', { name: hi.services.subletting.action }));
      const dialog = await screen.findByRole('dialog', { name: 'उप-पट्टा: प्लॉट VSP-A-12' });
      const area = await within(dialog).findByLabelText('उप-पट्टे पर दिया गया क्षेत्र, एकड़ में');
      expect(area).toHaveAccessibleDescription('प्लॉट का वह हिस्सा जो उप-पट्टे पर दिया गया है, एकड़ में (प्लॉट की क्षेत्र इकाई)।');
    } finally {
      await changeLanguage('en');
    }
  }, 30_000);

  describe('one open request per thing and eligibility before the form (decision 020)', () => {
    const row = (request_type: ServiceRequestType, milestone: MilestoneKind | null = null): ServiceEligibility => ({
      request_type,
      milestone,
      allowed: true,
      refusal: null,
      open_request: null,
    });
    /** Every service allowed, as the server answers a plot with nothing held back. */
    const ALL_ALLOWED: ServiceEligibility[] = [
      ...SERVICE_REQUEST_TYPES.filter((type) => type !== 'eot').map((type) => row(type)),
      row('eot', 'commence_construction'),
      row('eot', 'start_production'),
    ];
    const ELIGIBLE: Allotment = {
      ...HELD,
      services_allowed: [...SERVICE_REQUEST_TYPES],
      services: ALL_ALLOWED,
    };

    it('shows the services refused for overdue dues with the amount and where to pay, and offers no form for them', async () => {
      const owing = (type: ServiceRequestType): ServiceEligibility => ({
        ...row(type),
        allowed: false,
        refusal: { code: 'unpaid_dues', params: { amount: '6131.60' } },
      });
      plotsServer([
        {
          ...ELIGIBLE,
          services_allowed: ELIGIBLE.services_allowed.filter(
            (type) => !['transfer', 'mortgage_noc', 'subletting'].includes(type),
          ),
          services: ALL_ALLOWED.map((service) =>
            ['transfer', 'mortgage_noc', 'subletting'].includes(service.request_type)
              ? owing(service.request_type)
              : service,
          ),
        },
      ]);
      signedInAs('entrepreneur');
      renderApp('/allotments');
      const held = await card('Plot VSP-A-12');
      expect(within(held).queryByRole('button', { name: 'Transfer plot' })).not.toBeInTheDocument();
      expect(within(held).getByRole('button', { name: 'Change name' })).toBeInTheDocument();
      const refused = within(held).getByRole('region', { name: 'Not available now' });
      expect(refused).toHaveTextContent('Transfer, Mortgage NOC, Subletting: Pay ₹6,131.60 of overdue dues first.');
      expect(within(refused).getByRole('link', { name: 'Pay the overdue dues' })).toHaveAttribute(
        'href',
        `/applications/${HELD.application_id}`,
      );
    });

    const OPENED: ServiceRequest = {
      ...IN_EFFECT,
      id: 'f3000000-0000-4000-8000-000000000001',
      request_number: 'SR-2026-000101',
      request_type: 'eot',
      milestone: 'start_production',
      status: 'submitted',
      fee_amount: 100_000,
      particulars: {},
      took_effect_at: null,
      order_kind: null,
    };

    it('shows the extension asked for, open, and counted at once after asking, without a reload', async () => {
      let asked = false;
      const fetchMock = plotsServer([ELIGIBLE], {
        post: (_url, body) => {
          asked = true;
          expect(body).toMatchObject({ request_type: 'eot', milestone: 'start_production' });
          return jsonResponse(201, OPENED);
        },
      });
      // Once asked, the server answers the plot with the request open and counted (decision 020).
      const serve = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation((input, init) =>
        asked && String(input).startsWith('/api/allotments?')
          ? Promise.resolve(pageResponse([withOpenRequest(ELIGIBLE, OPENED)]))
          : serve(input, init),
      );
      signedInAs('entrepreneur');
      renderApp('/allotments');
      const held = await card('Plot VSP-A-12');
      expect(held).toHaveTextContent('Extensions used: 1 of 2');
      const user = userEvent.setup();
      await user.click(within(held).getByRole('button', { name: 'Ask for extension of time: Production to start' }));
      const dialog = await screen.findByRole('dialog', { name: 'Extension of time: Production to start' });
      await user.type(within(dialog).getByLabelText('Reason for the extension'), 'Machinery arrives late');
      await user.click(within(dialog).getByRole('button', { name: 'Ask for Extension' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      const after = await card('Plot VSP-A-12');
      await within(after).findByText(/Request SR-2026-000101 is open/);
      const production = within(after).getByText('Production to start').closest('li')!;
      expect(production).toHaveTextContent('Extensions used: 1 of 2');
      expect(production).toHaveTextContent('Request SR-2026-000101 is open (Submitted)');
      expect(within(production).getByRole('link', { name: 'Follow request SR-2026-000101' })).toHaveAttribute(
        'href',
        '/service-requests/f3000000-0000-4000-8000-000000000001',
      );
      expect(
        within(after).queryByRole('button', { name: 'Ask for extension of time: Production to start' }),
      ).not.toBeInTheDocument();
      // The other milestone is still offered.
      expect(
        within(after).getByRole('button', { name: 'Ask for extension of time: Construction to commence' }),
      ).toBeInTheDocument();
    }, 20_000);

    it('counts an extension asked for as the server does, and says an approved one waits for its fee', async () => {
      const [construction, production] = HELD.milestones as [Allotment['milestones'][0], Allotment['milestones'][0]];
      plotsServer([
        {
          ...ELIGIBLE,
          milestones: [
            { ...construction, extensions: 1, extensions_used: 2, extensions_left: 0 },
            { ...production, extensions: 0, extensions_used: 0 },
          ],
          services: ALL_ALLOWED.map((service) =>
            service.milestone === 'commence_construction'
              ? {
                  ...service,
                  allowed: false,
                  refusal: {
                    code: 'service_request_open',
                    params: { request_number: 'SR-2026-000102', status: 'approved' },
                  },
                  open_request: {
                    id: 'f4000000-0000-4000-8000-000000000001',
                    request_number: 'SR-2026-000102',
                    request_type: 'eot',
                    milestone: 'commence_construction',
                    status: 'approved',
                    submitted_at: '2026-10-01T10:00:00.000Z',
                    invoice_id: 'f5000000-0000-4000-8000-000000000001',
                  },
                }
              : service,
          ),
        },
      ]);
      signedInAs('entrepreneur');
      renderApp('/allotments');
      const held = await card('Plot VSP-A-12');
      const first = within(held).getByText('Construction to commence').closest('li')!;
      expect(first).toHaveTextContent('Extensions used: 2 of 2');
      expect(first).toHaveTextContent('Request SR-2026-000102 is approved and waits for its fee');
      expect(within(first).getByRole('link', { name: 'Pay the fee of request SR-2026-000102' })).toBeInTheDocument();
      expect(within(first).queryByRole('button')).not.toBeInTheDocument();
    });

    it('warns in the extension dialog when the new date is still past, and not when it is ahead', async () => {
      const [construction, production] = HELD.milestones as [Allotment['milestones'][0], Allotment['milestones'][0]];
      plotsServer([
        {
          ...ELIGIBLE,
          milestones: [
            { ...construction, due_on: '2024-06-01', extensions: 0, extensions_used: 0, extensions_left: 2 },
            { ...production, due_on: '2040-06-01' },
          ],
        },
      ]);
      signedInAs('entrepreneur');
      renderApp('/allotments');
      const held = await card('Plot VSP-A-12');
      const user = userEvent.setup();
      await user.click(
        within(held).getByRole('button', { name: 'Ask for extension of time: Construction to commence' }),
      );
      let dialog = await screen.findByRole('dialog', { name: 'Extension of time: Construction to commence' });
      expect(dialog).toHaveTextContent('If the extension is granted, it moves 12 months, to 1 Jun 2025.');
      expect(dialog).toHaveTextContent(
        'The new date, 1 Jun 2025, is already past: Construction to commence will still be late after this extension.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(within(held).getByRole('button', { name: 'Ask for extension of time: Production to start' }));
      dialog = await screen.findByRole('dialog', { name: 'Extension of time: Production to start' });
      expect(dialog).toHaveTextContent('to 1 Jun 2041.');
      expect(dialog).not.toHaveTextContent('already past');
    }, 20_000);
  });

  it('says when there are none, and offers My Applications', async () => {
    stubFetch();
    signedInAs('entrepreneur');
    renderApp('/allotments');
    expect(await screen.findByText(/You do not hold a plot yet/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Applications' })).toHaveAttribute('href', '/applications');
  });

  it("toasts 'Failed to load your plots' on failure and offers a retry", async () => {
    stubFetch((url) => (url.startsWith('/api/allotments') ? jsonResponse(403, { detail: 'no' }) : pageResponse([])));
    signedInAs('entrepreneur');
    renderApp('/allotments');
    expect(
      await screen.findByText('Failed to load your plots', { selector: '[data-title]' }, { timeout: 15_000 }),
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
