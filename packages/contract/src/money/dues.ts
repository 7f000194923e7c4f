/** Request and response schemas of money: dues. Yearly dues are invoices (lease_rent, maintenance_charge) with their
 * interest on arrears read at request time (invoiceSchema's interest and amount_due); what this file adds is the
 * ledger adjustment with maker-checker: an interest waiver on a late dues invoice, or a debit or credit correcting an
 * account, prepared by one finance user and approved by another finance user or an admin (never the maker). */
import { z } from 'zod';
import { ADJUSTMENT_KINDS, APPROVAL_STATUSES, type AdjustmentKind } from './money';
import { rupeesField } from './amount';
import { enumList, listQueryFor } from '../listing';

const id = z.uuid();
const timestamp = z.string();

export const ADJUSTMENT_REASON_LIMITS = { min: 5, max: 500 } as const;
const reason = z
  .string()
  .trim()
  .min(ADJUSTMENT_REASON_LIMITS.min, { error: `Give a reason of at least ${ADJUSTMENT_REASON_LIMITS.min} characters` })
  .max(ADJUSTMENT_REASON_LIMITS.max);

export const ledgerAdjustmentSchema = z.object({
  id,
  adjustment_number: z.string(),
  kind: z.enum(ADJUSTMENT_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  application_id: id,
  application_number: z.string(),
  /** The late dues invoice whose interest a waiver forgives, or the invoice a cancellation ends; null for a debit or
   * credit. */
  invoice_id: id.nullable(),
  invoice_number: z.string().nullable(),
  /** A debit's or credit's amount; a waiver's is the interest accrued when prepared, then when approved; a
   * cancellation's is the invoice's amount. */
  amount: z.number(),
  reason: z.string(),
  maker_id: id,
  maker_name: z.string(),
  made_at: timestamp,
  checker_id: id.nullable(),
  checker_name: z.string().nullable(),
  checked_at: timestamp.nullable(),
  rejection_reason: z.string().nullable(),
});
export type LedgerAdjustment = z.infer<typeof ledgerAdjustmentSchema>;

export const LEDGER_ADJUSTMENT_LIST = {
  sort: ['made_at', 'amount', 'adjustment_number'] as const,
  defaultSort: '-made_at' as const,
  searches: 'adjustment number, application number',
  filters: {
    status: enumList(APPROVAL_STATUSES),
    kind: enumList(ADJUSTMENT_KINDS),
    application_id: id.optional(),
  },
};
export const ledgerAdjustmentListQuerySchema = /* @__PURE__ */ listQueryFor(LEDGER_ADJUSTMENT_LIST);
export type LedgerAdjustmentListQuery = z.output<typeof ledgerAdjustmentListQuerySchema>;

/** The kinds made on one invoice, whose amount the server reads from it: a waiver forgives its interest accrued, a
 * cancellation (decision 023) reverses its amount. */
export const INVOICE_ADJUSTMENT_KINDS: readonly AdjustmentKind[] = ['interest_waiver', 'invoice_cancellation'];

export const prepareLedgerAdjustmentRequestSchema = z
  .object({
    application_id: id,
    kind: z.enum(ADJUSTMENT_KINDS),
    /** An interest waiver's invoice, or the invoice to cancel. */
    invoice_id: id.optional(),
    /** A debit's or credit's amount in rupees (a waiver's is the interest accrued). */
    amount: rupeesField().optional(),
    reason,
  })
  .superRefine((body, context) => {
    if (INVOICE_ADJUSTMENT_KINDS.includes(body.kind) && !body.invoice_id) {
      context.addIssue({
        code: 'custom',
        path: ['invoice_id'],
        message:
          body.kind === 'interest_waiver'
            ? 'Choose the invoice whose interest is waived'
            : 'Choose the invoice to cancel',
      });
    }
    if (!INVOICE_ADJUSTMENT_KINDS.includes(body.kind) && body.amount === undefined) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount of the adjustment' });
    }
  });
export type PrepareLedgerAdjustmentRequest = z.input<typeof prepareLedgerAdjustmentRequestSchema>;

export const rejectLedgerAdjustmentRequestSchema = z.object({ reason });
export type RejectLedgerAdjustmentRequest = z.input<typeof rejectLedgerAdjustmentRequestSchema>;
