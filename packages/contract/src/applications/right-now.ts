/**
 * "Right now" on one application: what is happening, whom it waits on, by when, what comes next and, for the
 * applicant, the one thing to do. Both the applicant's and the officer's screens read it, so the two never tell
 * different stories; it answers in codes and numbers, and each screen words them through its language catalogue.
 */
import { businessDay } from '../time/business-calendar';
import type { ClosingReason } from './closing-reasons';
import type { DocumentChecklistState } from '../documents/checklist';
import { DOCUMENT_RULES, DOCUMENT_TYPES, type DocumentType } from '../documents/documents';
import type { ApplicationStatus, InvoiceStatus, InvoiceType, LeaseDeedStatus } from '../enums';
import {
  APPLICATION_LIFECYCLE,
  NO_CASE_FACTS,
  statusWaitOf,
  waitOf,
  type ApplicationEventName,
  type CaseFacts,
  type Lifecycle,
} from './lifecycle';
import { hasEndedBeforeAllotment } from '../money/money';
import type { Role } from '../roles';
import type { ApplicationQuery } from '../schemas';

export type RightNowViewer = 'applicant' | 'officer';

/** The applicant's main action on the card. */
export const RIGHT_NOW_ACTIONS = ['pay', 'upload_documents', 'answer_query', 'upload_lease_deed'] as const;
export type RightNowAction = (typeof RIGHT_NOW_ACTIONS)[number];

export const RIGHT_NOW_CODES = [
  /** A draft: upload the documents (`documents`: required ones still missing) and submit. */
  'submit_draft',
  /** A query waits on the applicant's answer; the clock stands still until then. */
  'answer_query',
  /** A query's reply-by date passed with no answer: the officer it now waits on may reject the application with a
   * reason, or extend the date once. */
  'query_lapsed',
  /** An officer rejected documents (`documents`); the applicant uploads replacements. */
  'fix_documents',
  /** Required documents (`documents`) were never uploaded. */
  'missing_documents',
  'awaiting_scrutiny',
  'in_scrutiny',
  'awaiting_committee',
  /** Approved: head office raises the premium invoice or allots. */
  'awaiting_invoice_or_allotment',
  /** Approved in a scheme: the scheme's result (first come, the draw or the auction) decides the plot. */
  'awaiting_scheme_result',
  'rejected',
  /** Invoices wait on the applicant's payment: the first (`invoiceNumber`, `invoiceAmount`) and `moreUnpaid` others. */
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
  /** Withdrawn by its applicant. */
  'withdrawn',
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
    /** Made in a scheme: its result, not an officer, moves it on once approved. */
    scheme_id?: string | null;
  };
  /** The open queries (see openQueriesOf): those not lapsed wait on the applicant; undefined when not known. */
  openQueries?: readonly (Pick<ApplicationQuery, 'respond_by'> & { lapsed?: boolean })[];
  /** The document checklist; without it, `documents` are read as one (see checklistFromDocuments). */
  checklist?: readonly RightNowChecklistItem[];
  documents?: readonly RightNowDocument[];
  /** The application's own unpaid invoices (see unpaidInvoicesOf). */
  unpaidInvoices?: readonly RightNowInvoice[];
  /** The latest lease deed's state: null when none was uploaded, undefined when not known. */
  leaseDeed?: LeaseDeedStatus | null;
  /** The close of the scheme the application was made in (an instant), when known. */
  schemeClosesAt?: string | null;
  /** Why a rejected or withdrawn application ended (the server's `closing_reason`), when known. */
  closingReason?: ClosingReason | null;
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
  /** How many unpaid invoices there are besides the one to pay first (0 when none or only one is unpaid). */
  moreUnpaid: number;
  /** Document types to upload or upload again. */
  documents: DocumentType[];
  /** The applicant's main action (always null for an officer). */
  action: RightNowAction | null;
  /** A scheme's application not yet qualified: the close (an instant) by which it must be approved with its deposits
   * paid, or the close finds it not qualified and rejects it. `dueOn` never falls after it. Null otherwise. */
  schemeClosesAt: string | null;
  /** Why a rejected or withdrawn application ended; null otherwise or when not known. */
  reason: ClosingReason | null;
}

/** The statuses a scheme's close rejects unless the application is approved with its deposits paid by then. */
const BEFORE_SCHEME_CLOSE: readonly ApplicationStatus[] = [
  'submitted',
  'under_scrutiny',
  'pending_committee',
  'approved',
];

