/** The database schema: every entity of the spec's section 3 plus users, timeline, meetings and counters. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  customType,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ALLOTMENT_STATUSES,
  ALLOTMENT_TYPES,
  APPLICANT_CATEGORIES,
  APPLICATION_STATUSES,
  APPLICATION_TYPES,
  ADJUSTMENT_KINDS,
  APPEAL_GROUNDS,
  APPEAL_STATUSES,
  SCHEME_MODES,
  SCHEME_OUTCOMES,
  SCHEME_STATUSES,
  APPROVAL_STATUSES,
  BANK_CREDIT_STATUSES,
  CHALLAN_STATUSES,
  GATEWAY_ORDER_STATUSES,
  GATEWAY_SETTLED_VIA,
  LEDGER_ENTRY_TYPES,
  REFUND_KINDS,
  REFUND_STATUSES,
  ASSET_STATUSES,
  ASSET_TYPES,
  ASSET_UNITS,
  COMMITTEE_TYPES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  INVOICE_TYPES,
  INVOICE_CANCELLATION_RULES,
  LEASE_DEED_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  QUERY_STATUSES,
  ROLES,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TYPES,
  SQM_PER_AREA_UNIT,
  TIMELINE_ENTITY_TYPES,
  type Constitution,
  type ServiceParticulars,
  type ShowCauseOutcome,
  type MilestoneKind,
  type StageCode,
  type PublicPerformance,
  type PublicScheme,
  type SingleWindowPushState,
  type SingleWindowStatusCode,
  type BeaconChain,
  type DrawWaitReason,
  type GrievanceCategory,
  type GrievanceEntryKind,
  type GrievanceStatus,
} from '@portal/contract';

export const roleEnum = pgEnum('role', ROLES);
export const applicationStatusEnum = pgEnum('application_status', APPLICATION_STATUSES);
export const applicationTypeEnum = pgEnum('application_type', APPLICATION_TYPES);
export const applicantCategoryEnum = pgEnum('applicant_category', APPLICANT_CATEGORIES);
export const assetTypeEnum = pgEnum('asset_type', ASSET_TYPES);
export const assetUnitEnum = pgEnum('asset_unit', ASSET_UNITS);
export const assetStatusEnum = pgEnum('asset_status', ASSET_STATUSES);
export const documentTypeEnum = pgEnum('document_type', DOCUMENT_TYPES);
export const documentStatusEnum = pgEnum('document_status', DOCUMENT_STATUSES);
export const invoiceTypeEnum = pgEnum('invoice_type', INVOICE_TYPES);
/** Stored invoices are pending, paid or cancelled (decision 023); overdue is read from the due date. */
export const storedInvoiceStatusEnum = pgEnum('invoice_status', ['pending', 'paid', 'cancelled']);
export const invoiceCancellationRuleEnum = pgEnum('invoice_cancellation_rule', INVOICE_CANCELLATION_RULES);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const allotmentTypeEnum = pgEnum('allotment_type', ALLOTMENT_TYPES);
export const allotmentStatusEnum = pgEnum('allotment_status', ALLOTMENT_STATUSES);
export const leaseDeedStatusEnum = pgEnum('lease_deed_status', LEASE_DEED_STATUSES);
export const serviceRequestTypeEnum = pgEnum('service_request_type', SERVICE_REQUEST_TYPES);
export const serviceRequestStatusEnum = pgEnum('service_request_status', SERVICE_REQUEST_STATUSES);
export const committeeTypeEnum = pgEnum('committee_type', COMMITTEE_TYPES);
export const timelineEntityEnum = pgEnum('timeline_entity_type', TIMELINE_ENTITY_TYPES);
export const queryStatusEnum = pgEnum('query_status', QUERY_STATUSES);
export const gatewayOrderStatusEnum = pgEnum('gateway_order_status', GATEWAY_ORDER_STATUSES);
export const gatewaySettledViaEnum = pgEnum('gateway_settled_via', GATEWAY_SETTLED_VIA);
export const challanStatusEnum = pgEnum('challan_status', CHALLAN_STATUSES);
export const bankCreditStatusEnum = pgEnum('bank_credit_status', BANK_CREDIT_STATUSES);
export const ledgerEntryTypeEnum = pgEnum('ledger_entry_type', LEDGER_ENTRY_TYPES);
export const refundKindEnum = pgEnum('refund_kind', REFUND_KINDS);
export const refundStatusEnum = pgEnum('refund_status', REFUND_STATUSES);
export const adjustmentKindEnum = pgEnum('adjustment_kind', ADJUSTMENT_KINDS);
export const approvalStatusEnum = pgEnum('approval_status', APPROVAL_STATUSES);
export const appealGroundEnum = pgEnum('appeal_ground', APPEAL_GROUNDS);
export const appealStatusEnum = pgEnum('appeal_status', APPEAL_STATUSES);
export const schemeModeEnum = pgEnum('scheme_mode', SCHEME_MODES);
export const schemeStatusEnum = pgEnum('scheme_status', SCHEME_STATUSES);
export const schemeOutcomeEnum = pgEnum('scheme_outcome', SCHEME_OUTCOMES);

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'number' });
const area = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    role: roleEnum('role').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The language of the user's screens and mail: 'en', 'hi' or 'te'. */
    language: text('language').notNull().default('en'),
    /** An officer's zone (set by an admin): a zonal manager with one works, is reminded of and is escalated only that
     * zone's cases; null means every zone. */
    zone: text('zone'),
    createdAt: createdAt(),
    /** The verified mobile (91 and ten digits; decision 037): set only by a code sent to it. */
    mobile: text('mobile'),
    mobileVerifiedAt: instant('mobile_verified_at'),
    /** The optional SMS templates the user turned off. */
    smsOptedOut: jsonb('sms_opted_out').$type<string[]>().notNull().default([]),
  },
  (table) => [
    uniqueIndex('users_mobile_uq')
      .on(table.mobile)
      .where(sql`${table.mobile} IS NOT NULL`),
    index('users_role_idx').on(table.role, table.createdAt),
    index('users_created_idx').on(table.createdAt),
    index('users_name_idx').on(table.fullName, table.id),
    index('users_name_trgm_idx').using('gin', table.fullName.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
  ],
);

