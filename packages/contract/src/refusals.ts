/** Why a record's state refused an action. A 409 `wrong_state` answer names one of these reasons with its
 * parameters (`{detail, code, reason, params}`), so a client can word the refusal in the reader's language; `detail`
 * stays the server's English sentence. Reasons are declared here, once, and never renamed. */
import { z } from 'zod';
import { DOCUMENT_TYPES } from './documents/documents';
import { APPLICATION_STATUSES } from './enums';
import { MAIL_STATUSES } from './notifications';

const noParams = z.object({});

/** Each reason and the parameters it carries (codes, never words: the client names them). */
export const REFUSAL_PARAMS = {
  /** The lifecycle has no move from this status to that one. */
  transition_not_allowed: z.object({ from: z.enum(APPLICATION_STATUSES), to: z.enum(APPLICATION_STATUSES) }),
  /** Required documents are missing, waiting for verification or rejected (their document type codes). */
  documents_not_verified: z.object({ documents: z.array(z.enum(DOCUMENT_TYPES)).min(1) }),
  /** A query is waiting for the applicant's answer. */
  query_open: noParams,
  /** The query's reply-by date has passed with no answer: it can no longer be answered unless the officer extends it. */
  query_lapsed: noParams,
  /** Only a lapsed query's reply-by date is extended (this one is still open to an answer, or answered or closed). */
  query_not_lapsed: noParams,
  /** The query's reply-by date was extended once already. */
  query_already_extended: noParams,
  /** Some invoices of the application are not paid yet. */
  invoices_unpaid: noParams,
  /** Possession is recorded only after the lease deed is approved. */
  lease_deed_not_approved: noParams,
  /** The application has not been submitted, so it has no acknowledgment. */
  not_submitted: noParams,
  /** Only a successful payment has a receipt. */
  payment_not_successful: noParams,
  /** No allotment letter has been generated yet. */
  letter_not_generated: noParams,
  /** The issued document is already revoked. */
  already_revoked: noParams,
  /** Only a failed message of the outbox can be sent again (`status`: where the message stands now). */
  outbox_not_failed: z.object({ status: z.enum(MAIL_STATUSES) }),
  /** The account's balance is not zero, or an invoice is unpaid (`amount`: the balance in rupees, as "1234.50"). */
  dues_outstanding: z.object({ amount: z.string() }),
  /** An auction's bid under the reserve price or the highest bid plus the increment (code bid_too_low):
   * `minimum_bid`, the lowest bid taken now, in rupees as "1234.50". */
  bid_too_low: z.object({ minimum_bid: z.string() }),
  /** An allottee service refused for dues past their due date (code unpaid_dues): `amount`, in rupees as "1234.50". */
  unpaid_dues: z.object({ amount: z.string() }),
  /** A request of this service is already open on the allotment (code service_request_open): its `request_number`
   * and `status`. */
  service_request_open: z.object({ request_number: z.string(), status: z.string() }),
} as const;

export type RefusalReason = keyof typeof REFUSAL_PARAMS;
export const REFUSAL_REASONS = Object.keys(REFUSAL_PARAMS) as [RefusalReason, ...RefusalReason[]];
export type RefusalParams<R extends RefusalReason = RefusalReason> = z.infer<(typeof REFUSAL_PARAMS)[R]>;

export const refusalReasonSchema = z.enum(REFUSAL_REASONS);

/** A refusal as a client reads it from an error body: one reason with its own parameters (a union over the reasons,
 * so a `switch` on `reason` narrows `params`). */
export type Refusal<R extends RefusalReason = RefusalReason> = {
  [K in R]: { reason: K; params: RefusalParams<K> };
}[R];

/** The refusal an error body carries, when its reason is one of ours and its parameters fit that reason; otherwise
 * null (an older or newer server, or no reason at all). */
export function readRefusal(body: unknown): Refusal | null {
  if (!body || typeof body !== 'object') return null;
  const { reason, params } = body as { reason?: unknown; params?: unknown };
  const known = refusalReasonSchema.safeParse(reason);
  if (!known.success) return null;
  const parsed = REFUSAL_PARAMS[known.data].safeParse(params ?? {});
  return parsed.success ? ({ reason: known.data, params: parsed.data } as Refusal) : null;
}
