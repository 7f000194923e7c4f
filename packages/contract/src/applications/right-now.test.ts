// "Right now" for every status, for both viewers: the same code and facts, and the applicant's action only for them.
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  LEASE_DEED_STATUSES,
  type ApplicationStatus,
  type InvoiceStatus,
  type InvoiceType,
} from '../enums';
import {
  APPLICATION_EVENTS,
  APPLICATION_LIFECYCLE,
  NO_CASE_FACTS,
  waitingOnOf,
  type CaseFacts,
  type Lifecycle,
} from './lifecycle';
import { ENDED_BEFORE_ALLOTMENT_STATUSES } from '../money/money';
import {
  caseFactsOf,
  checklistFromDocuments,
  openQueriesOf,
  rightNow,
  unpaidInvoicesOf,
  type RightNow,
  type RightNowInput,
  type RightNowViewer,
} from './right-now';
import { SERVICE_TARGETS } from '../deadlines/service-clock';

const ALL_VERIFIED = checklistFromDocuments([
  { document_type: 'dpr', verification_status: 'verified' },
  { document_type: 'pan_card', verification_status: 'verified' },
  { document_type: 'bank_proof', verification_status: 'verified' },
]);

/** The input of an application in `status`; its stored waiting_on is, as on the server, waitingOnOf its facts. */
function input(status: ApplicationStatus, viewer: RightNowViewer, extra: Partial<RightNowInput> = {}): RightNowInput {
  const read: RightNowInput = {
    viewer,
    application: {
      status,
      stage_due_on: SERVICE_TARGETS[status] ? '2026-12-05' : null,
      overdue: false,
      clock_paused: false,
    },
    openQueries: [],
    checklist: ALL_VERIFIED,
    unpaidInvoices: [],
    leaseDeed: null,
    ...extra,
  };
  if ('waiting_on' in read.application) return read;
  const stored = waitingOnOf(status, caseFactsOf(read));
  return { ...read, application: { ...read.application, waiting_on: stored } };
}

type Expected = Pick<RightNow, 'code' | 'waitingOn' | 'next' | 'event' | 'action'>;

// Every status with nothing outstanding but what the status itself asks: the story both screens tell.
const BY_STATUS: Record<ApplicationStatus, Expected> = {
  draft: { code: 'submit_draft', waitingOn: 'entrepreneur', next: 'submitted', event: 'submit', action: null },
  submitted: {
    code: 'awaiting_scrutiny',
    waitingOn: 'zonal_manager',
    next: 'under_scrutiny',
    event: 'start_scrutiny',
    action: null,
  },
  under_scrutiny: {
    code: 'in_scrutiny',
    waitingOn: 'zonal_manager',
    next: 'pending_committee',
    event: 'refer_to_committee',
    action: null,
  },
  pending_committee: {
    code: 'awaiting_committee',
    waitingOn: 'committee',
    next: 'approved',
    event: 'approve',
    action: null,
  },
  approved: {
    code: 'awaiting_invoice_or_allotment',
    waitingOn: 'ho',
    next: 'pending_payment',
    event: 'request_payment',
    action: null,
  },
  rejected: { code: 'rejected', waitingOn: null, next: null, event: null, action: null },
  pending_payment: {
    code: 'payment_being_verified',
    waitingOn: null,
    next: 'payment_verified',
    event: 'verify_payment',
    action: null,
  },
  payment_verified: {
    code: 'awaiting_allotment',
    waitingOn: 'ho',
    next: 'provisional_allotment',
    event: 'allot',
    action: null,
  },
  provisional_allotment: {
    code: 'upload_lease_deed',
    waitingOn: 'entrepreneur',
    next: 'lease_submitted',
    event: 'submit_lease_deed',
    action: 'upload_lease_deed',
  },
  lease_submitted: {
    code: 'lease_deed_in_review',
    waitingOn: 'zonal_manager',
    next: 'final_allotment',
    event: 'approve_lease_deed',
    action: null,
  },
  final_allotment: {
    code: 'upload_lease_deed',
    waitingOn: 'entrepreneur',
    next: 'lease_submitted',
    event: 'submit_lease_deed',
    action: 'upload_lease_deed',
  },
  possession_given: {
    code: 'possession_given',
    waitingOn: null,
    next: 'under_implementation',
    event: 'start_implementation',
    action: null,
  },
  under_implementation: {
    code: 'under_implementation',
    waitingOn: null,
    next: 'completed',
    event: 'complete',
    action: null,
  },
  completed: { code: 'completed', waitingOn: null, next: null, event: null, action: null },
  withdrawn: { code: 'withdrawn', waitingOn: null, next: null, event: null, action: null },
};