export const applicants = pgTable('applicants', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  organizationName: text('organization_name').notNull(),
  panNumber: text('pan_number').notNull(),
  gstNumber: text('gst_number'),
  category: applicantCategoryEnum('category').notNull().default('general'),
  /** The firm's legal form (CONSTITUTIONS); a change of constitution changes it. */
  constitution: text('constitution').$type<Constitution>().notNull().default('proprietorship'),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  pincode: text('pincode').notNull(),
  bankName: text('bank_name').notNull(),
  bankAccount: text('bank_account').notNull(),
  bankIfsc: text('bank_ifsc').notNull(),
  sdpReference: text('sdp_reference'),
  kycVerified: boolean('kyc_verified').notNull().default(false),
  /** A finance user checked the bank details refunds are paid to; a change of bank details clears it. */
  bankVerifiedAt: instant('bank_verified_at'),
  bankVerifiedBy: uuid('bank_verified_by').references((): AnyPgColumn => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetCode: text('asset_code').notNull().unique(),
    categoryId: text('category_id').notNull(),
    type: assetTypeEnum('type').notNull(),
    zone: text('zone').notNull(),
    location: text('location').notNull(),
    surveyNumber: text('survey_number').notNull(),
    plotNumber: text('plot_number'),
    totalArea: area('total_area').notNull(),
    availableArea: area('available_area').notNull(),
    unit: assetUnitEnum('unit').notNull(),
    valuation: money('valuation').notNull(),
    status: assetStatusEnum('status').notNull().default('available'),
    /** The plot's place on its zone's layout map, in grid cells (column, row, width, height); null when unmapped. */
    mapX: integer('map_x'),
    mapY: integer('map_y'),
    mapW: integer('map_w'),
    mapH: integer('map_h'),
    createdAt: createdAt(),
    /** Lower-cased code, location and zone for the `q` search; kept by a trigger (migration 0001). */
    searchText: text('search_text').notNull().default(''),
  },
  (table) => [
    index('assets_status_idx').on(table.status),
    index('assets_zone_idx').on(table.zone),
    index('assets_type_idx').on(table.type),
    index('assets_category_idx').on(table.categoryId),
    index('assets_created_idx').on(table.createdAt),
    index('assets_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // The list's sorts (repositories/assets.ts, then the id): a page walks the index instead of sorting the table.
    index('assets_valuation_idx').on(table.valuation, table.id),
    // The total_area sort compares sizes in square metres: the expression must stay the one the list sorts by.
    index('assets_total_area_sqm_idx').on(
      sql`(${table.totalArea} * (case ${table.unit} ${sql.join(
        Object.entries(SQM_PER_AREA_UNIT).map(
          ([unit, factor]) => sql`when ${sql.raw(`'${unit}'`)} then ${sql.raw(`${factor}::numeric`)}`,
        ),
        sql` `,
      )} end))`,
      table.id,
    ),
    // A zone's layout map (the plot finder) and the overlap checks read its mapped plots, top row first.
    index('assets_zone_map_idx')
      .on(table.zone, table.mapY, table.mapX, table.id)
      .where(sql`${table.mapX} IS NOT NULL`),
  ],
);

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationNumber: text('application_number').notNull().unique(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    applicationType: applicationTypeEnum('application_type').notNull().default('new'),
    status: applicationStatusEnum('status').notNull().default('draft'),
    currentStage: text('current_stage').notNull(),
    /** The stage the portal set (contract stages.ts), rendered in the reader's language; null when current_stage holds
     * an officer's own words. */
    stageCode: text('stage_code').$type<StageCode>(),
    stageParams: jsonb('stage_params').$type<Record<string, string>>(),
    estimatedInvestment: money('estimated_investment').notNull(),
    employmentGeneration: integer('employment_generation').notNull(),
    projectDescription: text('project_description').notNull(),
    /** Set when the application is made for a scheme's plot (decision 018): the scheme's result decides the plot. */
    schemeId: uuid('scheme_id').references((): AnyPgColumn => schemes.id),
    assignedTo: uuid('assigned_to').references(() => users.id),
    /** The service clock (contract service-clock.ts): who the current step waits on and by when. */
    waitingOn: roleEnum('waiting_on'),
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    stageDueOn: date('stage_due_on', { mode: 'string' }),
    /** Set while a query waits on the applicant: the clock stands still. */
    clockPausedAt: timestamp('clock_paused_at', { withTimezone: true, mode: 'date' }),
    /** Working days of this stage spent paused by queries already answered. */
    pausedWorkingDays: integer('paused_working_days').notNull().default(0),
    /** The escalation ladder (contract deadlines): the level this stage was escalated to, and when; cleared when the
     * application enters another status. */
    escalatedTo: roleEnum('escalated_to'),
    escalatedAt: timestamp('escalated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Lower-cased number, organisation name and asset code for the `q` search; kept by triggers (migration 0001). */
    searchText: text('search_text').notNull().default(''),
  },
  (table) => [
    index('applications_applicant_idx').on(table.applicantId, table.createdAt),
    index('applications_status_idx').on(table.status, table.createdAt),
    index('applications_created_idx').on(table.createdAt),
    index('applications_submitted_idx').on(table.submittedAt),
    // The list's submitted_at sort (drafts sort by creation): the page walks this index instead of sorting the table.
    index('applications_submitted_order_idx').on(sql`coalesce(${table.submittedAt}, ${table.createdAt})`, table.id),
    // With the id that breaks its ties: a sweep moves thousands of cases in one transaction, at one instant.
    index('applications_updated_idx').on(table.updatedAt, table.id),
    index('applications_asset_idx').on(table.assetId),
    index('applications_scheme_idx')
      .on(table.schemeId, table.assetId)
      .where(sql`scheme_id is not null`),
    index('applications_assigned_idx')
      .on(table.assignedTo, table.createdAt)
      .where(sql`assigned_to is not null`),
    index('applications_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // The estate register's search by application number (the search text also holds the zone and the plot, which
    // match most of a zone's register).
    index('applications_number_trgm_idx').using('gin', table.applicationNumber.op('gin_trgm_ops')),
    // The inbox: steps waiting on a role with the clock running, oldest due first (the sort's expression).
    index('applications_waiting_running_idx')
      .on(table.waitingOn, sql`coalesce(${table.stageDueOn}, '9999-12-31'::date)`, table.id)
      .where(sql`clock_paused_at is null`),
    index('applications_due_order_idx').on(sql`coalesce(${table.stageDueOn}, '9999-12-31'::date)`, table.id),
    // Overdue: a range on the due date.
    index('applications_due_idx').on(table.stageDueOn, table.id),
    // The deadline sweep (decision 017): per stage and role waited on, the running clocks not yet escalated, oldest
    // due first, read by an index-only scan; a stage leaves it once escalated, so a run with nothing to escalate reads
    // empty ranges.
    index('applications_escalation_due_idx')
      .on(table.status, table.waitingOn, table.stageDueOn, table.id)
      .where(sql`clock_paused_at is null and escalated_at is null and stage_due_on is not null`),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    documentType: documentTypeEnum('document_type').notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    fileSize: integer('file_size').notNull(),
    contentType: text('content_type').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    verified: boolean('verified').notNull().default(false),
    verificationStatus: documentStatusEnum('verification_status').notNull().default('pending'),
    verifiedBy: uuid('verified_by').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    rejectionReason: text('rejection_reason'),
    /** A re-upload of the same type replaces the document; the old row stays for the record. */
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('documents_application_idx').on(table.applicationId)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    /** Set on a service request's fee invoice; such invoices do not hold up the application's payment step. */
    serviceRequestId: uuid('service_request_id').references((): AnyPgColumn => serviceRequests.id),
    invoiceType: invoiceTypeEnum('invoice_type').notNull(),
    amount: money('amount').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: storedInvoiceStatusEnum('status').notNull().default('pending'),
    generatedAt: timestamp('generated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** A yearly dues invoice's allotment and financial year (2026: April 2026 to March 2027). */
    allotmentId: uuid('allotment_id').references((): AnyPgColumn => allotments.id),
    financialYear: integer('financial_year'),
    /** Whose invoice it is when not the application's applicant's: yearly dues are billed to the holder. */
    billedTo: uuid('billed_to').references((): AnyPgColumn => users.id),
    /** Interest on arrears waived (an approved interest waiver): none accrues from then. */
    interestWaivedAt: instant('interest_waived_at'),
    /** Cancelled (decision 023): when, and why: a finance user's reason approved by another, or the portal's rule. */
    cancelledAt: instant('cancelled_at'),
    cancellationReason: text('cancellation_reason'),
    cancellationRule: invoiceCancellationRuleEnum('cancellation_rule'),
  },
  (table) => [
    uniqueIndex('invoices_application_type_uq')
      .on(table.applicationId, table.invoiceType)
      .where(sql`service_request_id is null and financial_year is null`),
    // Yearly dues: one invoice of each kind per allotment and financial year, however many billing runs race.
    uniqueIndex('invoices_allotment_year_uq')
      .on(table.allotmentId, table.invoiceType, table.financialYear)
      .where(sql`financial_year is not null`),
    // An account's invoices (its statement's unpaid count, an application's invoice list): the unique index above
    // holds only the one-off fees, so without this the lookup read every pending invoice.
    index('invoices_application_idx').on(table.applicationId, table.status),
    index('invoices_billed_to_idx').on(table.billedTo),
    uniqueIndex('invoices_service_request_uq').on(table.serviceRequestId),
    // The list's sorts, each with the id that breaks its ties: a yearly billing run writes every allotment's dues at
    // one instant and one due date, and an index of the sort column alone had a page read that whole tie to order it
    // by id (134,858 invoices, 68 ms for finance's first page at a million applications).
    index('invoices_generated_idx').on(table.generatedAt, table.id),
    index('invoices_status_due_idx').on(table.status, table.dueDate),
    index('invoices_due_idx').on(table.dueDate, table.id),
    index('invoices_number_trgm_idx').using('gin', table.invoiceNumber.op('gin_trgm_ops')),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receiptNumber: text('receipt_number').notNull().unique(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: money('amount').notNull(),
    paymentDate: timestamp('payment_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    paymentMethod: paymentMethodEnum('payment_method').notNull().default('online'),
    transactionReference: text('transaction_reference').notNull(),
    status: paymentStatusEnum('status').notNull().default('success'),
    paidBy: uuid('paid_by').references(() => users.id),
    /** Interest on arrears paid with a late dues invoice (included in amount). */
    interest: money('interest').notNull().default(0),
    gatewayOrderId: uuid('gateway_order_id').references((): AnyPgColumn => gatewayOrders.id),
    bankCreditId: uuid('bank_credit_id').references((): AnyPgColumn => bankCredits.id),
  },
  (table) => [
    // One successful payment per invoice, even when two requests race.
    uniqueIndex('payments_invoice_success_uq')
      .on(table.invoiceId)
      .where(sql`status = 'success'`),
    // With the id that breaks its ties: a day's payments share their date.
    index('payments_date_idx').on(table.paymentDate, table.id),
    index('payments_method_date_idx').on(table.paymentMethod, table.paymentDate),
    index('payments_application_idx').on(table.applicationId),
    index('payments_invoice_idx').on(table.invoiceId),
    index('payments_receipt_trgm_idx').using('gin', table.receiptNumber.op('gin_trgm_ops')),
    index('payments_reference_trgm_idx').using('gin', table.transactionReference.op('gin_trgm_ops')),
  ],
);

export const allotments = pgTable(
  'allotments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    allotmentNumber: text('allotment_number').notNull().unique(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    allotmentType: allotmentTypeEnum('allotment_type').notNull().default('provisional'),
    allotmentDate: date('allotment_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    status: allotmentStatusEnum('status').notNull().default('active'),
    letterGenerated: boolean('letter_generated').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    /** Who holds the allotment now: the applicant, until a transfer (decision 014). Left out of an insert, a trigger
     * (migration 0010) writes the application's applicant. */
    holderUserId: uuid('holder_user_id')
      .notNull()
      .references(() => users.id)
      .$defaultFn(() => sql`NULL`),
    possessionDate: date('possession_date', { mode: 'string' }),
    leaseEndsOn: date('lease_ends_on', { mode: 'string' }),
    /** The day it was surrendered or cancelled. */
    endedOn: date('ended_on', { mode: 'string' }),
    refundDue: money('refund_due'),
    /** The unit's line of activity; a change of activity changes it. */
    activity: text('activity'),
    /** Lower-cased allotment number, application number, plot code and holder's name for the register's `q` (not the
     * zone or park: they have their own filters); kept by triggers (migration 0025). */
    searchText: text('search_text').notNull().default(''),
  },
  (table) => [
    // An asset is held by at most one active allotment; an application has at most one.
    uniqueIndex('allotments_active_asset_uq')
      .on(table.assetId)
      .where(sql`status = 'active'`),
    uniqueIndex('allotments_active_application_uq')
      .on(table.applicationId)
      .where(sql`status = 'active'`),
    index('allotments_application_idx').on(table.applicationId),
    index('allotments_asset_idx').on(table.assetId),
    index('allotments_created_idx').on(table.createdAt),
    index('allotments_date_idx').on(table.allotmentDate, table.id),
    index('allotments_status_idx').on(table.status, table.createdAt),
    index('allotments_number_trgm_idx').using('gin', table.allotmentNumber.op('gin_trgm_ops')),
    index('allotments_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // The holder's own list, newest first, and the register by status.
    index('allotments_holder_idx').on(table.holderUserId, table.createdAt),
  ],
);

/** An allotment's implementation milestones, made when possession is recorded (decision 014). */
export const allotmentMilestones = pgTable(
  'allotment_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    allotmentId: uuid('allotment_id')
      .notNull()
      .references(() => allotments.id),
    kind: text('kind').$type<MilestoneKind>().notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    metOn: date('met_on', { mode: 'string' }),
    extensions: integer('extensions').notNull().default(0),
    /** The allotment's `created_at`, which a trigger copies over whatever an insert gives (migration 0032), so a late
     * list walks its milestones in the register's order without reading every late allotment. */
    allotmentCreatedAt: timestamp('allotment_created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`'epoch'`),
  },
  (table) => [
    uniqueIndex('allotment_milestones_kind_uq').on(table.allotmentId, table.kind),
    check('allotment_milestones_kind_check', sql`${table.kind} IN ('commence_construction', 'start_production')`),
    // The late lists: milestones not met, by kind and due date.
    index('allotment_milestones_open_idx')
      .on(table.kind, table.dueOn, table.allotmentId)
      .where(sql`${table.metOn} IS NULL`),
    // A late list's page in the register's order by creation, either way (read backwards for newest first: an index
    // declared DESC NULLS LAST would not serve ORDER BY ... DESC, whose nulls come first), the due date read from the
    // index.
    index('allotment_milestones_open_created_idx')
      .on(table.kind, table.allotmentCreatedAt, table.allotmentId, table.dueOn)
      .where(sql`${table.metOn} IS NULL`),
  ],
);

export const leaseDeeds = pgTable(
  'lease_deeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    allotmentId: uuid('allotment_id')
      .notNull()
      .references(() => allotments.id),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    fileSize: integer('file_size').notNull(),
    submissionDate: timestamp('submission_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    verificationStatus: leaseDeedStatusEnum('verification_status').notNull().default('pending'),
    remarks: text('remarks'),
    verifiedBy: uuid('verified_by').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('lease_deeds_allotment_idx').on(table.allotmentId)],
);

/** The identity that signs every issued PDF (decision 035) when no PKCS#12 file is configured: a DEMO certificate
 * authority and its document-signing certificate, made on the first start and shared by every process. One row. */
export const documentSigningIdentities = pgTable('document_signing_identities', {
  id: text('id').primaryKey().default('demo'),
  /** PEM: the DEMO CA's certificate (the trust anchor a reader is given), the signing certificate and its key. */
  caCertificate: text('ca_certificate').notNull(),
  certificate: text('certificate').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/** An allottee's eSign of the lease deed through an eSign Service Provider (decision 035): the request the portal
 * (the Application Service Provider) sent, once per transaction id, until the ESP's signed answer comes back. */
export const esignTransactions = pgTable(
  'esign_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The eSign API's `txn`: unique, echoed by the ESP's response; a response for an unknown or finished one is
     * refused. */
    txn: text('txn').notNull().unique(),
    allotmentId: uuid('allotment_id')
      .notNull()
      .references(() => allotments.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    /** The deed prepared for the signature (with its placeholder), kept until the signature is embedded. */
    preparedStorageKey: text('prepared_storage_key').notNull(),
    /** SHA-256 (hex) of the prepared deed's signed byte ranges: what the ESP signs. */
    documentHash: text('document_hash').notNull(),
    /** pending, signed, failed or expired. */
    status: text('status').notNull().default('pending'),
    /** The ESP's error code, or the portal's reason for refusing its response. */
    failure: text('failure'),
    /** The lease deed the signed deed became, and the name on the signer's certificate. */
    leaseDeedId: uuid('lease_deed_id').references(() => leaseDeeds.id),
    signerName: text('signer_name'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    completedAt: instant('completed_at'),
  },
  (table) => [
    index('esign_transactions_allotment_idx').on(table.allotmentId, table.createdAt),
    check('esign_transactions_status_check', sql`${table.status} IN ('pending', 'signed', 'failed', 'expired')`),
  ],
);

export const possessions = pgTable('possessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  allotmentId: uuid('allotment_id')
    .notNull()
    .unique()
    .references(() => allotments.id),
  possessionDate: date('possession_date', { mode: 'string' }).notNull(),
  areaVerified: area('area_verified').notNull(),
  boundaryMarked: boolean('boundary_marked').notNull().default(true),
  remarks: text('remarks'),
  recordedBy: uuid('recorded_by').references(() => users.id),
  createdAt: createdAt(),
});

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestNumber: text('request_number').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    requestType: serviceRequestTypeEnum('request_type').notNull(),
    applicationId: uuid('application_id').references(() => applications.id),
    allotmentId: uuid('allotment_id').references(() => allotments.id),
    description: text('description').notNull(),
    feeAmount: money('fee_amount').notNull().default(0),
    /** The milestone an extension of time is for. */
    milestone: text('milestone').$type<MilestoneKind>(),
    status: serviceRequestStatusEnum('status').notNull().default('submitted'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    remarks: text('remarks'),
    decidedBy: uuid('decided_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** What the service names (SERVICE_PARTICULARS of its type): the transferee's email, the new name, the lender... */
    particulars: jsonb('particulars').$type<ServiceParticulars>().notNull().default({}),
    /** A transfer's transferee, lower-cased, and the account that accepted it (null while waiting). */
    transfereeEmail: text('transferee_email'),
    transfereeUserId: uuid('transferee_user_id').references(() => users.id),
    transfereeAcceptedAt: instant('transferee_accepted_at'),
    /** When its effect took hold, and what it changed (the facts its order prints: before and after). */
    tookEffectAt: instant('took_effect_at'),
    outcome: jsonb('outcome').$type<Record<string, string | number | boolean | null>>(),
    /** The order issued when it took effect (ORD-2026-000001). */
    orderNumber: text('order_number').unique(),
  },
  (table) => [
    index('service_requests_user_idx').on(table.userId, table.submittedAt),
    index('service_requests_transferee_idx')
      .on(table.transfereeEmail)
      .where(sql`${table.transfereeEmail} IS NOT NULL`),
    index('service_requests_submitted_idx').on(table.submittedAt),
    index('service_requests_status_idx').on(table.status, table.submittedAt),
    // The extensions of one milestone not yet in effect (decision 014).
    index('service_requests_allotment_idx')
      .on(table.allotmentId, table.requestType)
      .where(sql`${table.allotmentId} IS NOT NULL`),
    // One open request of a kind per allotment, per milestone for an extension of time (decision 020): the statuses
    // are SERVICE_REQUEST_OPEN_STATUSES.
    uniqueIndex('service_requests_one_open_idx')
      .on(table.allotmentId, table.requestType, sql`coalesce(${table.milestone}, '')`)
      .where(sql`${table.allotmentId} IS NOT NULL AND ${table.status} IN ('submitted', 'in_progress')`),
  ],
);

/** Who held an allotment before a transfer (decision 014): one row per ended holding (the current holder is the
 * allotment's `holder_user_id`). A previous holder reads the allotment's history up to `held_until`. */
export const allotmentHolders = pgTable(
  'allotment_holders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    allotmentId: uuid('allotment_id')
      .notNull()
      .references(() => allotments.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    heldFrom: instant('held_from').notNull().defaultNow(),
    heldUntil: instant('held_until').notNull(),
    /** The transfer that ended this holding. */
    endedByRequestId: uuid('ended_by_request_id').references(() => serviceRequests.id),
  },
  (table) => [
    index('allotment_holders_user_idx').on(table.userId, table.heldFrom),
    index('allotment_holders_allotment_idx').on(table.allotmentId, table.heldFrom),
  ],
);

/** A show-cause notice for non-compliance and its order (decision 014): issued, replied, decided. */
export const showCauses = pgTable(
  'show_causes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noticeNumber: text('notice_number').notNull().unique(),
    allotmentId: uuid('allotment_id')
      .notNull()
      .references(() => allotments.id),
    grounds: text('grounds').notNull(),
    issuedBy: uuid('issued_by')
      .notNull()
      .references(() => users.id),
    issuedAt: instant('issued_at').notNull().defaultNow(),
    replyBy: date('reply_by', { mode: 'string' }).notNull(),
    reply: text('reply'),
    repliedAt: instant('replied_at'),
    hearingNote: text('hearing_note'),
    outcome: text('outcome').$type<ShowCauseOutcome>(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: instant('decided_at'),
    refundDue: money('refund_due'),
  },
  (table) => [
    // One open notice per allotment.
    uniqueIndex('show_causes_open_uq')
      .on(table.allotmentId)
      .where(sql`${table.outcome} IS NULL`),
    // The register's "show-cause pending reply" list.
    index('show_causes_awaiting_idx')
      .on(table.replyBy)
      .where(sql`${table.outcome} IS NULL AND ${table.repliedAt} IS NULL`),
    index('show_causes_allotment_idx').on(table.allotmentId, table.issuedAt),
  ],
);

/** Files the holder attaches to a show-cause reply. */
export const showCauseDocuments = pgTable(
  'show_cause_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    showCauseId: uuid('show_cause_id')
      .notNull()
      .references(() => showCauses.id),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    fileSize: integer('file_size').notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedAt: instant('uploaded_at').notNull().defaultNow(),
  },
  (table) => [index('show_cause_documents_notice_idx').on(table.showCauseId, table.uploadedAt)],
);

export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingNumber: text('meeting_number').notNull().unique(),
    meetingDate: date('meeting_date', { mode: 'string' }).notNull(),
    committeeType: committeeTypeEnum('committee_type').notNull(),
    agenda: text('agenda').notNull(),
    applicationIds: uuid('application_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [index('meetings_date_idx').on(table.meetingDate), index('meetings_created_idx').on(table.createdAt)],
);

export const timelineEvents = pgTable(
  'timeline_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id').references(() => applications.id),
    action: text('action').notNull(),
    userRole: text('user_role').notNull(),
    userName: text('user_name').notNull(),
    userId: uuid('user_id').references(() => users.id),
    details: text('details').notNull().default(''),
    /** What happened, as a code of the contract's timeline catalogue, and its parameters; action/details keep the English. */
    eventCode: text('event_code').notNull().default('legacy'),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /** Officers' internal notes: never shown to the applicant. */
    internal: boolean('internal').notNull().default(false),
    entityType: timelineEntityEnum('entity_type').notNull(),
    entityId: uuid('entity_id'),
    // clock_timestamp, not now(): several events written in one transaction keep their order.
    timestamp: timestamp('timestamp', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [index('timeline_application_idx').on(table.applicationId, table.seq)],
);

/** Queries (shortfall letters): an officer asks, the applicant answers, the officer closes. */
export const applicationQueries = pgTable(
  'application_queries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    message: text('message').notNull(),
    respondBy: date('respond_by', { mode: 'string' }).notNull(),
    raisedBy: uuid('raised_by').references(() => users.id),
    raisedByName: text('raised_by_name').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: queryStatusEnum('status').notNull().default('open'),
    response: text('response'),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
    closedBy: uuid('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** Reply-by reminders sent to the applicant (3 days and 1 day before respond_by). */
    remindedThreeDaysAt: timestamp('reminded_three_days_at', { withTimezone: true, mode: 'date' }),
    remindedOneDayAt: timestamp('reminded_one_day_at', { withTimezone: true, mode: 'date' }),
    /** Set the day after respond_by passes with no answer; cleared when the officer extends the date. */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true, mode: 'date' }),
    /** The officer may extend a lapsed query's date once: the first date and when it was extended. */
    originalRespondBy: date('original_respond_by', { mode: 'string' }),
    extendedAt: timestamp('extended_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('application_queries_application_idx').on(table.applicationId, table.raisedAt),
    // The reply-by job: open queries by their date.
    index('application_queries_open_respond_by_idx')
      .on(table.respondBy, table.id)
      .where(sql`status = 'open'`),
  ],
);

/** Appeals to the appellate officer (product decisions section 11): against a late stage or a rejection, with their own
 * clock, a hearing note and an order. */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** APL-YYYY-NNNNNN. */
    appealNumber: text('appeal_number').notNull().unique(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    filedBy: uuid('filed_by')
      .notNull()
      .references(() => users.id),
    ground: appealGroundEnum('ground').notNull(),
    /** The stage appealed against: the status that was late, or the one the application was rejected from. It is
     * what appeals are counted against. */
    stageStatus: applicationStatusEnum('stage_status').notNull(),
    statement: text('statement').notNull(),
    status: appealStatusEnum('status').notNull().default('filed'),
    filedAt: timestamp('filed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The appeal's own clock: due 30 working days after filing. */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    hearingNote: text('hearing_note'),
    heardAt: timestamp('heard_at', { withTimezone: true, mode: 'date' }),
    /** The order's reasons and, when allowed, its directions. */
    orderText: text('order_text'),
    /** An allowed appeal on a late case: the stage's new due date. */
    directedDueOn: date('directed_due_on', { mode: 'string' }),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('appeals_application_idx').on(table.applicationId, table.filedAt),
    index('appeals_status_due_idx').on(table.status, table.dueOn, table.id),
    index('appeals_filed_idx').on(table.filedAt, table.id),
    // One appeal at a time per application.
    uniqueIndex('appeals_one_open_idx')
      .on(table.applicationId)
      .where(sql`status = 'filed'`),
  ],
);

// ---------- competitive allotment (decision 018) ----------

/** A scheme: plots offered for a window, with eligibility rules and the mode that decides who gets each plot. */
export const schemes = pgTable(
  'schemes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SCH-YYYY-NNNNNN. */
    schemeNumber: text('scheme_number').notNull().unique(),
    title: text('title').notNull(),
    mode: schemeModeEnum('mode').notNull(),
    status: schemeStatusEnum('status').notNull().default('open'),
    opensAt: instant('opens_at').notNull(),
    closesAt: instant('closes_at').notNull(),
    /** [{category, share_percent}]: the share of the plots reserved per category. */
    reservations: jsonb('reservations').$type<{ category: string; share_percent: number }[]>().notNull().default([]),
    minInvestment: money('min_investment'),
    /** Auctions: the minimum increment, the bidding window and its extension rule. */
    increment: money('increment'),
    auctionStartsAt: instant('auction_starts_at'),
    auctionEndsAt: instant('auction_ends_at'),
    /** Minutes, to the second's precision (a test runs a window of a quarter of a minute). */
    extensionWindowMinutes: numeric('extension_window_minutes', { precision: 6, scale: 2, mode: 'number' })
      .notNull()
      .default(5),
    extensionMinutes: numeric('extension_minutes', { precision: 6, scale: 2, mode: 'number' }).notNull().default(5),
    /** SHA-256 (hex) of the secret seed in scheme_seeds, published when the scheme opens. */
    commitment: text('commitment').notNull(),
    /** The seed (hex), copied here when revealed at the draw; null until then. */
    revealedSeed: text('revealed_seed'),
    /** A draw's beacon (decision 034): the chain pinned at the opening and the round it waits for, the first after the
     * close; null for other modes and for draws published before. */
    beaconChain: jsonb('beacon_chain').$type<BeaconChain>(),
    beaconRound: integer('beacon_round'),
    /** The round's randomness and signature as the beacon answered them, verified, once the draw used them. */
    beaconRandomness: text('beacon_randomness'),
    beaconSignature: text('beacon_signature'),
    /** SHA-256 (hex) of the frozen qualified list (contract qualifiedListText), written at the close. */
    qualifiedHash: text('qualified_hash'),
    /** A draw an officer asked for whose round is not had yet: who asked, when, why it waits, when last tried. */
    drawRequestedAt: instant('draw_requested_at'),
    drawRequestedBy: uuid('draw_requested_by').references(() => users.id),
    drawWaitReason: text('draw_wait_reason').$type<DrawWaitReason>(),
    drawTriedAt: instant('draw_tried_at'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    closedAt: instant('closed_at'),
    decidedAt: instant('decided_at'),
    /** The officer who ran the draw or first come; null when the portal closed an auction. */
    decidedBy: uuid('decided_by').references(() => users.id),
    /** Lower-cased number and title for the `q` search. */
    searchText: text('search_text').notNull().default(''),
  },
  (table) => [
    index('schemes_status_closes_idx').on(table.status, table.closesAt, table.id),
    index('schemes_closes_idx').on(table.closesAt, table.id),
    index('schemes_created_idx').on(table.createdAt, table.id),
    index('schemes_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('schemes_draw_waiting_idx')
      .on(table.drawRequestedAt, table.id)
      .where(sql`draw_requested_at is not null and status = 'closed'`),
    check(
      'schemes_draw_wait_reason_check',
      sql`${table.drawWaitReason} IN ('round_not_yet', 'beacon_unreachable', 'round_invalid')`,
    ),
  ],
);

/** The draw's secret seed, apart from the audited scheme row so that nothing (the audit trail included) shows it before
 * the draw reveals it. */
export const schemeSeeds = pgTable('scheme_seeds', {
  schemeId: uuid('scheme_id')
    .primaryKey()
    .references(() => schemes.id),
  seed: text('seed').notNull(),
});

/** A plot offered in a scheme; for an auction, a lot with its own end, highest bid and sequence of bids. */
export const schemePlots = pgTable(
  'scheme_plots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schemeId: uuid('scheme_id')
      .notNull()
      .references(() => schemes.id),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    /** The position in the scheme's plot order (by asset code); reservations take plots in this order. */
    position: integer('position').notNull(),
    reservedFor: applicantCategoryEnum('reserved_for'),
    reservePrice: money('reserve_price'),
    /** Auctions: the lot's end as extended by late bids. */
    endsAt: instant('ends_at'),
    highestBid: money('highest_bid'),
    highestApplicationId: uuid('highest_application_id').references(() => applications.id),
    bidCount: integer('bid_count').notNull().default(0),
    winnerApplicationId: uuid('winner_application_id').references(() => applications.id),
    winningAmount: money('winning_amount'),
  },
  (table) => [
    uniqueIndex('scheme_plots_scheme_asset_uq').on(table.schemeId, table.assetId),
    uniqueIndex('scheme_plots_scheme_position_uq').on(table.schemeId, table.position),
    index('scheme_plots_asset_idx').on(table.assetId),
    // The auction sweep: lots past their end not yet decided.
    index('scheme_plots_open_end_idx')
      .on(table.endsAt, table.id)
      .where(sql`ends_at is not null and winner_application_id is null`),
  ],
);

/** An application's part in its scheme: whether it qualified, its place in the published list and the draw, and
 * what became of it. Written when applications close and when the result is decided. */
export const schemeEntries = pgTable(
  'scheme_entries',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id),
    schemeId: uuid('scheme_id')
      .notNull()
      .references(() => schemes.id),
    schemePlotId: uuid('scheme_plot_id')
      .notNull()
      .references(() => schemePlots.id),
    category: applicantCategoryEnum('category').notNull(),
    qualified: boolean('qualified').notNull(),
    /** The 1-based place in the published qualified list (null when not qualified). */
    listPosition: integer('list_position'),
    /** The 1-based place in the drawn order (draw), the list (first come) or by highest bid (auction). */
    rank: integer('rank'),
    outcome: schemeOutcomeEnum('outcome'),
    /** The amount the plot is offered at (an auction's bid), when won or waitlisted. */
    amount: money('amount'),
    /** An auction's winner who did not pay in time forfeits the EMD: it is never due back. */
    emdForfeited: boolean('emd_forfeited').notNull().default(false),
    /** When the winner's premium falls due (auction: 30 days from the close); the default sweep reads it. */
    payBy: date('pay_by', { mode: 'string' }),
    decidedAt: instant('decided_at'),
  },
  (table) => [
    index('scheme_entries_scheme_idx').on(table.schemeId, table.listPosition),
    index('scheme_entries_plot_idx').on(table.schemePlotId, table.rank),
    index('scheme_entries_pay_by_idx')
      .on(table.payBy)
      .where(sql`outcome = 'won' and pay_by is not null`),
  ],
);

/** Every bid taken, in order; the lot's row is locked while one is taken, and no two bids on a lot have one amount. */
export const schemeBids = pgTable(
  'scheme_bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schemePlotId: uuid('scheme_plot_id')
      .notNull()
      .references(() => schemePlots.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    bidderUserId: uuid('bidder_user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    /** 1, 2, ... on the lot: the order the database took them in. */
    sequence: integer('sequence').notNull(),
    placedAt: instant('placed_at').notNull().defaultNow(),
    /** The lot's end after this bid (extended when placed in the last minutes). */
    endsAtAfter: instant('ends_at_after').notNull(),
  },
  (table) => [
    uniqueIndex('scheme_bids_plot_amount_uq').on(table.schemePlotId, table.amount),
    uniqueIndex('scheme_bids_plot_sequence_uq').on(table.schemePlotId, table.sequence),
    index('scheme_bids_application_idx').on(table.applicationId, table.amount),
  ],
);

/** Per-year sequences behind the human numbers (APP-2026-000001, ...). */
export const counters = pgTable(
  'counters',
  {
    name: text('name').notNull(),
    year: integer('year').notNull(),
    value: integer('value').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.name, table.year] })],
);

/* Summary figures the dashboards and list totals read instead of counting whole tables (migration 0001).
 * Statement-level triggers append one delta row per changed key to a `*_deltas` table in the same transaction as
 * every INSERT, UPDATE and DELETE, so writers never wait on a shared counter row; `fold_summary_deltas()` moves
 * deltas into the `*_base` tables now and then; the `*_counts` / `*_totals` views add the two and are what to read. */

const statusCount = () => bigint('count', { mode: 'number' }).notNull();
const totalAmount = () => numeric('amount', { precision: 20, scale: 2, mode: 'number' }).notNull();

export const applicationStatusBase = pgTable('application_status_base', {
  status: applicationStatusEnum('status').primaryKey(),
  count: statusCount(),
});
export const applicationStatusDeltas = pgTable('application_status_deltas', {
  status: applicationStatusEnum('status').notNull(),
  count: statusCount(),
});
export const applicationStatusCounts = pgView('application_status_counts', {
  status: applicationStatusEnum('status').notNull(),
  count: statusCount(),
}).existing();

export const assetStatusBase = pgTable('asset_status_base', {
  status: assetStatusEnum('status').primaryKey(),
  count: statusCount(),
});
export const assetStatusDeltas = pgTable('asset_status_deltas', {
  status: assetStatusEnum('status').notNull(),
  count: statusCount(),
});
export const assetStatusCounts = pgView('asset_status_counts', {
  status: assetStatusEnum('status').notNull(),
  count: statusCount(),
}).existing();

/** Per status and due date, so "overdue" (pending and due before today) sums one row per due date, not per invoice. */
export const invoiceTotalsBase = pgTable(
  'invoice_totals_base',
  {
    status: storedInvoiceStatusEnum('status').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    count: statusCount(),
    amount: totalAmount(),
  },
  (table) => [primaryKey({ columns: [table.status, table.dueDate] })],
);
export const invoiceTotalsDeltas = pgTable('invoice_totals_deltas', {
  status: storedInvoiceStatusEnum('status').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  count: statusCount(),
  amount: totalAmount(),
});
export const invoiceTotals = pgView('invoice_totals', {
  status: storedInvoiceStatusEnum('status').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  count: statusCount(),
  amount: totalAmount(),
}).existing();

export const paymentTotalsBase = pgTable('payment_totals_base', {
  status: paymentStatusEnum('status').primaryKey(),
  count: statusCount(),
  amount: totalAmount(),
});
export const paymentTotalsDeltas = pgTable('payment_totals_deltas', {
  status: paymentStatusEnum('status').notNull(),
  count: statusCount(),
  amount: totalAmount(),
});
export const paymentTotals = pgView('payment_totals', {
  status: paymentStatusEnum('status').notNull(),
  count: statusCount(),
  amount: totalAmount(),
}).existing();

/* Pendency and the reports' totals (migration 0018), kept as the figures above are: statement-level triggers append
 * deltas, fold_summary_deltas() folds them into the base rows. Lateness is not stored: it changes with the calendar,
 * not with writes, so the pendency rows keep each step's due date and a reader sums those before today. Days and
 * weeks are the corporation's calendar in Asia/Kolkata; a deployment on another time zone reads the reports' totals
 * from their tables instead. */

/** No officer assigned, in a key that cannot hold a null. */
export const NO_OFFICER = '00000000-0000-0000-0000-000000000000';
/** No due date, in a key that cannot hold a null (the inbox's DUE_ORDER sorts it last the same way). */
export const NO_DUE_DATE = '9999-12-31';

const pendencyColumns = () => ({
  status: applicationStatusEnum('status').notNull(),
  zone: text('zone').notNull(),
  waitingOn: roleEnum('waiting_on').notNull(),
  assignedTo: uuid('assigned_to').notNull(),
  stageDueOn: date('stage_due_on', { mode: 'string' }).notNull(),
  paused: boolean('paused').notNull(),
  count: statusCount(),
});
/** Steps waiting on someone (applications with a waiting_on, drafts left out) per status, zone, role waited on,
 * assigned officer, due date and whether a query has paused the clock. */
export const applicationPendencyBase = pgTable('application_pendency_base', pendencyColumns(), (table) => [
  primaryKey({
    columns: [table.status, table.zone, table.waitingOn, table.assignedTo, table.stageDueOn, table.paused],
  }),
]);
export const applicationPendencyDeltas = pgTable('application_pendency_deltas', pendencyColumns());

const flowColumns = () => ({
  /** The Monday the week starts on. */
  week: date('week', { mode: 'string' }).notNull(),
  zone: text('zone').notNull(),
  /** Applications submitted in the week. */
  received: bigint('received', { mode: 'number' }).notNull(),
  /** Applications that reached the committee's decision (approved or rejected) in the week. */
  decided: bigint('decided', { mode: 'number' }).notNull(),
  /** Officers' steps that fell late in the week (the day after their due date) and were finished late since; the
   * ones still open are read from the pendency rows. */
  lateFinished: bigint('late_finished', { mode: 'number' }).notNull(),
});
export const applicationFlowBase = pgTable('application_flow_base', flowColumns(), (table) => [
  primaryKey({ columns: [table.week, table.zone] }),
]);
export const applicationFlowDeltas = pgTable('application_flow_deltas', flowColumns());

const reportColumns = () => ({
  status: text('status').notNull(),
  zone: text('zone').notNull(),
  /** The day a report's date filter reads: created (applications, assets), paid (payments), allotted. */
  day: date('day', { mode: 'string' }).notNull(),
  count: statusCount(),
  amount: totalAmount(),
});
const reportKey = (table: { status: AnyPgColumn; zone: AnyPgColumn; day: AnyPgColumn }) => [
  primaryKey({ columns: [table.status, table.zone, table.day] }),
];
/** Each report's count and amount per status, zone and day, so its first page sums a few thousand rows. */
export const applicationReportBase = pgTable('application_report_base', reportColumns(), reportKey);
export const applicationReportDeltas = pgTable('application_report_deltas', reportColumns());
export const assetReportBase = pgTable('asset_report_base', reportColumns(), reportKey);
export const assetReportDeltas = pgTable('asset_report_deltas', reportColumns());
export const paymentReportBase = pgTable('payment_report_base', reportColumns(), reportKey);
export const paymentReportDeltas = pgTable('payment_report_deltas', reportColumns());
/** Successful payments' count and amount per business day (India time) and mode: the finance dashboard's collections
 * sum a row per day and mode, not a row per payment (migration 0028). */
const collectionColumns = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  method: paymentMethodEnum('method').notNull(),
  count: statusCount(),
  amount: totalAmount(),
});
export const paymentCollectionsBase = pgTable('payment_collections_base', collectionColumns(), (table) => [
  primaryKey({ columns: [table.day, table.method] }),
]);
export const paymentCollectionsDeltas = pgTable('payment_collections_deltas', collectionColumns());
/** The register's late lists counted: unmet milestones of active allotments per kind, zone and due day, so "late on
 * a day" sums a row per due day before it, not a row per milestone (migration 0031). */
const lateColumns = () => ({
  kind: text('kind').notNull(),
  zone: text('zone').notNull(),
  dueOn: date('due_on', { mode: 'string' }).notNull(),
  count: statusCount(),
});
export const allotmentLateBase = pgTable('allotment_late_base', lateColumns(), (table) => [
  primaryKey({ columns: [table.kind, table.zone, table.dueOn] }),
]);
export const allotmentLateDeltas = pgTable('allotment_late_deltas', lateColumns());
export const allotmentReportBase = pgTable('allotment_report_base', reportColumns(), reportKey);
export const allotmentReportDeltas = pgTable('allotment_report_deltas', reportColumns());

/** Uploaded files kept in the database (when several API processes share one PostgreSQL), in chunks so that
 * neither side ever holds a whole file in memory. */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: text('key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.seq] })],
);

/** Fixed-window attempt counters shared by every API process (the sign-in limiter). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [index('rate_limit_hits_window_idx').on(table.windowStart)],
);

/** The portal's clock (decision 026): one row, the offset every API process adds to the database's clock. Zero, and
 * never changed, unless the portal runs with CLOCK=movable (tests and demos), where an admin moves it forward. The
 * database's portal_now() and portal_clock_timestamp() read it, and so do every column default that gives a time. */
export const portalClock = pgTable(
  'portal_clock',
  {
    id: boolean('id').primaryKey().default(true),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
    movedAt: timestamp('moved_at', { withTimezone: true, mode: 'date' }),
    movedBy: uuid('moved_by'),
    /** Set while a move runs its sweeps, so a second move at the same time is refused. */
    movingSince: timestamp('moving_since', { withTimezone: true, mode: 'date' }),
  },
  (table) => [check('portal_clock_one_row', sql`${table.id}`)],
);

/** Leases that make scheduled work run in one process at a time. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The audit trail (migration 0006): one row per insert, update or delete of a business table, written by a row
 * trigger in the same transaction as the change. Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and
 * hash-chained: each row's hash covers the previous row's hash and its own content, so an edit or a gap shows. */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role').notNull(),
    requestId: text('request_id'),
    clientAddress: text('client_address'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes').notNull(),
    prevHash: text('prev_hash'),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at, table.seq),
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.seq),
    index('audit_log_actor_idx').on(table.actorId, table.seq),
  ],
);

