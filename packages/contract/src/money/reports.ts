/** Request and response schemas of money: reports on the finance dashboard (collections by day and by mode,
 * receivables ageing, and what waits on finance). Every figure is summed by the database, exact to the paise. */
import { z } from 'zod';
import { AGEING_BANDS, REFUND_STATUSES } from './money';
import { calendarDate } from '../schemas';
import { PAYMENT_METHODS } from '../enums';

/** The longest period one collections report covers, in days (both ends included). */
export const COLLECTIONS_MAX_DAYS = 366;
/** The period a collections report covers when none is given: the last 30 days, today included. */
export const COLLECTIONS_DEFAULT_DAYS = 30;
/** The periods the dashboard offers, in days ending today. */
export const COLLECTIONS_PERIODS = [7, 30, 90, 365] as const;
/** A gateway order still `created` this many minutes after it was made needs finance's attention. */
export const GATEWAY_PENDING_ATTENTION_MINUTES = 15;

/** GET /finance/collections (and collections.csv): the business days from and to, both included. Without them the
 * last 30 days; a reversed period or one longer than COLLECTIONS_MAX_DAYS is refused (422). */
export const collectionsQuerySchema = z.object({
  from: calendarDate().optional(),
  to: calendarDate().optional(),
});
export type CollectionsQuery = z.infer<typeof collectionsQuerySchema>;

/** One business day's successful payments by mode (a day with none answers zeros). */
export const collectionsDaySchema = z.object({
  date: z.string(),
  online: z.number(),
  neft_rtgs: z.number(),
  total: z.number(),
});
export type CollectionsDay = z.infer<typeof collectionsDaySchema>;

export const collectionsModeTotalSchema = z.object({
  mode: z.enum(PAYMENT_METHODS),
  count: z.number().int(),
  amount: z.number(),
});
export type CollectionsModeTotal = z.infer<typeof collectionsModeTotalSchema>;

export const collectionsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(collectionsDaySchema),
  /** One row per payment mode, in PAYMENT_METHODS order. */
  modes: z.array(collectionsModeTotalSchema),
  total: z.object({ count: z.number().int(), amount: z.number() }),
});
export type CollectionsReport = z.infer<typeof collectionsReportSchema>;

export const AGEING_BAND_CODES = AGEING_BANDS.map((band) => band.code) as [
  (typeof AGEING_BANDS)[number]['code'],
  ...(typeof AGEING_BANDS)[number]['code'][],
];

/** Unpaid invoices past their due date, by how many days late as of the business today (AGEING_BANDS; an invoice
 * due today or later is not overdue and not counted). */
export const receivablesAgeingSchema = z.object({
  as_of: z.string(),
  bands: z.array(z.object({ code: z.enum(AGEING_BAND_CODES), count: z.number().int(), amount: z.number() })),
  total: z.object({ count: z.number().int(), amount: z.number() }),
});
export type ReceivablesAgeing = z.infer<typeof receivablesAgeingSchema>;

const countAmount = z.object({ count: z.number().int(), amount: z.number() });

/** GET /finance/summary: what waits on finance. */
export const financeSummarySchema = z.object({
  /** Refunds by status, one row per REFUND_STATUSES entry. */
  refunds: z.array(z.object({ status: z.enum(REFUND_STATUSES), count: z.number().int(), amount: z.number() })),
  /** Bank credits nobody has matched to an invoice yet. */
  unmatched_credits: countAmount,
  /** Settlements of bank credits prepared and waiting for a checker. */
  settlements_awaiting_checker: countAmount,
  gateway: z.object({
    /** Orders whose gateway answer was not believed (an amount that differs, ...). */
    mismatch: z.number().int(),
    /** Orders still created after GATEWAY_PENDING_ATTENTION_MINUTES. */
    pending_over_15_min: z.number().int(),
  }),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

/** The columns of receivables.csv, in order. */
export const RECEIVABLES_CSV_COLUMNS = [
  'invoice_number',
  'application_number',
  'invoice_type',
  'amount',
  'due_date',
  'days_overdue',
  'band',
] as const;
/** The columns of collections.csv, in order. */
export const COLLECTIONS_CSV_COLUMNS = ['date', 'online', 'neft_rtgs', 'total'] as const;