const SCHEME_ID = '7d1c6a0e-4b1f-4f5e-9c1a-2b3c4d5e6f70';

describe('right now', () => {
  it.each(APPLICATION_STATUSES)('tells both viewers the same story at %s', (status) => {
    const applicant = rightNow(input(status, 'applicant'));
    const officer = rightNow(input(status, 'officer'));
    expect(applicant).toMatchObject(BY_STATUS[status]);
    expect(officer).toEqual({ ...applicant, action: null });
    // The next status is one the named event really leads to, from this status.
    if (applicant.event) {
      const event = APPLICATION_EVENTS[applicant.event];
      expect(event.from as readonly string[]).toContain(status);
      expect(event.to as readonly string[]).toContain(applicant.next);
    }
  });

  it('waits on whom the service clock waits on, wherever the status has a clock', () => {
    for (const status of APPLICATION_STATUSES) {
      const target = SERVICE_TARGETS[status];
      const code = BY_STATUS[status].code;
      if (target && code !== 'payment_being_verified') {
        expect(rightNow(input(status, 'officer')).waitingOn, status).toBe(target.waitingOn);
      }
    }
  });

  it('says an approved scheme application waits on no officer but on its scheme’s result', () => {
    const base = input('approved', 'applicant');
    const inScheme = rightNow({ ...base, application: { ...base.application, scheme_id: SCHEME_ID } });
    expect(inScheme).toMatchObject({ code: 'awaiting_scheme_result', waitingOn: null, event: 'scheme_won' });
    expect(rightNow(base)).toMatchObject({ code: 'awaiting_invoice_or_allotment', event: 'request_payment' });
  });

  it('asks for payment with the total, the first invoice and its due date, at pending payment', () => {
    const unpaid = [
      { amount: 546_800, due_date: '2026-12-05', invoice_number: 'INV-2026-000009' },
      { amount: 1_000, due_date: '2026-12-20', invoice_number: 'INV-2026-000010' },
    ];
    const applicant = rightNow(input('pending_payment', 'applicant', { unpaidInvoices: unpaid }));
    expect(applicant).toMatchObject({
      code: 'pay_invoices',
      waitingOn: 'entrepreneur',
      next: 'payment_verified',
      amount: 547_800,
      invoiceNumber: 'INV-2026-000009',
      invoiceAmount: 546_800,
      invoiceDueOn: '2026-12-05',
      moreUnpaid: 1,
      dueOn: '2026-12-05',
      action: 'pay',
    });
    expect(rightNow(input('pending_payment', 'officer', { unpaidInvoices: unpaid }))).toEqual({
      ...applicant,
      action: null,
    });
    // Invoices not loaded yet: still a payment step, with the clock's date.
    expect(rightNow(input('pending_payment', 'applicant', { unpaidInvoices: undefined }))).toMatchObject({
      code: 'pay_invoices',
      amount: null,
      dueOn: '2026-12-05',
    });
  });

  it('offers paying unpaid invoices while the step waits on an officer', () => {
    const unpaid = [{ amount: 11_800, due_date: '2026-03-03', invoice_number: 'INV-2026-000001' }];
    expect(rightNow(input('submitted', 'applicant', { unpaidInvoices: unpaid }))).toMatchObject({
      code: 'awaiting_scrutiny',
      waitingOn: 'zonal_manager',
      dueOn: '2026-12-05',
      amount: 11_800,
      action: 'pay',
    });
    expect(rightNow(input('rejected', 'applicant', { unpaidInvoices: unpaid })).action).toBeNull();
  });

  it('names the officer the server stores as waited on, as the inbox does, whatever a list read apart says', () => {
    // The committee's case at pending committee: the server (every fact) stores the committee; the documents list,
    // read a moment apart or before a replacement shows, looks as if a required document were missing.
    for (const viewer of ['applicant', 'officer'] as const) {
      const read = input('pending_committee', viewer, {
        application: { status: 'pending_committee', waiting_on: 'committee', stage_due_on: '2026-12-05' },
        checklist: undefined,
        documents: [],
      });
      expect(rightNow(read)).toMatchObject({ code: 'awaiting_committee', waitingOn: 'committee', action: null });
    }
    // When the server stores the applicant, the lists say what they wait for.
    const onApplicant = input('pending_committee', 'officer', {
      application: { status: 'pending_committee', waiting_on: 'entrepreneur', stage_due_on: '2026-12-05' },
      checklist: undefined,
      documents: [],
    });
    expect(rightNow(onApplicant)).toMatchObject({ code: 'missing_documents', waitingOn: 'entrepreneur' });
  });

  it('asks nothing of an application that ended before allotment: no amount, no invoice, no "more unpaid"', () => {
    const unpaid = [
      { amount: 476_800, due_date: '2026-12-05', invoice_number: 'INV-2026-000009' },
      { amount: 11_800, due_date: '2026-12-20', invoice_number: 'INV-2026-000010' },
    ];
    for (const status of ENDED_BEFORE_ALLOTMENT_STATUSES) {
      for (const viewer of ['applicant', 'officer'] as const) {
        expect(rightNow(input(status, viewer, { unpaidInvoices: unpaid }))).toMatchObject({
          code: status,
          waitingOn: null,
          amount: null,
          invoiceNumber: null,
          invoiceAmount: null,
          invoiceDueOn: null,
          moreUnpaid: 0,
          action: null,
        });
      }
    }
  });

  it('puts an open query first, with its reply-by date, and stops counting the step late', () => {
    for (const status of ['under_scrutiny', 'pending_committee'] as const) {
      const base = input(status, 'applicant', { openQueries: [{ respond_by: '2026-12-10' }] });
      const paused = { ...base, application: { ...base.application, clock_paused: true, overdue: true } };
      expect(rightNow(paused)).toMatchObject({
        code: 'answer_query',
        waitingOn: 'entrepreneur',
        dueOn: '2026-12-10',
        overdue: false,
        action: 'answer_query',
      });
    }
    // Queries not loaded: the paused clock (and the server, which stores the applicant as waited on) says one waits.
    const unknown = input('under_scrutiny', 'officer', { openQueries: undefined });
    const paused = { ...unknown.application, clock_paused: true, waiting_on: 'entrepreneur' as const };
    expect(rightNow({ ...unknown, application: paused }).code).toBe('answer_query');
  });

  it('says a lapsed query waits on the officers (reject, or extend its date once), and a live one still comes first', () => {
    for (const [status, officer] of [
      ['under_scrutiny', 'zonal_manager'],
      ['pending_committee', 'committee'],
    ] as const) {
      for (const viewer of ['applicant', 'officer'] as const) {
        const base = input(status, viewer, { openQueries: [{ respond_by: '2026-12-10', lapsed: true }] });
        const paused = { ...base, application: { ...base.application, clock_paused: true, overdue: true } };
        expect(rightNow(paused)).toMatchObject({
          code: 'query_lapsed',
          waitingOn: officer,
          next: null,
          event: null,
          dueOn: null,
          overdue: false,
          action: null,
        });
      }
      const both = input(status, 'applicant', {
        openQueries: [
          { respond_by: '2026-12-10', lapsed: true },
          { respond_by: '2026-12-20', lapsed: false },
        ],
      });
      expect(rightNow(both)).toMatchObject({ code: 'answer_query', waitingOn: 'entrepreneur', dueOn: '2026-12-20' });
    }
  });

  it('asks for rejected documents again (then missing ones) while documents may be uploaded', () => {
    const documents = [
      { document_type: 'dpr' as const, verification_status: 'verified' as const },
      { document_type: 'pan_card' as const, verification_status: 'rejected' as const },
    ];
    expect(rightNow(input('under_scrutiny', 'applicant', { checklist: undefined, documents }))).toMatchObject({
      code: 'fix_documents',
      waitingOn: 'entrepreneur',
      documents: ['pan_card', 'bank_proof'],
      action: 'upload_documents',
    });
    const missingOnly = [
      documents[0]!,
      { document_type: 'pan_card' as const, verification_status: 'pending' as const },
    ];
    expect(rightNow(input('submitted', 'officer', { checklist: undefined, documents: missingOnly }))).toMatchObject({
      code: 'missing_documents',
      documents: ['bank_proof'],
      action: null,
    });
    // A draft names what is still missing, but its step is submitting.
    expect(rightNow(input('draft', 'applicant', { checklist: undefined, documents: [] }))).toMatchObject({
      code: 'submit_draft',
      documents: ['dpr', 'pan_card', 'bank_proof'],
    });
    // Past the committee, documents can no longer be uploaded: the status's own step stands.
    expect(rightNow(input('approved', 'applicant', { checklist: undefined, documents })).code).toBe(
      'awaiting_invoice_or_allotment',
    );
  });

  it('reads a replaced document as gone and its replacement as current', () => {
    const list = checklistFromDocuments([
      { document_type: 'pan_card', verification_status: 'rejected', replaced_at: '2026-03-02T00:00:00Z' },
      { document_type: 'pan_card', verification_status: 'pending', replaced_at: null },
    ]);
    expect(list.find((item) => item.document_type === 'pan_card')).toEqual({
      document_type: 'pan_card',
      required: true,
      state: 'pending',
    });
  });

  it('follows the lease deed through provisional and final allotment to possession', () => {
    expect(rightNow(input('provisional_allotment', 'applicant', { leaseDeed: 'needs_revision' }))).toMatchObject({
      code: 'revise_lease_deed',
      action: 'upload_lease_deed',
    });
    expect(rightNow(input('final_allotment', 'applicant', { leaseDeed: 'rejected' })).code).toBe('revise_lease_deed');
    // Uploading a deed moves the application to lease_submitted, where it waits on whoever reviews it.
    expect(rightNow(input('lease_submitted', 'officer', { leaseDeed: 'pending' }))).toMatchObject({
      code: 'lease_deed_in_review',
      waitingOn: 'zonal_manager',
      next: 'final_allotment',
      event: 'approve_lease_deed',
    });
    const possession: Expected = {
      code: 'awaiting_possession',
      waitingOn: 'zonal_manager',
      next: 'possession_given',
      event: 'record_possession',
      action: null,
    };
    const approvedDeed = input('final_allotment', 'applicant', {
      leaseDeed: 'approved',
      application: { status: 'final_allotment', waiting_on: 'zonal_manager', stage_due_on: '2026-12-05' },
    });
    expect(rightNow(approvedDeed)).toMatchObject(possession);
    expect(rightNow({ ...approvedDeed, viewer: 'officer' })).toMatchObject(possession);
    // Without the deed's state the server's clock decides.
    expect(rightNow({ ...approvedDeed, leaseDeed: undefined }).code).toBe('awaiting_possession');
    expect(
      rightNow({
        ...approvedDeed,
        leaseDeed: undefined,
        application: { status: 'final_allotment', waiting_on: 'entrepreneur' },
      }).code,
    ).toBe('upload_lease_deed');
  });

  it('says a step waiting on someone is late when the clock says so', () => {
    const late = input('under_scrutiny', 'officer');
    expect(rightNow({ ...late, application: { ...late.application, overdue: true } }).overdue).toBe(true);
    const done = input('completed', 'officer');
    expect(rightNow({ ...done, application: { ...done.application, overdue: true } }).overdue).toBe(false);
  });

  it('filters open queries and the application’s own unpaid invoices, earliest due first', () => {
    expect(openQueriesOf([{ status: 'open' }, { status: 'answered' }, { status: 'closed' }])).toEqual([
      { status: 'open' },
    ]);
    const invoice = (status: InvoiceStatus, invoice_type: InvoiceType, due_date: string) => ({
      status,
      invoice_type,
      due_date,
    });
    expect(
      unpaidInvoicesOf([
        invoice('pending', 'emd', '2026-03-10'),
        invoice('paid', 'processing_fee', '2026-03-01'),
        invoice('overdue', 'processing_fee', '2026-03-03'),
        invoice('pending', 'service_fee', '2026-03-02'),
      ]),
    ).toEqual([invoice('overdue', 'processing_fee', '2026-03-03'), invoice('pending', 'emd', '2026-03-10')]);
  });
});

