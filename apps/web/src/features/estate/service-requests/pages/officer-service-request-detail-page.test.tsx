// An officer's service request page: the moves the lifecycle allows now and nothing else, remarks required to
// reject, approval billing the fee, and read-only staff seeing the request without moves.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Invoice, Role, ServiceRequest } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import { APP_ID, APP_NUMBER, fakeServiceRequestApi, invoiceFixture, requestFixture } from '../test/fixtures';

async function open(role: Role, state: { request: ServiceRequest; invoice?: Invoice }) {
  signedInAs(role);
  const api = fakeServiceRequestApi(state);
  stubFetch(api.handler);
  renderApp(`/officer/service-requests/${state.request.id}`);
  await screen.findByRole('heading', { level: 1, name: `Service Request ${state.request.request_number}` });
  return api;
}

const buttonNames = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('officer service request detail', () => {
  it('offers Start Work and Reject on a submitted request, then Approve and Reject once work has started', async () => {
    const { writes } = await open('zonal_manager', { request: requestFixture() });
    const panel = screen.getByRole('region', { name: 'Move this request on' });
    expect(buttonNames(panel)).toEqual(['Start Work', 'Reject Request']);
    expect(panel).toHaveTextContent('Start Work tells the applicant an officer is working on the request.');
    const facts = screen.getByRole('region', { name: 'Request details' });
    expect(await within(facts).findByRole('link', { name: APP_NUMBER })).toHaveAttribute(
      'href',
      `/officer/applications/${APP_ID}`,
    );

    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Start Work' }));
    expect(await screen.findByText('Request taken up')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'PATCH',
        url: '/api/service-requests/a1000000-0000-4000-8000-000000000001',
        body: { status: 'in_progress' },
      },
    ]);
    await waitFor(() =>
      expect(buttonNames(screen.getByRole('region', { name: 'Move this request on' }))).toEqual([
        'Approve Request',
        'Reject Request',
      ]),
    );
    expect(screen.getByText('Being worked on: approve or reject it.')).toBeInTheDocument();
  });

  it('offers only Reject while the applicant still owes particulars, and says what they owe', async () => {
    await open('zonal_manager', {
      request: requestFixture({ particulars: {}, particulars_needed: ['lender', 'loan_amount'] }),
    });
    expect(
      screen.getByText(
        'Waiting for the applicant to give: Lender, Loan amount in rupees. It can be taken up only then; it may be rejected meanwhile.',
      ),
    ).toBeInTheDocument();
    expect(buttonNames(screen.getByRole('region', { name: 'Move this request on' }))).toEqual(['Reject Request']);
  });

  it('needs the reason to reject, and sends it', async () => {
    const { writes } = await open('ho', { request: requestFixture({ status: 'in_progress' }) });
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: 'Move this request on' });
    await user.click(within(panel).getByRole('button', { name: 'Reject Request' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Enter the reason for rejecting the request, at least 5 characters',
    );
    expect(writes).toEqual([]);

    await user.type(within(panel).getByLabelText('Remarks'), '  Bank letter not attested ');
    await user.click(within(panel).getByRole('button', { name: 'Reject Request' }));
    expect(await screen.findByText('Request rejected')).toBeInTheDocument();
    expect(writes[0]!.body).toEqual({ status: 'rejected', remarks: 'Bank letter not attested' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Move this request on' })).not.toBeInTheDocument());
    expect(screen.getByText('Rejected. This decision is final.')).toBeInTheDocument();
    expect(screen.getByText('Bank letter not attested')).toBeInTheDocument();
  });

  it('says approval bills the fee, approves, and shows the fee invoice', async () => {
    const { writes } = await open('admin', { request: requestFixture({ status: 'in_progress' }) });
    const panel = screen.getByRole('region', { name: 'Move this request on' });
    expect(panel).toHaveTextContent('Approve Request bills the applicant a fee of ₹2,360, due in 30 days.');
    const user = userEvent.setup();
    await user.type(within(panel).getByLabelText('Remarks'), 'NOC issued');
    await user.click(within(panel).getByRole('button', { name: 'Approve Request' }));
    expect(await screen.findByText('Request approved')).toBeInTheDocument();
    expect(writes[0]!.body).toEqual({ status: 'approved', remarks: 'NOC issued' });
    const card = await screen.findByRole('region', { name: 'Fee invoice' });
    expect(await within(card).findByText('INV-2026-000042')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it("toasts the server's reason when the move is refused (someone else moved it first)", async () => {
    signedInAs('zonal_manager');
    const request = requestFixture({ status: 'in_progress' });
    stubFetch((url, init) =>
      init.method === 'PATCH'
        ? jsonResponse(409, { detail: 'The request is already approved and cannot be changed' })
        : url === `/api/service-requests/${request.id}`
          ? jsonResponse(200, request)
          : jsonResponse(200, []),
    );
    renderApp(`/officer/service-requests/${request.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve Request' }));
    const toast = (await screen.findByText('Failed to update the request')).closest('[data-toast]');
    expect(toast).toHaveTextContent('The request is already approved and cannot be changed');
  });

  it.each(['legal', 'finance'] as const)('shows %s the request without any move', async (role) => {
    await open(role, { request: requestFixture({ status: 'in_progress' }) });
    expect(screen.getByRole('region', { name: 'Request details' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Move this request on' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve|Reject|Start/ })).not.toBeInTheDocument();
  });

  it('offers no move on a final request, and shows its paid invoice', async () => {
    const invoice = invoiceFixture({ status: 'paid', paid_at: '2026-02-13T10:00:00Z' });
    await open('zonal_manager', { request: requestFixture({ status: 'approved', invoice_id: invoice.id }), invoice });
    expect(screen.getByText('Approved. This decision is final.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Move this request on' })).not.toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Fee invoice' });
    expect(await within(card).findByText('PAID')).toBeInTheDocument();
    expect(within(card).getByText('13 Feb 2026')).toBeInTheDocument();
  });
});