/** Signed-in sessions: a token names its session (`sid`), and a revoked or unknown session refuses the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (table) => [index('sessions_user_idx').on(table.userId, table.expiresAt)],
);

/** One-time password reset links; only the SHA-256 of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/** Failed sign-ins per account key (a hash of the email, whether or not the account exists) and the lock they earn. */
export const signInLocks = pgTable('sign_in_locks', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  /** How many times the key has been locked; each lock lasts longer than the one before. */
  locks: integer('locks').notNull().default(0),
  lockedUntil: instant('locked_until'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** In-app notifications: a code and its parameters (the web app words them), and the path they link to. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    link: text('link'),
    applicationId: uuid('application_id').references(() => applications.id),
    /** Makes a reminder once per item per day: e.g. `invoice_due_soon:<invoice id>:<date>`. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    readAt: instant('read_at'),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.createdAt, table.id),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} IS NULL`),
  ],
);

/** Mail waiting to be sent, written in the same transaction as what it tells; a worker sends it (lib/mail). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    toEmail: text('to_email').notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    language: text('language').notNull().default('en'),
    /** pending, sending, sent or failed (gave up after the last retry). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** While a worker holds the message: who and until when (a crashed worker's lease runs out). */
    leaseHolder: text('lease_holder'),
    leaseUntil: instant('lease_until'),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_created_idx').on(table.createdAt, table.id),
  ],
);

