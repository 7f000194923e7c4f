/** Shared setup of the security suite: the API's operations read from its own OpenAPI document, a small world of
 * records owned by the demo entrepreneur (one of each kind an {id} can name), and the example bodies that make a
 * request valid enough to reach the route's authorization and business checks. */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { isApplicant, ROLES, businessToday, type Role } from '@portal/contract';
import { documents } from '../db/schema';
import { DEMO_USERS } from '../demo/seed';
import { findApplicantByUserId } from '../modules/applications/repositories/applicants';
import { findUserByEmail } from '../repositories/users';
import { multipart, registerEntrepreneur, SAMPLE_FILES, type TestContext } from '../test/harness';
import { insertTestInvoices } from '../test/list-fixtures';
import { insertRequiredDocuments, insertTestApplication, insertTestAsset } from '../test/workflow-fixtures';

type JsonSchema = Record<string, unknown>;

export interface Operation {
  method: string;
  /** The OpenAPI path, with {id} placeholders. */
  path: string;
  roles: Role[];
  isPublic: boolean;
  pathParams: string[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** The JSON body's schema, when the operation reads JSON. */
  jsonBody: JsonSchema | null;
  /** The content types of its body, when it has one. */
  consumes: string[];
}

export const key = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** Every operation of GET /api/openapi.json. */
export async function readOperations(ctx: TestContext): Promise<Operation[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json() as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []) as {
        in: string;
        name: string;
        required?: boolean;
        schema: JsonSchema;
      }[];
      const content = ((operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content ?? {}) as Record<string, { schema: JsonSchema }>;
      operations.push({
        method: method.toUpperCase(),
        path,
        roles: (operation['x-roles'] ?? []) as Role[],
        isPublic: !operation.security,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema })),
        jsonBody: content['application/json']?.schema ?? null,
        consumes: Object.keys(content),
      });
    }
  }
  return operations;
}

export interface World {
  tokens: Record<Role, string>;
  /** Another entrepreneur with a profile of their own, who owns nothing below. */
  other: { token: string; email: string };
  ids: {
    user: string;
    applicant: string;
    asset: string;
    /** A submitted application of the demo entrepreneur with pending documents and a query. */
    application: string;
    draft: string;
    document: string;
    query: string;
    invoice: { id: string; applicationId: string; amount: number };
    allotment: string;
    serviceRequest: string;
    /** An approved application not yet allotted. */
    allottable: { id: string; assetId: string };
    /** An available plot no application names, for a scheme to offer. */
    schemeAsset: string;
  };
}

const ENTREPRENEUR_EMAIL = DEMO_USERS.find(isApplicant)!.email;

/** Fresh records of the demo entrepreneur, one of each kind. */
export async function buildWorld(ctx: TestContext): Promise<World> {
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) tokens[role] = await ctx.tokenFor(role);
  const other = await registerEntrepreneur(ctx, 'Other Entrepreneur');
  const profile = await ctx.request(other.token, {
    method: 'POST',
    url: '/api/applicants',
    payload: { ...PROFILE, pan_number: 'ZZZZZ9999Z', organization_name: 'Other Works' },
  });
  expect(profile.statusCode, profile.body).toBe(201);

  const ok = <T>(response: { statusCode: number; body: string; json(): T }, status: number): T => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  const target = ok<{ id: string }>(
    await ctx.request(tokens.admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        email: `target-${crypto.randomBytes(4).toString('hex')}@example.com`,
        password: 'Tidy-Lantern-42',
        full_name: 'Target User',
        role: 'finance',
      },
    }),
    201,
  );
  const owner = (await findUserByEmail(ctx.db, ENTREPRENEUR_EMAIL))!;
  const applicant = (await findApplicantByUserId(ctx.db, owner.id))!;

  const application = await insertTestApplication(ctx, 'under_scrutiny', { documents: 'none' });
  await insertRequiredDocuments(ctx, application.id, 'pending');
  const [document] = await ctx.db.select().from(documents).where(eq(documents.applicationId, application.id));
  // The fixture rows name no stored file; this one gets a real one, so reading it is a read and not a lost file.
  const storageKey = await ctx.app.storage.save(SAMPLE_FILES.pdf());
  await ctx.db.update(documents).set({ storageKey }).where(eq(documents.id, document!.id));
  const [invoice] = await insertTestInvoices(ctx, application.id);
  const draft = await insertTestApplication(ctx, 'draft');
  const query = ok<{ id: string }>(
    await ctx.request(tokens.zonal_manager, {
      method: 'POST',
      url: `/api/applications/${application.id}/queries`,
      payload: { message: 'Please send the bank letter', respond_by: daysAhead(7) },
    }),
    201,
  );
  const approved = await insertTestApplication(ctx, 'approved');
  const allotment = ok<{ id: string }>(
    await ctx.request(tokens.ho, { method: 'POST', url: '/api/allotments', payload: allotmentBody(approved) }),
    201,
  );
  const serviceRequest = ok<{ id: string }>(
    await ctx.request(tokens.entrepreneur, {
      method: 'POST',
      url: '/api/service-requests',
      payload: {
        request_type: 'change_name',
        application_id: approved.id,
        description: 'A change of name',
        particulars: { new_name: 'Renamed Works Pvt Ltd' },
      },
    }),
    201,
  );
  const asset = await insertTestAsset(ctx);
  const allottable = await insertTestApplication(ctx, 'approved');
  const schemeAsset = await insertTestAsset(ctx);
  return {
    tokens,
    other,
    ids: {
      user: target.id,
      applicant: applicant.id,
      asset: asset.id,
      application: application.id,
      draft: draft.id,
      document: document!.id,
      query: query.id,
      invoice: { id: invoice!.id, applicationId: invoice!.applicationId, amount: invoice!.amount },
      allotment: allotment.id,
      serviceRequest: serviceRequest.id,
      allottable: { id: allottable.id, assetId: allottable.assetId },
      schemeAsset: schemeAsset.id,
    },
  };
}