describe('right now reads the one answer to whom an application waits on', () => {
  const INVOICE = { amount: 5000, due_date: '2026-12-10', invoice_number: 'INV-2026-000001' };
  const DOCUMENTS = {
    verified: ALL_VERIFIED,
    rejected: checklistFromDocuments([
      { document_type: 'dpr', verification_status: 'rejected' },
      { document_type: 'pan_card', verification_status: 'verified' },
      { document_type: 'bank_proof', verification_status: 'verified' },
    ]),
    missing: checklistFromDocuments([
      { document_type: 'dpr', verification_status: 'verified' },
      { document_type: 'pan_card', verification_status: 'verified' },
    ]),
  };
  const DEEDS = [null, ...LEASE_DEED_STATUSES] as const;

  it('names, for both viewers, the party waitingOnOf names, with and without a query, documents to fix, each deed state and unpaid invoices', () => {
    let compared = 0;
    for (const status of APPLICATION_STATUSES) {
      for (const openQuery of [false, true]) {
        for (const documents of ['verified', 'rejected', 'missing'] as const) {
          for (const leaseDeed of DEEDS) {
            for (const unpaid of [0, 1]) {
              const facts: CaseFacts = {
                openQuery,
                documentsToFix: status !== 'draft' && documents !== 'verified',
                leaseDeed,
                unpaidInvoices: unpaid,
              };
              const extra: Partial<RightNowInput> = {
                openQueries: openQuery ? [{ respond_by: '2026-12-01' }] : [],
                checklist: DOCUMENTS[documents],
                leaseDeed,
                unpaidInvoices: unpaid ? [INVOICE] : [],
              };
              for (const viewer of ['applicant', 'officer'] as const) {
                const label = `${status} ${JSON.stringify(facts)} ${viewer}`;
                expect(rightNow(input(status, viewer, extra)).waitingOn, label).toBe(waitingOnOf(status, facts));
                compared += 1;
              }
            }
          }
        }
      }
    }
    expect(compared).toBe(APPLICATION_STATUSES.length * 2 * 3 * 5 * 2 * 2);
  });

  it('follows a changed copy of the table: whom a status waits on, the event it waits for and where documents are taken', () => {
    const table = JSON.parse(JSON.stringify(APPLICATION_LIFECYCLE)) as Lifecycle;
    table.statuses.submitted.waits = [{ event: 'start_scrutiny', on: 'ho' }];
    table.statuses.approved.waits = [{ event: 'allot', on: 'committee' }];
    table.actions.upload_document.in = ['draft'];

    expect(waitingOnOf('submitted', NO_CASE_FACTS, table)).toBe('ho');
    expect(rightNow(input('submitted', 'officer'), table)).toMatchObject({
      code: 'awaiting_scrutiny',
      waitingOn: 'ho',
    });
    expect(rightNow(input('approved', 'applicant'), table)).toMatchObject({
      code: 'awaiting_allotment',
      waitingOn: 'committee',
      next: 'provisional_allotment',
      event: 'allot',
    });
    // Documents are no longer taken under scrutiny, so a rejected one no longer puts the step on the applicant.
    const rejected = input('under_scrutiny', 'applicant', { checklist: DOCUMENTS.rejected });
    expect(rightNow(rejected).code).toBe('fix_documents');
    expect(rightNow(rejected, table)).toMatchObject({ code: 'in_scrutiny', waitingOn: 'zonal_manager', action: null });
  });
});