/** Every attempt to send an outbox message and how it ended. */
export const mailAttempts = pgTable(
  'mail_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    /** sending (never finished: the process died), sent or failed. */
    outcome: text('outcome').notNull().default('sending'),
    error: text('error'),
  },
  (table) => [index('mail_attempts_outbox_idx').on(table.outboxId, table.startedAt)],
);

/** Issued documents (letters, receipts, certificates) with their public verification code and the PDF's hash. */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Public, unguessable (at least 96 random bits), printed with a QR code on the document. */
    verificationCode: text('verification_code').notNull().unique(),
    /** acknowledgment, payment_receipt, provisional_allotment_letter, final_allotment_letter, possession_certificate */
    kind: text('kind').notNull(),
    /** The record the document is about: application, payment or allotment id. */
    subjectId: uuid('subject_id').notNull(),
    applicationId: uuid('application_id').references(() => applications.id),
    documentNumber: text('document_number').notNull(),
    holderName: text('holder_name').notNull(),
    assetCode: text('asset_code'),
    /** Facts printed on the document that the verify page may show (no PAN, bank or private amounts). */
    facts: jsonb('facts').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    language: text('language').notNull().default('en'),
    /** The stored PDF (storage key) and its SHA-256 in hex. */
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    /** Who signed the PDF when it was issued (the signing certificate's name) and whether that was the DEMO identity
     * (decision 035); null for a document issued before documents were signed. */
    signerName: text('signer_name'),
    signedDemo: boolean('signed_demo'),
    /** valid, superseded or revoked */
    status: text('status').notNull().default('valid'),
    supersededBy: uuid('superseded_by').references((): AnyPgColumn => issuedDocuments.id),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason'),
    issuedAt: instant('issued_at').notNull().defaultNow(),
  },
  (table) => [
    index('issued_documents_subject_idx').on(table.kind, table.subjectId, table.issuedAt),
    index('issued_documents_application_idx').on(table.applicationId),
    // The public check of a file finds the issued document that is exactly that file (decision 035).
    index('issued_documents_sha256_idx').on(table.sha256),
  ],
);

