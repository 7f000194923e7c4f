/** The list protocol every collection endpoint follows (decision record 006): the body is a JSON array and always
 * one page; `limit`/`offset` or a `cursor` choose the page, `sort` its order, and each list declares its filters
 * here, once, for the server's validation and the web app's URL state alike. */
import { z } from 'zod';
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
  INVOICE_STATUSES,
  INVOICE_TYPES,
  PAYMENT_STATUSES,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TYPES,
} from './enums';
import { ROLES } from './roles';
import { AGE_BAND_FILTERS } from './deadlines/pendency';
import { MILESTONE_KINDS } from './estate/estate';

export { LIST_HEADERS, readPageInfo, type PageInfo } from './page-headers';

export const LIST_LIMITS = {
  defaultLimit: 50,
  maxLimit: 200,
  /** Deeper than this, offsets get slow: clients follow the `cursor` of the `Link` header instead. */
  maxOffset: 10_000,
  /** A filtered total is counted up to here; past it the total reads "10,000+" (X-Total-Count-Capped: true). */
  countCap: 10_000,
  maxSearchLength: 100,
} as const;

const isoDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

/** A comma-separated list of enum values (`?status=submitted,under_scrutiny`), also accepted as repeated keys. */
export function enumList<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((raw) =>
      (Array.isArray(raw) ? raw : [raw])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)).max(values.length))
    .optional();
}

const text = (max = 60) => z.string().trim().min(1).max(max).optional();

/** A switch that is on with `true` and off when left out. */
const flag = (name: string) => z.literal('true', { error: `Use ${name}=true, or leave ${name} out` }).optional();

export interface ListDefinition<Sort extends string, Filters extends z.ZodRawShape> {
  /** Columns a user sorts by; `-name` sorts descending. */
  sort: readonly [Sort, ...Sort[]];
  defaultSort: Sort | `-${Sort}`;
  /** The screen's filters besides `q` (each list says what its `q` searches). */
  filters: Filters;
  /** What `q` matches, for the docs and the search box's hint. */
  searches: string;
  defaultLimit?: number;
}

function defineList<Sort extends string, Filters extends z.ZodRawShape>(definition: ListDefinition<Sort, Filters>) {
  return definition;
}

export const APPLICATION_LIST = defineList({
  /** `stage_due_on`: the oldest due date first; applications without a clock come last. */
  sort: ['created_at', 'submitted_at', 'updated_at', 'application_number', 'status', 'stage_due_on'],
  defaultSort: '-created_at',
  searches: 'application number, organisation name, asset code',
  filters: {
    status: enumList(APPLICATION_STATUSES),
    application_type: enumList(APPLICATION_TYPES),
    zone: text(),
    asset_type: enumList(ASSET_TYPES),
    category: enumList(APPLICANT_CATEGORIES),
    /** A user id, or `me` for the caller. */
    assigned_to: z.union([z.literal('me'), z.uuid()]).optional(),
    /** Created on or after / on or before (YYYY-MM-DD). */
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** What waits on the caller: a step waiting on their role with its clock running, or assigned to them
     * (application-list.ts `inboxRolesFor`). */
    inbox: flag('inbox'),
    /** Past the stage's due date (business calendar) with the clock running. */
    overdue: flag('overdue'),
    /** Whom the current step waits on; `entrepreneur` is the applicant, including a clock paused on a query. */
    waiting_on: enumList(ROLES),
    /** Steps waiting on an officer in one pendency age band (pendency.ts), or `late` for every late band. */
    age_band: z.enum(AGE_BAND_FILTERS).optional(),
    /** Assigned to nobody (the pendency's late steps of a role). */
    unassigned: flag('unassigned'),
  },
});

export const INVOICE_LIST = defineList({
  sort: ['generated_at', 'due_date', 'amount', 'invoice_number', 'status'],
  defaultSort: '-generated_at',
  searches: 'invoice number, application number',
  filters: {
    /** `overdue` is an unpaid invoice past its due date. */
    status: enumList(INVOICE_STATUSES),
    invoice_type: enumList(INVOICE_TYPES),
    application_id: z.uuid().optional(),
    /** Due on or after / on or before. */
    from: isoDay.optional(),
    to: isoDay.optional(),
  },
});

export const PAYMENT_LIST = defineList({
  sort: ['payment_date', 'amount', 'receipt_number'],
  defaultSort: '-payment_date',
  searches: 'receipt number, transaction reference, application number',
  filters: {
    status: enumList(PAYMENT_STATUSES),
    application_id: z.uuid().optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  },
});

