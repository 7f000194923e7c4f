/** Request and response bodies of every call (spec section 7, product decisions sections 2 to 7), as zod schemas. */
import { z } from 'zod';
import { closingReasonSchema } from './applications/closing-reasons';
import { ROLES } from './roles';
import { rupeesField } from './money/amount';
import {
  ALLOTMENT_STATUSES,
  ALLOTMENT_TYPES,
  APPLICANT_CATEGORIES,
  APPLICATION_STATUSES,
  APPLICATION_TYPES,
  ASSET_STATUSES,
  ASSET_TYPES,
  ASSET_UNITS,
  COMMITTEE_TYPES,
  CONSTITUTIONS,
  DOCUMENT_STATUSES,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  LEASE_DEED_STATUSES,
  LEASE_DEED_VERDICTS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REPORT_TYPES,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TYPES,
  TIMELINE_ENTITY_TYPES,
  type ServiceRequestType,
  QUERY_STATUSES,
} from './enums';
import { DOCUMENT_TYPES } from './documents/documents';
import { newPasswordSchema } from './accounts';
import { LANGUAGES } from './languages';
import { stageSchema } from './applications/stages';
import { MILESTONE_KINDS, milestoneSchema, serviceEligibilitySchema, SUBLETTING_MAX_MONTHS } from './estate/estate';
import { ISSUED_DOCUMENT_KINDS } from './documents/issued-documents';
import { INVOICE_CANCELLATION_RULES } from './money/money';

const id = z.uuid();

/** The earliest and latest years a business date may carry: anything outside is a typing slip, and PostgreSQL
 * refuses some of it (there is no year 0). */
export const DATE_YEAR_RANGE = { min: 1900, max: 2200 } as const;
const yearInRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= DATE_YEAR_RANGE.min && year <= DATE_YEAR_RANGE.max;
};
/** A real calendar day (no 31 April, 29 February only in a leap year) as YYYY-MM-DD, in DATE_YEAR_RANGE. */
export const calendarDate = (error = 'Enter a date as YYYY-MM-DD') =>
  z.iso
    .date({ error })
    .refine(yearInRange, { error: `Enter a date between ${DATE_YEAR_RANGE.min} and ${DATE_YEAR_RANGE.max}` });
const isoDate = calendarDate();
const timestamp = z.string();

/** Control characters other than tab, line feed and carriage return: never typed, and NUL cannot be stored. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
export const CONTROL_CHARACTER_MESSAGE = 'Remove the control characters (such as NUL) from this text';
export const containsControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);
const withoutControlCharacters = (value: string) => !containsControlCharacter(value);
const requiredText = (max = 500) =>
  z
    .string()
    .trim()
    .min(1, { error: 'This field is required' })
    .max(max)
    .refine(withoutControlCharacters, { error: CONTROL_CHARACTER_MESSAGE });
const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(withoutControlCharacters, { error: CONTROL_CHARACTER_MESSAGE })
    .nullish()
    .transform((value) => (value ? value : null));
const money = rupeesField({ allowZero: true });

// ---------- errors ----------
// The error body and its codes: error-codes.ts.

// ---------- auth and users ----------
export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, { error: 'Email is required' }).max(254),
  password: z.string().min(1, { error: 'Password is required' }).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const userSchema = z.object({
  id,
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  /** An officer's zone (one of the zones the assets use); null: every zone. A zonal manager with a zone works,
   * lists and is reminded of only that zone's cases. Always sent by this server (optional for older records). */
  zone: z.string().nullable().optional(),
  created_at: timestamp,
});
export type User = z.infer<typeof userSchema>;

/** An officer's zone as the admin sets it: a zone's name, or null for every zone. */
const officerZone = z.string().trim().min(1).max(100).nullable();

/** GET /auth/me: the user record and the language of their screens, mail and letters. */
export const meSchema = userSchema.extend({ language: z.enum(LANGUAGES) });
export type Me = z.infer<typeof meSchema>;

/** PATCH /auth/me: what a user may change about themselves (their language; the rest is an admin's). */
export const updateMeRequestSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: 'Choose English (en), Hindi (hi) or Telugu (te)' }),
});
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

