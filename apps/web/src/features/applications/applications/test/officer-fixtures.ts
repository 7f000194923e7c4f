/** The officer screens' test case: one application (APP_ID) in any status, what hangs off it, and a fake API that
 * answers the screens' reads from it and records every write (the network is the only thing faked). The records are
 * built with the area's shared builders in ./fixtures. */
import {
  checklistFromDocuments,
  type Allotment,
  type Application,
  type ApplicationDocument,
  type ApplicationQuery,
  type ApplicationStatus,
  type DocumentChecklist,
  type Invoice,
  type LeaseDeed,
  type Possession,
  type TimelineEvent,
  type User,
} from '@portal/contract';
import { allotmentFixture, applicantFixture, assetFixture } from '../../../../test/fixtures';
import { jsonResponse, pageResponse, type FetchHandler } from '../../../../test/render-app';
import { application as anApplication, document as aDocument, invoice, query as aQuery } from './fixtures';

export const APP_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const ASSET_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const APPLICANT_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const ALLOTMENT_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
export const COMMITTEE_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';

/** The case in `status` (its clock as the server starts it there, three working days in). */
export function application(status: ApplicationStatus, overrides: Partial<Application> = {}): Application {
  return anApplication({
    id: APP_ID,
    application_number: 'APP-2026-000042',
    applicant_id: APPLICANT_ID,
    asset_id: ASSET_ID,
    status,
    current_stage: 'Stage text from the server',
    estimated_investment: 25_000_000,
    created_at: '2026-03-01T10:00:00.000Z',
    submitted_at: '2026-03-02T10:00:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
    stage_entered_at: '2026-03-02T10:00:00.000Z',
    days_in_stage: 3,
    ...overrides,
  });
}

export const asset = assetFixture({ id: ASSET_ID, created_at: '2026-01-01T00:00:00.000Z' });

