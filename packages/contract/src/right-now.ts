/**
 * "Right now" on one application: what is happening, whom it waits on, by when, what comes next and, for the
 * applicant, the one thing to do. Both the applicant's and the officer's screens read it, so the two never tell
 * different stories; it answers in codes and numbers, and each screen words them through its language catalogue.
 */
import type { DocumentChecklistState } from './document-checklist';
import { DOCUMENT_RULES, DOCUMENT_TYPES, type DocumentType } from './documents';
import type { ApplicationStatus, InvoiceStatus, InvoiceType, LeaseDeedStatus } from './enums';
import type { ApplicationEventName } from './lifecycle';
import type { Role } from './roles';
import type { ApplicationQuery } from './schemas';
import { stageTarget } from './service-clock';
import { DOCUMENT_UPLOAD_STATUSES } from './workflow';

export type RightNowViewer = 'applicant' | 'officer';

/** The applicant's main action on the card. */
export const RIGHT_NOW_ACTIONS = ['pay', 'upload_documents', 'answer_query', 'upload_lease_deed'] as const;
export type RightNowAction = (typeof RIGHT_NOW_ACTIONS)[number];

export const RIGHT_NOW_CODES = [
  /** A draft: upload the documents (`documents`: required ones still missing) and submit. */
  'submit_draft',
  /** A query waits on the applicant's answer; the clock stands still until then. */
  'answer_query',
  /** An officer rejected documents (`documents`); the applicant uploads replacements. */
  'fix_documents',
  /** Required documents (`documents`) were never uploaded. */
  'missing_documents',
  'awaiting_scrutiny',
  'in_scrutiny',
  'awaiting_committee',
  /** Approved: head office raises the premium invoice or allots. */
  'awaiting_invoice_or_allotment',
  'rejected',
  /** Invoices (`amount`, first `invoiceNumber`) wait on the applicant's payment. */
  'pay_invoices',
  /** Everything is paid; the portal is moving the application on. */
  'payment_being_verified',
  'awaiting_allotment',
  'upload_lease_deed',
  /** The last lease deed came back (rejected or to be revised); the applicant uploads another. */
  'revise_lease_deed',
  'lease_deed_in_review',
  'awaiting_possession',
  'possession_given',
  'under_implementation',
  'completed',
] as const;
export type RightNowCode = (typeof RIGHT_NOW_CODES)[number];

/** One row of the document checklist (GET /applications/{id}/documents/checklist), as far as this reads it. */
export interface RightNowChecklistItem {
  document_type: DocumentType;
  required: boolean;
  state: DocumentChecklistState;
}

/** An uploaded document, as far as a checklist can be read from it. */
export interface RightNowDocument {
  document_type: DocumentType;
  verification_status: Exclude<DocumentChecklistState, 'missing'>;
  replaced_at?: string | null;
}

export interface RightNowInvoice {
  amount: number;
  due_date: string;
  invoice_number: string;
}

export interface RightNowInput {
  viewer: RightNowViewer;
  application: {
    status: ApplicationStatus;
    waiting_on?: Role | null;
    stage_due_on?: string | null;
    overdue?: boolean;
    clock_paused?: boolean;
  };
  /** The queries waiting on the applicant (see openQueriesOf); undefined when not known. */
  openQueries?: readonly Pick<ApplicationQuery, 'respond_by'>[];
  /** The document checklist; without it, `documents` are read as one (see checklistFromDocuments). */
  checklist?: readonly RightNowChecklistItem[];
  documents?: readonly RightNowDocument[];
  /** The application's own unpaid invoices (see unpaidInvoicesOf). */
  unpaidInvoices?: readonly RightNowInvoice[];
  /** The latest lease deed's state: null when none was uploaded, undefined when not known. */
  leaseDeed?: LeaseDeedStatus | null;
}

