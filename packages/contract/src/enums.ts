/** Every enumerated value of the spec's sections 3 and 4, declared once. */
export const APPLICATION_STATUSES = [
  'draft',
  'submitted',
  'under_scrutiny',
  'pending_committee',
  'approved',
  'rejected',
  'pending_payment',
  'payment_verified',
  'provisional_allotment',
  'lease_submitted',
  'final_allotment',
  'possession_given',
  'under_implementation',
  'completed',
  /** Withdrawn by its applicant before allotment (its EMD is refunded). */
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_TYPES = ['new', 'expansion_reservation'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

export const APPLICANT_CATEGORIES = ['general', 'sc', 'st', 'bc', 'women', 'minority', 'mse'] as const;
export type ApplicantCategory = (typeof APPLICANT_CATEGORIES)[number];

export const ASSET_TYPES = ['land', 'plot', 'shed', 'building'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const ASSET_UNITS = ['sqm', 'sqft', 'acres'] as const;
export type AssetUnit = (typeof ASSET_UNITS)[number];
export const ASSET_STATUSES = ['available', 'reserved', 'allotted', 'other'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const DOCUMENT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const INVOICE_TYPES = [
  'processing_fee',
  'emd',
  'premium_instalment',
  'service_fee',
  'lease_rent',
  'maintenance_charge',
  /** An e-auction's participation fee (product decisions section 12). */
  'participation_fee',
] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
/** cancelled: no longer owed (decision 023): reversed in the ledger, never reminded of, never payable. */
export const INVOICE_STATUSES = ['pending', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** online: through the payment gateway; neft_rtgs: a bank transfer quoting a challan, read from a bank statement. */
export const PAYMENT_METHODS = ['online', 'neft_rtgs'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['success', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ALLOTMENT_TYPES = ['provisional', 'final'] as const;
export type AllotmentType = (typeof ALLOTMENT_TYPES)[number];
export const ALLOTMENT_STATUSES = ['active', 'expired', 'cancelled', 'surrendered'] as const;
export type AllotmentStatus = (typeof ALLOTMENT_STATUSES)[number];
/** The statuses that end an allotment: surrendered or cancelled, the plot back with the corporation. Its milestones no
 * longer fall due, its holder holds it no more, and a refund may be due. */
export const ENDED_ALLOTMENT_STATUSES = ['surrendered', 'cancelled'] as const satisfies readonly AllotmentStatus[];
export function allotmentEnded(status: AllotmentStatus): boolean {
  return (ENDED_ALLOTMENT_STATUSES as readonly AllotmentStatus[]).includes(status);
}

export const LEASE_DEED_STATUSES = ['pending', 'approved', 'rejected', 'needs_revision'] as const;
export type LeaseDeedStatus = (typeof LEASE_DEED_STATUSES)[number];
export const LEASE_DEED_VERDICTS = ['approved', 'rejected', 'needs_revision'] as const;
export type LeaseDeedVerdict = (typeof LEASE_DEED_VERDICTS)[number];

export const SERVICE_REQUEST_TYPES = [
  'change_name',
  'change_constitution',
  'transfer',
  'mortgage_noc',
  'subletting',
  'withdrawal',
  'activity_change',
  'eot',
] as const;
export type ServiceRequestType = (typeof SERVICE_REQUEST_TYPES)[number];
/** A firm's legal form (the applicant's profile; a change of constitution changes it). */
export const CONSTITUTIONS = [
  'proprietorship',
  'partnership',
  'llp',
  'private_limited',
  'public_limited',
  'cooperative_society',
  'trust',
] as const;
export type Constitution = (typeof CONSTITUTIONS)[number];

export const SERVICE_REQUEST_STATUSES = ['submitted', 'in_progress', 'approved', 'rejected'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

export const COMMITTEE_TYPES = ['slsc', 'slac', 'board', 'sipc'] as const;
export type CommitteeType = (typeof COMMITTEE_TYPES)[number];
export const COMMITTEE_DECISIONS = ['approved', 'rejected', 'deferred', 'conditional_approval'] as const;
export type CommitteeDecision = (typeof COMMITTEE_DECISIONS)[number];

export const REPORT_TYPES = ['applications', 'assets', 'payments', 'allotments'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** The status values a report of each type may be filtered on. */
export const REPORT_STATUS_FILTERS: Record<ReportType, readonly string[]> = {
  // Drafts are the applicant's own until submitted, so no staff report shows them.
  applications: APPLICATION_STATUSES.filter((status) => status !== 'draft'),
  assets: ASSET_STATUSES,
  payments: PAYMENT_STATUSES,
  allotments: ALLOTMENT_STATUSES,
};

export const TIMELINE_ENTITY_TYPES = [
  'application',
  'document',
  'invoice',
  'payment',
  'allotment',
  'lease_deed',
  'possession',
  'meeting',
  'service_request',
  'query',
  'show_cause',
  'gateway_order',
  'challan',
  'refund',
  'ledger_adjustment',
] as const;
export type TimelineEntityType = (typeof TIMELINE_ENTITY_TYPES)[number];

/** A query (shortfall letter) is open until the applicant answers, answered until the officer closes it. */
export const QUERY_STATUSES = ['open', 'answered', 'closed'] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

/** Why an applicant appeals: the case is past its service clock, or the application was rejected. */
export const APPEAL_GROUNDS = ['late', 'rejected'] as const;
export type AppealGround = (typeof APPEAL_GROUNDS)[number];

/** An appeal is filed (waiting on the appellate officer) until its order: dismissed, or allowed with directions. */
export const APPEAL_STATUSES = ['filed', 'dismissed', 'allowed'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