// ---------- money (decision 016) ----------

/** A payment order at the gateway for one invoice: the amount is the server's (the invoice, with interest on
 * arrears), never the browser's. Settled once, by whichever of the redirect, the webhook or the re-query comes first. */
export const gatewayOrders = pgTable(
  'gateway_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    /** Who started the payment. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The gateway's protocol: razorpay (the sandbox speaks it too). */
    gateway: text('gateway').notNull(),
    /** Whether the order went to the sandbox (TEST MODE) or the real gateway. */
    testMode: boolean('test_mode').notNull(),
    gatewayOrderId: text('gateway_order_id').notNull().unique(),
    amount: money('amount').notNull(),
    interest: money('interest').notNull().default(0),
    status: gatewayOrderStatusEnum('status').notNull().default('created'),
    gatewayPaymentId: text('gateway_payment_id').unique(),
    settledVia: gatewaySettledViaEnum('settled_via'),
    /** Why an answer was not believed (a code such as amount_mismatch), for finance. */
    mismatchCode: text('mismatch_code'),
    paymentId: uuid('payment_id').references((): AnyPgColumn => payments.id),
    createdAt: createdAt(),
    settledAt: instant('settled_at'),
    lastCheckedAt: instant('last_checked_at'),
    checks: integer('checks').notNull().default(0),
  },
  (table) => [
    index('gateway_orders_status_idx').on(table.status, table.createdAt),
    index('gateway_orders_invoice_idx').on(table.invoiceId),
    // The list's sorts (newest first by default, or by amount), and an entrepreneur's own orders.
    index('gateway_orders_created_idx').on(table.createdAt, table.id),
    index('gateway_orders_amount_idx').on(table.amount, table.id),
    index('gateway_orders_user_idx').on(table.userId),
  ],
);

