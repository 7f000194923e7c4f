/** Plots for the journeys that change hands or holders: entrepreneurs registered for the test and a plot taken to
 * possession through the API, so no demo plot another spec reads is changed. */
import { expect, type APIRequestContext } from '@playwright/test';
import { api, apiLogin, submitCase, type Headers } from './api';
import { uniqueEmail } from './session';

export const ENTREPRENEUR_PASSWORD = 'Copper-Monsoon-Harbour-7';

const today = () => new Date().toISOString().slice(0, 10);

/** A PAN no other test uses: five letters, four digits, a letter. */
function uniquePan(): string {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return `${letter()}${letter()}${letter()}P${letter()}${digits}${letter()}`;
}

export interface Entrepreneur {
  email: string;
  headers: Headers;
}

/** Registers an entrepreneur (email with a unique suffix) with a complete profile; answers their email and token. */
export async function registerEntrepreneur(
  request: APIRequestContext,
  fullName: string,
  organisation: string,
): Promise<Entrepreneur> {
  const email = uniqueEmail('estate');
  const registered = await request.post('/api/auth/register', {
    data: { email, password: ENTREPRENEUR_PASSWORD, full_name: fullName },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/auth/login', {
    form: { username: email, password: ENTREPRENEUR_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  await api(request, headers, 'post', '/api/applicants', {
    organization_name: organisation,
    pan_number: uniquePan(),
    category: 'general',
    constitution: 'private_limited',
    address: '14 Industrial Area Road',
    city: 'Hyderabad',
    state: 'Telangana',
    pincode: '500032',
    bank_name: 'State Bank of India',
    bank_account: '30123456789',
    bank_ifsc: 'SBIN0001234',
  });
  return { email, headers };
}

export interface PlotInPossession {
  applicationId: string;
  allotmentId: string;
  allotmentNumber: string;
  assetCode: string;
}

export interface PlotAtLeaseDeed {
  applicationId: string;
  assetId: string;
  allotmentId: string;
  allotmentNumber: string;
}

/** Takes a new application of the holder's through scrutiny, committee and payment to a provisional allotment: its
 * lease deed is due. */
export async function plotAtLeaseDeed(
  request: APIRequestContext,
  holder: Entrepreneur,
  { assetFromEnd, description }: { assetFromEnd: number; description: string },
): Promise<PlotAtLeaseDeed> {
  const [zonal, committee, ho] = await Promise.all([
    apiLogin(request, 'zonal_manager'),
    apiLogin(request, 'committee'),
    apiLogin(request, 'ho'),
  ]);
  const application = await submitCase(request, holder.headers, {
    assetFromEnd,
    description,
    investment: 12_000_000,
    jobs: 25,
  });
  const { id } = application;
  const move = (headers: Headers, status: string) =>
    api(request, headers, 'put', `/api/applications/${id}/status`, {
      status,
      current_stage: status[0]!.toUpperCase() + status.slice(1).replace(/_/g, ' '),
    });
  await move(zonal, 'under_scrutiny');
  const documents = await api<{ id: string }[]>(request, zonal, 'get', `/api/applications/${id}/documents`);
  for (const document of documents) {
    await api(request, zonal, 'put', `/api/applications/${id}/documents/${document.id}/verify?verified=true`);
  }
  await move(zonal, 'pending_committee');
  await move(committee, 'approved');
  await move(ho, 'pending_payment');
  await payEveryInvoice(request, holder, id);
  const allotment = await api<{ id: string; allotment_number: string }>(request, ho, 'post', '/api/allotments', {
    application_id: id,
    asset_id: application.asset_id,
    allotment_type: 'provisional',
    allotment_date: today(),
  });
  return {
    applicationId: id,
    assetId: application.asset_id,
    allotmentId: allotment.id,
    allotmentNumber: allotment.allotment_number,
  };
}

/** Pays every unpaid invoice of the application as its holder. */
async function payEveryInvoice(request: APIRequestContext, holder: Entrepreneur, applicationId: string) {
  const invoices = await api<{ id: string; amount: number; status: string }[]>(
    request,
    holder.headers,
    'get',
    `/api/invoices?application_id=${applicationId}`,
  );
  for (const invoice of invoices.filter((item) => item.status !== 'paid')) {
    await api(request, holder.headers, 'post', '/api/payments', {
      invoice_id: invoice.id,
      application_id: applicationId,
      amount: invoice.amount,
      payment_method: 'online',
    });
  }
}

/** Takes a new application of the holder's through scrutiny, committee, payment, allotment, lease deed and
 * possession, and pays every invoice after (a holder with unpaid dues may not transfer, sublet or mortgage). */
export async function plotInPossession(
  request: APIRequestContext,
  holder: Entrepreneur,
  plot: { assetFromEnd: number; description: string },
): Promise<PlotInPossession> {
  const zonal = await apiLogin(request, 'zonal_manager');
  const { applicationId, assetId, allotmentId, allotmentNumber } = await plotAtLeaseDeed(request, holder, plot);
  const upload = await request.post(`/api/allotments/${allotmentId}/lease-deed`, {
    headers: holder.headers,
    multipart: {
      file: { name: 'lease-deed.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await api(request, zonal, 'put', `/api/allotments/${allotmentId}/lease-deed/verify`, {
    verification_status: 'approved',
    remarks: 'In order',
  });
  // The whole plot, whatever its unit.
  const asset = await api<{ total_area: number }>(request, zonal, 'get', `/api/assets/${assetId}`);
  await api(request, zonal, 'post', `/api/allotments/${allotmentId}/possession`, {
    possession_date: today(),
    area_verified: asset.total_area,
    boundary_marked: true,
  });
  await payEveryInvoice(request, holder, applicationId);
  const described = await api<{ asset_code: string }>(request, holder.headers, 'get', `/api/allotments/${allotmentId}`);
  return { applicationId, allotmentId, allotmentNumber, assetCode: described.asset_code };
}
