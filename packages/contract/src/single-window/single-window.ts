/** The state's single window (decision 036): the Common Application Form (CAF) it sends to the portal's intake, the
 * handoff that signs its investor in here, the status codes the portal pushes back (one table, read by the push and
 * the pull), the outbox of those pushes, and their limits. */
import { z } from 'zod';
import { DOCUMENT_TYPES } from '../documents/documents';
import type { IssuedDocumentKind } from '../documents/issued-documents';
import { APPLICATION_TYPES, type ApplicationStatus } from '../enums';
import { enumList, type ListDefinition, listQueryFor } from '../listing';
import type { TimelineCode } from '../case/timeline-events';
import { applicantProfileRequestSchema } from '../schemas';

export const SINGLE_WINDOW_LIMITS = {
  /** How far a request's timestamp may be from the receiver's clock, either way, in seconds; a nonce is kept this
   * long (twice over), so a replay inside the window finds it and one outside is refused by its timestamp. */
  signatureWindowSeconds: 300,
  /** Intake and pull requests taken per single-window client per minute. */
  requestsPerMinute: 120,
  /** A handoff token lives at most this long (its exp - iat), in seconds. */
  handoffLifetimeSeconds: 600,
  /** Documents a CAF may carry, and the size of each (the portal's own upload limit, 5 MB). */
  maxDocuments: 10,
  /** How long one document's fetch may take, in milliseconds. */
  documentFetchTimeoutMs: 20_000,
  /** The outbox's back-off (product decisions section 15): 1 min, 5 min, 30 min, then hourly for 3 days; then failed. */
  retryDelaysMinutes: [1, 5, 30],
  hourlyRetriesForHours: 72,
  /** How long the portal waits for the single window's answer to one push, in milliseconds. */
  pushTimeoutMs: 15_000,
} as const;

/** The delay before the attempt after `attempts` failed ones (1-based), in minutes; null when the outbox gives up. */
export function singleWindowRetryDelayMinutes(attempts: number): number | null {
  const fixed = SINGLE_WINDOW_LIMITS.retryDelaysMinutes;
  if (attempts <= fixed.length) return fixed[attempts - 1]!;
  return attempts - fixed.length <= SINGLE_WINDOW_LIMITS.hourlyRetriesForHours ? 60 : null;
}

/** The request headers of the protocol: the client's id, the time (Unix seconds), a single-use nonce, and the
 * HMAC-SHA256 (base64) over `timestamp \n nonce \n METHOD \n path \n sha256-hex(body)` with the shared key. */
export const SINGLE_WINDOW_HEADERS = {
  client: 'x-sw-client-id',
  timestamp: 'x-sw-timestamp',
  nonce: 'x-sw-nonce',
  signature: 'x-sw-signature',
} as const;

/** The string a request's signature is made over. */
export function singleWindowSigningString(parts: {
  timestamp: string;
  nonce: string;
  method: string;
  path: string;
  bodySha256Hex: string;
}): string {
  return [parts.timestamp, parts.nonce, parts.method.toUpperCase(), parts.path, parts.bodySha256Hex].join('\n');
}

/** The single window's status codes, in the order a case reaches them (product decisions section 15). */
export const SINGLE_WINDOW_STATUS_CODES = [
  'received',
  'query_raised',
  'query_answered',
  'fee_demanded',
  'fee_paid',
  'approved',
  'rejected',
  'allotted',
  'possession_given',
] as const;
export type SingleWindowStatusCode = (typeof SINGLE_WINDOW_STATUS_CODES)[number];

/** What the pull answers while the draft is not yet submitted (nothing has been pushed). */
export const SINGLE_WINDOW_DRAFT_STATUS = 'draft' as const;

export interface SingleWindowStatusRule {
  /** The portal's timeline event that says it. */
  timeline: TimelineCode;
  /** For a move of the application: only when it moves into one of these statuses. */
  to?: readonly ApplicationStatus[];
  /** The code the single window's dashboards know (a National Single Window System style stage code). */
  external: string;
  /** The issued documents the push links to (the latest valid one of these kinds when it is sent), where one exists. */
  documentKinds?: readonly IssuedDocumentKind[];
  /** Whether the push carries the reason of the move (a rejection). */
  reason?: boolean;
}

