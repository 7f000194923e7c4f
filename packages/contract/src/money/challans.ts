/** Request and response schemas of money: challans (a NEFT/RTGS pay-in slip with the reference to quote), imported
 * bank statements with their row-by-row report, and the bank credits they brought, with the maker-checker settlement
 * of a credit the import could not match (decision 016). */
import { z } from 'zod';
import { BANK_CREDIT_STATUSES, CHALLAN_STATUSES } from './money';
import { INVOICE_TYPES } from '../enums';
import { enumList, listQueryFor } from '../listing';

const id = z.uuid();
const timestamp = z.string();
const isoDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

/** The corporation's account a challan is paid into (ORG_BANK_* settings; demo values without them). */
export const collectionAccountSchema = z.object({
  beneficiary_name: z.string(),
  account_number: z.string(),
  ifsc: z.string(),
  bank_name: z.string(),
  branch: z.string(),
});
export type CollectionAccount = z.infer<typeof collectionAccountSchema>;

/** How long a challan may be paid against: its amount (with interest on late dues) holds to this many days. */
export const CHALLAN_VALID_DAYS = 15;

export const createChallanRequestSchema = z.object({ invoice_id: id });
export type CreateChallanRequest = z.input<typeof createChallanRequestSchema>;

export const challanSchema = z.object({
  id,
  /** THE reference: quoted in the NEFT/RTGS remarks, it is how the bank statement's credit finds its invoice. */
  challan_number: z.string(),
  invoice_id: id,
  invoice_number: z.string(),
  invoice_type: z.enum(INVOICE_TYPES),
  application_id: id,
  application_number: z.string(),
  /** What to transfer: the invoice's amount plus `interest` (interest on arrears of late yearly dues, counted to
   * `valid_until`; 0 otherwise). */
  amount: z.number(),
  interest: z.number(),
  status: z.enum(CHALLAN_STATUSES),
  valid_until: isoDay,
  created_at: timestamp,
  paid_at: timestamp.nullable(),
  account: collectionAccountSchema,
});
export type Challan = z.infer<typeof challanSchema>;

export const CHALLAN_LIST = {
  sort: ['created_at', 'valid_until', 'amount', 'challan_number'] as const,
  defaultSort: '-created_at' as const,
  searches: 'challan number, invoice number',
  filters: {
    status: enumList(CHALLAN_STATUSES),
    invoice_id: id.optional(),
    application_id: id.optional(),
  },
};
export const challanListQuerySchema = /* @__PURE__ */ listQueryFor(CHALLAN_LIST);
export type ChallanListQuery = z.output<typeof challanListQuerySchema>;

// ---------- bank statements ----------

/** What became of one line of an imported statement. `debit` lines (money going out) are skipped. */
export const STATEMENT_ROW_OUTCOMES = ['matched', 'unmatched', 'debit', 'duplicate', 'malformed'] as const;
export type StatementRowOutcome = (typeof STATEMENT_ROW_OUTCOMES)[number];

/** Why a line could not be read (the line is not imported; `field` names the column). */
export const STATEMENT_ROW_ERRORS = [
  'column_count',
  'bad_date',
  'bad_amount',
  'missing_reference',
  'missing_amount',
  'debit_and_credit',
] as const;
export type StatementRowError = (typeof STATEMENT_ROW_ERRORS)[number];

/** Why a credit was kept unmatched for a person to settle. */
export const BANK_CREDIT_UNMATCHED_REASONS = [
  /** The description and reference quote no challan number. */
  'no_reference',
  /** They quote a challan number the portal never issued. */
  'unknown_reference',
  /** The challan quoted asks another amount. */
  'amount_mismatch',
  /** The challan quoted is already paid or cancelled. */
  'challan_not_open',
  /** The money arrived after the challan's valid-until date (late dues' interest has grown since). */
  'challan_expired',
  /** The challan's invoice was paid another way meanwhile. */
  'invoice_paid',
] as const;
export type BankCreditUnmatchedReason = (typeof BANK_CREDIT_UNMATCHED_REASONS)[number];

/** The statement's columns, in order (README: "Bank statement format"). */
export const STATEMENT_COLUMNS = [
  'Txn Date',
  'Value Date',
  'Description',
  'Ref No./Cheque No.',
  'Debit',
  'Credit',
  'Balance',
] as const;

