// The entrepreneur's application detail: header actions by status, the Right now card, the seven tabs, submitting a
// draft (after a confirmation), paying an invoice, viewing a receipt, replacing a rejected document, answering a
// query, the coded timeline, the lease deed upload rules, the letters, and the refusal of an application that is not
// theirs.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Allotment, Application, GatewayCheckout, LeaseDeed, Possession } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch, type FetchHandler } from '../../../../test/render-app';
import { ASSET, PROFILE, application, document, event, fakeXhr, invoice, payment, query } from '../test/fixtures';

/** What POST /payments/orders answers: the order and the gateway's hosted checkout. */
const checkoutFor = (invoiceId: string, applicationId: string): GatewayCheckout => ({
  order: {
    id: '70000000-0000-4000-8000-000000000001',
    invoice_id: invoiceId,
    invoice_number: 'INV-2026-000001',
    application_id: applicationId,
    gateway: 'razorpay',
    test_mode: true,
    gateway_order_id: 'order_TEST1',
    amount: 11800,
    interest: 0,
    status: 'created',
    settled_via: null,
    mismatch_code: null,
    payment_id: null,
    created_at: '2026-02-02T10:00:00Z',
    settled_at: null,
  },
  checkout: {
    action: 'http://127.0.0.1:9/v1/checkout/embedded',
    fields: { key_id: 'rzp_test', order_id: 'order_TEST1' },
  },
});

const ALLOTMENT = (app: Application): Allotment => ({
  id: '90000000-0000-4000-8000-000000000001',
  application_id: app.id,
  asset_id: ASSET.id,
  allotment_number: 'ALT-2026-000001',
  allotment_type: 'provisional',
  allotment_date: '2026-03-01',
  expiry_date: '2026-09-01',
  status: 'active',
  letter_generated: true,
  created_at: '2026-03-01T10:00:00Z',
  holder_user_id: '00000000-0000-4000-8000-000000000001',
  possession_date: null,
  lease_ends_on: null,
  ended_on: null,
  refund_due: null,
  milestones: [],
  services_allowed: [],
  services: [],
});

interface Scenario {
  app: Application;
  allotment?: Allotment;
  leaseDeed?: LeaseDeed;
  possession?: Possession;
  overrides?: Record<string, (init: RequestInit) => Response | Promise<Response>>;
}

function handlerFor({ app, allotment, leaseDeed, possession, overrides = {} }: Scenario): FetchHandler {
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    if (overrides[key]) return overrides[key]!(init) as Response;
    switch (key) {
      case `GET /api/applications/${app.id}`:
        return jsonResponse(200, app);
      case `GET /api/assets/${ASSET.id}`:
        return jsonResponse(200, ASSET);
      case 'GET /api/applicants/me':
        return jsonResponse(200, PROFILE);
      case `GET /api/applications/${app.id}/timeline?sort=-timestamp`:
        return jsonResponse(200, [
          event({
            id: 'f0000000-0000-4000-8000-000000000002',
            action: 'Payment verified',
            user_role: 'SYSTEM',
            user_name: 'SYSTEM',
            details: 'All invoices are paid',
          }),
          event(),
        ]);
      case `GET /api/allotments?application_id=${app.id}`:
        return jsonResponse(200, allotment ? [allotment] : []);
    }
    if (allotment && key === `GET /api/allotments/${allotment.id}/lease-deed`)
      return leaseDeed ? jsonResponse(200, leaseDeed) : jsonResponse(404, { detail: 'No lease deed' });
    if (allotment && key === `GET /api/allotments/${allotment.id}/possession`)
      return possession ? jsonResponse(200, possession) : jsonResponse(404, { detail: 'No possession' });
    return jsonResponse(200, []);
  };
}

const rightNowCard = () => screen.getByRole('region', { name: 'Right now' });

async function openDetail(scenario: Scenario) {
  signedInAs('entrepreneur');
  const fetchMock = stubFetch(handlerFor(scenario));
  const rendered = renderApp(`/applications/${scenario.app.id}`);
  await screen.findByRole('heading', { level: 1, name: scenario.app.application_number });
  return { ...rendered, fetchMock };
}

