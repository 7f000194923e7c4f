/** Records as the API answers them, for the applications area's tests (the officer screens' one case, built from
 * these, is in ./officer-fixtures). */
import { applicantFixture } from '../../../../test/fixtures';
import {
  SERVICE_TARGETS,
  type Application,
  type ApplicationDocument,
  type ApplicationQuery,
  type Asset,
  type Invoice,
  type Payment,
  type TimelineEvent,
} from '@portal/contract';

export const ASSET: Asset = {
  id: 'a0000000-0000-4000-8000-000000000001',
  asset_code: 'HYD-LA-001',
  category_id: 'industrial',
  type: 'land',
  zone: 'Hyderabad North',
  location: 'Patancheru IDA',
  survey_number: '100/1',
  plot_number: null,
  total_area: 2,
  available_area: 2,
  unit: 'acres',
  valuation: 1500000,
  status: 'available',
  map: null,
  created_at: '2026-01-01T00:00:00Z',
};

export const ASSET_2: Asset = {
  ...ASSET,
  id: 'a0000000-0000-4000-8000-000000000002',
  asset_code: 'WAR-PL-002',
  zone: 'Warangal',
  location: 'Madikonda IP',
  type: 'plot',
  unit: 'sqm',
  total_area: 1125,
};

export const PROFILE = applicantFixture({
  id: 'b0000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-000000000001',
  gst_number: '36ABCPK1234L1Z5',
  address: 'Plot 12, Industrial Estate Road, Balanagar',
});

let counter = 0;
export function application(overrides: Partial<Application> = {}): Application {
  counter += 1;
  return {
    id: `c0000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    application_number: `APP-2026-${String(counter).padStart(6, '0')}`,
    applicant_id: PROFILE.id,
    asset_id: ASSET.id,
    application_type: 'new',
    status: 'draft',
    current_stage: 'Draft',
    stage: null,
    estimated_investment: 2500000,
    employment_generation: 40,
    project_description: 'CNC machining unit',
    assigned_to: null,
    created_at: '2026-02-01T10:00:00Z',
    submitted_at: null,
    updated_at: '2026-02-01T10:00:00Z',
    // The clock as the server starts it: whom the status waits on and its due date (none without a target).
    waiting_on: SERVICE_TARGETS[overrides.status ?? 'draft']?.waitingOn ?? null,
    stage_entered_at: '2026-02-01T10:00:00Z',
    stage_due_on: SERVICE_TARGETS[overrides.status ?? 'draft'] ? '2026-12-04' : null,
    days_in_stage: 0,
    overdue: false,
    clock_paused: false,
    ...overrides,
  };
}

export function document(applicationId: string, overrides: Partial<ApplicationDocument> = {}): ApplicationDocument {
  return {
    id: '70000000-0000-4000-8000-000000000001',
    application_id: applicationId,
    document_type: 'pan_card',
    file_name: 'pan-card.pdf',
    file_size: 1000,
    uploaded_at: '2026-02-01T10:00:00Z',
    verified: false,
    verification_status: 'pending',
    rejection_reason: null,
    replaced_at: null,
    ...overrides,
  };
}

export function query(applicationId: string, overrides: Partial<ApplicationQuery> = {}): ApplicationQuery {
  return {
    id: '71000000-0000-4000-8000-000000000001',
    application_id: applicationId,
    message: 'Please send the land use certificate mentioned in the DPR.',
    respond_by: '2026-12-10',
    raised_by_name: 'Lakshmi Rao',
    raised_at: '2026-12-01T10:00:00Z',
    status: 'open',
    response: null,
    responded_at: null,
    closed_at: null,
    lapsed: false,
    lapsed_at: null,
    extended: false,
    extended_at: null,
    original_respond_by: null,
    ...overrides,
  };
}

export function invoice(applicationId: string, overrides: Partial<Invoice> = {}): Invoice {
  const amount = overrides.amount ?? 11800;
  return {
    allotment_id: null,
    financial_year: null,
    interest: 0,
    amount_due: overrides.status === 'paid' ? 0 : amount,
    id: 'd0000000-0000-4000-8000-000000000001',
    invoice_number: 'INV-2026-000001',
    application_id: applicationId,
    invoice_type: 'processing_fee',
    service_request_id: null,
    amount: 11800,
    due_date: '2026-03-03',
    status: 'pending',
    generated_at: '2026-02-01T10:00:00Z',
    paid_at: null,
    ...overrides,
  };
}

export function payment(applicationId: string, invoiceId: string, overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'e0000000-0000-4000-8000-000000000001',
    receipt_number: 'RCP-2026-000001',
    application_id: applicationId,
    invoice_id: invoiceId,
    amount: 11800,
    payment_date: '2026-02-02T10:00:00Z',
    payment_method: 'online',
    transaction_reference: 'MOCK-1700000000000',
    status: 'success',
    ...overrides,
  };
}

export function event(overrides: Partial<TimelineEvent> = {}): TimelineEvent {
  return {
    id: 'f0000000-0000-4000-8000-000000000001',
    application_id: null,
    action: 'Application created',
    user_role: 'entrepreneur',
    user_name: 'Ravi Kumar',
    details: 'Application created as a draft',
    timestamp: '2026-02-01T10:00:00Z',
    entity_type: 'application',
    event_code: 'legacy',
    params: {},
    internal: false,
    ...overrides,
  };
}

/** A stand-in XMLHttpRequest (the upload path of the api client): records each send and answers 201. */
export function fakeXhr(
  answer: (url: string, body: FormData) => { status: number; body: unknown } = () => ({ status: 201, body: {} }),
) {
  const sent: Array<{ url: string; body: FormData; headers: Record<string, string> }> = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    response: unknown = '';
    responseType = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(body: FormData) {
      sent.push({ url: this.url, body, headers: this.headers });
      const result = answer(this.url, body);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = result.status;
        this.responseText = JSON.stringify(result.body);
        this.response = this.responseText;
        this.onload?.();
      }, 5);
    }
  }
  return { FakeXhr, sent };
}
