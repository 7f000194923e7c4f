/** Every request body the seed documents, written out by hand from the product spec's "The calls it makes" (section 7)
 * with the fields its screens send (sections 2, 3 and 5): each POST, PUT and PATCH with exactly the spec's fields and
 * sensible values, in the order a client walks them, from a newcomer's profile to a service request on the plot they
 * were given. A client written against the seed sends these; each must be answered with a 2xx (decision 021). */
import { REQUIRED_DOCUMENT_TYPES, SERVICE_REQUEST_TYPES, businessToday, type Role } from '@portal/contract';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/seed';

/** What earlier answers gave, for the paths and bodies of later calls. */
export interface SeedWalk {
  committeeUserId: string;
  assetId: string;
  applicationId: string;
  /** The documents uploaded, by type. */
  documentIds: Record<string, string>;
  /** The invoices the submission raised. */
  invoices: { id: string; amount: number }[];
  allotmentId: string;
}

export interface SeedCall {
  /** The spec's line, as section 7 writes it. */
  spec: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: (walk: SeedWalk) => string;
  /** Who sends it: a demo user's role, or the newcomer who registered (the spec's entrepreneur with no profile yet). */
  as: Role | 'newcomer' | null;
  encoding: 'json' | 'form' | 'multipart' | 'none';
  body?: (walk: SeedWalk) => Record<string, unknown>;
  /** A multipart call's file. */
  file?: { name: string; kind: 'pdf' };
  /** Remembers what the answer gives (or what the sender may then read) for later calls. */
  keep?: (answer: unknown, walk: SeedWalk, read: (url: string) => Promise<unknown>) => void | Promise<void>;
}

/** Section 3's applicant profile fields (kyc_verified is the corporation's), as the Profile form sends them: the
 * optional ones left empty. */
const profile = (address: string) => ({
  organization_name: 'Seed Client Industries',
  pan_number: 'AAAPS1234C',
  gst_number: '',
  category: 'general',
  address,
  city: 'Hyderabad',
  state: 'Telangana',
  pincode: '500032',
  bank_name: 'State Bank of India',
  bank_account: '30987654321',
  bank_ifsc: 'SBIN0000123',
  sdp_reference: '',
});

const id = (answer: unknown) => (answer as { id: string }).id;
const today = () => businessToday();
const move = (status: string, current_stage: string, as: Role, extra: (walk: SeedWalk) => object = () => ({})) =>
  ({
    spec: 'PUT /applications/{id}/status: body status, current_stage, optional assigned_to',
    method: 'PUT',
    url: (walk) => `/api/applications/${walk.applicationId}/status`,
    as,
    encoding: 'json',
    body: (walk) => ({ status, current_stage, ...extra(walk) }),
  }) satisfies SeedCall;

