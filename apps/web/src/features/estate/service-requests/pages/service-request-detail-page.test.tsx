// The applicant's service request page: status and what happens next, the request's facts (its particulars in words,
// a transfer's acceptance, the day it took effect and its order) and remarks, and paying the fee invoice of an
// approved request.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ServiceRequest } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import { APP_ID, APP_NUMBER, fakeServiceRequestApi, invoiceFixture, requestFixture } from '../test/fixtures';

async function open(
  state: Parameters<typeof fakeServiceRequestApi>[0],
  path = `/service-requests/${state.request.id}`,
) {
  signedInAs('entrepreneur');
  const api = fakeServiceRequestApi(state);
  const fetchMock = stubFetch(api.handler);
  const view = renderApp(path);
  return { ...api, fetchMock, ...view };
}

describe('service request detail (applicant)', () => {
  it('shows the status, what happens next, the facts and the application it is for', async () => {
    await open({ request: requestFixture({ updated_at: '2026-02-11T09:00:00Z' }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Service Request SR-2026-000001' }),
    ).toBeInTheDocument();
    expect(screen.getByText('SUBMITTED')).toBeInTheDocument();
    expect(screen.getByText('Your request is waiting for an officer to take it up.')).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Request details' });
    for (const text of [
      'Mortgage NOC',
      '₹2,360',
      '10 Feb 2026',
      '11 Feb 2026',
      'NOC for a term loan',
      'No remarks yet',
    ]) {
      expect(within(facts).getByText(text)).toBeInTheDocument();
    }
    expect(await within(facts).findByRole('link', { name: APP_NUMBER })).toHaveAttribute(
      'href',
      `/applications/${APP_ID}`,
    );
    expect(screen.queryByRole('region', { name: 'Fee invoice' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Service Requests' })).toHaveAttribute('href', '/service-requests');
  });

  it('names the milestone of an extension of time', async () => {
    await open({ request: requestFixture({ request_type: 'eot', milestone: 'commence_construction' }) });
    const facts = await screen.findByRole('region', { name: 'Request details' });
    expect(within(facts).getByText('Extension of time (EOT)')).toBeInTheDocument();
    expect(within(facts).getByText('Milestone').nextSibling).toHaveTextContent('Construction to commence');
  });

  it("says a transfer waits on its transferee's acceptance, with its particulars in words", async () => {
    await open({
      request: requestFixture({
        request_type: 'transfer',
        fee_amount: 0,
        particulars: { transferee_email: 'meena@example.com', legal_heir: true },
        transferee_accepted_at: null,
        allotment_number: 'ALT-2026-000007',
        asset_code: 'VSP-A-12',
      }),
    });
    expect(
      await screen.findByText(
        'Waiting for meena@example.com to accept the transfer in the portal. An officer can approve it only then.',
      ),
    ).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Request details' });
    const fact = (label: string) => within(facts).getByText(label).nextSibling;
    expect(fact("Transferee's email")).toHaveTextContent('meena@example.com');
    expect(fact('To a legal heir')).toHaveTextContent('Yes');
    expect(fact("Transferee's acceptance")).toHaveTextContent('Not yet accepted');
    expect(fact('Allotment')).toHaveTextContent('ALT-2026-000007 (VSP-A-12)');
    expect(within(facts).queryByText('Took effect on')).not.toBeInTheDocument();
    expect(within(facts).queryByRole('button', { name: /Download order/ })).not.toBeInTheDocument();
  });

  it('shows when a request took effect and downloads its order', async () => {
    const { fetchMock } = await open({
      request: requestFixture({
        request_type: 'subletting',
        status: 'approved',
        fee_amount: 250000,
        particulars: { sub_lessee: 'Coastal Packaging LLP', sublet_area: 250.5, months: 18 },
        took_effect_at: '2026-02-20T11:00:00Z',
        order_kind: 'subletting_permission',
      }),
    });
    expect(
      await screen.findByText('Your request took effect on 20 Feb 2026. Its order can be downloaded below.'),
    ).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Request details' });
    const fact = (label: string) => within(facts).getByText(label).nextSibling;
    expect(fact('Sub-lessee')).toHaveTextContent('Coastal Packaging LLP');
    expect(fact('Area sublet')).toHaveTextContent('250.5');
    expect(fact('Period')).toHaveTextContent('18 months');
    expect(fact('Took effect on')).toHaveTextContent('20 Feb 2026');
    const download = within(facts).getByRole('button', { name: 'Download order SR-2026-000001' });
    const user = userEvent.setup();
    await user.click(download);
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/service-requests/a1000000-0000-4000-8000-000000000001/order.pdf',
      ),
    );
  });

  it('asks for the particulars a request was raised without, checks them, and gives them (decision 021)', async () => {
    const { writes } = await open({
      request: requestFixture({ particulars: { lender: 'Andhra Bank' }, particulars_needed: ['loan_amount'] }),
    });
    expect(
      await screen.findByText(
        'An officer can take up your request once you give the particulars it still needs, below.',
      ),
    ).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Particulars needed' });
    expect(
      within(within(card).getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Loan amount in rupees']);
    // What was given stands in its box; what is missing is refused at its field before anything is sent.
    expect(within(card).getByLabelText('Lender')).toHaveValue('Andhra Bank');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Give particulars' }));
    // Said at the field and in the summary above the form.
    expect(await within(card).findAllByText('Enter the loan amount in rupees')).toHaveLength(2);
    expect(within(card).getByLabelText('Loan amount in rupees')).toHaveAttribute('aria-invalid', 'true');
    expect(writes).toEqual([]);

    await user.type(within(card).getByLabelText('Loan amount in rupees'), '50,00,000');
    await user.click(within(card).getByRole('button', { name: 'Give particulars' }));
    expect(await screen.findByText('Particulars given. Your request now waits for an officer.')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'PUT',
        url: '/api/service-requests/a1000000-0000-4000-8000-000000000001/particulars',
        body: { particulars: { lender: 'Andhra Bank', loan_amount: 5_000_000 } },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Particulars needed' })).not.toBeInTheDocument());
    expect(screen.getByText('Your request is waiting for an officer to take it up.')).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Request details' });
    expect(within(facts).getByText('Loan amount').nextSibling).toHaveTextContent('₹50,00,000');
  });

  it("puts the server's refusal of a particular at its field", async () => {
    signedInAs('entrepreneur');
    const request = requestFixture({ request_type: 'change_name', particulars: {}, particulars_needed: ['new_name'] });
    const api = fakeServiceRequestApi({ request });
    stubFetch((url, init) =>
      url.endsWith('/particulars')
        ? jsonResponse(422, {
            detail: 'particulars.new_name: The name is too long',
            code: 'validation_failed',
            errors: [{ path: 'body.particulars.new_name', message: 'The name is too long' }],
          })
        : api.handler(url, init),
    );
    renderApp(`/service-requests/${request.id}`);
    const card = await screen.findByRole('region', { name: 'Particulars needed' });
    const user = userEvent.setup();
    await user.type(within(card).getByLabelText('New name'), 'Renamed Works');
    await user.click(within(card).getByRole('button', { name: 'Give particulars' }));
    const box = within(card).getByLabelText('New name');
    await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('region', { name: 'Particulars needed' })).toBeInTheDocument();
  });

  it("shows a rejected request with the officer's remarks", async () => {
    await open({
      request: requestFixture({ status: 'rejected', remarks: 'The bank letter is not attested' }),
    });
    expect(await screen.findByText("Your request was rejected. The officer's remarks say why.")).toBeInTheDocument();
    expect(screen.getByText('The bank letter is not attested')).toBeInTheDocument();
  });

  it('pays the fee invoice of an approved request online: after confirming, the page leaves for the gateway', async () => {
    const invoice = invoiceFixture();
    const forms: HTMLFormElement[] = [];
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      forms.push(this);
    });
    const request = requestFixture({ status: 'approved', invoice_id: invoice.id });
    const { writes } = await open({ request, invoice });
    expect(
      await screen.findByText('Your request is approved. Pay the fee of ₹2,360 to complete it.'),
    ).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Fee invoice' });
    expect(await within(card).findByText('INV-2026-000042')).toBeInTheDocument();
    expect(within(card).getByText('PENDING')).toBeInTheDocument();
    expect(within(card).getByText('14 Mar 2026')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice INV-2026-000042' });
    expect(dialog).toHaveAccessibleDescription(
      'Pay ₹2,360 for invoice INV-2026-000042 online, or by a bank transfer that quotes a challan.',
    );
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹2,360 online' }));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(writes).toEqual([
      {
        method: 'POST',
        url: '/api/payments/orders',
        body: { invoice_id: invoice.id, origin: { route: 'serviceRequestDetail', id: request.id } },
      },
    ]);
    expect(forms[0]!.action).toBe('http://127.0.0.1:9/v1/checkout/embedded');
    expect(new FormData(forms[0]!).get('order_id')).toBe('order_T1');
    submit.mockRestore();
  });

  it('says a request without a fee is simply approved', async () => {
    await open({ request: requestFixture({ request_type: 'withdrawal', fee_amount: 0, status: 'approved' }) });
    expect(await screen.findByText('Your request is approved.')).toBeInTheDocument();
    expect(screen.getByText('No fee')).toBeInTheDocument();
  });

  it('goes back to the list with a toast when the request is not found', async () => {
    const state: { request: ServiceRequest } = { request: requestFixture() };
    const { router } = await open(state, '/service-requests/a1000000-0000-4000-8000-00000000ffff');
    expect(await screen.findByText('Service request not found')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/service-requests'));
  });
});