export interface RightNow {
  code: RightNowCode;
  /** The role the step waits on ('entrepreneur' for the applicant), or null when nothing waits. */
  waitingOn: Role | null;
  /** The status the application moves to when this step is done, and the event that moves it. */
  next: ApplicationStatus | null;
  event: ApplicationEventName | null;
  /** By when the step should be done: the query's reply-by date, the first invoice's due date, else the clock's. */
  dueOn: string | null;
  /** The clock says the step is late (never while it is paused). */
  overdue: boolean;
  /** Everything unpaid, with the invoice to pay first and its amount and due date; null when nothing is unpaid. */
  amount: number | null;
  invoiceNumber: string | null;
  invoiceAmount: number | null;
  invoiceDueOn: string | null;
  /** Document types to upload or upload again. */
  documents: DocumentType[];
  /** The applicant's main action (always null for an officer). */
  action: RightNowAction | null;
}

/** The queries that wait on the applicant. */
export function openQueriesOf<Q extends Pick<ApplicationQuery, 'status'>>(queries: readonly Q[]): Q[] {
  return queries.filter((query) => query.status === 'open');
}

/** The application's own invoices still to pay (service fees belong to service requests), the earliest due first. */
export function unpaidInvoicesOf<I extends { status: InvoiceStatus; invoice_type: InvoiceType; due_date: string }>(
  invoices: readonly I[],
): I[] {
  return invoices
    .filter((invoice) => invoice.status !== 'paid' && invoice.invoice_type !== 'service_fee')
    .sort((a, b) => a.due_date.localeCompare(b.due_date));
}

const STATE_PRIORITY: readonly Exclude<DocumentChecklistState, 'missing'>[] = ['verified', 'pending', 'rejected'];

/** A checklist read from the documents themselves: every type, the state of its current (not replaced) document. */
export function checklistFromDocuments(documents: readonly RightNowDocument[]): RightNowChecklistItem[] {
  return DOCUMENT_TYPES.map((type) => {
    const states = documents
      .filter((document) => document.document_type === type && !document.replaced_at)
      .map((document) => document.verification_status);
    const state = STATE_PRIORITY.find((candidate) => states.includes(candidate)) ?? 'missing';
    return { document_type: type, required: DOCUMENT_RULES[type].required, state };
  });
}

interface Step {
  code: RightNowCode;
  waitingOn: Role | null;
  next: ApplicationStatus | null;
  event: ApplicationEventName | null;
  dueOn?: string | null;
  documents?: DocumentType[];
  action?: RightNowAction | null;
}

function clockWaitingOn(status: ApplicationStatus, fallback: Role | null | undefined): Role | null {
  return stageTarget(status)?.waitingOn ?? fallback ?? null;
}

function documentsToFix(checklist: readonly RightNowChecklistItem[] | undefined) {
  const rejected = (checklist ?? []).filter((item) => item.state === 'rejected').map((item) => item.document_type);
  const missing = (checklist ?? [])
    .filter((item) => item.required && item.state === 'missing')
    .map((item) => item.document_type);
  return { rejected, missing };
}

/** The step by status alone (and the lease deed's state where it decides between two steps). */
function statusStep(input: RightNowInput, missing: DocumentType[], invoices: readonly RightNowInvoice[] | undefined) {
  const { status, waiting_on: serverWaitingOn } = input.application;
  const on = clockWaitingOn(status, serverWaitingOn);
  switch (status) {
    case 'draft':
      return step('submit_draft', 'entrepreneur', 'submitted', 'submit', { documents: missing, dueOn: null });
    case 'submitted':
      return step('awaiting_scrutiny', on, 'under_scrutiny', 'start_scrutiny');
    case 'under_scrutiny':
      return step('in_scrutiny', on, 'pending_committee', 'refer_to_committee');
    case 'pending_committee':
      return step('awaiting_committee', on, 'approved', 'approve');
    case 'approved':
      return step('awaiting_invoice_or_allotment', on, 'pending_payment', 'request_payment');
    case 'rejected':
      return step('rejected', null, null, null);
    case 'pending_payment':
      if (invoices && invoices.length === 0) {
        return step('payment_being_verified', null, 'payment_verified', 'verify_payment');
      }
      return step('pay_invoices', 'entrepreneur', 'payment_verified', 'verify_payment', {
        action: 'pay',
        dueOn: invoices?.[0]?.due_date ?? input.application.stage_due_on ?? null,
      });
    case 'payment_verified':
      return step('awaiting_allotment', on, 'provisional_allotment', 'allot');
    case 'provisional_allotment':
    case 'final_allotment':
      return allotmentStep(input);
    case 'lease_submitted':
      return step('lease_deed_in_review', on, 'final_allotment', 'approve_lease_deed');
    case 'possession_given':
      return step('possession_given', null, 'under_implementation', 'start_implementation');
    case 'under_implementation':
      return step('under_implementation', null, 'completed', 'complete');
    case 'completed':
      return step('completed', null, null, null);
  }
}

