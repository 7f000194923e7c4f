// Service requests: the list's columns, the New Request dialog's defaults and rules, and what it sends.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ServiceRequest } from '@portal/contract';
import {
  jsonResponse,
  pageResponse,
  queryOf,
  renderApp,
  signedInAs,
  stubFetch,
  type FetchHandler,
} from '../../../test/render-app';

const REQUEST: ServiceRequest = {
  id: 'a1000000-0000-4000-8000-000000000001',
  request_number: 'SR-2026-000001',
  request_type: 'mortgage_noc',
  application_id: null,
  allotment_id: null,
  description: 'NOC for a term loan',
  fee_amount: 2500,
  status: 'submitted',
  submitted_at: '2026-02-10T10:00:00Z',
};
const APP_ID = 'c0000000-0000-4000-8000-000000000001';

async function open(handler: FetchHandler) {
  signedInAs('entrepreneur');
  const fetchMock = stubFetch(handler);
  renderApp('/service-requests');
  await screen.findByRole('heading', { level: 1, name: 'Service Requests' });
  return fetchMock;
}

describe('service requests', () => {
  it('lists number, status, type, fee, submitted date and description', async () => {
    const fetchMock = await open((url) =>
      url.startsWith('/api/service-requests?') ? pageResponse([REQUEST]) : pageResponse([]),
    );
    const table = await screen.findByRole('table', { name: 'Your service requests' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of [
      'SR-2026-000001',
      'SUBMITTED',
      'Mortgage NOC',
      '₹2,500',
      '10 Feb 2026',
      'NOC for a term loan',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(queryOf(String(fetchMock.mock.calls.at(-1)![0]))).toEqual({ limit: '50', sort: '-submitted_at' });
    expect(screen.getByRole('columnheader', { name: /Submitted on/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('opens New Request with type change_name and fee 0, requires a description, and sends empty links as null', async () => {
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
    expect(within(dialog).getByLabelText('Request type')).toHaveValue('change_name');
    expect(within(dialog).getByLabelText('Fee amount (₹)')).toHaveValue(0);
    expect(within(dialog).getByLabelText('Application (optional)')).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a description of your request');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Description'), 'Change the firm name');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Service request submitted successfully')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      request_type: 'change_name',
      application_id: null,
      allotment_id: null,
      description: 'Change the firm name',
      fee_amount: 0,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('links an own application and sends the chosen type and fee', async () => {
    const fetchMock = await open((url, init) => {
      if (url === '/api/service-requests' && init.method === 'POST') return jsonResponse(201, REQUEST);
      if (url.startsWith('/api/applications?'))
        return pageResponse([{ id: APP_ID, application_number: 'APP-2026-000001' }]);
      return pageResponse([]);
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    await user.selectOptions(within(dialog).getByLabelText('Request type'), 'eot');
    await user.selectOptions(await within(dialog).findByLabelText('Application (optional)'), APP_ID);
    await user.type(within(dialog).getByLabelText('Description'), 'Six more months');
    await user.clear(within(dialog).getByLabelText('Fee amount (₹)'));
    await user.type(within(dialog).getByLabelText('Fee amount (₹)'), '1500.50');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Service request submitted successfully');
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      request_type: 'eot',
      application_id: APP_ID,
      fee_amount: 1500.5,
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
    expect(searches.map((url) => queryOf(url))).toEqual([{ limit: '20', sort: '-created_at', q: '777' }]);
  });

  it("toasts 'Failed to submit request' when the server refuses without a detail", async () => {
    await open((url, init) => (init.method === 'POST' ? new Response('', { status: 502 }) : pageResponse([])));
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    await user.type(within(dialog).getByLabelText('Description'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Failed to submit request')).toBeInTheDocument();
  });

  it("leads with the spec's 'Failed to submit request' and adds the server's reason under it, keeping the draft", async () => {
    await open((url, init) =>
      init.method === 'POST' ? jsonResponse(404, { detail: 'Allotment not found' }) : pageResponse([]),
    );
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    await user.type(within(dialog).getByLabelText('Description'), 'Transfer to my son');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    const toast = (await screen.findByText('Failed to submit request')).closest('[data-sonner-toast]');
    expect(toast).toHaveTextContent('Allotment not found');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Transfer to my son');
  });
});
