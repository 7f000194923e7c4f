/** Request and response schemas of money: refunds (decision 016, product decisions section 10). An EMD is refunded in
 * full when an application is rejected or withdrawn by its applicant; a surrendered allotment's refund is what the
 * estate rules computed. A refund is prepared by one finance user, approved by another (or an admin), and paid to
 * the payee's verified bank account with the bank's reference (UTR). */
import { z } from 'zod';
import { REFUND_KINDS, REFUND_STATUSES } from './money';
import { enumList, listQueryFor } from '../listing';

const id = z.uuid();
const timestamp = z.string();

/** The kinds a finance user prepares from the list of refunds due (an excess payment is not computed by rule yet). */
export const DUE_REFUND_KINDS = ['emd', 'surrender'] as const;
export type DueRefundKind = (typeof DUE_REFUND_KINDS)[number];

/** A refund the rules say is owed and nobody has prepared yet (GET /refunds/due). */
export const refundDueSchema = z.object({
  kind: z.enum(DUE_REFUND_KINDS),
  application_id: id,
  application_number: z.string(),
  allotment_id: id.nullable(),
  allotment_number: z.string().nullable(),
  /** Why it is due: the application's status (rejected, withdrawn) or the allotment's (surrendered). */
  reason: z.string(),
  amount: z.number(),
  payee_user_id: id,
  payee_name: z.string(),
  applicant_id: id,
  organization_name: z.string(),
  /** Whether the payee's bank details are verified, so the refund can be approved. */
  bank_verified: z.boolean(),
  /** When it became due (the decision, withdrawal or surrender). */
  due_since: timestamp,
});
export type RefundDue = z.infer<typeof refundDueSchema>;

export const REFUND_DUE_LIST = {
  sort: ['due_since', 'amount'] as const,
  defaultSort: '-due_since' as const,
  searches: 'application number, organisation name',
  filters: { kind: enumList(DUE_REFUND_KINDS) },
};
export const refundDueListQuerySchema = /* @__PURE__ */ listQueryFor(REFUND_DUE_LIST);
export type RefundDueListQuery = z.output<typeof refundDueListQuerySchema>;

/** The payee's bank account as shown: masked but for its last four digits (masking.ts). */
export const refundBankSchema = z.object({
  bank_name: z.string(),
  bank_account_masked: z.string(),
  bank_ifsc: z.string(),
  verified_at: timestamp.nullable(),
});
export type RefundBank = z.infer<typeof refundBankSchema>;

export const refundSchema = z.object({
  id,
  refund_number: z.string(),
  kind: z.enum(REFUND_KINDS),
  status: z.enum(REFUND_STATUSES),
  amount: z.number(),
  application_id: id,
  application_number: z.string(),
  allotment_id: id.nullable(),
  allotment_number: z.string().nullable(),
  applicant_id: id.nullable(),
  payee_user_id: id,
  payee_name: z.string(),
  organization_name: z.string().nullable(),
  note: z.string().nullable(),
  prepared_by: id,
  prepared_by_name: z.string(),
  prepared_at: timestamp,
  approved_by: id.nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: timestamp.nullable(),
  rejected_by: id.nullable(),
  rejected_at: timestamp.nullable(),
  rejection_reason: z.string().nullable(),
  paid_by: id.nullable(),
  paid_at: timestamp.nullable(),
  utr: z.string().nullable(),
  /** Before approval: the payee's bank account on their profile now; from approval: the account it was sent to. */
  bank: refundBankSchema.nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const REFUND_LIST = {
  sort: ['prepared_at', 'amount', 'refund_number'] as const,
  defaultSort: '-prepared_at' as const,
  searches: 'refund number, application number, UTR',
  filters: {
    status: enumList(REFUND_STATUSES),
    kind: enumList(REFUND_KINDS),
    application_id: id.optional(),
  },
};
export const refundListQuerySchema = /* @__PURE__ */ listQueryFor(REFUND_LIST);
export type RefundListQuery = z.output<typeof refundListQuerySchema>;

export const prepareRefundRequestSchema = z.object({
  application_id: id,
  kind: z.enum(DUE_REFUND_KINDS),
  note: z.string().trim().max(500).optional(),
});
export type PrepareRefundRequest = z.input<typeof prepareRefundRequestSchema>;

export const REFUND_REASON_LIMITS = { min: 5, max: 500 } as const;
export const rejectRefundRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(REFUND_REASON_LIMITS.min, { error: `Give a reason of at least ${REFUND_REASON_LIMITS.min} characters` })
    .max(REFUND_REASON_LIMITS.max),
});
export type RejectRefundRequest = z.input<typeof rejectRefundRequestSchema>;

/** A UTR as banks print it: letters and digits, 6 to 30 of them. */
export const UTR_PATTERN = /^[A-Za-z0-9]{6,30}$/;
export const payRefundRequestSchema = z.object({
  utr: z
    .string()
    .trim()
    .regex(UTR_PATTERN, { error: 'Enter the bank reference (UTR): 6 to 30 letters and digits' })
    .transform((utr) => utr.toUpperCase()),
  paid_on: z.iso.date({ error: 'Use a date as YYYY-MM-DD' }),
});
export type PayRefundRequest = z.input<typeof payRefundRequestSchema>;

/** The applicant's withdrawal (POST /applications/{id}/withdraw). */
export const WITHDRAW_REASON_MAX = 500;
export const withdrawApplicationRequestSchema = z.object({
  reason: z.string().trim().max(WITHDRAW_REASON_MAX).optional(),
});
export type WithdrawApplicationRequest = z.input<typeof withdrawApplicationRequestSchema>;

/** PUT /applicants/{id}/bank-verification: the applicant's bank details as verified now. */
export const bankVerificationSchema = z.object({
  applicant_id: id,
  bank_name: z.string(),
  bank_account_masked: z.string(),
  bank_ifsc: z.string(),
  verified_at: timestamp.nullable(),
  verified_by: id.nullable(),
});
export type BankVerification = z.infer<typeof bankVerificationSchema>;