/** Webhook deliveries already taken, by the gateway's event id: a second delivery changes nothing. */
export const gatewayWebhookEvents = pgTable('gateway_webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  gatewayOrderId: text('gateway_order_id'),
  receivedAt: createdAt(),
});

/** A challan: the reference a NEFT/RTGS transfer quotes, so the bank statement's credit can be matched to its invoice. */
export const challans = pgTable(
  'challans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challanNumber: text('challan_number').notNull().unique(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    amount: money('amount').notNull(),
    interest: money('interest').notNull().default(0),
    status: challanStatusEnum('status').notNull().default('open'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    paidAt: instant('paid_at'),
  },
  (table) => [
    uniqueIndex('challans_open_invoice_uq')
      .on(table.invoiceId)
      .where(sql`status = 'open'`),
    index('challans_application_idx').on(table.applicationId),
    index('challans_status_idx').on(table.status, table.createdAt),
  ],
);

/** An imported bank statement, once per file (its SHA-256), with what its rows came to. */
export const bankStatementImports = pgTable(
  'bank_statement_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull().unique(),
    importedBy: uuid('imported_by')
      .notNull()
      .references(() => users.id),
    importedAt: createdAt(),
    rowsTotal: integer('rows_total').notNull(),
    matched: integer('matched').notNull(),
    unmatched: integer('unmatched').notNull(),
    duplicates: integer('duplicates').notNull(),
    malformed: integer('malformed').notNull(),
    /** The row-by-row report: [{row, outcome, code, ...}]. */
    report: jsonb('report').notNull(),
  },
  (table) => [index('bank_statement_imports_at_idx').on(table.importedAt)],
);