describe('right now in a scheme, and the reason of a closed application', () => {
  // The scheme closes at 14:00 IST on 1 December; scrutiny's own clock would run to 9 December.
  const closesAt = '2026-12-01T08:30:00.000Z';
  const inScheme = (status: ApplicationStatus, extra: Partial<RightNowInput> = {}): RightNowInput => ({
    viewer: 'applicant',
    application: { status, waiting_on: 'zonal_manager', stage_due_on: '2026-12-09', scheme_id: 'scheme' },
    checklist: ALL_VERIFIED,
    openQueries: [],
    unpaidInvoices: [],
    schemeClosesAt: closesAt,
    ...extra,
  });

  it('never promises scrutiny after the close, and names the close that decides', () => {
    const now = rightNow(inScheme('under_scrutiny'));
    expect(now.dueOn).toBe('2026-12-01');
    expect(now.schemeClosesAt).toBe(closesAt);
    // A date before the close stands.
    expect(
      rightNow(
        inScheme('submitted', { application: { ...inScheme('submitted').application, stage_due_on: '2026-11-28' } }),
      ).dueOn,
    ).toBe('2026-11-28');
    // Approved with nothing left to pay, it is qualified: the close no longer threatens it.
    expect(rightNow(inScheme('approved')).schemeClosesAt).toBeNull();
    // Outside a scheme nothing changes.
    expect(
      rightNow({
        ...inScheme('under_scrutiny'),
        application: { ...inScheme('under_scrutiny').application, scheme_id: null },
      }).dueOn,
    ).toBe('2026-12-09');
  });

  it('carries the reason of a rejected or withdrawn application, and of no other', () => {
    const reason = { code: 'scheme_not_qualified' as const, params: { scheme_number: 'SCH-2026-000001' } };
    expect(rightNow(inScheme('rejected', { closingReason: reason })).reason).toEqual(reason);
    expect(rightNow(inScheme('under_scrutiny', { closingReason: reason })).reason).toBeNull();
  });
});