/** Square metres in one of each area unit: areas in different units are compared (filtered, sorted) in sqm. */
export const SQM_PER_AREA_UNIT = { sqm: 1, sqft: 0.09290304, acres: 4046.8564224 } as const satisfies Record<
  (typeof ASSET_UNITS)[number],
  number
>;

/** A bound of a range filter: a number, 0 or more. */
const bound = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .nonnegative({ error: `${name} must be 0 or more` })
    .max(1e13, { error: `${name} is too large` })
    .optional();

export const ASSET_LIST = defineList({
  /** The areas sort by their size in square metres, whatever unit each asset is measured in. */
  sort: ['asset_code', 'created_at', 'zone', 'type', 'total_area', 'available_area', 'valuation', 'status'],
  defaultSort: 'asset_code',
  searches: 'asset code, location, zone',
  filters: {
    status: enumList(ASSET_STATUSES),
    zone: text(),
    type: enumList(ASSET_TYPES),
    category: text(),
    /** The asset's total area at least / at most this, in `area_unit` (square metres unless it says otherwise);
     * assets in other units are converted. */
    area_min: bound('area_min'),
    area_max: bound('area_max'),
    area_unit: z.enum(ASSET_UNITS).optional(),
    /** The valuation in rupees at least / at most this. */
    valuation_min: bound('valuation_min'),
    valuation_max: bound('valuation_max'),
  },
});

/** The range filters of a list whose lower bound may not exceed its upper one. */
const ASSET_RANGES = [
  ['area_min', 'area_max'],
  ['valuation_min', 'valuation_max'],
] as const;

/** The problems of an asset list query's ranges (a minimum above its maximum), each named by its `_min` field. */
export function assetRangeIssues(
  query: Partial<Record<(typeof ASSET_RANGES)[number][number], number | string | undefined>>,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  for (const [min, max] of ASSET_RANGES) {
    const low = query[min];
    const high = query[max];
    if (low === undefined || high === undefined || low === '' || high === '') continue;
    if (Number(low) > Number(high)) issues.push({ path: min, message: `${min} must not be more than ${max}` });
  }
  return issues;
}

/** The register's late lists: each milestone kind, and the allotments under a show-cause notice awaiting a reply. */
export const ALLOTMENT_LATE_LISTS = [...MILESTONE_KINDS, 'show_cause'] as const;
export type AllotmentLateList = (typeof ALLOTMENT_LATE_LISTS)[number];

export const ALLOTMENT_LIST = defineList({
  sort: ['created_at', 'allotment_date', 'allotment_number', 'status'],
  defaultSort: '-created_at',
  searches:
    "allotment number, application number, plot (asset) code, holder's name; not the zone or park (filters of their own)",
  filters: {
    status: enumList(ALLOTMENT_STATUSES),
    allotment_type: enumList(ALLOTMENT_TYPES),
    application_id: z.uuid().optional(),
    /** The asset's zone. */
    zone: text(),
    /** The asset's park or estate (its location, matched exactly), within the zone when both are given. */
    location: text(120),
    /** A milestone not met whose due date has passed, or (`show_cause`) a show-cause notice awaiting the reply. */
    late: z.enum(ALLOTMENT_LATE_LISTS).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  },
});

export const SERVICE_REQUEST_LIST = defineList({
  sort: ['submitted_at', 'request_number', 'status'],
  defaultSort: '-submitted_at',
  searches: 'request number',
  filters: {
    status: enumList(SERVICE_REQUEST_STATUSES),
    request_type: enumList(SERVICE_REQUEST_TYPES),
    from: isoDay.optional(),
    to: isoDay.optional(),
  },
});

export const MEETING_LIST = defineList({
  sort: ['meeting_date', 'created_at', 'meeting_number'],
  defaultSort: '-meeting_date',
  searches: 'meeting number, agenda',
  filters: {
    committee_type: enumList(COMMITTEE_TYPES),
    from: isoDay.optional(),
    to: isoDay.optional(),
  },
});

export const USER_LIST = defineList({
  sort: ['full_name', 'email', 'role', 'created_at'],
  defaultSort: 'full_name',
  searches: 'name, email',
  filters: {
    role: enumList(ROLES),
    is_active: z.enum(['true', 'false']).optional(),
  },
});

