/** Schemes for the journeys of competitive allotment: a scheme published through the API by the head office, and
 * entrepreneurs registered for the test, each with an application in it taken to approval with its deposits paid, so
 * that they qualify when applications close. */
import { expect, type APIRequestContext } from '@playwright/test';
import { api, apiLogin, PDF, type Headers } from './api';
import { registerEntrepreneur, type Entrepreneur } from './estate';

export interface Bidder extends Entrepreneur {
  name: string;
  applicationId: string;
  applicationNumber: string;
}

/** Pays every unpaid invoice of the application (the sandbox's direct payment). */
export async function payInvoices(request: APIRequestContext, owner: Headers, applicationId: string): Promise<void> {
  const invoices = await api<{ id: string; amount: number; status: string }[]>(
    request,
    owner,
    'get',
    `/api/invoices?application_id=${applicationId}`,
  );
  for (const invoice of invoices.filter((item) => item.status !== 'paid')) {
    await api(request, owner, 'post', '/api/payments', {
      invoice_id: invoice.id,
      application_id: applicationId,
      amount: invoice.amount,
      payment_method: 'online',
    });
  }
}

/** A new entrepreneur applies for the scheme's plot, pays the fee and deposits, and the officers approve it. */
export async function qualifiedApplicant(
  request: APIRequestContext,
  scheme: { id: string },
  assetId: string,
  name: string,
): Promise<Bidder> {
  const person = await registerEntrepreneur(request, name, `${name} Industries`);
  const created = await api<{ id: string; application_number: string }>(
    request,
    person.headers,
    'post',
    '/api/applications',
    {
      asset_id: assetId,
      scheme_id: scheme.id,
      application_type: 'new',
      project_description: `${name}'s unit for precision castings`,
      estimated_investment: 25_000_000,
      employment_generation: 40,
    },
  );
  for (const type of ['dpr', 'pan_card', 'bank_proof']) {
    const upload = await request.post(`/api/applications/${created.id}/documents`, {
      headers: person.headers,
      multipart: { document_type: type, file: { name: `${type}.pdf`, mimeType: 'application/pdf', buffer: PDF(type) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
  }
  await api(request, person.headers, 'post', `/api/applications/${created.id}/submit`);
  await payInvoices(request, person.headers, created.id);
  const [zonal, committee] = await Promise.all([apiLogin(request, 'zonal_manager'), apiLogin(request, 'committee')]);
  const move = (headers: Headers, status: string) =>
    api(request, headers, 'put', `/api/applications/${created.id}/status`, {
      status,
      current_stage: status[0]!.toUpperCase() + status.slice(1).replace(/_/g, ' '),
    });
  await move(zonal, 'under_scrutiny');
  const documents = await api<{ id: string }[]>(request, zonal, 'get', `/api/applications/${created.id}/documents`);
  for (const document of documents) {
    await api(request, zonal, 'put', `/api/applications/${created.id}/documents/${document.id}/verify?verified=true`);
  }
  await move(zonal, 'pending_committee');
  await move(committee, 'approved');
  return { ...person, name, applicationId: created.id, applicationNumber: created.application_number };
}