/** The queries that wait on the applicant. */
export function openQueriesOf<Q extends Pick<ApplicationQuery, 'status'>>(queries: readonly Q[]): Q[] {
  return queries.filter((query) => query.status === 'open');
}

/** Whether an invoice is still to pay: pending or overdue; a paid or cancelled one (decision 023) is not. */
export function isInvoiceOwed(status: InvoiceStatus): boolean {
  return status === 'pending' || status === 'overdue';
}

/** The application's own invoices still to pay (service fees belong to service requests), the earliest due first. */
export function unpaidInvoicesOf<I extends { status: InvoiceStatus; invoice_type: InvoiceType; due_date: string }>(
  invoices: readonly I[],
): I[] {
  return invoices
    .filter((invoice) => isInvoiceOwed(invoice.status) && invoice.invoice_type !== 'service_fee')
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

/** The code of the step that waits for each event (the screens word it). */
const EVENT_CODES: Record<ApplicationEventName, RightNowCode> = {
  submit: 'submit_draft',
  start_scrutiny: 'awaiting_scrutiny',
  refer_to_committee: 'in_scrutiny',
  approve: 'awaiting_committee',
  reject: 'awaiting_committee',
  return_to_scrutiny: 'awaiting_committee',
  // No status waits for the applicant's withdrawal; its code is the status it leads to.
  withdraw: 'withdrawn',
  record_committee_note: 'awaiting_committee',
  request_payment: 'awaiting_invoice_or_allotment',
  verify_payment: 'pay_invoices',
  allot: 'awaiting_allotment',
  submit_lease_deed: 'upload_lease_deed',
  approve_lease_deed: 'lease_deed_in_review',
  return_lease_deed: 'lease_deed_in_review',
  record_possession: 'awaiting_possession',
  // No status waits for an appeal's order; its code is the step it leads to.
  appeal_allowed: 'in_scrutiny',
  // A scheme's result moves its applications: its winner to the premium, the rest to rejected; its winner who paid
  // to the allotment.
  scheme_won: 'awaiting_scheme_result',
  scheme_not_allotted: 'rejected',
  scheme_allot: 'awaiting_allotment',
  start_implementation: 'possession_given',
  complete: 'under_implementation',
};

/** The applicant's main action on a step that waits on them for its event. */
const EVENT_ACTIONS: Partial<Record<ApplicationEventName, RightNowAction>> = {
  verify_payment: 'pay',
  submit_lease_deed: 'upload_lease_deed',
};

function documentsToFix(checklist: readonly RightNowChecklistItem[] | undefined) {
  const rejected = (checklist ?? []).filter((item) => item.state === 'rejected').map((item) => item.document_type);
  const missing = (checklist ?? [])
    .filter((item) => item.required && item.state === 'missing')
    .map((item) => item.document_type);
  return { rejected, missing };
}

/**
 * The facts of the input, as waitingOnOf reads them. What the input does not know is read from the server's clock:
 * a paused clock is an open query, and at final allotment an officer waited on means the lease deed was approved.
 * Invoices not known are taken as unpaid.
 */
export function caseFactsOf(input: RightNowInput): CaseFacts {
  const { status, waiting_on: serverWaitingOn, clock_paused } = input.application;
  const checklist = input.checklist ?? (input.documents ? checklistFromDocuments(input.documents) : undefined);
  const { rejected, missing } = documentsToFix(checklist);
  const officerWaited = Boolean(serverWaitingOn) && serverWaitingOn !== 'entrepreneur';
  // The server stores whom the case waits on from every fact (the inbox and the dashboards count it): when it names
  // an officer, no query or document stands on the applicant, whatever a list read a moment apart says.
  const officerFirst = officerWaited && statusWaitOf(status, NO_CASE_FACTS)?.on === serverWaitingOn;
  return {
    // A lapsed query no longer waits on the applicant: the officer decides what follows.
    openQuery:
      !officerFirst && (input.openQueries ? input.openQueries.some((query) => !query.lapsed) : Boolean(clock_paused)),
    documentsToFix: !officerFirst && status !== 'draft' && (rejected.length > 0 || missing.length > 0),
    leaseDeed: input.leaseDeed === undefined && officerWaited ? 'approved' : input.leaseDeed,
    unpaidInvoices: input.unpaidInvoices ? input.unpaidInvoices.length : 1,
    inScheme: Boolean(input.application.scheme_id),
  };
}

/**
 * Right now on an application, read from the lifecycle table (or `table`): whom it waits on is waitingOnOf of its
 * facts, and what it waits for names the step (a query to answer, documents to upload again or still missing, or
 * the event the status waits for, with the status that event leads to). The viewer changes only `action`: an
 * officer sees the same code and facts, and no applicant's button.
 */
export function rightNow(input: RightNowInput, table: Lifecycle = APPLICATION_LIFECYCLE): RightNow {
  const { application } = input;
  const status = application.status;
  const checklist = input.checklist ?? (input.documents ? checklistFromDocuments(input.documents) : undefined);
  const { rejected, missing } = documentsToFix(checklist);
  // An application that ended before allotment owes nothing: its fees and deposits are cancelled by rule (decision
  // 023), and an invoice a stale list still shows unpaid is not asked for.
  const invoices = hasEndedBeforeAllotment(status) ? [] : input.unpaidInvoices;
  const first = invoices?.[0];
  const facts = caseFactsOf(input);
  const waiting = waitOf(status, facts, table);
  const hasClock = table.statuses[status].workingDays !== undefined;

  let code: RightNowCode;
  let event: ApplicationEventName | null = null;
  let action: RightNowAction | null = null;
  let documents: DocumentType[] = [];
  let dueOn: string | null = hasClock ? (application.stage_due_on ?? null) : null;
  switch (waiting.for) {
    case 'query':
      code = 'answer_query';
      action = 'answer_query';
      dueOn = input.openQueries?.find((query) => !query.lapsed)?.respond_by ?? null;
      break;
    case 'documents':
      code = rejected.length > 0 ? 'fix_documents' : 'missing_documents';
      action = 'upload_documents';
      documents = [...rejected, ...missing.filter((type) => !rejected.includes(type))];
      dueOn = null;
      break;
    case 'event':
      event = waiting.event;
      code = EVENT_CODES[event];
      if (waiting.on === 'entrepreneur') action = EVENT_ACTIONS[event] ?? null;
      if (event === 'submit') documents = missing;
      if (event === 'verify_payment' && waiting.on === null) code = 'payment_being_verified';
      if (event === 'verify_payment' && waiting.on !== null) dueOn = first?.due_date ?? dueOn;
      if (event === 'submit_lease_deed' && (facts.leaseDeed === 'rejected' || facts.leaseDeed === 'needs_revision')) {
        code = 'revise_lease_deed';
      }
      break;
    case 'nothing':
      code = status === 'completed' ? 'completed' : status === 'withdrawn' ? 'withdrawn' : 'rejected';
      break;
  }
  // Only lapsed queries left open: the officer it waits on rejects the application or extends the date once.
  const lapsed = waiting.for === 'event' && hasClock ? input.openQueries?.find((query) => query.lapsed) : undefined;
  if (lapsed) {
    code = 'query_lapsed';
    event = null;
    action = null;
    documents = [];
    // The date has passed: the Queries tab shows it; the clock stands still until the officer acts.
    dueOn = null;
  }

  // In a scheme, scrutiny that ends after the close ends too late: the close decides, so no date after it is promised.
  // Approved with its deposits paid, it is qualified already: the close no longer threatens it.
  const notYetQualified = BEFORE_SCHEME_CLOSE.includes(status) && (status !== 'approved' || facts.unpaidInvoices > 0);
  const schemeClosesAt = application.scheme_id && input.schemeClosesAt && notYetQualified ? input.schemeClosesAt : null;
  if (schemeClosesAt && dueOn) {
    const closeDay = businessDay(new Date(schemeClosesAt));
    if (dueOn > closeDay) dueOn = closeDay;
  }
  const reason = status === 'rejected' || status === 'withdrawn' ? (input.closingReason ?? null) : null;

  const total = invoices && invoices.length > 0 ? invoices.reduce((sum, invoice) => sum + invoice.amount, 0) : null;
  // Unpaid invoices may be paid at any step; paying is the main action when the step asks nothing else.
  const mainAction = action ?? (total !== null ? 'pay' : null);
  return {
    code,
    waitingOn: waiting.on,
    next: event ? (table.events[event].to[0] ?? null) : null,
    event,
    dueOn,
    overdue: Boolean(application.overdue) && !application.clock_paused && waiting.on !== null,
    amount: total,
    invoiceNumber: first?.invoice_number ?? null,
    invoiceAmount: first?.amount ?? null,
    invoiceDueOn: first?.due_date ?? null,
    moreUnpaid: invoices && invoices.length > 1 ? invoices.length - 1 : 0,
    documents,
    action: input.viewer === 'applicant' ? mainAction : null,
    schemeClosesAt,
    reason,
  };
}