export const PROFILE = {
  organization_name: 'Security Suite Works',
  pan_number: 'ABCDE1234F',
  address: '1 Test Road',
  city: 'Warangal',
  state: 'Telangana',
  pincode: '506001',
  bank_name: 'Test Bank',
  bank_account: '1234567890',
  bank_ifsc: 'TEST0001234',
};

export function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export const allotmentBody = (app: { id: string; assetId: string }) => ({
  application_id: app.id,
  asset_id: app.assetId,
  allotment_type: 'provisional',
  allotment_date: businessToday(),
  expiry_date: '',
});

/** The record an operation's path parameter names: the owner's, for routes of owned records. */
export function pathFor(op: Operation, world: World): string {
  const { ids } = world;
  const top = op.path.split('/')[2];
  const idOf: Record<string, string> = {
    users: ids.user,
    applicants: ids.applicant,
    assets: ids.asset,
    applications:
      op.path === '/api/applications/{id}/submit' ||
      (op.path === '/api/applications/{id}/documents' && op.method === 'POST')
        ? ids.draft
        : ids.application,
    queries: ids.query,
    allotments: ids.allotment,
    'service-requests': ids.serviceRequest,
  };
  return op.path
    .replace('{id}', idOf[top!] ?? crypto.randomUUID())
    .replace('{docId}', ids.document)
    .replace('{plotId}', crypto.randomUUID())
    .replace('{schemeNumber}', 'SCH-2026-999999')
    .replace('{type}', 'applications');
}

/** Records an entrepreneur owns, so another entrepreneur must get 404 for them. */
export function isOwnedRecordRoute(op: Operation): boolean {
  return /^\/api\/(applicants|applications|queries|allotments|service-requests)\/\{id\}/.test(op.path);
}

export interface Body {
  payload?: unknown;
  headers?: Record<string, string>;
}