export const registerRequestSchema = z.object({
  email: z.email({ error: 'Enter a valid email address' }).max(254),
  password: newPasswordSchema,
  full_name: requiredText(120),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const createUserRequestSchema = registerRequestSchema.extend({
  role: z.enum(ROLES),
  zone: officerZone.optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;
export const updateUserRequestSchema = z.object({
  role: z.enum(ROLES).optional(),
  is_active: z.boolean().optional(),
  full_name: requiredText(120).optional(),
  zone: officerZone.optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

// ---------- applicants ----------
export const applicantProfileRequestSchema = z.object({
  organization_name: requiredText(200),
  pan_number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, { error: 'Enter a valid PAN, for example ABCDE1234F' }),
  gst_number: optionalText(15),
  category: z.enum(APPLICANT_CATEGORIES).default('general'),
  constitution: z.enum(CONSTITUTIONS).default('proprietorship'),
  address: requiredText(500),
  city: requiredText(100),
  state: requiredText(100),
  pincode: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{5}$/, { error: 'Enter a 6-digit pincode' }),
  bank_name: requiredText(120),
  bank_account: z
    .string()
    .trim()
    .regex(/^[0-9]{6,20}$/, { error: 'Enter the account number in digits' }),
  bank_ifsc: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, { error: 'Enter a valid IFSC, for example SBIN0001234' }),
  sdp_reference: optionalText(100),
});
export type ApplicantProfileRequest = z.input<typeof applicantProfileRequestSchema>;
/** PAN cannot change once the profile exists, so an update carries everything else. */
export const applicantProfileUpdateSchema = applicantProfileRequestSchema.omit({ pan_number: true });
export type ApplicantProfileUpdate = z.input<typeof applicantProfileUpdateSchema>;

export const applicantSchema = z.object({
  id,
  user_id: id,
  organization_name: z.string(),
  pan_number: z.string(),
  gst_number: z.string().nullable(),
  category: z.enum(APPLICANT_CATEGORIES),
  /** The firm's legal form; a change of constitution changes it. */
  constitution: z.enum(CONSTITUTIONS),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  bank_ifsc: z.string(),
  sdp_reference: z.string().nullable(),
  kyc_verified: z.boolean(),
  /** When a finance user verified the bank details refunds are paid to; a change of bank details clears it. */
  bank_verified_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Applicant = z.infer<typeof applicantSchema>;

// ---------- assets ----------
/** A zone's layout map is a grid of at most this many columns and rows; a plot covers a rectangle of its cells. */
export const ASSET_MAP_GRID_SIZE = 40;

const gridCell = (name: string) =>
  z
    .number({ error: `Enter the ${name} as a whole number` })
    .int({ error: `Enter the ${name} as a whole number` })
    .min(1, { error: `The ${name} must be at least 1` })
    .max(ASSET_MAP_GRID_SIZE, { error: `The ${name} must be at most ${ASSET_MAP_GRID_SIZE}` });

/** A plot's place on its zone's map, in grid cells: column `x` and row `y` of its top-left cell (from 1), its width
 * `w` and height `h`, all inside the ASSET_MAP_GRID_SIZE square. */
export const assetMapPositionSchema = z
  .object({ x: gridCell('column'), y: gridCell('row'), w: gridCell('width'), h: gridCell('height') })
  .refine((map) => map.x + map.w - 1 <= ASSET_MAP_GRID_SIZE, {
    error: `The plot must end within column ${ASSET_MAP_GRID_SIZE}`,
    path: ['w'],
  })
  .refine((map) => map.y + map.h - 1 <= ASSET_MAP_GRID_SIZE, {
    error: `The plot must end within row ${ASSET_MAP_GRID_SIZE}`,
    path: ['h'],
  });
export type AssetMapPosition = z.infer<typeof assetMapPositionSchema>;

/** Whether two positions share a cell. */
export function mapPositionsOverlap(a: AssetMapPosition, b: AssetMapPosition): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export const createAssetRequestSchema = z
  .object({
    asset_code: requiredText(40),
    category_id: requiredText(60),
    type: z.enum(ASSET_TYPES).default('land'),
    zone: requiredText(100),
    location: requiredText(200),
    survey_number: requiredText(60),
    plot_number: optionalText(60),
    total_area: z.number({ error: 'Enter the total area' }).positive({ error: 'Area must be more than 0' }).max(1e9),
    available_area: z.number({ error: 'Enter the available area' }).nonnegative().max(1e9),
    unit: z.enum(ASSET_UNITS).default('acres'),
    valuation: money,
    status: z.enum(ASSET_STATUSES).default('available'),
    /** Optional: the plot's place on its zone's map; null or left out when it has none. */
    map: assetMapPositionSchema.nullish().transform((value) => value ?? null),
  })
  .refine((asset) => asset.available_area <= asset.total_area, {
    error: 'Available area cannot exceed total area',
    path: ['available_area'],
  });
export type CreateAssetRequest = z.input<typeof createAssetRequestSchema>;

/** PATCH /assets/{id}: the asset's descriptive fields and its place on the map. The code, type, areas, unit,
 * valuation and status are not edited here: the fees, allotments and lifecycle rest on them. */
export const updateAssetRequestSchema = z
  .strictObject({
    category_id: requiredText(60),
    zone: requiredText(100),
    location: requiredText(200),
    survey_number: requiredText(60),
    plot_number: optionalText(60),
    /** null takes the plot off the map. */
    map: assetMapPositionSchema.nullable(),
  })
  .partial()
  .refine((change) => Object.keys(change).length > 0, { error: 'Send at least one field to change' });
export type UpdateAssetRequest = z.input<typeof updateAssetRequestSchema>;

export const assetSchema = z.object({
  id,
  asset_code: z.string(),
  category_id: z.string(),
  type: z.enum(ASSET_TYPES),
  zone: z.string(),
  location: z.string(),
  survey_number: z.string(),
  plot_number: z.string().nullable(),
  total_area: z.number(),
  available_area: z.number(),
  unit: z.enum(ASSET_UNITS),
  valuation: z.number(),
  status: z.enum(ASSET_STATUSES),
  /** The plot's place on its zone's map (grid cells), or null when it has none. */
  map: z.object({ x: z.number().int(), y: z.number().int(), w: z.number().int(), h: z.number().int() }).nullable(),
  created_at: timestamp,
});
export type Asset = z.infer<typeof assetSchema>;

/** GET /assets/map?zone=: a zone's mapped plots, at most ZONE_MAP_MAX_PLOTS. */
export const ZONE_MAP_MAX_PLOTS = 400;
export const zoneMapQuerySchema = z.object({ zone: requiredText(100) });
export const zoneMapSchema = z.object({
  zone: z.string(),
  /** The grid drawn: the columns and rows the plots reach (at least 1 each). */
  columns: z.number().int(),
  rows: z.number().int(),
  /** The zone's assets that have a place on the map, with their live status, top row first. */
  plots: z.array(assetSchema),
  /** The zone's assets with no place on the map (counted up to 10,000). */
  unmapped: z.number().int(),
  /** More than ZONE_MAP_MAX_PLOTS plots: only the first ones (by row, then column) are here. */
  truncated: z.boolean(),
});
export type ZoneMap = z.infer<typeof zoneMapSchema>;

/** GET /assets/zones: the zones that hold assets, in order (at most ZONE_LIST_MAX), and each zone's parks and
 * estates (the assets' locations), in order, for the pickers that narrow a zone to one park. */
export const ZONE_LIST_MAX = 200;
/** The locations answered in all, across the zones: past it `truncated` is true. */
export const ZONE_LOCATIONS_MAX = 2000;
export const zoneListSchema = z.object({
  zones: z.array(z.string()),
  /** Zone → its distinct locations, in order; a zone past ZONE_LIST_MAX is left out. */
  locations: z.record(z.string(), z.array(z.string())),
  truncated: z.boolean(),
});
export type ZoneList = z.infer<typeof zoneListSchema>;

/** Why an import refused a row, as a code and its parameters (the web words them; `reasons` says the same in
 * English). */
export const ASSET_IMPORT_PROBLEMS = [
  'csv_syntax',
  'unknown_column',
  'duplicate_column',
  'missing_column',
  'field_count',
  'map_incomplete',
  'invalid_value',
  'code_repeated',
  'code_taken',
  'map_overlap',
] as const;
export type AssetImportProblemCode = (typeof ASSET_IMPORT_PROBLEMS)[number];
export const assetImportProblemSchema = z.object({
  code: z.enum(ASSET_IMPORT_PROBLEMS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type AssetImportProblem = z.infer<typeof assetImportProblemSchema>;

export const assetImportReportSchema = z.object({
  imported: z.number().int(),
  refused: z.array(
    z.object({
      row: z.number().int(),
      asset_code: z.string().nullable(),
      reasons: z.array(z.string()),
      problems: z.array(assetImportProblemSchema),
    }),
  ),
});
export type AssetImportReport = z.infer<typeof assetImportReportSchema>;
/** A refused import (422): nothing was inserted; `refused` says which rows and why (row 1 is the header). */
export const assetImportRefusalSchema = assetImportReportSchema.extend({ detail: z.string() });
export type AssetImportRefusal = z.infer<typeof assetImportRefusalSchema>;
/** The header of an asset CSV file; the ones with a default or marked optional may be left out. */
export const ASSET_IMPORT_COLUMNS = [
  'asset_code',
  'category_id',
  'type',
  'zone',
  'location',
  'survey_number',
  'plot_number',
  'total_area',
  'available_area',
  'unit',
  'valuation',
  'status',
] as const;
export const ASSET_IMPORT_OPTIONAL_COLUMNS = ['type', 'plot_number', 'unit', 'status'] as const;
/** Optional columns of an import file beyond the asset fields: the plot's place on its zone's map (all four or
 * none in a row). */
export const ASSET_IMPORT_MAP_COLUMNS = ['map_x', 'map_y', 'map_w', 'map_h'] as const;

// ---------- applications ----------
export const createApplicationRequestSchema = z.object({
  asset_id: id,
  application_type: z.enum(APPLICATION_TYPES).default('new'),
  project_description: requiredText(5000),
  estimated_investment: money.positive({ error: 'Investment must be more than 0' }),
  employment_generation: z.number({ error: 'Enter the number of jobs' }).int().nonnegative().max(10_000_000),
  /** Applying in a scheme (decision 018): the plot must be one of the scheme's, and the scheme taking applications. */
  scheme_id: id.optional(),
});
export type CreateApplicationRequest = z.input<typeof createApplicationRequestSchema>;

export const applicationSchema = z.object({
  id,
  application_number: z.string(),
  applicant_id: id,
  asset_id: id,
  application_type: z.enum(APPLICATION_TYPES),
  status: z.enum(APPLICATION_STATUSES),
  /** The scheme it was made in, or null (decision 018). */
  scheme_id: id.nullable().optional(),
  /** The stage in English (the spec's field): a system stage's English, or the officer's words as typed. */
  current_stage: z.string(),
  /** The stage the portal set, as a code and parameters the reader's language renders; null for officer words. */
  stage: stageSchema.nullable(),
  estimated_investment: z.number(),
  employment_generation: z.number().int(),
  project_description: z.string(),
  assigned_to: id.nullable(),
  created_at: timestamp,
  submitted_at: timestamp.nullable(),
  updated_at: timestamp,
  // The service clock (service-clock.ts): whom the step waits on, since when, by when, and whether it is late.
  waiting_on: z.enum(ROLES).nullable(),
  stage_entered_at: timestamp,
  stage_due_on: z.string().nullable(),
  days_in_stage: z.number().int(),
  overdue: z.boolean(),
  clock_paused: z.boolean(),
  /** The level the stage was escalated to when it ran past its due date by its own target again (decision 017); null
   * until then, and again in the next status. Always sent; optional so an answer recorded before it still reads. */
  escalated_to: z.enum(ROLES).nullable().optional(),
  /** Why it ended, once rejected or withdrawn (a scheme's close or result, the committee, an officer, the applicant),
   * as a code and parameters; null otherwise. Sent by GET /applications/{id}; optional elsewhere. */
  closing_reason: closingReasonSchema.nullable().optional(),
});
export type Application = z.infer<typeof applicationSchema>;

export const updateStatusRequestSchema = z.object({
  status: z.enum(APPLICATION_STATUSES),
  current_stage: requiredText(500),
  /** The stage as a code (a committee decision, or the status's own stage left as offered); without it, the text is
   * the officer's words unless it is the status's own English stage (stageOfText). */
  stage: stageSchema.optional(),
  assigned_to: id.nullish(),
});
export type UpdateStatusRequest = z.infer<typeof updateStatusRequestSchema>;

export const submitApplicationResponseSchema = z.object({
  message: z.string(),
  application: applicationSchema,
  invoices_generated: z.number().int(),
});
export type SubmitApplicationResponse = z.infer<typeof submitApplicationResponseSchema>;

export const documentSchema = z.object({
  id,
  application_id: id,
  document_type: z.enum(DOCUMENT_TYPES),
  file_name: z.string(),
  file_size: z.number().int(),
  uploaded_at: timestamp,
  verified: z.boolean(),
  verification_status: z.enum(DOCUMENT_STATUSES),
  /** Why an officer rejected it, shown to the applicant. */
  rejection_reason: z.string().nullable(),
  /** Set when a later upload of the same type took its place. */
  replaced_at: timestamp.nullable(),
});
export type ApplicationDocument = z.infer<typeof documentSchema>;

export const DOCUMENT_REJECTION_REASON = { min: 5, max: 500 } as const;
/** The body of PUT /applications/{id}/documents/{docId}/verify?verified=false. */
export const rejectDocumentRequestSchema = z.object({
  reason: z
    .string({ error: 'Give the reason for rejecting the document' })
    .trim()
    .min(DOCUMENT_REJECTION_REASON.min, {
      error: `The reason must be at least ${DOCUMENT_REJECTION_REASON.min} characters`,
    })
    .max(DOCUMENT_REJECTION_REASON.max, {
      error: `The reason must be at most ${DOCUMENT_REJECTION_REASON.max} characters`,
    }),
});
export type RejectDocumentRequest = z.infer<typeof rejectDocumentRequestSchema>;

export const timelineEventSchema = z.object({
  id,
  application_id: id.nullable(),
  action: z.string(),
  user_role: z.string(),
  user_name: z.string(),
  details: z.string(),
  timestamp,
  entity_type: z.enum(TIMELINE_ENTITY_TYPES),
  /** A code of the timeline catalogue (timeline-events.ts) and its parameters, for rendering in any language. */
  event_code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  internal: z.boolean(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

/** POST /applications/{id}/notes: an officer's note for other officers, never shown to the applicant. */
export const internalNoteRequestSchema = z.object({ message: requiredText(2000) });
export type InternalNoteRequest = z.infer<typeof internalNoteRequestSchema>;

// ---------- queries (shortfall letters) ----------
export const QUERY_MESSAGE_MAX = 2000;
export const createQueryRequestSchema = z.object({
  message: requiredText(QUERY_MESSAGE_MAX),
  respond_by: isoDate,
});
export type CreateQueryRequest = z.infer<typeof createQueryRequestSchema>;

export const queryResponseRequestSchema = z.object({ message: requiredText(QUERY_MESSAGE_MAX) });
export type QueryResponseRequest = z.infer<typeof queryResponseRequestSchema>;

/** POST /queries/{id}/extend: a lapsed query's one new reply-by date (after today). */
export const extendQueryRequestSchema = z.object({ respond_by: isoDate });
export type ExtendQueryRequest = z.infer<typeof extendQueryRequestSchema>;

export const applicationQuerySchema = z.object({
  id,
  application_id: id,
  message: z.string(),
  respond_by: z.string(),
  raised_by_name: z.string(),
  raised_at: timestamp,
  status: z.enum(QUERY_STATUSES),
  response: z.string().nullable(),
  responded_at: timestamp.nullable(),
  closed_at: timestamp.nullable(),
  /** The reply-by date passed with no answer (the day after it): the applicant may no longer answer; the officer
   * may reject the application or extend the date once. False again once extended. */
  lapsed: z.boolean(),
  lapsed_at: timestamp.nullable(),
  /** The officer extended the reply-by date (only once): `original_respond_by` is the first date. */
  extended: z.boolean(),
  extended_at: timestamp.nullable(),
  original_respond_by: z.string().nullable(),
});
export type ApplicationQuery = z.infer<typeof applicationQuerySchema>;

// ---------- billing ----------
export const invoiceSchema = z.object({
  id,
  invoice_number: z.string(),
  application_id: id,
  invoice_type: z.enum(INVOICE_TYPES),
  /** Set on a service request's fee invoice. */
  service_request_id: id.nullable(),
  amount: z.number(),
  due_date: z.string(),
  status: z.enum(INVOICE_STATUSES),
  generated_at: timestamp,
  paid_at: timestamp.nullable(),
  /** Yearly dues: the allotment and financial year (2026 is April 2026 to March 2027) they are for. */
  allotment_id: id.nullable(),
  financial_year: z.number().int().nullable(),
  /** Interest on arrears accrued to today on unpaid late yearly dues (0 otherwise, or when waived), and what paying
   * today takes: amount plus interest. */
  interest: z.number(),
  amount_due: z.number(),
  /** A cancelled invoice (decision 023): when, and why: a finance user's reason (approved by another), or the rule
   * the portal applied (cancellation_rule). Null while it is not cancelled; the server always sends them (optional
   * only so that a reader written before them still parses). */
  cancelled_at: timestamp.nullable().optional(),
  cancellation_reason: z.string().nullable().optional(),
  cancellation_rule: z.enum(INVOICE_CANCELLATION_RULES).nullable().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const createPaymentRequestSchema = z.object({
  invoice_id: id,
  application_id: id,
  amount: money.positive(),
  /** Only a payment in the portal itself: a bank transfer is read from the bank's statement. */
  payment_method: z.enum(['online']).default('online'),
  /** A payment gateway's own reference; without one the portal gives the payment its own (TXN-2026-000001). */
  transaction_reference: requiredText(100).optional(),
});
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

export const paymentSchema = z.object({
  id,
  receipt_number: z.string(),
  application_id: id,
  invoice_id: id,
  amount: z.number(),
  payment_date: timestamp,
  payment_method: z.enum(PAYMENT_METHODS),
  transaction_reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
});
export type Payment = z.infer<typeof paymentSchema>;

// ---------- allotments ----------
export const createAllotmentRequestSchema = z.object({
  application_id: id,
  asset_id: id,
  allotment_type: z.enum(ALLOTMENT_TYPES).default('provisional'),
  allotment_date: isoDate,
  expiry_date: isoDate.nullish().or(z.literal('').transform(() => null)),
});
export type CreateAllotmentRequest = z.input<typeof createAllotmentRequestSchema>;

export const allotmentSchema = z.object({
  id,
  application_id: id,
  asset_id: id,
  allotment_number: z.string(),
  allotment_type: z.enum(ALLOTMENT_TYPES),
  allotment_date: z.string(),
  expiry_date: z.string().nullable(),
  status: z.enum(ALLOTMENT_STATUSES),
  letter_generated: z.boolean(),
  created_at: timestamp,
  /** The application's number, sent with list pages so a screen need not look each one up. */
  application_number: z.string().optional(),
  /** Who holds the allotment now (the applicant, until a transfer). */
  holder_user_id: id,
  holder_name: z.string().optional(),
  asset_code: z.string().optional(),
  zone: z.string().optional(),
  possession_date: z.string().nullable(),
  /** The lease's last day: 99 years from possession. */
  lease_ends_on: z.string().nullable(),
  /** The day it was surrendered or cancelled. */
  ended_on: z.string().nullable(),
  /** What a surrender refunds, in rupees. */
  refund_due: z.number().nullable(),
  /** The implementation milestones; empty before possession. */
  milestones: z.array(milestoneSchema),
  /** The allottee services the caller may ask for on it now; empty for staff. */
  services_allowed: z.array(z.enum(SERVICE_REQUEST_TYPES)),
  /** Every allottee service (an extension of time once per milestone) with whether the caller may ask for it now and,
   * if not, why (decision 020): the same rule the create endpoint applies. Empty for staff and a previous holder. */
  services: z.array(serviceEligibilitySchema),
  /** The unit's line of activity (a change of activity changes it); null until one is recorded. */
  activity: z.string().nullable().optional(),
  /** Set when the caller held it before a transfer: their holding ended then, and they may only read its history
   * up to that moment. */
  held_until: timestamp.nullable().optional(),
  /** A show-cause notice open on it (awaiting a reply or an order), if any. */
  open_show_cause_id: id.nullable().optional(),
});
export type Allotment = z.infer<typeof allotmentSchema>;

/** GET /allotments/summary: the register's counts (staff). */
export const allotmentSummarySchema = z.object({
  by_status: z.record(z.enum(ALLOTMENT_STATUSES), z.number().int()),
  late: z.object({ commence_construction: z.number().int(), start_production: z.number().int() }),
  /** Show-cause notices open and not yet replied to (the register's "show-cause pending reply" list). */
  show_cause_awaiting: z.number().int(),
});
export type AllotmentSummary = z.infer<typeof allotmentSummarySchema>;
export const allotmentSummaryQuerySchema = z.object({ zone: z.string().trim().min(1).max(60).optional() });
export type AllotmentSummaryQuery = z.output<typeof allotmentSummaryQuerySchema>;

export const leaseDeedSchema = z.object({
  id,
  allotment_id: id,
  file_name: z.string(),
  submission_date: timestamp,
  verification_status: z.enum(LEASE_DEED_STATUSES),
  remarks: z.string().nullable(),
  verified_at: timestamp.nullable(),
  /** The name on the certificate of the allottee's Aadhaar eSign, when the deed is the portal's deed eSigned
   * (decision 035); null for an uploaded scan. */
  esigned_by: z.string().nullable(),
});
export type LeaseDeed = z.infer<typeof leaseDeedSchema>;

export const verifyLeaseDeedRequestSchema = z.object({
  verification_status: z.enum(LEASE_DEED_VERDICTS),
  remarks: optionalText(2000),
});
export type VerifyLeaseDeedRequest = z.input<typeof verifyLeaseDeedRequestSchema>;

export const recordPossessionRequestSchema = z.object({
  possession_date: isoDate,
  area_verified: z.number({ error: 'Please enter area verified' }).positive().max(1e9),
  boundary_marked: z.boolean().default(true),
  remarks: optionalText(2000),
});
export type RecordPossessionRequest = z.input<typeof recordPossessionRequestSchema>;

export const possessionSchema = z.object({
  id,
  allotment_id: id,
  certificate_number: z.string(),
  possession_date: z.string(),
  area_verified: z.number(),
  boundary_marked: z.boolean(),
  remarks: z.string().nullable(),
  created_at: timestamp,
});
export type Possession = z.infer<typeof possessionSchema>;

// ---------- service requests ----------
/** What each allottee service names besides its description (decision 014): who a transfer is to, the new name,
 * constitution or activity, the lender and loan of a mortgage NOC, the sub-lessee, area and months of a subletting.
 * The fields a type needs are required for it (SERVICE_PARTICULARS) and the others are dropped. */
export const serviceParticularsSchema = z.object({
  transferee_email: z.email({ error: 'Enter the email address of the person the plot is transferred to' }).max(254),
  /** A transfer to a legal heir carries no fee (section 9). */
  legal_heir: z.boolean(),
  new_name: requiredText(200),
  new_constitution: z.enum(CONSTITUTIONS, { error: 'Choose the new constitution' }),
  new_activity: requiredText(200),
  lender: requiredText(200),
  loan_amount: money.min(1, { error: 'Enter the loan amount in rupees' }),
  sub_lessee: requiredText(200),
  /** The part of the plot sublet, in the plot's unit. */
  sublet_area: z
    .number({ error: 'Enter the area sublet' })
    .finite()
    .refine((area) => area > 0, { error: 'Enter the area sublet' }),
  months: z
    .number({ error: 'Enter the period in months' })
    .int({ error: 'Enter the period in whole months' })
    .min(1, { error: 'The period is at least one month' })
    .max(SUBLETTING_MAX_MONTHS, { error: `The period is at most ${SUBLETTING_MAX_MONTHS} months` }),
});
export type ServiceParticulars = Partial<z.output<typeof serviceParticularsSchema>>;
export type ServiceParticularField = keyof z.output<typeof serviceParticularsSchema>;

/** The particulars each service type needs; `legal_heir` is optional for a transfer (false when left out). */
export const SERVICE_PARTICULARS: Record<ServiceRequestType, readonly ServiceParticularField[]> = {
  change_name: ['new_name'],
  change_constitution: ['new_constitution'],
  transfer: ['transferee_email'],
  mortgage_noc: ['lender', 'loan_amount'],
  subletting: ['sub_lessee', 'sublet_area', 'months'],
  withdrawal: [],
  activity_change: ['new_activity'],
  eot: [],
};

/** The particulars a request of `type` still needs (decision 021): those of SERVICE_PARTICULARS it does not name. */
export function missingServiceParticulars(
  type: ServiceRequestType,
  particulars: ServiceParticulars | null | undefined,
): ServiceParticularField[] {
  return SERVICE_PARTICULARS[type].filter((field) => particulars?.[field] === undefined);
}

/** Reads the particulars of `type` from `given`, each by its own rule, dropping the fields the type does not name.
 * A field given that does not suit is an issue at its name; a missing one is an issue only when `required`, since a
 * request may be raised without them and then asks for them (decision 021). */
export function readServiceParticulars(
  type: ServiceRequestType,
  given: Record<string, unknown>,
  required: boolean,
): { particulars: ServiceParticulars; issues: { field: ServiceParticularField; message: string }[] } {
  const particulars: Record<string, unknown> = {};
  const issues: { field: ServiceParticularField; message: string }[] = [];
  for (const field of [...SERVICE_PARTICULARS[type], ...(type === 'transfer' ? (['legal_heir'] as const) : [])]) {
    const value = given[field];
    if (field === 'legal_heir' && value === undefined) {
      particulars[field] = false;
      continue;
    }
    if (value === undefined || value === '' || value === null) {
      if (required) issues.push({ field, message: 'This field is required' });
      continue;
    }
    const parsed = serviceParticularsSchema.shape[field].safeParse(value);
    if (parsed.success) particulars[field] = parsed.data;
    else issues.push({ field, message: parsed.error.issues[0]!.message });
  }
  return { particulars: particulars as ServiceParticulars, issues };
}

export const createServiceRequestSchema = z
  .object({
    request_type: z.enum(SERVICE_REQUEST_TYPES).default('change_name'),
    application_id: id.nullish().or(z.literal('').transform(() => null)),
    allotment_id: id.nullish().or(z.literal('').transform(() => null)),
    /** The milestone an extension of time (eot) is for; left out, the allotment's next unmet milestone. */
    milestone: z.enum(MILESTONE_KINDS).optional(),
    description: requiredText(5000),
    /** Accepted for older clients and ignored: the fee comes from the contract's fee table by request type. */
    fee_amount: money.optional(),
    /** Those the type needs; any left out are asked for after the request is taken (decision 021). */
    particulars: z.record(z.string(), z.unknown()).optional(),
  })
  .transform((body, context) => {
    const { particulars, issues } = readServiceParticulars(body.request_type, body.particulars ?? {}, false);
    for (const { field, message } of issues)
      context.addIssue({ code: 'custom', path: ['particulars', field], message });
    return { ...body, particulars };
  });
export type CreateServiceRequest = z.input<typeof createServiceRequestSchema>;

/** PATCH /service-requests/{id}: an officer moves a request on, with remarks (required to reject). */
export const updateServiceRequestSchema = z.object({
  status: z.enum(SERVICE_REQUEST_STATUSES),
  remarks: optionalText(2000),
});
export type UpdateServiceRequest = z.input<typeof updateServiceRequestSchema>;

/** PUT /service-requests/{id}/particulars: the applicant gives the particulars the request asks for (decision 021);
 * every one its type needs must then be given, each checked by its own rule. */
export const supplyServiceParticularsSchema = z.object({ particulars: z.record(z.string(), z.unknown()) });
export type SupplyServiceParticulars = z.input<typeof supplyServiceParticularsSchema>;

export const serviceRequestSchema = z.object({
  id,
  request_number: z.string(),
  request_type: z.enum(SERVICE_REQUEST_TYPES),
  application_id: id.nullable(),
  allotment_id: id.nullable(),
  description: z.string(),
  fee_amount: z.number(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  submitted_at: timestamp,
  remarks: z.string().nullable(),
  updated_at: timestamp,
  /** The fee invoice, once the request is approved with a fee. */
  invoice_id: id.nullable(),
  /** The milestone an extension of time is for; null for other services. */
  milestone: z.enum(MILESTONE_KINDS).nullable().optional(),
  /** What the service names (SERVICE_PARTICULARS of its type). */
  particulars: serviceParticularsSchema.partial().optional(),
  /** The particulars its type needs that the applicant has not given yet (decision 021): until they are, it waits on
   * the applicant, and an officer may only reject it. */
  particulars_needed: z.array(serviceParticularsSchema.keyof()).optional(),
  /** A transfer: when the transferee accepted it in the portal (null while waiting). */
  transferee_accepted_at: timestamp.nullable().optional(),
  /** When its effect took hold (on payment of the fee, or on approval when free). */
  took_effect_at: timestamp.nullable().optional(),
  /** The order issued when it took effect, downloaded at /api/service-requests/{id}/order.pdf. */
  order_kind: z.enum(ISSUED_DOCUMENT_KINDS).nullable().optional(),
  /** The allotment's number and plot, for lists. */
  allotment_number: z.string().nullable().optional(),
  asset_code: z.string().nullable().optional(),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

/** GET /service-requests/transfers-offered: transfers named to the caller's email, with who offers them. */
export const transferOfferSchema = serviceRequestSchema.extend({ holder_name: z.string() });
export type TransferOffer = z.infer<typeof transferOfferSchema>;

// ---------- meetings ----------
export const createMeetingRequestSchema = z.object({
  meeting_date: isoDate,
  committee_type: z.enum(COMMITTEE_TYPES).default('slsc'),
  agenda: requiredText(5000),
  applications: z.array(id).max(500).default([]),
});
export type CreateMeetingRequest = z.input<typeof createMeetingRequestSchema>;

export const meetingSchema = z.object({
  id,
  meeting_number: z.string(),
  meeting_date: z.string(),
  committee_type: z.enum(COMMITTEE_TYPES),
  agenda: z.string(),
  applications: z.array(id),
  created_at: timestamp,
});
export type Meeting = z.infer<typeof meetingSchema>;

// ---------- dashboard ----------
export const entrepreneurStatsSchema = z.object({
  total_applications: z.number().int(),
  pending_applications: z.number().int(),
  approved_applications: z.number().int(),
  allotments: z.number().int(),
});
export type EntrepreneurStats = z.infer<typeof entrepreneurStatsSchema>;

export const officerStatsSchema = z.object({
  /** What waits on the caller: their inbox's total (`inbox=true`), counted by the inbox's own conditions (whom the
   * contract's lifecycle says each status waits on, stored as waiting_on, or assigned to them); capped as a list's
   * total is. */
  waiting_on_me: z.number().int(),
  waiting_on_me_capped: z.boolean(),
  total_applications: z.number().int(),
  pending_review: z.number().int(),
  pending_committee: z.number().int(),
  approved: z.number().int(),
  available_assets: z.number().int(),
  total_invoices: z.number().int(),
  pending_invoices: z.number().int(),
  paid_invoices: z.number().int(),
  total_payments: z.number().int(),
  /** Unpaid invoices past their due date (also counted in pending_invoices). */
  overdue_invoices: z.number().int(),
  total_invoices_amount: z.number(),
  pending_invoices_amount: z.number(),
  paid_invoices_amount: z.number(),
  total_payments_amount: z.number(),
});
export type OfficerStats = z.infer<typeof officerStatsSchema>;

// ---------- reports ----------
export const reportQuerySchema = z.object({
  from_date: isoDate.optional(),
  to_date: isoDate.optional(),
  status: z.string().trim().min(1).max(40).optional(),
  zone: z.string().trim().min(1).max(100).optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Rows of a report sharing one status or one zone (`value` null for rows without one), with their amount. */
export const reportGroupSchema = z.object({
  value: z.string().nullable(),
  count: z.number().int(),
  amount: z.number().optional(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportSchema = z.object({
  report_type: z.enum(REPORT_TYPES),
  generated_at: timestamp,
  filters: reportQuerySchema,
  /** Every matching row, however many `data` holds. */
  count: z.number().int(),
  /** The first REPORT_TABLE_ROWS rows, newest first; the exports hold every row. An applications row carries its
   * `stage` too (code and parameters, or null for an officer's own words), beside the English `current_stage`. */
  data: z.array(z.record(z.string(), z.unknown())),
  /** Added later, so optional: the sum of the type's REPORT_AMOUNT_COLUMN over every matching row. */
  totals: z.object({ count: z.number().int(), amount: z.number().optional() }).optional(),
  /** Added later, so optional: every matching row grouped by status and by zone, largest group first. */
  groups: z.object({ status: z.array(reportGroupSchema), zone: z.array(reportGroupSchema) }).optional(),
});
export type Report = z.infer<typeof reportSchema>;
export const REPORT_EXPORT_FORMATS = ['csv', 'json'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
/** The fields of one data row of each report type, in table order. */
export const REPORT_COLUMNS = {
  applications: [
    'application_number',
    'organization_name',
    'application_type',
    'status',
    'current_stage',
    'asset_code',
    'zone',
    'estimated_investment',
    'employment_generation',
    'created_at',
    'submitted_at',
  ],
  assets: [...ASSET_IMPORT_COLUMNS, 'created_at'],
  payments: [
    'receipt_number',
    'invoice_number',
    'application_number',
    'zone',
    'amount',
    'payment_date',
    'payment_method',
    'transaction_reference',
    'status',
  ],
  allotments: [
    'allotment_number',
    'application_number',
    'asset_code',
    'zone',
    'allotment_type',
    'allotment_date',
    'expiry_date',
    'status',
    'letter_generated',
  ],
} as const satisfies Record<(typeof REPORT_TYPES)[number], readonly string[]>;
/** The money column each report type totals (allotments carry none). */
export const REPORT_AMOUNT_COLUMN = {
  applications: 'estimated_investment',
  assets: 'valuation',
  payments: 'amount',
  allotments: null,
} as const satisfies Record<(typeof REPORT_TYPES)[number], string | null>;
