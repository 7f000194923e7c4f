/** Records as the API answers them, and a fake API over them, for the service request screens' tests (the network is
 * the only thing faked). */
import type { Invoice, ServiceRequest } from '@portal/contract';
import { jsonResponse, pageResponse, type FetchHandler } from '../../../../test/render-app';

export const APP_ID = 'c0000000-0000-4000-8000-000000000001';
export const APP_NUMBER = 'APP-2026-000001';

export function requestFixture(overrides: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    id: 'a1000000-0000-4000-8000-000000000001',
    request_number: 'SR-2026-000001',
    request_type: 'mortgage_noc',
    application_id: APP_ID,
    allotment_id: null,
    description: 'NOC for a term loan',
    fee_amount: 2360,
    status: 'submitted',
    submitted_at: '2026-02-10T10:00:00Z',
    remarks: null,
    updated_at: '2026-02-10T10:00:00Z',
    invoice_id: null,
    ...overrides,
  };
}

export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  const amount = overrides.amount ?? 2360;
  return {
    allotment_id: null,
    financial_year: null,
    interest: 0,
    amount_due: overrides.status === 'paid' ? 0 : amount,
    id: 'b1000000-0000-4000-8000-000000000001',
    invoice_number: 'INV-2026-000042',
    application_id: APP_ID,
    invoice_type: 'service_fee',
    service_request_id: 'a1000000-0000-4000-8000-000000000001',
    amount: 2360,
    due_date: '2026-03-14',
    status: 'pending',
    generated_at: '2026-02-12T10:00:00Z',
    paid_at: null,
    ...overrides,
  };
}

/** A fake API over one request (and its invoice): GET and PATCH the request, give its particulars, list service-fee
 * invoices, pay one.
 * `state` changes as the server's would, and `writes` records every write. */
export function fakeServiceRequestApi(state: { request: ServiceRequest; invoice?: Invoice }) {
  const writes: Array<{ method: string; url: string; body: unknown }> = [];
  const handler: FetchHandler = (url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') writes.push({ method, url, body });
    const requestUrl = `/api/service-requests/${state.request.id}`;
    if (url === requestUrl && method === 'GET') return jsonResponse(200, state.request);
    if (url === requestUrl && method === 'PATCH') {
      state.request = { ...state.request, status: body.status, remarks: body.remarks ?? state.request.remarks };
      if (body.status === 'approved' && state.request.fee_amount > 0) {
        state.invoice = invoiceFixture({ amount: state.request.fee_amount });
        state.request = { ...state.request, invoice_id: state.invoice.id };
      }
      return jsonResponse(200, state.request);
    }
    if (url === `${requestUrl}/particulars` && method === 'PUT') {
      // Every particular asked for given (the server's checks are its own tests'): none is needed any more.
      const particulars = { ...state.request.particulars, ...body.particulars };
      state.request = { ...state.request, particulars, particulars_needed: [], updated_at: '2026-02-11T10:00:00Z' };
      return jsonResponse(200, state.request);
    }
    if (url.startsWith('/api/service-requests/')) return jsonResponse(404, { detail: 'Service request not found' });
    if (url.startsWith('/api/invoices?')) return pageResponse(state.invoice ? [state.invoice] : []);
    if (url === '/api/payments/orders' && method === 'POST') {
      return jsonResponse(201, {
        order: { id: 'o1', invoice_id: body.invoice_id, gateway_order_id: 'order_T1', status: 'created' },
        checkout: { action: 'http://127.0.0.1:9/v1/checkout/embedded', fields: { order_id: 'order_T1' } },
      });
    }
    if (url === `/api/applications/${APP_ID}`) return jsonResponse(200, { id: APP_ID, application_number: APP_NUMBER });
    return pageResponse([]);
  };
  return { handler, writes };
}
