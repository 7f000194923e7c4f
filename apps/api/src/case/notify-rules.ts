/**
 * What notifies whom, declared once: each timeline code the portal records (packages/contract timeline-events.ts)
 * maps to the notifications it raises and their audience. `notifyForEvent` (case/notify.ts) reads this table inside
 * the transaction that records the event, so a notification and its mail exist exactly when the event does.
 *
 * Audiences:
 * - owner: the applicant who owns the application (or the service request).
 * - waiting_role: the active officers of the role the application now waits on (its service clock's `waiting_on`),
 *   only when that role changed with the event and the clock runs (not paused by an open query).
 * - assignee: the officer the application is assigned to.
 * - query_raiser: the officer who raised the query, and the officer the case is assigned to.
 * - holder: who holds the allotment the event is about now (decision 014: not the applicant after a transfer).
 * - transferee: the account registered with the email a transfer names, if there is one yet.
 * - estate_officers: the active zonal managers (a holder's reply to a show-cause notice).
 * Officers are never told of what they did themselves; the applicant is (a submission is their receipt).
 *
 * Reminders (invoice due soon, invoice overdue, case overdue) come from the sweep in lib/notify-reminders.ts and
 * outbox failures from the mail worker (lib/mail/worker.ts), not from timeline events.
 */
import type {
  ApplicationEventName,
  InvoiceType,
  NotificationCode,
  ServiceRequestStatus,
  ServiceRequestType,
  TimelineCode,
} from '@portal/contract';

export type Audience =
  'owner' | 'waiting_role' | 'assignee' | 'query_raiser' | 'holder' | 'transferee' | 'estate_officers';

export interface NotifyRule {
  notify: NotificationCode;
  to: Audience;
  /** Status changes: only these lifecycle events (the timeline entry's `event`). */
  events?: readonly ApplicationEventName[];
  /** invoice_generated: only invoices of these types. */
  invoiceTypes?: readonly InvoiceType[];
  /** service_request_updated: only these new statuses. */
  statuses?: readonly ServiceRequestStatus[];
  /** service_request_raised: only requests of these types. */
  requestTypes?: readonly ServiceRequestType[];
  /**
   * Adds to the notification `notify` written earlier in the same transaction (found by its dedupe key) instead of
   * writing another: the submission's invoices are told in the submission's notification and mail.
   */
  foldInto?: boolean;
}

/** The invoices a submission raises. */
export const SUBMISSION_INVOICE_TYPES: readonly InvoiceType[] = ['processing_fee', 'emd'];

export const NOTIFY_ON_EVENT: Partial<Record<TimelineCode, readonly NotifyRule[]>> = {
  application_submitted: [
    { notify: 'application_submitted', to: 'owner' },
    { notify: 'case_reached_role', to: 'waiting_role' },
  ],
  status_changed: [
    { notify: 'decision_made', to: 'owner', events: ['approve', 'reject'] },
    // A scheme's result (decision 018): won, not qualified, or the plot went to another.
    { notify: 'scheme_result', to: 'owner', events: ['scheme_won', 'scheme_not_allotted'] },
    { notify: 'case_reached_role', to: 'waiting_role' },
  ],
  /** A deferred or conditional committee decision: the status stays, the stage tells the decision. */
  committee_note: [{ notify: 'decision_made', to: 'owner' }],
  // A stage deemed approved (decision 017): the applicant is told, and the role the case now waits on.
  deemed_approved: [
    { notify: 'deemed_approved', to: 'owner' },
    { notify: 'case_reached_role', to: 'waiting_role' },
  ],
  payment_verified: [{ notify: 'case_reached_role', to: 'waiting_role' }],
  // The applicant's receipt of their withdrawal.
  application_withdrawn: [{ notify: 'application_withdrawn', to: 'owner' }],
  application_assigned: [{ notify: 'case_assigned', to: 'assignee' }],
  invoice_generated: [
    { notify: 'application_submitted', to: 'owner', invoiceTypes: SUBMISSION_INVOICE_TYPES, foldInto: true },
    { notify: 'invoice_generated', to: 'owner', invoiceTypes: ['premium_instalment', 'service_fee'] },
  ],
  document_rejected: [{ notify: 'document_rejected', to: 'owner' }],
  query_raised: [{ notify: 'query_raised', to: 'owner' }],
  query_answered: [{ notify: 'query_answered', to: 'query_raiser' }],
  // The reply-by job's lapse (once: it stamps the query in the same transaction), and the officer's one extension.
  query_lapsed: [{ notify: 'query_lapsed', to: 'query_raiser' }],
  query_extended: [{ notify: 'query_extended', to: 'owner' }],
  allotment_created: [{ notify: 'allotment_letter_issued', to: 'owner' }],
  lease_deed_approved: [{ notify: 'lease_deed_approved', to: 'owner' }],
  lease_deed_returned: [{ notify: 'lease_deed_returned', to: 'owner' }],
  possession_recorded: [{ notify: 'possession_recorded', to: 'owner' }],
  service_request_updated: [{ notify: 'service_request_decided', to: 'owner', statuses: ['approved', 'rejected'] }],
  // The allotment's holder is its application's applicant until a transfer (decision 014).
  milestone_extended: [{ notify: 'milestone_extended', to: 'holder' }],
  allotment_surrendered: [{ notify: 'allotment_surrendered', to: 'holder' }],
  // A transfer raised with the transferee's email: they are asked to accept it.
  service_request_raised: [{ notify: 'transfer_offered', to: 'transferee', requestTypes: ['transfer'] }],
  // A transfer raised without the transferee's email offers itself once the email is given (decision 021).
  service_request_particulars_given: [{ notify: 'transfer_offered', to: 'transferee', requestTypes: ['transfer'] }],
  // The new holder, and (as the request's owner) the one who transferred it.
  allotment_transferred: [
    { notify: 'allotment_transferred', to: 'holder' },
    { notify: 'allotment_transferred', to: 'owner' },
  ],
  // Recorded on the service request: its owner is the holder who asked (a change of name may have no allotment).
  holder_details_changed: [{ notify: 'service_order_issued', to: 'owner' }],
  mortgage_noc_issued: [{ notify: 'service_order_issued', to: 'owner' }],
  subletting_permitted: [{ notify: 'service_order_issued', to: 'owner' }],
  show_cause_issued: [{ notify: 'show_cause_issued', to: 'holder' }],
  show_cause_replied: [{ notify: 'show_cause_replied', to: 'estate_officers' }],
  show_cause_decided: [{ notify: 'show_cause_decided', to: 'holder' }],
};

/** The decision a status change or committee note records, as `decision_made`'s `decision` parameter. */
export const DECISION_OF_EVENT: Partial<Record<ApplicationEventName, string>> = {
  approve: 'approved',
  reject: 'rejected',
  record_committee_note: 'committee_note',
};