const ALLOTMENT_LETTERS = ['final_allotment_letter', 'provisional_allotment_letter'] as const;

/** THE table: the portal's events and the status codes they push. The push writes an outbox row for an event found
 * here; the pull answers the code of the latest row. */
export const SINGLE_WINDOW_STATUS_TABLE: Record<SingleWindowStatusCode, SingleWindowStatusRule> = {
  received: { timeline: 'application_submitted', external: 'SW-01' },
  query_raised: { timeline: 'query_raised', external: 'SW-02' },
  query_answered: { timeline: 'query_answered', external: 'SW-03' },
  fee_demanded: { timeline: 'invoice_generated', external: 'SW-04' },
  fee_paid: { timeline: 'payment_received', external: 'SW-05' },
  approved: { timeline: 'status_changed', to: ['approved'], external: 'SW-06', documentKinds: ALLOTMENT_LETTERS },
  rejected: { timeline: 'status_changed', to: ['rejected'], external: 'SW-07', reason: true },
  allotted: { timeline: 'allotment_created', external: 'SW-08', documentKinds: ALLOTMENT_LETTERS },
  possession_given: { timeline: 'possession_recorded', external: 'SW-09', documentKinds: ['possession_certificate'] },
};

/** The status code an event of the portal pushes, or undefined when the single window does not care for it. */
export function singleWindowStatusOf(
  timeline: TimelineCode | (string & {}),
  params: { to?: unknown } = {},
): SingleWindowStatusCode | undefined {
  return SINGLE_WINDOW_STATUS_CODES.find((code) => {
    const rule = SINGLE_WINDOW_STATUS_TABLE[code];
    if (rule.timeline !== timeline) return false;
    return !rule.to || rule.to.includes(params.to as ApplicationStatus);
  });
}

// ---------- the Common Application Form ----------

const sha256Hex = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, { error: 'Give the SHA-256 of the file as 64 hexadecimal digits' });

export const cafDocumentSchema = z.object({
  document_type: z.enum(DOCUMENT_TYPES),
  file_name: z.string().trim().min(1).max(200),
  url: z.url({ protocol: /^https?$/, error: 'Give an http:// or https:// address' }),
  sha256: sha256Hex,
});
export type CafDocument = z.infer<typeof cafDocumentSchema>;

/** The CAF for land allotment, as the single window sends it to POST /api/single-window/v1/cafs. */
export const cafSchema = z.object({
  /** The single window's own id of the application (unique there): the same id again is the same application. */
  caf_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9/_-]{2,63}$/, { error: 'Give the CAF id: 3 to 64 letters, digits, - _ or /' }),
  investor: z.object({
    full_name: z.string().trim().min(1).max(120),
    email: z.email({ error: 'Enter a valid email address' }).trim().toLowerCase().max(254),
    /** Whether the single window verified the email (a code sent to it): only a verified email links an account that
     * already exists here. */
    email_verified: z.boolean(),
    mobile: z
      .string()
      .trim()
      .regex(/^[6-9][0-9]{9}$/, { error: 'Enter a 10-digit Indian mobile number' })
      .optional(),
  }),
  /** The unit: the applicant's profile here. */
  unit: applicantProfileRequestSchema,
  project: z.object({
    description: z.string().trim().min(1).max(5000),
    estimated_investment: z.number().positive({ error: 'Investment must be more than 0' }).max(1e13),
    employment_generation: z.number().int().nonnegative().max(10_000_000),
    application_type: z.enum(APPLICATION_TYPES).default('new'),
  }),
  /** The industrial park (the portal's zone) wanted, and optionally the plot (its asset code); without a plot the
   * investor chooses one here. */
  land: z.object({
    park: z.string().trim().min(1).max(100),
    plot_code: z.string().trim().min(1).max(60).optional(),
  }),
  documents: z.array(cafDocumentSchema).max(10).default([]),
});
export type Caf = z.output<typeof cafSchema>;
export type CafInput = z.input<typeof cafSchema>;