describe('application detail', () => {
  it('shows number, stage and badge, with Print and Submit Application for a draft, and the seven tabs', async () => {
    const draft = application({ status: 'draft', current_stage: 'Draft' });
    await openDetail({ app: draft });
    expect(screen.getAllByText('DRAFT').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Draft').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /upload lease deed/i })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Details',
      'Asset Info',
      'Documents',
      'Queries',
      'Payments',
      'Allotment & Possession',
      'Timeline',
    ]);
  });

  it('offers no Submit Application once submitted, and Print calls window.print', async () => {
    const submitted = application({ status: 'submitted', current_stage: 'Submitted for scrutiny' });
    await openDetail({ app: submitted });
    expect(screen.queryByRole('button', { name: 'Submit Application' })).not.toBeInTheDocument();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    // The print view holds the applicant, application, asset, invoices and timeline.
    const printView = screen.getByTestId('print-view');
    expect(printView).toHaveTextContent('Kumar Precision Components Pvt Ltd');
    expect(printView).toHaveTextContent(submitted.application_number);
    await waitFor(() => expect(printView).toHaveTextContent('HYD-LA-001'));
    for (const heading of ['Applicant', 'Application', 'Asset', 'Documents', 'Invoices', 'Payments', 'Timeline']) {
      expect(within(printView).getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
  });

  it('asks before submitting a draft: the dialog says what will happen, and Cancel sends nothing', async () => {
    const draft = application({ status: 'draft' });
    const { fetchMock } = await openDetail({ app: draft });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    const confirm = await screen.findByRole('dialog', { name: `Submit application ${draft.application_number}` });
    expect(confirm).toHaveTextContent(
      'Your application will be sent for scrutiny and the processing fee and EMD invoices will be generated.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/applications/${draft.id}/submit`)).toBe(false);
  });

  it("submits a draft once confirmed, showing 'Submitting...' meanwhile, then the message that invoices were generated", async () => {
    const draft = application({ status: 'draft' });
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = await openDetail({
      app: draft,
      overrides: {
        [`POST /api/applications/${draft.id}/submit`]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    const confirm = await screen.findByRole('dialog', { name: `Submit application ${draft.application_number}` });
    await user.click(within(confirm).getByRole('button', { name: 'Submit Application' }));
    expect(await within(confirm).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    answer(
      jsonResponse(200, {
        message: 'Application submitted successfully. Invoices have been generated.',
        application: { ...draft, status: 'submitted' },
        invoices_generated: 2,
      }),
    );
    expect(
      await screen.findByText('Application submitted successfully. Invoices have been generated.'),
    ).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === `/api/applications/${draft.id}/submit` && init?.method === 'POST',
      ),
    ).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's detail when submitting fails", async () => {
    const draft = application({ status: 'draft' });
    await openDetail({
      app: draft,
      overrides: {
        [`POST /api/applications/${draft.id}/submit`]: () =>
          jsonResponse(409, { detail: 'Only a draft application can be submitted' }),
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Only a draft application can be submitted')).toBeInTheDocument();
  });

  it('asks nothing more of a rejected or withdrawn application: no amount or "more unpaid" on its card, no Pay Now', async () => {
    for (const status of ['rejected', 'withdrawn'] as const) {
      const ended = application({ status });
      // Invoices the list still shows unpaid (raised before the rule cancelled them, or read a moment before).
      const fee = invoice(ended.id);
      const premium = invoice(ended.id, {
        id: 'd0000000-0000-4000-8000-000000000003',
        invoice_number: 'INV-2026-000003',
        invoice_type: 'premium_instalment',
        amount: 476_800,
      });
      const { unmount } = await openDetail({
        app: ended,
        overrides: { [`GET /api/invoices?application_id=${ended.id}`]: () => jsonResponse(200, [fee, premium]) },
      });
      const user = userEvent.setup();
      await user.click(screen.getByRole('tab', { name: 'Payments' }));
      const invoices = await screen.findByRole('table', { name: 'Invoices for this application' });
      expect(within(invoices).getByText('₹4,76,800')).toBeInTheDocument();
      expect(within(invoices).queryByRole('button', { name: /Pay Now/ })).toBeNull();
      const card = rightNowCard();
      expect(card).not.toHaveTextContent(/unpaid|INV-2026|₹/);
      expect(within(card).queryByRole('button', { name: /Pay/ })).toBeNull();
      unmount();
    }
  });

  it('lists invoices with Pay Now while pending, sends the browser to the gateway with the order the server made, and lists the payment history', async () => {
    const submitted = application({ status: 'submitted' });
    const pending = invoice(submitted.id);
    const paid = invoice(submitted.id, {
      id: 'd0000000-0000-4000-8000-000000000002',
      invoice_number: 'INV-2026-000002',
      invoice_type: 'emd',
      amount: 150000,
      status: 'paid',
      paid_at: '2026-02-02T00:00:00Z',
    });
    const submitted_forms: HTMLFormElement[] = [];
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted_forms.push(this);
    });
    const { fetchMock } = await openDetail({
      app: submitted,
      overrides: {
        [`GET /api/invoices?application_id=${submitted.id}`]: () => jsonResponse(200, [pending, paid]),
        [`GET /api/payments?application_id=${submitted.id}`]: () =>
          jsonResponse(200, [payment(submitted.id, paid.id, { amount: 150000 })]),
        'POST /api/payments/orders': () => jsonResponse(201, checkoutFor(pending.id, submitted.id)),
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    const invoices = await screen.findByRole('table', { name: 'Invoices for this application' });
    expect(within(invoices).getByText('₹11,800')).toBeInTheDocument();
    expect(within(invoices).getByText('PENDING')).toBeInTheDocument();
    expect(within(invoices).getByText('PAID')).toBeInTheDocument();
    expect(within(invoices).getAllByRole('button', { name: /Pay Now/ })).toHaveLength(1);
    const history = screen.getByRole('table', { name: 'Payments made for this application' });
    expect(within(history).getByText('RCP-2026-000001')).toBeInTheDocument();
    expect(within(history).getByText('SUCCESS')).toBeInTheDocument();

    await user.click(within(invoices).getByRole('button', { name: 'Pay Now INV-2026-000001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Pay invoice INV-2026-000001' });
    await user.click(within(confirm).getByRole('button', { name: 'Pay ₹11,800 online' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    // The page leaves for the gateway's hosted checkout with the order's fields, by POST, as the gateway asks.
    const form = submitted_forms[0]!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('http://127.0.0.1:9/v1/checkout/embedded');
    expect(new FormData(form).get('order_id')).toBe('order_TEST1');
    const [, init] = fetchMock.mock.calls.find(
      ([url, call]) => url === '/api/payments/orders' && call?.method === 'POST',
    )!;
    // Only the invoice and where the payment started go up: the amount is the server's.
    expect(JSON.parse(String(init!.body))).toEqual({
      invoice_id: pending.id,
      origin: { route: 'applicationDetail', id: submitted.id },
    });
    expect(fetchMock.mock.calls.some(([url, call]) => url === '/api/payments' && call?.method === 'POST')).toBe(false);
    submit.mockRestore();
  });

  it('opens the receipt of a successful payment from the payment history', async () => {
    const submitted = application({ status: 'submitted' });
    const paid = invoice(submitted.id, { invoice_type: 'emd', amount: 150000, status: 'paid' });
    await openDetail({
      app: submitted,
      overrides: {
        [`GET /api/invoices?application_id=${submitted.id}`]: () => jsonResponse(200, [paid]),
        [`GET /api/payments?application_id=${submitted.id}`]: () =>
          jsonResponse(200, [
            payment(submitted.id, paid.id, { amount: 150000 }),
            payment(submitted.id, paid.id, {
              id: 'e0000000-0000-4000-8000-000000000009',
              receipt_number: 'RCP-2026-000009',
              status: 'failed',
            }),
          ]),
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    const history = await screen.findByRole('table', { name: 'Payments made for this application' });
    // Only a successful payment has a receipt.
    expect(within(history).getAllByRole('button', { name: /^View Receipt/ })).toHaveLength(1);
    await user.click(within(history).getByRole('button', { name: 'View Receipt RCP-2026-000001' }));
    const receipt = await screen.findByRole('dialog', { name: 'Payment Receipt' });
    expect(receipt).toHaveTextContent('RCP-2026-000001');
    expect(receipt).toHaveTextContent('Kumar Precision Components Pvt Ltd');
    expect(receipt).toHaveTextContent(submitted.application_number);
    expect(receipt).toHaveTextContent('INV-2026-000001');
    expect(receipt).toHaveTextContent('Earnest money deposit (EMD)');
    expect(receipt).toHaveTextContent('₹1,50,000');
    await user.click(within(receipt).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says the payment could not be started when the server fails without a word, and that the bank is unreachable on gateway_unavailable', async () => {
    const submitted = application({ status: 'submitted' });
    let answer = (): Response => new Response('', { status: 502 });
    await openDetail({
      app: submitted,
      overrides: {
        [`GET /api/invoices?application_id=${submitted.id}`]: () => jsonResponse(200, [invoice(submitted.id)]),
        'POST /api/payments/orders': () => answer(),
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    await user.click(await screen.findByRole('button', { name: 'Pay Now INV-2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice INV-2026-000001' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹11,800 online' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment could not be started.');
    answer = () =>
      jsonResponse(503, { detail: 'The payment gateway could not be reached', code: 'gateway_unavailable' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹11,800 online' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        "The bank's payment page cannot be reached just now.",
      ),
    );
  });

  it('asks before paying: the dialog states the amount, the invoice and both ways to pay, and Close pays nothing', async () => {
    const submitted = application({ status: 'submitted' });
    const { fetchMock } = await openDetail({
      app: submitted,
      overrides: {
        [`GET /api/invoices?application_id=${submitted.id}`]: () => jsonResponse(200, [invoice(submitted.id)]),
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    await user.click(await screen.findByRole('button', { name: 'Pay Now INV-2026-000001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Pay invoice INV-2026-000001' });
    expect(confirm).toHaveAccessibleDescription(
      'Pay ₹11,800 for invoice INV-2026-000001 online, or by a bank transfer that quotes a challan.',
    );
    expect(within(confirm).getByText('Processing fee (with GST)')).toBeInTheDocument();
    expect(within(confirm).getByRole('heading', { name: 'Pay online' })).toBeInTheDocument();
    expect(within(confirm).getByRole('heading', { name: /bank transfer/i })).toBeInTheDocument();
    await user.click(within(confirm).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the interest on arrears of a late yearly dues invoice and asks the total', async () => {
    const submitted = application({ status: 'possession_given' });
    const late = invoice(submitted.id, {
      invoice_type: 'lease_rent',
      amount: 1000,
      interest: 12.5,
      amount_due: 1012.5,
      status: 'overdue',
    });
    await openDetail({
      app: submitted,
      overrides: { [`GET /api/invoices?application_id=${submitted.id}`]: () => jsonResponse(200, [late]) },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    await user.click(await screen.findByRole('button', { name: 'Pay Now INV-2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice INV-2026-000001' });
    expect(within(dialog).getByText('Interest on arrears to today')).toBeInTheDocument();
    expect(within(dialog).getByText('₹12.50')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay ₹1,012.50 online' })).toBeInTheDocument();
  });

  it("toasts 'Failed to load data' when a tab's list fails, and the tab offers a retry", async () => {
    const submitted = application({ status: 'submitted' });
    await openDetail({
      app: submitted,
      overrides: {
        [`GET /api/invoices?application_id=${submitted.id}`]: () => jsonResponse(500, { detail: 'boom' }),
      },
    });
    // Still on Details: the Payments tab is not shown, so this text can only be the toast.
    const toast = await screen.findByText('Failed to load data', undefined, { timeout: 15_000 });
    expect(toast.closest('[data-toast]')).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Payments' }));
    expect(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the timeline latest first, with the role or SYSTEM', async () => {
    const submitted = application({ status: 'submitted' });
    await openDetail({ app: submitted });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    const panel = screen.getByRole('tabpanel');
    const items = await within(panel).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Payment verified');
    expect(items[0]).toHaveTextContent('SYSTEM');
    expect(items[1]).toHaveTextContent('Application created');
    expect(items[1]).toHaveTextContent('ENTREPRENEUR');
    expect(items[1]).toHaveTextContent('by Ravi Kumar');
  });

  it("offers Upload lease deed with an allotment and no deed, asks 'Please select a file', and sends the PDF", async () => {
    const allotted = application({ status: 'provisional_allotment', current_stage: 'Provisional allotment' });
    const allotment = ALLOTMENT(allotted);
    await openDetail({ app: allotted, allotment });
    const user = userEvent.setup();
    await user.click(await within(rightNowCard()).findByRole('button', { name: 'Upload lease deed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Lease Deed' });
    expect(dialog).toHaveTextContent('Lease deed (PDF) (required)');
    const input = within(dialog).getByLabelText('Choose file for Lease deed (PDF)');
    expect(input).toHaveAttribute('accept', '.pdf');
    expect(input).toHaveAccessibleDescription('Accepted types: PDF. Maximum size 5 MB.');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    // In the summary, which leads to the file button, and in the drop zone.
    expect(within(dialog).getAllByText('Please select a file')).toHaveLength(2);
    expect(
      within(within(dialog).getByRole('alert')).getByRole('link', { name: 'Please select a file' }),
    ).toHaveAttribute('href', `#${input.id}`);
    expect(input).toHaveAccessibleDescription('Accepted types: PDF. Maximum size 5 MB. Please select a file');

    // Too large: the spec's message. A chosen file can be removed before sending.
    const tooLarge = new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(tooLarge, 'size', { value: 5242881 });
    await user.upload(input, tooLarge);
    expect(within(dialog).getAllByText('File size should not exceed 5MB')).toHaveLength(2);
    await user.upload(input, new File(['%PDF-1.4'], 'draft-deed.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByText('draft-deed.pdf')).toBeInTheDocument();
    expect(within(dialog).queryByText('File size should not exceed 5MB')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove the chosen lease deed file' }));
    expect(within(dialog).queryByText('draft-deed.pdf')).not.toBeInTheDocument();

    const { FakeXhr, sent } = fakeXhr(() => ({ status: 201, body: {} }));
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await user.upload(input, new File(['%PDF-1.4'], 'lease-deed.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Lease deed uploaded successfully')).toBeInTheDocument();
    expect(sent.map((call) => call.url)).toEqual([`/api/allotments/${allotment.id}/lease-deed`]);
    expect((sent[0]!.body.get('file') as File).name).toBe('lease-deed.pdf');
  });

  it('hides Upload lease deed while a deed is pending, and shows its verification status', async () => {
    // Uploading the deed moved the application to lease_submitted (the server's submit_lease_deed event).
    const submittedDeed = application({ status: 'lease_submitted' });
    const allotment = ALLOTMENT(submittedDeed);
    await openDetail({
      app: submittedDeed,
      allotment,
      leaseDeed: {
        id: '91000000-0000-4000-8000-000000000001',
        allotment_id: allotment.id,
        file_name: 'deed.pdf',
        submission_date: '2026-03-10T00:00:00Z',
        verification_status: 'pending',
        remarks: null,
        verified_at: null,
        esigned_by: null,
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Allotment & Possession' }));
    expect(await screen.findByText('ALT-2026-000001')).toBeInTheDocument();
    expect(screen.getByText('PENDING')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /upload lease deed/i })).not.toBeInTheDocument();
    expect(rightNowCard()).toHaveTextContent('Your lease deed is with the zonal office for verification.');
  });

  it('opens the allotment letter and, once possession is recorded, the possession certificate', async () => {
    const possessed = application({ status: 'possession_given' });
    const allotment = {
      ...ALLOTMENT(possessed),
      allotment_type: 'final' as const,
      possession_date: '2026-04-10',
      lease_ends_on: '2125-04-10',
      milestones: [
        {
          kind: 'commence_construction' as const,
          due_on: '2027-04-10',
          met_on: null,
          extensions: 0,
          extensions_used: 0,
          extensions_left: 2,
          days_left: -3,
          late: true,
        },
      ],
    };
    await openDetail({
      app: possessed,
      allotment,
      leaseDeed: {
        id: '91000000-0000-4000-8000-000000000001',
        allotment_id: allotment.id,
        file_name: 'deed.pdf',
        submission_date: '2026-03-10T00:00:00Z',
        verification_status: 'approved',
        remarks: null,
        verified_at: '2026-03-12T00:00:00Z',
        esigned_by: null,
      },
      possession: {
        id: 'abcdef12-3456-4789-8abc-def012345678',
        allotment_id: allotment.id,
        certificate_number: 'ABCDEF12-345',
        possession_date: '2026-04-10',
        area_verified: 2,
        boundary_marked: true,
        remarks: null,
        created_at: '2026-04-10T00:00:00Z',
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Allotment & Possession' }));
    await user.click(await screen.findByRole('button', { name: 'View Allotment Letter' }));
    const letter = await screen.findByRole('dialog', { name: 'Final Allotment Letter' });
    expect(letter).toHaveTextContent(`Reference: Your application No. ${possessed.application_number}`);
    expect(letter).toHaveTextContent('Kumar Precision Components Pvt Ltd');
    await user.click(within(letter).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await user.click(await screen.findByRole('button', { name: 'View Possession Certificate' }));
    expect(await screen.findByRole('dialog', { name: 'Possession Certificate' })).toHaveTextContent(
      'Certificate No. ABCDEF12-345',
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Possession Certificate' }))
        .getAllByRole('button', { name: 'Close' })
        .at(-1)!,
    );
    // Once possession is given: the lease's end and the milestones, a late one in words.
    const milestones = screen.getByRole('heading', { level: 2, name: 'Milestones' }).closest('section')!;
    expect(milestones).toHaveTextContent('The lease runs until 10 Apr 2125.');
    expect(milestones).toHaveTextContent(
      'Construction to commenceDue on 10 Apr 2027Late by 3 daysExtensions used: 0 of 2',
    );
  });

  it(
    'downloads the acknowledgment, a receipt, the allotment letter and the certificate as the issued PDFs',
    { timeout: 20_000 },
    async () => {
      const possessed = application({ status: 'possession_given' });
      const allotment = { ...ALLOTMENT(possessed), allotment_type: 'final' as const };
      const paid = invoice(possessed.id, { invoice_type: 'emd', amount: 150000, status: 'paid' });
      const receipt = payment(possessed.id, paid.id, { amount: 150000 });
      const pdf = () =>
        new Response('%PDF-1.7 issued', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      const downloads: string[] = [];
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
      const { fetchMock } = await openDetail({
        app: possessed,
        allotment,
        possession: {
          id: 'abcdef12-3456-4789-8abc-def012345678',
          allotment_id: allotment.id,
          certificate_number: 'ABCDEF12-345',
          possession_date: '2026-04-10',
          area_verified: 2,
          boundary_marked: true,
          remarks: null,
          created_at: '2026-04-10T00:00:00Z',
        },
        overrides: {
          [`GET /api/invoices?application_id=${possessed.id}`]: () => jsonResponse(200, [paid]),
          [`GET /api/payments?application_id=${possessed.id}`]: () => jsonResponse(200, [receipt]),
          [`GET /api/applications/${possessed.id}/acknowledgment.pdf`]: pdf,
          [`GET /api/payments/${receipt.id}/receipt.pdf`]: pdf,
          [`GET /api/allotments/${allotment.id}/letter.pdf`]: pdf,
          [`GET /api/allotments/${allotment.id}/possession/certificate.pdf`]: pdf,
        },
      });
      const user = userEvent.setup();
      await user.click(
        screen.getByRole('button', { name: `Acknowledgment PDF: application ${possessed.application_number}` }),
      );
      await user.click(screen.getByRole('tab', { name: 'Payments' }));
      await user.click(await screen.findByRole('button', { name: `Download PDF: receipt ${receipt.receipt_number}` }));
      await user.click(screen.getByRole('tab', { name: 'Allotment & Possession' }));
      await user.click(
        await screen.findByRole('button', { name: `Download PDF: allotment letter ${allotment.allotment_number}` }),
      );
      await user.click(
        await screen.findByRole('button', { name: 'Download PDF: possession certificate ABCDEF12-345' }),
      );
      await waitFor(() => expect(downloads).toHaveLength(4));
      expect(downloads).toEqual([
        `acknowledgment-${possessed.application_number}.pdf`,
        `receipt-${receipt.receipt_number}.pdf`,
        `allotment-letter-${allotment.allotment_number}.pdf`,
        'possession-certificate-ABCDEF12-345.pdf',
      ]);
      const pdfCalls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.endsWith('.pdf'));
      expect(pdfCalls).toHaveLength(4);
    },
  );

  it('offers no acknowledgment for a draft, and masks the bank account in the print view', async () => {
    await openDetail({ app: application({ status: 'draft' }) });
    expect(screen.queryByRole('button', { name: /^Acknowledgment PDF/ })).not.toBeInTheDocument();
    const printView = screen.getByTestId('print-view');
    await waitFor(() => expect(printView).toHaveTextContent('XXXXXXX6789'));
    expect(printView).not.toHaveTextContent('30123456789');
  });

  it("answers an application that is not the user's with 'Failed to load application details' and My Applications", async () => {
    signedInAs('entrepreneur');
    stubFetch(() => jsonResponse(404, { detail: 'Application not found' }));
    const { router } = renderApp('/applications/c0000000-0000-4000-8000-000000000999');
    expect(await screen.findByText('Failed to load application details')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications'));
  });
});

describe('application detail: right now and the case loop', () => {
  const PREMIUM = (app: Application) =>
    invoice(app.id, {
      id: 'd0000000-0000-4000-8000-000000000009',
      invoice_number: 'INV-2026-000009',
      invoice_type: 'premium_instalment',
      amount: 546800,
      due_date: '2026-12-05',
    });

  it('asks for payment at pending payment with the amount and the date, and the button opens the pay dialog', async () => {
    const pending = application({ status: 'pending_payment', stage_due_on: '2026-12-20' });
    await openDetail({
      app: pending,
      overrides: {
        [`GET /api/invoices?application_id=${pending.id}`]: () =>
          jsonResponse(200, [
            PREMIUM(pending),
            invoice(pending.id, { status: 'paid' }),
            invoice(pending.id, {
              id: 'd0000000-0000-4000-8000-000000000010',
              invoice_number: 'INV-2026-000010',
              amount: 1000,
              due_date: '2026-12-20',
            }),
          ]),
      },
    });
    const card = rightNowCard();
    // The sentence names the invoice the button pays, with the button's amount; the other is counted, not added in.
    expect(
      await within(card).findByText(
        'Please pay invoice INV-2026-000009 of ₹5,46,800 to move your application on to allotment.',
      ),
    ).toBeVisible();
    expect(card).toHaveTextContent('After it, 1 more invoice is unpaid.');
    expect(card).not.toHaveTextContent('₹5,47,800');
    expect(card).toHaveTextContent('Please do this by 5 Dec 2026.');
    expect(card).toHaveTextContent('Waiting on:You');
    expect(card).toHaveTextContent('Next:Payment verified');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Pay ₹5,46,800 now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Pay invoice INV-2026-000009' });
    expect(within(confirm).getByText('First premium instalment')).toBeInTheDocument();
  });

  it('says at final allotment that the lease deed is wanted, then, once approved, that possession comes next', async () => {
    const final = application({ status: 'final_allotment' });
    const allotment = { ...ALLOTMENT(final), allotment_type: 'final' as const };
    const { unmount } = await openDetail({ app: final, allotment });
    expect(
      await within(rightNowCard()).findByText('You have an allotment. Upload the executed lease deed to proceed.'),
    ).toBeInTheDocument();
    expect(rightNowCard()).toHaveTextContent('Please do this by 4 Dec 2026.');
    expect(within(rightNowCard()).getByRole('button', { name: 'Upload lease deed' })).toBeInTheDocument();
    unmount();

    const deedApproved = { ...final, waiting_on: 'zonal_manager' as const };
    await openDetail({
      app: deedApproved,
      allotment,
      leaseDeed: {
        id: '91000000-0000-4000-8000-000000000001',
        allotment_id: allotment.id,
        file_name: 'deed.pdf',
        submission_date: '2026-03-10T00:00:00Z',
        verification_status: 'approved',
        remarks: null,
        verified_at: '2026-03-12T00:00:00Z',
        esigned_by: null,
      },
    });
    expect(
      await within(rightNowCard()).findByText(
        'Your lease deed is approved. The zonal office will hand over possession of the plot next.',
      ),
    ).toBeInTheDocument();
    expect(rightNowCard()).toHaveTextContent('We aim to finish this step by 4 Dec 2026.');
    expect(rightNowCard()).toHaveTextContent('Waiting on:The zonal office');
    expect(within(rightNowCard()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a rejected document with its reason, uploads a replacement of the same type, and marks the old one superseded', async () => {
    const scrutiny = application({ status: 'under_scrutiny', waiting_on: 'entrepreneur' });
    const rejected = document(scrutiny.id, {
      verification_status: 'rejected',
      rejection_reason: 'The PAN card scan is not readable',
    });
    const superseded = document(scrutiny.id, {
      id: '70000000-0000-4000-8000-000000000002',
      document_type: 'dpr',
      file_name: 'old-dpr.pdf',
      verification_status: 'rejected',
      replaced_at: '2026-02-03T10:00:00Z',
    });
    await openDetail({
      app: scrutiny,
      overrides: {
        [`GET /api/applications/${scrutiny.id}/documents`]: () => jsonResponse(200, [superseded, rejected]),
        [`GET /api/applications/${scrutiny.id}/documents/checklist`]: () =>
          jsonResponse(200, [
            { document_type: 'dpr', required: true, state: 'verified', document_id: null, rejection_reason: null },
            {
              document_type: 'pan_card',
              required: true,
              state: 'rejected',
              document_id: rejected.id,
              rejection_reason: 'The PAN card scan is not readable',
            },
            {
              document_type: 'bank_proof',
              required: true,
              state: 'pending',
              document_id: null,
              rejection_reason: null,
            },
          ]),
      },
    });
    const user = userEvent.setup();
    expect(
      await within(rightNowCard()).findByText(
        'Some of your documents were not accepted: PAN Card. Upload corrected documents so that scrutiny can go on.',
      ),
    ).toBeInTheDocument();
    await user.click(within(rightNowCard()).getByRole('button', { name: 'Upload corrected documents' }));
    const table = await screen.findByRole('table', { name: 'Uploaded documents' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('pan-card.pdf');
    expect(rows[0]).toHaveTextContent('REJECTED');
    expect(rows[0]).toHaveTextContent('Reason: The PAN card scan is not readable');
    expect(rows[1]).toHaveTextContent('old-dpr.pdf');
    expect(rows[1]).toHaveTextContent('SUPERSEDED');
    expect(within(rows[1]!).queryByRole('button', { name: /Upload a replacement/ })).not.toBeInTheDocument();

    const { FakeXhr, sent } = fakeXhr(() => ({ status: 201, body: {} }));
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await user.click(within(rows[0]!).getByRole('button', { name: 'Upload a replacement for PAN Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a replacement for PAN Card' });
    expect(dialog).toHaveTextContent('Reason: The PAN card scan is not readable');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Document' }));
    expect(within(dialog).getAllByText('Please select a file')).toHaveLength(2);
    expect(within(dialog).getByLabelText('Choose file for PAN Card')).toHaveAccessibleDescription(
      'Accepted types: PDF, JPG, JPEG, PNG. Maximum size 5 MB. Please select a file',
    );
    expect(sent).toEqual([]);
    await user.upload(
      within(dialog).getByLabelText('Choose file for PAN Card'),
      new File(['%PDF-1.4'], 'pan-new.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload Document' }));
    expect(await screen.findByText('Replacement uploaded. The corporation will check it again.')).toBeInTheDocument();
    expect(sent.map((call) => call.url)).toEqual([`/api/applications/${scrutiny.id}/documents`]);
    expect(sent[0]!.body.get('document_type')).toBe('pan_card');
    expect((sent[0]!.body.get('file') as File).name).toBe('pan-new.pdf');
  });

  it('adds a document: asks for a file, refuses a wrong type, shows a refused upload in the form, then uploads', async () => {
    const scrutiny = application({ status: 'under_scrutiny' });
    await openDetail({ app: scrutiny });
    // A file the picker's filter would hide can still be dropped on the zone.
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    const card = (await screen.findByRole('heading', { name: 'Add a document' })).closest('section')!;
    await user.selectOptions(within(card).getByLabelText('Document type'), 'pan_card');
    const input = within(card).getByLabelText('Choose file for PAN Card');
    await user.click(within(card).getByRole('button', { name: 'Upload Document' }));
    // In the summary, which leads to the file button, and in the drop zone.
    expect(within(card).getAllByText('Please select a file')).toHaveLength(2);
    expect(within(within(card).getByRole('alert')).getByRole('link', { name: 'Please select a file' })).toHaveAttribute(
      'href',
      `#${input.id}`,
    );
    await user.upload(input, new File(['PK'], 'pan.docx', { type: 'application/msword' }));
    expect(
      within(card).getAllByText('This file type is not accepted. Accepted types: PDF, JPG, JPEG, PNG'),
    ).toHaveLength(2);

    let refuse = true;
    const { FakeXhr, sent } = fakeXhr(() =>
      refuse ? { status: 413, body: { detail: 'The file is too large' } } : { status: 201, body: {} },
    );
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await user.upload(input, new File(['%PDF-1.4'], 'pan.pdf', { type: 'application/pdf' }));
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Upload Document' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('The file is too large');
    expect(screen.getAllByText('The file is too large')).toHaveLength(1);

    refuse = false;
    await user.click(within(card).getByRole('button', { name: 'Upload Document' }));
    expect(await screen.findByText('Document uploaded successfully')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.get('document_type')).toBe('pan_card');
    expect((sent[1]!.body.get('file') as File).name).toBe('pan.pdf');
    await waitFor(() => expect(within(card).queryByText('pan.pdf')).not.toBeInTheDocument());
  });

  it('answers an open query: the card leads to the answer box, an empty answer is refused, the answer is sent', async () => {
    const scrutiny = application({ status: 'under_scrutiny', waiting_on: 'entrepreneur', clock_paused: true });
    const open = query(scrutiny.id);
    const earlier = query(scrutiny.id, {
      id: '71000000-0000-4000-8000-000000000002',
      message: 'Which bank issued the account proof?',
      status: 'closed',
      response: 'State Bank of India, Balanagar branch.',
      responded_at: '2026-11-20T10:00:00Z',
      closed_at: '2026-11-21T10:00:00Z',
    });
    const { fetchMock } = await openDetail({
      app: scrutiny,
      overrides: {
        [`GET /api/applications/${scrutiny.id}/queries`]: () => jsonResponse(200, [open, earlier]),
        [`POST /api/queries/${open.id}/response`]: () => jsonResponse(200, { ...open, status: 'answered' }),
      },
    });
    const user = userEvent.setup();
    const card = rightNowCard();
    expect(
      await within(card).findByText(
        'The corporation has asked you a question about your application. Your application is on hold until you answer it.',
      ),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent('Please answer by 10 Dec 2026.');
    await user.click(within(card).getByRole('button', { name: 'Answer query' }));
    const panel = screen.getByRole('tabpanel', { name: 'Queries' });
    expect(panel).toHaveTextContent('Please send the land use certificate mentioned in the DPR.');
    expect(panel).toHaveTextContent('Please reply by 10 Dec 2026');
    expect(panel).toHaveTextContent('State Bank of India, Balanagar branch.');
    const box = within(panel).getByLabelText('Your answer');
    await waitFor(() => expect(box).toHaveFocus());

    await user.click(within(panel).getByRole('button', { name: 'Send Answer' }));
    // In the summary and beside the box.
    expect(within(panel).getAllByText('Enter your answer')).toHaveLength(2);
    expect(box).toHaveAccessibleDescription('Enter your answer');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/queries/'))).toBe(false);

    await user.type(box, 'The certificate is attached to the DPR, page 12.');
    await user.click(within(panel).getByRole('button', { name: 'Send Answer' }));
    expect(await screen.findByText('Your answer has been sent')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === `/api/queries/${open.id}/response`)!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({ message: 'The certificate is attached to the DPR, page 12.' });
  });

  it("offers the applicant none of the officers' tools: no checklist, Verify or Reject, and no Close on an answered query", async () => {
    const scrutiny = application({ status: 'under_scrutiny' });
    await openDetail({
      app: scrutiny,
      overrides: {
        [`GET /api/applications/${scrutiny.id}/documents`]: () => jsonResponse(200, [document(scrutiny.id)]),
        [`GET /api/applications/${scrutiny.id}/queries`]: () =>
          jsonResponse(200, [
            query(scrutiny.id, {
              status: 'answered',
              response: 'Attached to the DPR.',
              responded_at: '2026-12-02T10:00:00Z',
            }),
          ]),
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    const table = await screen.findByRole('table', { name: 'Uploaded documents' });
    expect(within(table).getByText('PENDING')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Download pan-card.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Required documents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Verify|Reject) / })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Queries' }));
    expect(await screen.findByText('Attached to the DPR.')).toBeInTheDocument();
    expect(screen.getByText(/^Your answer, sent 2 Dec 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Close the query/ })).not.toBeInTheDocument();
  });

  it('offers the letter of deemed approval on the latest deemed approval of the timeline, and downloads it', async () => {
    const deemed = application({ status: 'under_scrutiny' });
    const letter = `GET /api/applications/${deemed.id}/deemed-approval-letter.pdf`;
    const deemedEvent = (id: string) =>
      event({
        id,
        user_role: 'SYSTEM',
        user_name: 'SYSTEM',
        event_code: 'deemed_approved',
        params: { from: 'submitted', to: 'under_scrutiny', working_days: 7, due_on: '2026-11-20' },
      });
    const { fetchMock } = await openDetail({
      app: deemed,
      overrides: {
        [`GET /api/applications/${deemed.id}/timeline?sort=-timestamp`]: () =>
          jsonResponse(200, [
            deemedEvent('f0000000-0000-4000-8000-000000000021'),
            event({ id: 'f0000000-0000-4000-8000-000000000022', action: 'Submitted', details: 'As stored' }),
            deemedEvent('f0000000-0000-4000-8000-000000000023'),
          ]),
        [letter]: () =>
          new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      },
    });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Timeline' }));
    const items = await within(screen.getByRole('tabpanel')).findAllByRole('listitem');
    const name = `Download PDF: letter of deemed approval, application ${deemed.application_number}`;
    expect(within(items[0]!).getByRole('button', { name })).toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button', { name })).not.toBeInTheDocument();
    await userEvent.setup().click(within(items[0]!).getByRole('button', { name }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        `/api/applications/${deemed.id}/deemed-approval-letter.pdf`,
      ),
    );
  });

  it('renders coded timeline entries through the catalogue, and a legacy row as stored', async () => {
    const pending = application({ status: 'pending_payment' });
    await openDetail({
      app: pending,
      overrides: {
        [`GET /api/applications/${pending.id}/timeline?sort=-timestamp`]: () =>
          jsonResponse(200, [
            event({
              id: 'f0000000-0000-4000-8000-000000000011',
              user_role: 'SYSTEM',
              user_name: 'SYSTEM',
              action: 'stored action',
              details: 'stored details',
              event_code: 'invoice_generated',
              params: {
                invoice_number: 'INV-2026-000009',
                invoice_type: 'premium_instalment',
                amount: 546800,
                due_date: '2026-12-05',
              },
            }),
            event({
              id: 'f0000000-0000-4000-8000-000000000012',
              user_role: 'zonal_manager',
              user_name: 'Lakshmi Rao',
              event_code: 'document_rejected',
              params: { document_type: 'pan_card', file_name: 'pan.pdf', reason: 'Not readable' },
            }),
            event({ id: 'f0000000-0000-4000-8000-000000000013', action: 'Old style entry', details: 'As stored' }),
            event({
              id: 'f0000000-0000-4000-8000-000000000014',
              user_role: 'SYSTEM',
              user_name: 'SYSTEM',
              event_code: 'milestone_extended',
              params: { milestone: 'commence_construction', due_on: '2028-09-26' },
            }),
            event({
              id: 'f0000000-0000-4000-8000-000000000015',
              user_role: 'ho',
              user_name: 'Suresh Reddy',
              event_code: 'allotment_surrendered',
              params: {
                allotment_number: 'ALT-2026-000004',
                asset_code: 'HYD-PL-006',
                ended_on: '2026-03-26',
                refund_due: 450000,
              },
            }),
          ]),
      },
    });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Timeline' }));
    const items = await within(screen.getByRole('tabpanel')).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Invoice generated');
    expect(items[0]).toHaveTextContent('INV-2026-000009: First premium instalment of ₹5,46,800, due 5 Dec 2026');
    expect(items[0]).not.toHaveTextContent('stored');
    expect(items[1]).toHaveTextContent('Document rejected');
    expect(items[1]).toHaveTextContent('PAN Card: pan.pdf. Reason: Not readable');
    expect(items[2]).toHaveTextContent('Old style entry');
    expect(items[2]).toHaveTextContent('As stored');
    expect(items[3]).toHaveTextContent('Extension of time granted');
    expect(items[3]).toHaveTextContent('Construction to commence now due on 26 Sept 2028');
    expect(items[4]).toHaveTextContent('Allotment surrendered');
    expect(items[4]).toHaveTextContent(
      'Allotment ALT-2026-000004 surrendered on 26 Mar 2026; asset HYD-PL-006 returns to the inventory; refund due ₹4,50,000',
    );
  });
});