/** A credit line of a bank statement, once per bank reference (UTR) however often it is imported. */
export const bankCredits = pgTable(
  'bank_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => bankStatementImports.id),
    bankReference: text('bank_reference').notNull().unique(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    narration: text('narration').notNull(),
    /** The challan number the narration quotes, when one was found. */
    quotedReference: text('quoted_reference'),
    status: bankCreditStatusEnum('status').notNull(),
    /** Why an unmatched credit was not matched at import (BANK_CREDIT_UNMATCHED_REASONS: no_reference,
     * amount_mismatch, ...). */
    unmatchedReason: text('unmatched_reason'),
    challanId: uuid('challan_id').references(() => challans.id),
    paymentId: uuid('payment_id').references((): AnyPgColumn => payments.id),
    /** A person's settlement of an unmatched credit: the invoice it pays, its maker and its checker. */
    settleInvoiceId: uuid('settle_invoice_id').references(() => invoices.id),
    settleNote: text('settle_note'),
    settlePreparedBy: uuid('settle_prepared_by').references(() => users.id),
    settlePreparedAt: instant('settle_prepared_at'),
    settleApprovedBy: uuid('settle_approved_by').references(() => users.id),
    settleApprovedAt: instant('settle_approved_at'),
    /** The last settlement a checker sent back, and why (the credit is unmatched again). */
    settleRejectedBy: uuid('settle_rejected_by').references(() => users.id),
    settleRejectedAt: instant('settle_rejected_at'),
    settleRejectedReason: text('settle_rejected_reason'),
    /** Set aside as not the corporation's money (a wrong credit the bank will reverse), by whom and why. */
    setAsideBy: uuid('set_aside_by').references(() => users.id),
    setAsideAt: instant('set_aside_at'),
    setAsideReason: text('set_aside_reason'),
    createdAt: createdAt(),
  },
  (table) => [
    index('bank_credits_status_idx').on(table.status, table.valueDate),
    index('bank_credits_import_idx').on(table.importId),
    index('bank_credits_value_date_idx').on(table.valueDate),
  ],
);

/** The append-only ledger: every money event of an application (and so of its allotment), once per source (the
 * source key: invoice:<id>, payment:<id>, ...). A trigger refuses updates and deletes; a correction is a new entry. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    allotmentId: uuid('allotment_id').references(() => allotments.id),
    entryType: ledgerEntryTypeEnum('entry_type').notNull(),
    debit: money('debit').notNull().default(0),
    credit: money('credit').notNull().default(0),
    sourceKey: text('source_key').notNull().unique(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    refundId: uuid('refund_id').references((): AnyPgColumn => refunds.id),
    adjustmentId: uuid('adjustment_id').references((): AnyPgColumn => ledgerAdjustments.id),
    /** The human reference the line shows: an invoice, receipt, refund or adjustment number, or a UTR. */
    reference: text('reference').notNull(),
    postedAt: instant('posted_at').notNull().defaultNow(),
    /** Who posted it; null for the portal itself (an invoice raised on a move, a billing run). */
    postedBy: uuid('posted_by').references(() => users.id),
  },
  (table) => [
    check('ledger_entries_one_side', sql`(debit > 0 and credit = 0) or (credit > 0 and debit = 0)`),
    index('ledger_entries_application_idx').on(table.applicationId, table.id),
    index('ledger_entries_posted_idx').on(table.postedAt),
  ],
);

/** Money going back: an EMD on rejection or withdrawal, a surrender's refund. Prepared by one finance user, approved
 * by another (or an admin), paid to the verified bank account with the bank's UTR. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundNumber: text('refund_number').notNull().unique(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    allotmentId: uuid('allotment_id').references(() => allotments.id),
    /** Whom it is paid to: the applicant, or the holder who surrendered. */
    payeeUserId: uuid('payee_user_id')
      .notNull()
      .references(() => users.id),
    kind: refundKindEnum('kind').notNull(),
    amount: money('amount').notNull(),
    status: refundStatusEnum('status').notNull().default('prepared'),
    note: text('note'),
    preparedBy: uuid('prepared_by')
      .notNull()
      .references(() => users.id),
    preparedAt: createdAt(),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: instant('approved_at'),
    rejectedBy: uuid('rejected_by').references(() => users.id),
    rejectedAt: instant('rejected_at'),
    rejectionReason: text('rejection_reason'),
    /** The bank account it went to, as it stood when approved. */
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    bankIfsc: text('bank_ifsc'),
    paidBy: uuid('paid_by').references(() => users.id),
    paidAt: instant('paid_at'),
    utr: text('utr').unique(),
  },
  (table) => [
    // One live refund of each kind per application (a rejected one may be prepared again).
    uniqueIndex('refunds_application_kind_uq')
      .on(table.applicationId, table.kind)
      .where(sql`status <> 'rejected'`),
    index('refunds_status_idx').on(table.status, table.preparedAt),
    index('refunds_payee_idx').on(table.payeeUserId),
  ],
);

/** A ledger adjustment waiting for its checker: an interest waiver on a late invoice, or a debit or credit
 * correcting an account. Posted to the ledger only when approved, by someone other than its maker. */
export const ledgerAdjustments = pgTable(
  'ledger_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adjustmentNumber: text('adjustment_number').notNull().unique(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    kind: adjustmentKindEnum('kind').notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: approvalStatusEnum('status').notNull().default('pending'),
    makerId: uuid('maker_id')
      .notNull()
      .references(() => users.id),
    madeAt: createdAt(),
    checkerId: uuid('checker_id').references(() => users.id),
    checkedAt: instant('checked_at'),
    rejectionReason: text('rejection_reason'),
  },
  (table) => [
    // One waiver waiting per invoice.
    uniqueIndex('ledger_adjustments_pending_waiver_uq')
      .on(table.invoiceId)
      .where(sql`status = 'pending' and kind = 'interest_waiver'`),
    // One cancellation waiting per invoice (named by the kinds it is not: PostgreSQL may not use a kind in the
    // migration that adds it).
    uniqueIndex('ledger_adjustments_pending_cancellation_uq')
      .on(table.invoiceId)
      .where(sql`status = 'pending' and kind not in ('interest_waiver', 'debit', 'credit')`),
    index('ledger_adjustments_status_idx').on(table.status, table.madeAt),
    index('ledger_adjustments_application_idx').on(table.applicationId),
  ],
);

/**
 * Each finished stage with a service clock, written by a trigger on applications when the status changes (migration
 * 0019): when it was entered and left, its due date, the working days a query paused it, and the plot's zone. The
 * public performance figures are worked out from it; no person is named in it.
 */
export const applicationStageHistory = pgTable(
  'application_stage_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    status: applicationStatusEnum('status').notNull(),
    nextStatus: applicationStatusEnum('next_status').notNull(),
    enteredAt: instant('entered_at').notNull(),
    leftAt: instant('left_at').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** Working days of answered queries; a query still open when the stage was left is counted from clock_paused_at. */
    pausedWorkingDays: integer('paused_working_days').notNull().default(0),
    clockPausedAt: instant('clock_paused_at'),
    zone: text('zone'),
  },
  (table) => [index('application_stage_history_left_idx').on(table.leftAt, table.id)],
);

/** A scheme's public record (GET /public/schemes/{number}) as it stands, written in the same transaction as every change
 * of the facts it shows (the scheme's creation, close, draw or auction close, an outcome, a withdrawal, the result
 * sheet), so the public page reads one row instead of working the record out on each request (decision 025). */
export const publicSchemeRecords = pgTable('public_scheme_records', {
  schemeId: uuid('scheme_id')
    .primaryKey()
    .references(() => schemes.id),
  record: jsonb('record').$type<PublicScheme>().notNull(),
  refreshedAt: instant('refreshed_at').notNull(),
});