export const applicant = applicantFixture({
  id: APPLICANT_ID,
  user_id: '11111111-1111-4111-8111-111111111111',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

/** A document of the case, named after its type (`pan_card.pdf`). */
export function document(
  id: string,
  verification_status: ApplicationDocument['verification_status'],
  type: ApplicationDocument['document_type'] = 'pan_card',
): ApplicationDocument {
  return aDocument(APP_ID, {
    id,
    document_type: type,
    file_name: `${type}.pdf`,
    uploaded_at: '2026-03-01T10:00:00.000Z',
    verified: verification_status === 'verified',
    verification_status,
  });
}

/** The checklist the server would answer for these documents. */
export function checklistOf(documents: ApplicationDocument[]): DocumentChecklist {
  return checklistFromDocuments(documents).map((item) => {
    const current = documents.find((d) => d.document_type === item.document_type && !d.replaced_at);
    return {
      ...item,
      document_id: current?.id ?? null,
      rejection_reason: item.state === 'rejected' ? (current?.rejection_reason ?? null) : null,
    };
  });
}

export function query(overrides: Partial<ApplicationQuery> = {}): ApplicationQuery {
  return aQuery(APP_ID, {
    id: '88888888-8888-4888-8888-888888888888',
    message: 'Please send the fire NOC.',
    raised_at: '2026-12-01T10:00:00.000Z',
    ...overrides,
  });
}

export const invoices: Invoice[] = [
  invoice(APP_ID, {
    id: '22222222-2222-4222-8222-222222222222',
    invoice_number: 'INV-2026-000007',
    due_date: '2026-04-01',
    status: 'paid',
    generated_at: '2026-03-02T10:00:00.000Z',
    paid_at: '2026-03-03T10:00:00.000Z',
  }),
];

export const allotment = allotmentFixture({
  id: ALLOTMENT_ID,
  application_id: APP_ID,
  asset_id: ASSET_ID,
  created_at: '2026-05-01T10:00:00.000Z',
});

export function leaseDeed(verification_status: LeaseDeed['verification_status']): LeaseDeed {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    allotment_id: ALLOTMENT_ID,
    file_name: 'lease-deed.pdf',
    submission_date: '2026-05-10T10:00:00.000Z',
    verification_status,
    remarks: verification_status === 'needs_revision' ? 'Stamp page missing' : null,
    verified_at: null,
    esigned_by: null,
  };
}

export const possession: Possession = {
  id: '44444444-4444-4444-8444-444444444444',
  allotment_id: ALLOTMENT_ID,
  certificate_number: '44444444-444',
  possession_date: '2026-06-01',
  area_verified: 1100.5,
  boundary_marked: true,
  remarks: null,
  created_at: '2026-06-01T10:00:00.000Z',
};

export const timeline: TimelineEvent[] = [
  {
    id: '55555555-5555-4555-8555-555555555555',
    application_id: APP_ID,
    action: 'Invoice generated',
    user_role: 'SYSTEM',
    user_name: 'SYSTEM',
    details: 'Premium instalment invoice INV-2026-000009 generated',
    timestamp: '2026-04-02T10:00:00.000Z',
    entity_type: 'invoice',
    event_code: 'invoice_generated',
    params: {
      invoice_number: 'INV-2026-000009',
      invoice_type: 'premium_instalment',
      amount: 6_250_000,
      due_date: '2026-05-02',
    },
    internal: false,
  },
  {
    id: '66666666-6666-4666-8666-666666666666',
    application_id: APP_ID,
    action: 'Status changed to Under scrutiny',
    user_role: 'zonal_manager',
    user_name: 'Lakshmi Rao',
    details: 'Moved from Submitted for scrutiny to Under scrutiny. Stage: Under scrutiny',
    timestamp: '2026-03-05T10:00:00.000Z',
    entity_type: 'application',
    event_code: 'status_changed',
    params: { event: 'start_scrutiny', from: 'submitted', to: 'under_scrutiny', stage: 'Under scrutiny' },
    internal: false,
  },
];

export const users: User[] = [
  {
    id: COMMITTEE_ID,
    email: 'committee@example.com',
    full_name: 'Anita Sharma',
    role: 'committee',
    is_active: true,
    created_at: '2026-01-01T00:00:00.000Z',
  },
  {
    id: '77777777-7777-4777-8777-777777777777',
    email: 'zonal@example.com',
    full_name: 'Lakshmi Rao',
    role: 'zonal_manager',
    is_active: true,
    created_at: '2026-01-01T00:00:00.000Z',
  },
];

export interface FakeState {
  application: Application;
  documents?: ApplicationDocument[];
  /** Default: the checklist of `documents`. */
  checklist?: DocumentChecklist;
  queries?: ApplicationQuery[];
  timeline?: TimelineEvent[];
  allotment?: Allotment | null;
  leaseDeed?: LeaseDeed | null;
  possession?: Possession | null;
  users?: User[] | 'fail';
  /** Answers for writes, by "METHOD /path" (without /api and the query); default 200 with the body echoed. */
  writes?: Record<string, { status: number; body?: unknown }>;
  failApplication?: boolean;
  /** Reads (paths without /api) that answer 500. */
  failReads?: string[];
}

export interface RecordedCall {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

/** A fetch handler that answers the officer screens' reads from `state` and records every write. */
export function fakeApi(state: FakeState): { handler: FetchHandler; writes: RecordedCall[] } {
  const writes: RecordedCall[] = [];
  const handler: FetchHandler = (url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname.replace(/^\/api/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      writes.push({ method, path, query: parsed.search, body });
      const answer = state.writes?.[`${method} ${path}`];
      return jsonResponse(answer?.status ?? (method === 'POST' ? 201 : 200), answer?.body ?? body ?? {});
    }
    if (state.failReads?.includes(path)) return jsonResponse(500, { detail: 'Database unavailable' });
    const reads: Record<string, () => Response> = {
      [`/applications/${APP_ID}`]: () =>
        state.failApplication
          ? jsonResponse(404, { detail: 'Application not found' })
          : jsonResponse(200, state.application),
      [`/applications/${APP_ID}/documents`]: () => jsonResponse(200, state.documents ?? []),
      [`/applications/${APP_ID}/documents/checklist`]: () =>
        jsonResponse(200, state.checklist ?? checklistOf(state.documents ?? [])),
      [`/applications/${APP_ID}/queries`]: () => pageResponse(state.queries ?? []),
      [`/applications/${APP_ID}/timeline`]: () => jsonResponse(200, state.timeline ?? timeline),
      '/invoices': () => pageResponse(invoices),
      '/payments': () => pageResponse([]),
      [`/assets/${ASSET_ID}`]: () => jsonResponse(200, asset),
      [`/applicants/${APPLICANT_ID}`]: () => jsonResponse(200, applicant),
      '/allotments': () => pageResponse(state.allotment ? [state.allotment] : []),
      [`/allotments/${ALLOTMENT_ID}/lease-deed`]: () =>
        state.leaseDeed ? jsonResponse(200, state.leaseDeed) : jsonResponse(404, { detail: 'none' }),
      [`/allotments/${ALLOTMENT_ID}/possession`]: () =>
        state.possession ? jsonResponse(200, state.possession) : jsonResponse(404, { detail: 'none' }),
      '/users': () =>
        state.users === 'fail' ? jsonResponse(500, { detail: 'boom' }) : pageResponse(state.users ?? users),
      '/applications': () => pageResponse([state.application]),
    };
    return (reads[path] ?? (() => pageResponse([])))();
  };
  return { handler, writes };
}
