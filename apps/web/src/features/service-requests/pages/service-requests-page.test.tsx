// Service requests: the list's columns and links, the New Request dialog's defaults, fee and rules, and what it sends.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  pageResponse,
  queryOf,
  renderApp,
  signedInAs,
  stubFetch,
  type FetchHandler,
} from '../../../test/render-app';
import { APP_ID, requestFixture } from '../test/fixtures';

const REQUEST = requestFixture();
const ALLOTMENT_ID = 'b1000000-0000-4000-8000-000000000001';

async function open(handler: FetchHandler) {
  signedInAs('entrepreneur');
  const fetchMock = stubFetch(handler);
  renderApp('/service-requests');
  await screen.findByRole('heading', { level: 1, name: 'Service Requests' });
  return fetchMock;
}

/** The applicant's one application in the picker; every other call an empty page. */
const withApplication = (url: string) =>
  url.startsWith('/api/applications?')
    ? pageResponse([{ id: APP_ID, application_number: 'APP-2026-000001' }])
    : pageResponse([]);

async function chooseApplication(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const application = within(dialog).getByRole('combobox', { name: 'Application' });
  await within(application).findByRole('option', { name: 'APP-2026-000001' });
  await user.selectOptions(application, APP_ID);
}

describe('service requests', () => {
  it('lists number, status, type, fee, submitted date and description, each number opening the request', async () => {
    const fetchMock = await open((url) =>
      url.startsWith('/api/service-requests?') ? pageResponse([REQUEST]) : pageResponse([]),
    );
    const table = await screen.findByRole('table', { name: 'Your service requests' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of [
      'SR-2026-000001',
      'SUBMITTED',
      'Mortgage NOC',
      '₹2,360',
      '10 Feb 2026',
      'NOC for a term loan',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(queryOf(String(fetchMock.mock.calls.at(-1)![0]))).toEqual({ limit: '50', sort: '-submitted_at' });
    expect(screen.getByRole('columnheader', { name: /Submitted on/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(row).getByRole('link', { name: 'SR-2026-000001' })).toHaveAttribute(
      'href',
      `/service-requests/${REQUEST.id}`,
    );
  });

  it('opens New Request on change_name with its fee shown, needs an application for a fee and a description, and sends no fee', async () => {
    const fetchMock = await open((url, init) => {
      if (url === '/api/service-requests' && init.method === 'POST')
        return jsonResponse(201, { ...REQUEST, id: 'a1000000-0000-4000-8000-000000000002' });
      if (url.startsWith('/api/applications?'))
        return pageResponse([{ id: APP_ID, application_number: 'APP-2026-000001' }]);
      return pageResponse([]);
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No service requests yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New Request' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    const type = within(dialog).getByLabelText('Request type');
    expect(type).toHaveValue('change_name');
    expect(type).toHaveAccessibleDescription(
      'Fee ₹5,900 (GST included), billed to the application when the request is approved.',
    );
    expect(within(dialog).queryByLabelText(/Fee amount/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Application')).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    const summary = within(dialog).getByRole('alert');
    expect(summary).toHaveTextContent('Choose the application this request is for');
    expect(summary).toHaveTextContent('Enter a description of your request');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // A surrender has no fee but is asked for on an allotment.
    await user.selectOptions(type, 'withdrawal');
    expect(type).toHaveAccessibleDescription(
      'There is no fee for this request. It is asked for on one of your plots: choose its allotment (My plots offers it on each plot).',
    );
    expect(within(dialog).getByLabelText('Application')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Description'), 'Surrender my plot');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the allotment this request is for');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // A fixed fee goes to the application chosen; no fee amount is sent.
    await user.selectOptions(type, 'change_name');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Application' }), APP_ID);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Service request submitted successfully')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      request_type: 'change_name',
      application_id: APP_ID,
      allotment_id: null,
      description: 'Surrender my plot',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('links an own application and sends the chosen type, showing its fee', async () => {
    const fetchMock = await open((url, init) => {
      if (url === '/api/service-requests' && init.method === 'POST') return jsonResponse(201, REQUEST);
      if (url.startsWith('/api/applications?'))
        return pageResponse([{ id: APP_ID, application_number: 'APP-2026-000001' }]);
      if (url.startsWith('/api/allotments?') && queryOf(url).application_id === APP_ID)
        return pageResponse([{ id: ALLOTMENT_ID, allotment_number: 'ALT-2026-000001' }]);
      return pageResponse([]);
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    await user.selectOptions(within(dialog).getByLabelText('Request type'), 'eot');
    expect(
      within(dialog).getByText(/Fee 2% of the plot's valuation per year of extension, billed to the application/),
    ).toBeInTheDocument();
    const application = within(dialog).getByRole('combobox', { name: 'Application' });
    await within(application).findByRole('option', { name: 'APP-2026-000001' });
    await user.selectOptions(application, APP_ID);
    await user.type(within(dialog).getByLabelText('Description'), 'Six more months');
    // An extension of time names its allotment and milestone.
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    const summary = within(dialog).getByRole('alert');
    expect(summary).toHaveTextContent('Choose the allotment this request is for');
    expect(summary).toHaveTextContent('Choose the milestone to extend');
    const allotment = within(dialog).getByRole('combobox', { name: 'Allotment' });
    await within(allotment).findByRole('option', { name: 'ALT-2026-000001' });
    await user.selectOptions(allotment, ALLOTMENT_ID);
    await user.selectOptions(within(dialog).getByLabelText('Milestone'), 'start_production');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Service request submitted successfully');
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      request_type: 'eot',
      application_id: APP_ID,
      allotment_id: ALLOTMENT_ID,
      milestone: 'start_production',
      description: 'Six more months',
    });
  });

  it('finds an application to link by asking the server, once per pause in typing', async () => {
    const fetchMock = await open((url) => {
      if (!url.startsWith('/api/applications?')) return pageResponse([]);
      const q = queryOf(url).q;
      return q
        ? pageResponse([{ id: APP_ID, application_number: 'APP-2026-000777' }])
        : pageResponse([{ id: 'other', application_number: 'APP-2026-000001' }], { total: 312 });
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    expect(await within(dialog).findByText('The first 1 of 312: search to find others')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: /Find an application/ }), '777');
    const select = within(dialog).getByRole('combobox', { name: /^Application/ });
    await within(select).findByRole('option', { name: 'APP-2026-000777' });
    const searches = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/applications?') && queryOf(url).q);
    expect(searches.map((url) => queryOf(url))).toEqual([{ limit: '50', sort: '-created_at', q: '777' }]);
  });

  it("says 'Failed to submit request' in the dialog when the server refuses without a detail", async () => {
    await open((url, init) => (init.method === 'POST' ? new Response('', { status: 502 }) : withApplication(url)));
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    await chooseApplication(user, dialog);
    await user.type(within(dialog).getByLabelText('Description'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to submit request$/);
    expect(screen.queryByText('Failed to submit request', { selector: '[data-title]' })).toBeNull();
  });

  it("leads with the spec's 'Failed to submit request' and adds the server's reason, in the dialog, keeping the draft", async () => {
    await open((url, init) =>
      init.method === 'POST' ? jsonResponse(404, { detail: 'Allotment not found' }) : withApplication(url),
    );
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    await chooseApplication(user, dialog);
    await user.type(within(dialog).getByLabelText('Description'), 'Transfer to my son');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to submit request: Allotment not found');
    expect(document.querySelector('[data-toast]')).toBeNull();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Transfer to my son');
  });
});