/** Lists that belong to one application and stay short; they page all the same. */
export const DOCUMENT_LIST = defineList({
  sort: ['uploaded_at'],
  defaultSort: 'uploaded_at',
  searches: 'file name',
  filters: {},
  defaultLimit: LIST_LIMITS.maxLimit,
});

export const TIMELINE_LIST = defineList({
  sort: ['timestamp'],
  // Latest first, as the timeline tab reads.
  defaultSort: '-timestamp',
  searches: 'action, details',
  filters: {},
  defaultLimit: LIST_LIMITS.maxLimit,
});

/** The queries (shortfall letters) of one application, newest first. */
export const QUERY_LIST = defineList({
  sort: ['raised_at'],
  defaultSort: '-raised_at',
  searches: 'message, response',
  filters: {},
  defaultLimit: LIST_LIMITS.maxLimit,
});

/** Every sort value a list accepts: each column, ascending or with `-` descending. */
export function sortValues<Sort extends string>(sort: readonly [Sort, ...Sort[]]) {
  return [...sort, ...sort.map((column) => `-${column}` as const)] as [Sort | `-${Sort}`, ...(Sort | `-${Sort}`)[]];
}

/** The query-string schema of a list: paging, sort, `q` and its filters. A limit over 200 is a 422. The schemas below
 * are marked pure: the server validates with them, and the web app's build leaves out those it never reads instead of
 * building them while a page starts. */
export function listQueryFor<Sort extends string, Filters extends z.ZodRawShape>(
  definition: ListDefinition<Sort, Filters>,
) {
  return z
    .object({
      limit: z.coerce
        .number({ error: 'limit must be a whole number' })
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(LIST_LIMITS.maxLimit, `limit must be at most ${LIST_LIMITS.maxLimit}`)
        .default(definition.defaultLimit ?? LIST_LIMITS.defaultLimit),
      offset: z.coerce
        .number({ error: 'offset must be a whole number' })
        .int('offset must be a whole number')
        .min(0, 'offset must be 0 or more')
        .max(LIST_LIMITS.maxOffset, `offset must be at most ${LIST_LIMITS.maxOffset}; follow the cursor instead`)
        .default(0),
      cursor: z.string().trim().min(1).max(400).optional(),
      sort: z.enum(sortValues(definition.sort)).default(definition.defaultSort as never),
      q: z.string().trim().max(LIST_LIMITS.maxSearchLength).optional(),
    })
    .extend(definition.filters);
}

export const applicationListQuerySchema = /* @__PURE__ */ listQueryFor(APPLICATION_LIST);
export const invoiceListQuerySchema = /* @__PURE__ */ listQueryFor(INVOICE_LIST);
export const paymentListQuerySchema = /* @__PURE__ */ listQueryFor(PAYMENT_LIST);
export const assetListQuerySchema = /* @__PURE__ */ (() =>
  listQueryFor(ASSET_LIST).superRefine((query, context) => {
    for (const issue of assetRangeIssues(query)) {
      context.addIssue({ code: 'custom', message: issue.message, path: [issue.path] });
    }
  }))();
export const allotmentListQuerySchema = /* @__PURE__ */ listQueryFor(ALLOTMENT_LIST);
export const serviceRequestListQuerySchema = /* @__PURE__ */ listQueryFor(SERVICE_REQUEST_LIST);
export const meetingListQuerySchema = /* @__PURE__ */ listQueryFor(MEETING_LIST);
export const userListQuerySchema = /* @__PURE__ */ listQueryFor(USER_LIST);
export const documentListQuerySchema = /* @__PURE__ */ listQueryFor(DOCUMENT_LIST);
export const timelineListQuerySchema = /* @__PURE__ */ listQueryFor(TIMELINE_LIST);
export const queryListQuerySchema = /* @__PURE__ */ listQueryFor(QUERY_LIST);
export type ApplicationListQuery = z.output<typeof applicationListQuerySchema>;
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;
export type AssetListQuery = z.output<typeof assetListQuerySchema>;
export type AllotmentListQuery = z.output<typeof allotmentListQuerySchema>;
export type ServiceRequestListQuery = z.output<typeof serviceRequestListQuerySchema>;
export type MeetingListQuery = z.output<typeof meetingListQuerySchema>;
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** A sort value split into its column and direction. */
export function parseSort<Sort extends string>(value: Sort | `-${Sort}`): { column: Sort; descending: boolean } {
  return value.startsWith('-')
    ? { column: value.slice(1) as Sort, descending: true }
    : { column: value as Sort, descending: false };
}