export const statementRowSchema = z.object({
  /** The line number in the file (1 is its first line). */
  row: z.number().int(),
  outcome: z.enum(STATEMENT_ROW_OUTCOMES),
  /** malformed: a STATEMENT_ROW_ERRORS code; unmatched: a BANK_CREDIT_UNMATCHED_REASONS code; else null. */
  code: z.string().nullable(),
  /** The column a malformed line failed on. */
  field: z.string().nullable(),
  bank_reference: z.string().nullable(),
  value_date: z.string().nullable(),
  amount: z.number().nullable(),
  /** The challan number the line quotes, and the invoice it paid (matched). */
  challan_number: z.string().nullable(),
  invoice_number: z.string().nullable(),
  bank_credit_id: id.nullable(),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const statementImportSummarySchema = z.object({
  id,
  file_name: z.string(),
  file_sha256: z.string(),
  imported_by: id,
  imported_by_name: z.string(),
  imported_at: timestamp,
  /** Lines of the table (besides its header). */
  rows_total: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  duplicates: z.number().int(),
  malformed: z.number().int(),
  /** Debit lines, skipped. */
  skipped: z.number().int(),
  /** The sum of the credits matched and paid, and of those kept unmatched. */
  matched_amount: z.number(),
  unmatched_amount: z.number(),
});
export type StatementImportSummary = z.infer<typeof statementImportSummarySchema>;

export const statementImportSchema = statementImportSummarySchema.extend({
  rows: z.array(statementRowSchema),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

/** 409 statement_already_imported: the same file (by its SHA-256) again; `import` is the earlier import's report. */
export const statementAlreadyImportedSchema = z.object({
  detail: z.string(),
  code: z.literal('statement_already_imported'),
  import: statementImportSchema,
});

export const STATEMENT_IMPORT_LIST = {
  sort: ['imported_at'] as const,
  defaultSort: '-imported_at' as const,
  searches: 'file name',
  filters: {},
};
export const statementImportListQuerySchema = /* @__PURE__ */ listQueryFor(STATEMENT_IMPORT_LIST);
export type StatementImportListQuery = z.output<typeof statementImportListQuerySchema>;

// ---------- bank credits ----------

export const bankCreditSchema = z.object({
  id,
  import_id: id,
  bank_reference: z.string(),
  value_date: isoDay,
  amount: z.number(),
  narration: z.string(),
  quoted_reference: z.string().nullable(),
  status: z.enum(BANK_CREDIT_STATUSES),
  unmatched_reason: z.enum(BANK_CREDIT_UNMATCHED_REASONS).nullable(),
  challan_id: id.nullable(),
  payment_id: id.nullable(),
  /** The settlement prepared (its maker), approved (its checker) or last rejected. */
  settle_invoice_id: id.nullable(),
  settle_invoice_number: z.string().nullable(),
  settle_note: z.string().nullable(),
  settle_prepared_by: id.nullable(),
  settle_prepared_by_name: z.string().nullable(),
  settle_prepared_at: timestamp.nullable(),
  settle_approved_by: id.nullable(),
  settle_approved_by_name: z.string().nullable(),
  settle_approved_at: timestamp.nullable(),
  settle_rejected_at: timestamp.nullable(),
  settle_rejected_reason: z.string().nullable(),
  set_aside_by_name: z.string().nullable(),
  set_aside_at: timestamp.nullable(),
  set_aside_reason: z.string().nullable(),
  created_at: timestamp,
});
export type BankCredit = z.infer<typeof bankCreditSchema>;

export const BANK_CREDIT_LIST = {
  sort: ['value_date', 'amount', 'created_at'] as const,
  defaultSort: '-value_date' as const,
  searches: 'bank reference (UTR), narration',
  filters: {
    status: enumList(BANK_CREDIT_STATUSES),
    import_id: id.optional(),
    /** Value date on or after / on or before. */
    from: isoDay.optional(),
    to: isoDay.optional(),
  },
};
export const bankCreditListQuerySchema = /* @__PURE__ */ listQueryFor(BANK_CREDIT_LIST);
export type BankCreditListQuery = z.output<typeof bankCreditListQuerySchema>;

const reason = z.string().trim().min(1, 'Please give a reason').max(500);

/** A maker's settlement: the credit pays this invoice (unpaid, and asking exactly the credit's amount). */
export const settleBankCreditRequestSchema = z.object({ invoice_id: id, note: reason });
export type SettleBankCreditRequest = z.input<typeof settleBankCreditRequestSchema>;

export const bankCreditReasonRequestSchema = z.object({ reason });
export type BankCreditReasonRequest = z.input<typeof bankCreditReasonRequestSchema>;

export const BANK_STATEMENT_MAX_ROWS = 20_000;