/** The public performance figures, worked out once a business day by a job (contract performance.ts). */
export const performanceSnapshots = pgTable('performance_snapshots', {
  /** The business day the figures were worked out on: one row a day, replaced when the job runs again that day. */
  computedOn: date('computed_on', { mode: 'string' }).primaryKey(),
  computedAt: instant('computed_at').notNull(),
  figures: jsonb('figures').$type<PublicPerformance>().notNull(),
});

// SMS and sign-in by a one-time code (decision 037, migration 0037).

/** One-time codes: a hash of each, its purpose, the number it went to, tries made and expiry; spent once. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sign_in or verify_mobile. */
    purpose: text('purpose').notNull(),
    mobile: text('mobile').notNull(),
    /** The account it is for; null for a number no account has (asked all the same, never usable). */
    userId: uuid('user_id').references(() => users.id),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [
    index('one_time_codes_mobile_idx').on(table.mobile, table.purpose, table.createdAt),
    check('one_time_codes_purpose_check', sql`${table.purpose} IN ('sign_in', 'verify_mobile')`),
  ],
);

/** The SMS outbox: as the mail outbox, plus the segments (the cost) and the provider's delivery report. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    toMobile: text('to_mobile').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull().default('en'),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /** A one-time code's variables, encrypted; wiped once the message is sent or given up. */
    secretParams: text('secret_params'),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    leaseHolder: text('lease_holder'),
    leaseUntil: instant('lease_until'),
    lastError: text('last_error'),
    segments: integer('segments').notNull(),
    unicode: boolean('unicode').notNull(),
    providerMessageId: text('provider_message_id').unique(),
    deliveryCause: text('delivery_cause'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    deliveredAt: instant('delivered_at'),
  },
  (table) => [
    index('sms_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('sms_outbox_created_idx').on(table.createdAt, table.id),
    index('sms_outbox_sent_idx').on(table.sentAt),
    check(
      'sms_outbox_status_check',
      sql`${table.status} IN ('pending', 'sending', 'submitted', 'delivered', 'undelivered', 'failed')`,
    ),
  ],
);

/** Every delivery report the provider posted, as it came. */
export const smsDeliveryReports = pgTable(
  'sms_delivery_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outboxId: uuid('outbox_id').references(() => smsOutbox.id),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status').notNull(),
    cause: text('cause'),
    errorCode: text('error_code'),
    fragments: integer('fragments'),
    deliveredAt: instant('delivered_at'),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (table) => [index('sms_delivery_reports_outbox_idx').on(table.outboxId, table.receivedAt)],
);

// Grievances (decision 038): a complaint routed by category to an officer role, its story and its attachments.
export const grievances = pgTable(
  'grievances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** GRV-YYYY-NNNNNN. */
    grievanceNumber: text('grievance_number').notNull().unique(),
    raisedBy: uuid('raised_by')
      .notNull()
      .references(() => users.id),
    /** The contract's GRIEVANCE_CATEGORY_CODES. */
    category: text('category').$type<GrievanceCategory>().notNull(),
    text: text('text').notNull(),
    /** The contract's GRIEVANCE_STATUSES, set only through the case engine (writeGrievanceMove). */
    status: text('status').$type<GrievanceStatus>().notNull().default('open'),
    /** The one case of the complainant's it is about, if any. */
    applicationId: uuid('application_id').references(() => applications.id),
    allotmentId: uuid('allotment_id').references(() => allotments.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    /** The zone of the case it names (its asset's), which a zonal manager's grievance goes to. */
    zone: text('zone'),
    routedTo: roleEnum('routed_to').notNull(),
    raisedAt: instant('raised_at').notNull().defaultNow(),
    /** The promised day: the category's working days after it was raised (or reopened), moved on by the working days
     * it waited for the complainant's detail. */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** While detail is asked: since when (the promised day stands still). */
    detailAskedAt: instant('detail_asked_at'),
    escalatedTo: roleEnum('escalated_to'),
    escalatedAt: instant('escalated_at'),
    resolvedAt: instant('resolved_at'),
    /** Whether its (latest) resolution came by the promised day. */
    resolvedOnTime: boolean('resolved_on_time'),
    reopenedAt: instant('reopened_at'),
    rating: integer('rating'),
    ratedAt: instant('rated_at'),
  },
  (table) => [
    index('grievances_raised_by_idx').on(table.raisedBy, table.raisedAt),
    index('grievances_status_due_idx').on(table.status, table.dueOn, table.id),
    index('grievances_raised_at_idx').on(table.raisedAt, table.id),
    index('grievances_escalation_due_idx')
      .on(table.dueOn, table.id)
      .where(sql`status = 'open' AND escalated_at IS NULL`),
    check('grievances_status_check', sql`${table.status} IN ('open', 'detail_asked', 'resolved')`),
    check(
      'grievances_category_check',
      sql`${table.category} IN ('billing', 'delay', 'officer_conduct', 'park_infrastructure', 'other')`,
    ),
    check('grievances_rating_check', sql`${table.rating} IS NULL OR ${table.rating} BETWEEN 1 AND 5`),
  ],
);

/** A grievance's story: each step by a person (with their role) or the portal (no actor). */
export const grievanceEntries = pgTable(
  'grievance_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grievanceId: uuid('grievance_id')
      .notNull()
      .references(() => grievances.id),
    /** The contract's GRIEVANCE_ENTRY_KINDS. */
    kind: text('kind').$type<GrievanceEntryKind>().notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    actorRole: roleEnum('actor_role'),
    message: text('message'),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('grievance_entries_grievance_idx').on(table.grievanceId, table.createdAt)],
);

export const grievanceAttachments = pgTable(
  'grievance_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grievanceId: uuid('grievance_id')
      .notNull()
      .references(() => grievances.id),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    fileSize: integer('file_size').notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedAt: instant('uploaded_at').notNull().defaultNow(),
  },
  (table) => [index('grievance_attachments_grievance_idx').on(table.grievanceId, table.uploadedAt)],
);

// ---------- The state's single window (decision 036, migration 0036) ----------

/** A Common Application Form the single window sent: one row per CAF id (the same id again is the same application),
 * the investor's account and profile, the application number given (reserved at once, even when the CAF names no
 * plot and the draft waits for the investor's choice), and the documents fetched and stored, attached to the draft
 * when it is made. */
export const singleWindowCafs = pgTable(
  'single_window_cafs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The single window's own id of the application. */
    cafId: text('caf_id').notNull().unique(),
    /** The machine credential that sent it. */
    clientId: text('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    applicationNumber: text('application_number').notNull().unique(),
    /** The draft made from it; null until the investor chooses a plot (a CAF that named none). */
    applicationId: uuid('application_id')
      .unique()
      .references(() => applications.id),
    park: text('park').notNull(),
    /** The CAF as received (validated). */
    caf: jsonb('caf').$type<Record<string, unknown>>().notNull(),
    /** The documents fetched, checked and stored, waiting to be attached to the draft (emptied when attached). */
    documents: jsonb('documents').$type<SingleWindowStoredDocument[]>().notNull().default([]),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('single_window_cafs_user_idx').on(table.userId)],
);

export interface SingleWindowStoredDocument {
  documentType: string;
  fileName: string;
  storageKey: string;
  fileSize: number;
  contentType: string;
}

/** The nonces of the single window's signed requests, kept past the timestamp window so a replay finds its own. */
export const singleWindowNonces = pgTable(
  'single_window_nonces',
  {
    nonce: text('nonce').primaryKey(),
    clientId: text('client_id').notNull(),
    seenAt: instant('seen_at').notNull(),
  },
  (table) => [index('single_window_nonces_seen_idx').on(table.seenAt)],
);

/** Each handoff token used (its jti), so a token signs in once. */
export const singleWindowHandoffs = pgTable('single_window_handoffs', {
  id: uuid('id').primaryKey().defaultRandom(),
  jti: text('jti').notNull().unique(),
  cafRowId: uuid('caf_row_id')
    .notNull()
    .references(() => singleWindowCafs.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The status pushes to the single window: one row per event (dedupe key), numbered per CAF; a push is sent only
 * when every earlier one of its CAF is sent, retried with back-off on the portal's clock until acknowledged. */
export const singleWindowOutbox = pgTable(
  'single_window_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cafRowId: uuid('caf_row_id')
      .notNull()
      .references(() => singleWindowCafs.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    /** 1, 2, ... within the CAF. */
    sequence: integer('sequence').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    statusCode: text('status_code').$type<SingleWindowStatusCode>().notNull(),
    externalCode: text('external_code').notNull(),
    /** The push's reason, the issued document's kind to link, and the event's details. */
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    eventAt: instant('event_at').notNull(),
    /** pending (never tried), retrying, sent (acknowledged) or failed (given up; a person may retry). */
    state: text('state').$type<SingleWindowPushState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('single_window_outbox_caf_sequence_uq').on(table.cafRowId, table.sequence),
    index('single_window_outbox_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`state in ('pending', 'retrying')`),
    index('single_window_outbox_state_idx').on(table.state, table.createdAt, table.id),
    index('single_window_outbox_created_idx').on(table.createdAt, table.id),
    check('single_window_outbox_state_check', sql`${table.state} IN ('pending', 'retrying', 'sent', 'failed')`),
  ],
);
