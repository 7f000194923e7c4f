/** Request and response schemas of money: ledger. The statement of account of an application or an allotment (an
 * allotment's is its application's ledger, from the application's first fee), read from the append-only ledger
 * (decision 016): the balance before the period, every entry of the period with the balance after it, and the balance
 * at its end. Balance = debits - credits: above zero the holder owes. And the no-dues certificate, issued only at a
 * balance of exactly zero with no invoice unpaid. */
import { z } from 'zod';
import { LEDGER_ENTRY_TYPES } from './money';
import { LIST_LIMITS } from '../listing';
import type { Role } from '../roles';

const id = z.uuid();
const isoDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

/** Entries of a statement a page holds by default: a decades-old plot's statement runs to hundreds. */
export const STATEMENT_PAGE_SIZE = 50;

/** GET /applications/{id}/statement and /allotments/{id}/statement: the period (both days included, India time;
 * either left out reads from the first entry, or to today) and the page of its entries (`limit` and `offset`, or the
 * `cursor` of the X-Next-Cursor header). X-Total-Count counts the period's entries. */
export const statementQuerySchema = z
  .object({
    from: isoDay.optional(),
    to: isoDay.optional(),
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(LIST_LIMITS.maxLimit, `limit must be at most ${LIST_LIMITS.maxLimit}`)
      .default(STATEMENT_PAGE_SIZE),
    offset: z.coerce
      .number({ error: 'offset must be a whole number' })
      .int('offset must be a whole number')
      .min(0, 'offset must be 0 or more')
      .max(LIST_LIMITS.maxOffset, `offset must be at most ${LIST_LIMITS.maxOffset}; follow the cursor instead`)
      .default(0),
    cursor: z.string().trim().min(1).max(100).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The period must end on or after the day it starts',
    path: ['to'],
  });
export type StatementQuery = z.input<typeof statementQuerySchema>;

/** GET .../statement.pdf: the whole period in one document. */
export const statementPdfQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The period must end on or after the day it starts',
    path: ['to'],
  });
export type StatementPdfQuery = z.input<typeof statementPdfQuerySchema>;

/** One line of the statement: `balance` is the account's balance after it (debits - credits, in ledger order). */
export const statementEntrySchema = z.object({
  id: z.number().int(),
  posted_at: z.string(),
  entry_type: z.enum(LEDGER_ENTRY_TYPES),
  /** The invoice, receipt, refund or adjustment number, or a UTR. */
  reference: z.string(),
  debit: z.number(),
  credit: z.number(),
  balance: z.number(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementAccountSchema = z.object({
  application_id: id,
  application_number: z.string(),
  /** The allotment's, on an allotment's statement, or the application's active allotment; null before allotment. */
  allotment_id: id.nullable(),
  allotment_number: z.string().nullable(),
  /** The holder's organisation (the applicant's, before allotment). */
  holder_name: z.string(),
  asset_code: z.string().nullable(),
});
export type StatementAccount = z.infer<typeof statementAccountSchema>;

export const statementSchema = z.object({
  account: statementAccountSchema,
  /** The period as asked (null: from the first entry / to today). */
  from: isoDay.nullable(),
  to: isoDay.nullable(),
  /** The balance of every entry before `from`. */
  opening_balance: z.number(),
  /** opening_balance + total_debit - total_credit. */
  closing_balance: z.number(),
  /** The period's sums, every page alike. */
  total_debit: z.number(),
  total_credit: z.number(),
  /** The balance of the whole account now (what a no-dues certificate asks to be zero). */
  current_balance: z.number(),
  /** Invoices of the account not paid yet. */
  unpaid_invoices: z.number().int(),
  /** How many entries the period holds (X-Total-Count says the same). */
  entry_count: z.number().int(),
  /** This page of the period's entries, oldest first. */
  entries: z.array(statementEntrySchema),
});
export type Statement = z.infer<typeof statementSchema>;

/** Who may ask for a no-dues certificate besides the allotment's holder. */
export const NO_DUES_ISSUERS = ['finance'] as const satisfies readonly Role[];

/** POST /allotments/{id}/no-dues-certificate (201): the certificate issued, or the one already issued today while
 * nothing has been posted to the account since. 409 dues_outstanding (params.amount: the balance, in rupees) while the
 * balance is not zero or an invoice is unpaid. GET /allotments/{id}/no-dues-certificate.pdf downloads it. */
export const noDuesCertificateSchema = z.object({
  id,
  allotment_id: id,
  document_number: z.string(),
  verification_code: z.string(),
  /** The day the account stood clear (YYYY-MM-DD). */
  as_on: isoDay,
  issued_at: z.string(),
  holder_name: z.string(),
});
export type NoDuesCertificate = z.infer<typeof noDuesCertificateSchema>;

/** Where the statement and the certificate are read, under /api. */
export const LEDGER_PATHS = {
  applicationStatement: (applicationId: string) => `/applications/${applicationId}/statement`,
  applicationStatementPdf: (applicationId: string) => `/applications/${applicationId}/statement.pdf`,
  allotmentStatement: (allotmentId: string) => `/allotments/${allotmentId}/statement`,
  allotmentStatementPdf: (allotmentId: string) => `/allotments/${allotmentId}/statement.pdf`,
  noDuesCertificate: (allotmentId: string) => `/allotments/${allotmentId}/no-dues-certificate`,
  noDuesCertificatePdf: (allotmentId: string) => `/allotments/${allotmentId}/no-dues-certificate.pdf`,
} as const;
