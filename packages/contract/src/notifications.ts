/**
 * Notifications and mail. A notification stores a code and its parameters; the web app words it through its
 * catalogues (`notifications.<code>`), and the mail worker through the mail templates of the user's language.
 */
import { z } from 'zod';
import { LANGUAGES } from './languages';
import { enumList, listQueryFor, type ListDefinition } from './listing';

/** What a user is told about, in-app and by mail. */
export const NOTIFICATION_CODES = [
  // The applicant
  'application_submitted',
  'document_rejected',
  'query_raised',
  'decision_made',
  'invoice_generated',
  'invoice_due_soon',
  'invoice_overdue',
  'allotment_letter_issued',
  'lease_deed_approved',
  'lease_deed_returned',
  'possession_recorded',
  'service_request_decided',
  /** An extension of time is in effect (its fee paid); params: application_number, milestone, due_on. */
  'milestone_extended',
  /** The allotment was surrendered; params: application_number, allotment_number, ended_on, refund_due. */
  'allotment_surrendered',
  /** A holder offered the caller (by email) a transfer to accept; params: request_number, allotment_number, asset_code, holder_name. */
  'transfer_offered',
  /** A service took effect and its order is issued; params: request_number, request_type, allotment_number. */
  'service_order_issued',
  /** A transfer took effect: to the new holder and the previous one; params: allotment_number, asset_code. */
  'allotment_transferred',
  /** A show-cause notice was issued; params: notice_number, allotment_number, reply_by. */
  'show_cause_issued',
  /** A show-cause notice was decided; params: notice_number, allotment_number, outcome. */
  'show_cause_decided',
  /** A milestone falls due in 30 or 7 days; params: allotment_number, milestone, due_on, days_left. */
  'milestone_due_soon',
  /** The applicant withdrew their application (a receipt); params: application_number, reason. */
  'application_withdrawn',
  /** A refund was approved for payment to the payee's verified bank account; params: refund_number, kind, amount. */
  'refund_approved',
  /** A refund was paid; params: refund_number, kind, amount, utr, paid_on. */
  'refund_paid',
  /** An interest waiver on a late dues invoice was approved; params: adjustment_number, invoice_number, amount. */
  'interest_waived',
  /** The head office's order on the applicant's appeal; params: application_number, appeal_number, outcome,
   * directed_due_on. */
  'appeal_decided',
  /** A query's reply-by date is near (3 days, then 1 day before); params: application_number, respond_by,
   * days_left. */
  'query_reply_due',
  /** The officer extended a lapsed query's reply-by date; params: application_number, respond_by,
   * original_respond_by. */
  'query_extended',
  /** A stage was deemed approved: the portal made the move (decision 017); params: application_number, from, to,
   * due_on. */
  'deemed_approved',
  /** A scheme's result for the applicant's application (decision 018); params: application_number, scheme_number,
   * outcome (won, not_qualified, lost, defaulted), rank. */
  'scheme_result',
  // Officers
  /** A draw's beacon round came with a signature that does not verify: refused, never used, the draw waits; to the
   * head office once per scheme (decision 034); params: scheme_number, round, beacon_id. */
  'beacon_round_refused',
  /** An applicant appealed to the head office (ho); params: application_number, appeal_number, ground, due_on. */
  'appeal_filed',
  /** An appeal allowed on a late case directs the stage's officers to act by a new date; params: application_number,
   * appeal_number, status, due_date. */
  'appeal_directed',
  /** A gateway order whose payment was not believed (the re-query or the daily reconciliation found it), to finance
   * once per order; params: gateway_order_id, invoice_number, application_number, amount, mismatch_code
   * (amount_mismatch, already_paid, or another reason). */
  'gateway_mismatch',
  /** The holder replied to a show-cause notice; params: notice_number, allotment_number. */
  'show_cause_replied',
  /** A milestone was missed (zonal managers); params: allotment_number, milestone, due_on, holder_name. */
  'milestone_missed',
  'case_reached_role',
  'case_assigned',
  'query_answered',
  /** A query's reply-by date passed with no answer (to who raised it and the case's assignee); params:
   * application_number, respond_by. */
  'query_lapsed',
  'case_overdue',
  /** A stage past its due date by its own target again, escalated (decision 017), to the case's officers and the
   * level above, once each; params: application_number, status, waiting_on, escalated_to, due_date. */
  'case_escalated',
  // Grievances (decision 038), to the complainant: params grievance_number, category, and as each says.
  /** A grievance was received and routed; params: grievance_number, category, due_on. */
  'grievance_received',
  /** The officer replied on a grievance; params: grievance_number, category. */
  'grievance_replied',
  /** The officer asked for more detail on a grievance; params: grievance_number, category. */
  'grievance_detail_asked',
  /** A grievance was resolved (may be reopened within 15 days and rated); params: grievance_number, category. */
  'grievance_resolved',
  // Grievances, to officers: params grievance_number, category, and as each says.
  /** A grievance was raised, reopened or answered and waits on the officer's role; params: grievance_number,
   * category, due_on, reason (raised, answered, reopened). */
  'grievance_assigned',
  /** A grievance past its promised day by its own target again, escalated up the ladder (decision 017) to the level
   * above, once each; params: grievance_number, category, escalated_to, due_on. */
  'grievance_escalated',
  // Admins
  'outbox_failure',
] as const;
export type NotificationCode = (typeof NOTIFICATION_CODES)[number];