export const SEED_CALLS: SeedCall[] = [
  {
    spec: 'POST /auth/login: form-encoded body with username (the email) and password',
    method: 'POST',
    url: () => '/api/auth/login',
    as: null,
    encoding: 'form',
    body: () => ({ username: DEMO_USERS[0]!.email, password: DEMO_PASSWORD }),
  },
  {
    spec: 'POST /applicants: profile fields',
    method: 'POST',
    url: () => '/api/applicants',
    as: 'newcomer',
    encoding: 'json',
    body: () => profile('Plot 4, Road 2, IDA Uppal'),
  },
  {
    spec: 'PUT /applicants/me',
    method: 'PUT',
    url: () => '/api/applicants/me',
    as: 'newcomer',
    encoding: 'json',
    body: () => profile('Plot 9, Road 3, IDA Uppal'),
  },
  {
    spec: 'POST /assets: asset fields, with numeric areas and valuation',
    method: 'POST',
    url: () => '/api/assets',
    as: 'ho',
    encoding: 'json',
    body: () => ({
      asset_code: 'SEED-PLOT-01',
      category_id: 'msme',
      type: 'plot',
      zone: 'Hyderabad North',
      location: 'Patancheru IDA',
      survey_number: 'SY-401/2',
      plot_number: 'P-17',
      total_area: 2.5,
      available_area: 2.5,
      unit: 'acres',
      valuation: 4_500_000,
      status: 'available',
    }),
    keep: (answer, walk) => {
      walk.assetId = id(answer);
    },
  },
  {
    spec: 'POST /applications: JSON body with asset_id, application_type, project_description, estimated_investment, employment_generation',
    method: 'POST',
    url: () => '/api/applications',
    as: 'newcomer',
    encoding: 'json',
    body: (walk) => ({
      asset_id: walk.assetId,
      application_type: 'new',
      project_description: 'Precision engineering unit for pump components',
      estimated_investment: 15_000_000,
      employment_generation: 30,
    }),
    keep: (answer, walk) => {
      walk.applicationId = id(answer);
    },
  },
  // One call per chosen document (the required ones), each a multipart form with document_type and file.
  ...REQUIRED_DOCUMENT_TYPES.map((type): SeedCall => ({
    spec: 'POST /applications/{id}/documents: multipart form with document_type and file',
    method: 'POST',
    url: (walk) => `/api/applications/${walk.applicationId}/documents`,
    as: 'newcomer',
    encoding: 'multipart',
    body: () => ({ document_type: type }),
    file: { name: `${type}.pdf`, kind: 'pdf' },
    keep: (answer, walk) => {
      walk.documentIds[type] = id(answer);
    },
  })),
  {
    spec: 'POST /applications/{id}/submit: no body',
    method: 'POST',
    url: (walk) => `/api/applications/${walk.applicationId}/submit`,
    as: 'newcomer',
    encoding: 'none',
    // The invoices the server generated, as the application's Payments tab reads them (GET /invoices?application_id).
    keep: async (_answer, walk, read) => {
      walk.invoices = (await read(`/api/invoices?application_id=${walk.applicationId}`)) as SeedWalk['invoices'];
    },
  },
  ...REQUIRED_DOCUMENT_TYPES.map((type): SeedCall => ({
    spec: 'PUT /applications/{id}/documents/{docId}/verify?verified=true|false',
    method: 'PUT',
    url: (walk) => `/api/applications/${walk.applicationId}/documents/${walk.documentIds[type]}/verify?verified=true`,
    as: 'zonal_manager',
    encoding: 'none',
  })),
  move('under_scrutiny', 'Under scrutiny', 'zonal_manager'),
  move('pending_committee', 'Pending committee', 'zonal_manager', (walk) => ({ assigned_to: walk.committeeUserId })),
  // The committee's decision on the Meetings screen: approved, with stage 'pending payment' (section 4).
  move('approved', 'pending payment', 'committee'),
  // Paying each invoice the submission raised (the mock payment: method online, a mock reference).
  ...[0, 1].map((index): SeedCall => ({
    spec: 'POST /payments: body invoice_id, application_id, amount, payment_method (always online), transaction_reference',
    method: 'POST',
    url: () => '/api/payments',
    as: 'newcomer',
    encoding: 'json',
    body: (walk) => ({
      invoice_id: walk.invoices[index]!.id,
      application_id: walk.applicationId,
      amount: walk.invoices[index]!.amount,
      payment_method: 'online',
      transaction_reference: `MOCK${Date.now()}${index}`,
    }),
  })),
  {
    spec: 'POST /allotments: body application_id, asset_id, allotment_type, allotment_date, expiry_date',
    method: 'POST',
    url: () => '/api/allotments',
    as: 'committee',
    encoding: 'json',
    // The type defaults to provisional, the date to today, and the expiry starts empty (section 5).
    body: (walk) => ({
      application_id: walk.applicationId,
      asset_id: walk.assetId,
      allotment_type: 'provisional',
      allotment_date: today(),
      expiry_date: '',
    }),
    keep: (answer, walk) => {
      walk.allotmentId = id(answer);
    },
  },
  {
    spec: 'POST /allotments/{id}/lease-deed: multipart field file',
    method: 'POST',
    url: (walk) => `/api/allotments/${walk.allotmentId}/lease-deed`,
    as: 'newcomer',
    encoding: 'multipart',
    body: () => ({}),
    file: { name: 'lease-deed.pdf', kind: 'pdf' },
  },
  {
    spec: 'PUT /allotments/{id}/lease-deed/verify: body verification_status, remarks',
    method: 'PUT',
    url: (walk) => `/api/allotments/${walk.allotmentId}/lease-deed/verify`,
    as: 'zonal_manager',
    encoding: 'json',
    body: () => ({ verification_status: 'approved', remarks: 'Stamped and registered' }),
  },
  {
    spec: 'POST /allotments/{id}/possession: body possession_date, area_verified, boundary_marked, remarks',
    method: 'POST',
    url: (walk) => `/api/allotments/${walk.allotmentId}/possession`,
    as: 'zonal_manager',
    encoding: 'json',
    body: () => ({ possession_date: today(), area_verified: 2.5, boundary_marked: true, remarks: '' }),
  },
  // The New Request dialog's defaults are type change_name and fee 0 (section 5); a client may choose any type of
  // section 3's list, with the same fields.
  ...SERVICE_REQUEST_TYPES.map((request_type): SeedCall => ({
    spec: `POST /service-requests: body application_id, allotment_id, request_type (${request_type}), description, fee_amount`,
    method: 'POST',
    url: () => '/api/service-requests',
    as: 'newcomer',
    encoding: 'json',
    body: (walk) => ({
      application_id: walk.applicationId,
      allotment_id: walk.allotmentId,
      request_type,
      description: `Please process our ${request_type.replace(/_/g, ' ')} request`,
      fee_amount: 0,
    }),
  })),
];