/** A valid body per operation, where the operation reads one. */
export function exampleBody(op: Operation, world: World): Body | undefined {
  const { ids } = world;
  const unique = crypto.randomBytes(4).toString('hex');
  const json: Record<string, unknown> = {
    'POST /api/auth/login': { username: ENTREPRENEUR_EMAIL, password: 'Demo@12345' },
    'POST /api/auth/register': {
      email: `reg-${unique}@example.com`,
      password: 'Tidy-Lantern-42',
      full_name: 'New One',
    },
    'POST /api/auth/forgot-password': { email: ENTREPRENEUR_EMAIL },
    'POST /api/auth/reset-password': { token: `no-such-link-${unique}`, password: 'Tidy-Lantern-42' },
    'POST /api/users': {
      email: `new-${unique}@example.com`,
      password: 'Tidy-Lantern-42',
      full_name: 'New Staff',
      role: 'legal',
    },
    'PATCH /api/users/{id}': { full_name: 'Renamed Target' },
    'PUT /api/applicants/me': { ...PROFILE, pan_number: undefined },
    'POST /api/applicants': PROFILE,
    'POST /api/assets': {
      asset_code: `SEC-${unique}`,
      category_id: 'industrial',
      zone: 'Test Zone',
      location: 'Test Park',
      survey_number: '1/1',
      total_area: 100,
      available_area: 100,
      valuation: 1000,
    },
    'POST /api/applications': {
      asset_id: ids.asset,
      project_description: 'A unit',
      estimated_investment: 1_000_000,
      employment_generation: 5,
    },
    'PUT /api/applications/{id}/status': { status: 'pending_committee', current_stage: 'Committee review' },
    'PUT /api/applications/{id}/documents/{docId}/verify': {},
    'POST /api/applications/{id}/notes': { message: 'A note' },
    'POST /api/applications/{id}/queries': { message: 'Another letter', respond_by: daysAhead(7) },
    'POST /api/queries/{id}/response': { message: 'The letter is attached' },
    'POST /api/queries/{id}/extend': { respond_by: daysAhead(7) },
    'POST /api/payments': {
      invoice_id: ids.invoice.id,
      application_id: ids.invoice.applicationId,
      amount: ids.invoice.amount,
      payment_method: 'online',
      transaction_reference: `TXN-${unique}`,
    },
    'POST /api/allotments': allotmentBody(ids.allottable),
    'PUT /api/allotments/{id}/lease-deed/verify': { verification_status: 'approved' },
    'POST /api/allotments/{id}/possession': { possession_date: businessToday(), area_verified: 10 },
    'POST /api/service-requests': {
      request_type: 'change_constitution',
      application_id: ids.allottable.id,
      description: 'A change of constitution',
      particulars: { new_constitution: 'llp' },
    },
    'PATCH /api/service-requests/{id}': { status: 'in_progress' },
    'PUT /api/service-requests/{id}/particulars': { particulars: { new_name: 'Renamed Works Pvt Ltd' } },
    'POST /api/meetings': { meeting_date: daysAhead(10), agenda: 'Review', applications: [] },
    'POST /api/challans': { invoice_id: ids.invoice.id },
    'POST /api/bank-credits/{id}/settlement': { invoice_id: ids.invoice.id, note: 'Settled by hand' },
    'POST /api/bank-credits/{id}/settlement/reject': { reason: 'Not this invoice' },
    'POST /api/bank-credits/{id}/set-aside': { reason: 'Not our money' },
    'POST /api/payments/orders': { invoice_id: ids.invoice.id },
    'POST /api/applications/{id}/withdraw': { reason: 'No longer needed' },
    'POST /api/refunds': { application_id: ids.application, kind: 'emd' },
    'POST /api/refunds/{id}/reject': { reason: 'Not due yet' },
    'POST /api/refunds/{id}/paid': { utr: `UTR${unique.toUpperCase()}`, paid_on: businessToday() },
    'POST /api/ledger-adjustments': {
      application_id: ids.application,
      kind: 'debit',
      amount: 1,
      reason: 'A correction',
    },
    'POST /api/ledger-adjustments/{id}/reject': { reason: 'Not needed' },
    'POST /api/applications/{id}/appeals': {
      statement: 'The application is past its service date without a decision.',
    },
    'POST /api/appeals/{id}/hearing': { hearing_note: 'Heard the applicant' },
    'POST /api/appeals/{id}/order': { outcome: 'dismissed', order_text: 'The delay is explained on the file.' },
    'POST /api/schemes/{id}/plots/{plotId}/bids': { amount: 1_000_000 },
    'POST /api/schemes': {
      title: 'Security suite scheme',
      mode: 'draw',
      opens_at: new Date(Date.now() + 86_400_000).toISOString(),
      closes_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      plots: [{ asset_id: ids.schemeAsset }],
    },
  };
  const k = key(op);
  if (k in json) return { payload: json[k] };
  if (k === 'POST /api/applications/{id}/documents')
    return multipart({ document_type: 'dpr' }, { name: 'dpr.pdf', bytes: SAMPLE_FILES.pdf() });
  if (k === 'POST /api/allotments/{id}/lease-deed')
    return multipart({}, { name: 'deed.pdf', bytes: SAMPLE_FILES.pdf() });
  if (k === 'POST /api/bank-statements') {
    const statement =
      'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance\r\n' +
      `01/04/2026,01/04/2026,NEFT TEST,SEC${unique.toUpperCase()},,"1.00","1.00"\r\n`;
    return multipart({}, { name: 'statement.csv', bytes: Buffer.from(statement) });
  }
  if (k === 'POST /api/assets/import')
    return {
      payload:
        'asset_code,category_id,type,zone,location,survey_number,total_area,available_area,unit,valuation\n' +
        `CSV-${unique},industrial,plot,Test Zone,Test Park,1/1,100,100,sqm,1000\n`,
      headers: { 'content-type': 'text/csv' },
    };
  return undefined;
}

/** The query string an operation needs (its required parameters). */
export function exampleQuery(op: Operation): string {
  const required = op.query.filter((param) => param.required);
  if (required.length === 0) return '';
  return `?${required.map((param) => `${param.name}=${exampleValue(param.schema)}`).join('&')}`;
}

function exampleValue(schema: JsonSchema): string {
  const values = schema.enum as string[] | undefined;
  return values?.[0] ?? 'x';
}