/** Every mail the portal sends: one per notification code, plus the account mails that are not notifications. */
export const MAIL_TEMPLATES = [...NOTIFICATION_CODES, 'password_reset', 'sign_in_code_locked'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export type NotificationParams = Record<string, string | number | boolean | null>;

export const NOTIFICATION_LIST = {
  sort: ['created_at'],
  // Newest first.
  defaultSort: '-created_at',
  searches: 'nothing (no text search)',
  filters: {
    unread: z.literal('true', { error: 'Use unread=true, or leave unread out' }).optional(),
  },
} as const satisfies ListDefinition<'created_at', z.ZodRawShape>;

export const notificationListQuerySchema = /* @__PURE__ */ listQueryFor(NOTIFICATION_LIST);
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

const paramValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const notificationSchema = z.object({
  id: z.uuid(),
  code: z.enum(NOTIFICATION_CODES),
  params: z.record(z.string(), paramValue),
  /** The web path it is about, e.g. /applications/{id}; null when it is about nothing in particular. */
  link: z.string().nullable(),
  application_id: z.uuid().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ count: z.number().int().nonnegative() });

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const OUTBOX_LIST = {
  sort: ['created_at'],
  defaultSort: '-created_at',
  searches: 'the recipient address',
  filters: {
    status: enumList(MAIL_STATUSES),
    template: z.enum(MAIL_TEMPLATES).optional(),
  },
} as const satisfies ListDefinition<'created_at', z.ZodRawShape>;

export const outboxListQuerySchema = /* @__PURE__ */ listQueryFor(OUTBOX_LIST);
export type OutboxListQuery = z.output<typeof outboxListQuerySchema>;

/** An outbox message as the admins' Outbox screen shows it (no message body: templates make it when sent). */
export const outboxMessageSchema = z.object({
  id: z.uuid(),
  to_email: z.string(),
  template: z.enum(MAIL_TEMPLATES),
  language: z.enum(LANGUAGES),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The Outbox screen's header figures. `smtp_configured` is false when the portal runs without SMTP_URL. */
export const outboxSummarySchema = z.object({
  smtp_configured: z.boolean(),
  pending: z.number().int(),
  failed: z.number().int(),
  sent_last_24h: z.number().int(),
});
export type OutboxSummary = z.infer<typeof outboxSummarySchema>;