/** Provisional or final allotment: the applicant's lease deed, its review, then (final only) possession. */
function allotmentStep(input: RightNowInput): Step {
  const { status, waiting_on: serverWaitingOn } = input.application;
  const deed = input.leaseDeed;
  // Without the deed's state, the server's clock says whether it was approved (an officer is then waited on).
  const approved =
    deed === 'approved' || (deed === undefined && Boolean(serverWaitingOn) && serverWaitingOn !== 'entrepreneur');
  if (status === 'final_allotment' && approved) {
    return step(
      'awaiting_possession',
      stageTarget(status, { leaseDeedApproved: true })?.waitingOn ?? null,
      'possession_given',
      'record_possession',
    );
  }
  if (deed === 'pending') return step('lease_deed_in_review', 'zonal_manager', 'final_allotment', 'approve_lease_deed');
  const code = deed === 'rejected' || deed === 'needs_revision' ? 'revise_lease_deed' : 'upload_lease_deed';
  return step(code, 'entrepreneur', 'lease_submitted', 'submit_lease_deed', { action: 'upload_lease_deed' });
}

function step(
  code: RightNowCode,
  waitingOn: Role | null,
  next: ApplicationStatus | null,
  event: ApplicationEventName | null,
  extra: Partial<Pick<Step, 'dueOn' | 'documents' | 'action'>> = {},
): Step {
  return { code, waitingOn, next, event, ...extra };
}

/**
 * Right now on an application. A query waiting on the applicant comes first (it stops the clock), then documents
 * to upload again or still missing while documents may be uploaded, then the step of the status. The viewer
 * changes only `action`: an officer sees the same code and facts, and no applicant's button.
 */
export function rightNow(input: RightNowInput): RightNow {
  const { application } = input;
  const status = application.status;
  const checklist = input.checklist ?? (input.documents ? checklistFromDocuments(input.documents) : undefined);
  const { rejected, missing } = documentsToFix(checklist);
  const invoices = input.unpaidInvoices;
  const first = invoices?.[0];
  const mayUpload = DOCUMENT_UPLOAD_STATUSES.includes(status) && status !== 'draft';
  const openQuery = input.openQueries?.[0];
  const queryWaits =
    status !== 'draft' && (openQuery !== undefined || (input.openQueries === undefined && application.clock_paused));

  let found: Step;
  if (queryWaits) {
    found = step('answer_query', 'entrepreneur', null, null, {
      action: 'answer_query',
      dueOn: openQuery?.respond_by ?? null,
    });
  } else if (mayUpload && rejected.length > 0) {
    found = step('fix_documents', 'entrepreneur', null, null, {
      action: 'upload_documents',
      documents: [...rejected, ...missing.filter((type) => !rejected.includes(type))],
      dueOn: null,
    });
  } else if (mayUpload && missing.length > 0) {
    found = step('missing_documents', 'entrepreneur', null, null, {
      action: 'upload_documents',
      documents: missing,
      dueOn: null,
    });
  } else {
    found = statusStep(input, missing, invoices);
  }

  const total = invoices && invoices.length > 0 ? invoices.reduce((sum, invoice) => sum + invoice.amount, 0) : null;
  // Unpaid invoices may be paid at any step; paying is the main action when the step asks nothing else.
  const action = found.action ?? (total !== null && status !== 'rejected' ? 'pay' : null);
  const dueOn = found.dueOn === undefined ? (application.stage_due_on ?? null) : found.dueOn;
  return {
    code: found.code,
    waitingOn: found.waitingOn,
    next: found.next,
    event: found.event,
    dueOn,
    overdue: Boolean(application.overdue) && !application.clock_paused && found.waitingOn !== null,
    amount: total,
    invoiceNumber: first?.invoice_number ?? null,
    invoiceAmount: first?.amount ?? null,
    invoiceDueOn: first?.due_date ?? null,
    documents: found.documents ?? [],
    action: input.viewer === 'applicant' ? action : null,
  };
}