/** The intake's answer (201 the first time, 200 for the same CAF again). */
export const cafReceiptSchema = z.object({
  caf_id: z.string(),
  application_number: z.string(),
  /** Null until the investor has chosen a plot (a CAF naming none). */
  application_id: z.uuid().nullable(),
  status: z.union([z.enum(SINGLE_WINDOW_STATUS_CODES), z.literal(SINGLE_WINDOW_DRAFT_STATUS)]),
  documents_attached: z.number().int().nonnegative(),
});
export type CafReceipt = z.infer<typeof cafReceiptSchema>;

/** One push, as the portal posts it to the single window (and as the pull lists them). */
export const singleWindowStatusPushSchema = z.object({
  /** The dedupe key: the same event is always the same id, so the single window can drop a repeat. */
  event_id: z.string(),
  caf_id: z.string(),
  application_number: z.string(),
  /** The order of the CAF's events (1, 2, ...): a later one is sent only after the earlier is acknowledged. */
  sequence: z.number().int().positive(),
  status_code: z.enum(SINGLE_WINDOW_STATUS_CODES),
  external_code: z.string(),
  status_at: z.string(),
  reason: z.string().nullable(),
  document_url: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type SingleWindowStatusPush = z.infer<typeof singleWindowStatusPushSchema>;

/** The single window's acknowledgement of a push. */
export const singleWindowAckSchema = z.object({ acknowledged: z.literal(true), event_id: z.string() });

/** The pull's answer: GET /api/single-window/v1/cafs/{caf_id}/status. */
export const cafStatusSchema = z.object({
  caf_id: z.string(),
  application_number: z.string(),
  status: z.union([z.enum(SINGLE_WINDOW_STATUS_CODES), z.literal(SINGLE_WINDOW_DRAFT_STATUS)]),
  external_code: z.string().nullable(),
  status_at: z.string().nullable(),
  events: z.array(singleWindowStatusPushSchema),
});
export type CafStatus = z.infer<typeof cafStatusSchema>;

// ---------- the handoff ----------

export const handoffRequestSchema = z.object({
  caf_id: z.string().trim().min(1).max(64),
  token: z.string().trim().min(1).max(4000),
});
export type HandoffRequest = z.infer<typeof handoffRequestSchema>;

/** A handoff taken: the session's token, and where the investor continues (their draft, or the plot choice). */
export const handoffResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  caf_id: z.string(),
  application_id: z.uuid().nullable(),
});
export type HandoffResponse = z.infer<typeof handoffResponseSchema>;

/** The investor's CAF that named no plot: what they see while choosing one. */
export const ownCafSchema = z.object({
  id: z.uuid(),
  caf_id: z.string(),
  application_number: z.string(),
  application_id: z.uuid().nullable(),
  park: z.string(),
  project_description: z.string(),
  estimated_investment: z.number(),
  employment_generation: z.number().int(),
});
export type OwnCaf = z.infer<typeof ownCafSchema>;

export const completeCafRequestSchema = z.object({ asset_id: z.uuid() });

// ---------- the outbox screen ----------

export const SINGLE_WINDOW_PUSH_STATES = ['pending', 'retrying', 'sent', 'failed'] as const;
export type SingleWindowPushState = (typeof SINGLE_WINDOW_PUSH_STATES)[number];

export const SINGLE_WINDOW_OUTBOX_LIST = {
  sort: ['created_at'],
  defaultSort: '-created_at',
  searches: 'the CAF id or the application number',
  filters: { state: enumList(SINGLE_WINDOW_PUSH_STATES) },
} as const satisfies ListDefinition<'created_at', z.ZodRawShape>;

export const singleWindowOutboxQuerySchema = /* @__PURE__ */ listQueryFor(SINGLE_WINDOW_OUTBOX_LIST);
export type SingleWindowOutboxQuery = z.output<typeof singleWindowOutboxQuerySchema>;

export const singleWindowOutboxItemSchema = z.object({
  id: z.uuid(),
  caf_id: z.string(),
  application_number: z.string(),
  sequence: z.number().int(),
  status_code: z.enum(SINGLE_WINDOW_STATUS_CODES),
  state: z.enum(SINGLE_WINDOW_PUSH_STATES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type SingleWindowOutboxItem = z.infer<typeof singleWindowOutboxItemSchema>;
