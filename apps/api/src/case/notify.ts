/**
 * Notifications from the lifecycle's events: `notifyForEvent` runs inside `recordEvent`'s transaction and writes, by
 * the table in notify-rules.ts, one in-app notification per recipient and the mail of each into the outbox. Params
 * carry codes, numbers, amounts and dates (never sentences): the web app and the mail templates word them.
 */
import {
  OFFICER_ROLES,
  ROUTES,
  stageTarget,
  type ApplicationStatus,
  type NotificationCode,
  type NotificationParams,
  type Role,
  type TimelineParams,
} from '@portal/contract';
import type { Database } from '../db/client';
import { enqueueMails, setPendingMailParams, type OutboxRow } from '../repositories/mail-outbox';
import {
  activeUsersByIds,
  activeUsersWithRole,
  findApplicationFacts,
  findNotificationByDedupeKey,
  findQueryRaiser,
  findServiceRequestFacts,
  insertNotifications,
  setNotificationParams,
  type ApplicationFacts,
  type Recipient,
} from '../repositories/notifications';
import type { Actor, NewTimelineEvent } from '../repositories/timeline';
import { DECISION_OF_EVENT, NOTIFY_ON_EVENT, type NotifyRule } from './notify-rules';

/** The admins' Outbox screen, where an outbox failure links. */
export const OUTBOX_PATH = ROUTES.outbox.path;

const withId = (path: string, id: string) => path.replace(':id', id);
export const applicantLink = (applicationId: string) => withId(ROUTES.applicationDetail.path, applicationId);
export const officerLink = (applicationId: string) => withId(ROUTES.officerApplicationDetail.path, applicationId);
export const serviceRequestLink = (id: string) => withId(ROUTES.serviceRequestDetail.path, id);

export interface Delivery {
  code: NotificationCode;
  params: NotificationParams;
  link: string | null;
  applicationId: string | null;
  /** The once-only key of each recipient's notification and mail; none for what happens once by nature. */
  dedupeKey?: (recipient: Recipient) => string;
  /** Send the mail too (default true). */
  mail?: boolean;
}

/** Rows per insert statement: a role with many officers is written in a few statements, never one huge one. */
const CHUNK = 500;

/**
 * Writes a notification for each recipient and queues the mail of each one written (one whose key was already
 * used is neither written nor mailed again). Answers how many were written.
 */
export async function deliver(tx: Database, recipients: readonly Recipient[], delivery: Delivery): Promise<number> {
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  const everyone = [...byId.values()];
  let written = 0;
  for (let start = 0; start < everyone.length; start += CHUNK) {
    const chunk = everyone.slice(start, start + CHUNK);
    const rows = await insertNotifications(
      tx,
      chunk.map((recipient) => ({
        userId: recipient.id,
        code: delivery.code,
        params: delivery.params,
        link: delivery.link,
        applicationId: delivery.applicationId,
        dedupeKey: delivery.dedupeKey?.(recipient) ?? null,
      })),
    );
    written += rows.length;
    if (delivery.mail === false) continue;
    await enqueueMails(
      tx,
      rows.map((row) => {
        const recipient = byId.get(row.userId)!;
        return {
          to: recipient.email,
          userId: recipient.id,
          template: delivery.code,
          params: mailParams(delivery.params, recipient, delivery.link),
          language: recipient.language,
          dedupeKey: row.dedupeKey ?? undefined,
        };
      }),
    );
  }
  return written;
}

/** A mail's parameters: the notification's, the recipient's name for the greeting and the path it links to. */
function mailParams(params: NotificationParams, recipient: Recipient, link: string | null): NotificationParams {
  return { ...params, full_name: recipient.fullName, link };
}

const text = (value: TimelineParams[string] | undefined) => (value === undefined ? null : value);

/** The event's parameters each notification carries, besides the application number. */
const COPIED: Partial<Record<NotificationCode, readonly string[]>> = {
  document_rejected: ['document_type', 'file_name', 'reason'],
  query_raised: ['message', 'respond_by'],
  query_answered: ['message'],
  invoice_generated: ['invoice_number', 'invoice_type', 'amount', 'due_date'],
  allotment_letter_issued: ['allotment_number', 'allotment_type', 'asset_code'],
  lease_deed_approved: ['remarks'],
  lease_deed_returned: ['verdict', 'remarks'],
  possession_recorded: ['possession_date', 'certificate_number'],
  service_request_decided: ['request_number', 'status', 'remarks'],
};

function paramsFor(
  rule: NotifyRule,
  actor: Actor,
  event: NewTimelineEvent,
  facts: ApplicationFacts | undefined,
): NotificationParams {
  const p = event.params ?? {};
  const params: NotificationParams = { application_number: facts?.applicationNumber ?? null };
  for (const key of COPIED[rule.notify] ?? []) params[key] = text(p[key]);
  switch (rule.notify) {
    case 'application_submitted':
      return { ...params, invoice_count: 0, invoice_numbers: null, total_amount: 0, due_date: null };
    case 'decision_made':
      return {
        ...params,
        decision: DECISION_OF_EVENT[p.event as keyof typeof DECISION_OF_EVENT] ?? null,
        stage: text(p.stage),
      };
    case 'case_reached_role':
      return {
        ...params,
        status: facts?.status ?? null,
        role: facts?.waitingOn ?? null,
        due_date: facts?.stageDueOn ?? null,
      };
    case 'case_assigned':
      return { ...params, status: facts?.status ?? null, assigned_by: actor.name };
    default:
      return params;
  }
}

const isOfficerRole = (role: Role | null): role is Role =>
  role !== null && (OFFICER_ROLES as readonly Role[]).includes(role);

/** The officers of the role the application now waits on, when the event moved it onto that role. */
async function waitingRoleRecipients(
  tx: Database,
  event: NewTimelineEvent,
  facts: ApplicationFacts,
): Promise<Recipient[]> {
  if (!isOfficerRole(facts.waitingOn) || facts.clockPausedAt) return [];
  const from = event.params?.from as ApplicationStatus | undefined;
  if (from && stageTarget(from)?.waitingOn === facts.waitingOn) return [];
  return activeUsersWithRole(tx, facts.waitingOn);
}

/** Whom a rule tells, and the link each of them follows. */
async function audienceOf(
  tx: Database,
  rule: NotifyRule,
  event: NewTimelineEvent,
  facts: ApplicationFacts | undefined,
): Promise<{ recipients: Recipient[]; link: string | null; officers: boolean } | undefined> {
  if (rule.to === 'owner' && event.entityType === 'service_request') {
    const request = event.entityId ? await findServiceRequestFacts(tx, event.entityId) : undefined;
    if (!request?.owner) return undefined;
    return { recipients: [request.owner], link: serviceRequestLink(request.id), officers: false };
  }
  if (!facts) return undefined;
  switch (rule.to) {
    case 'owner':
      return facts.owner ? { recipients: [facts.owner], link: applicantLink(facts.id), officers: false } : undefined;
    case 'waiting_role':
      return { recipients: await waitingRoleRecipients(tx, event, facts), link: officerLink(facts.id), officers: true };
    case 'assignee':
      return {
        recipients: facts.assignedTo ? await activeUsersByIds(tx, [facts.assignedTo]) : [],
        link: officerLink(facts.id),
        officers: true,
      };
    case 'query_raiser': {
      const raiser = event.entityId ? await findQueryRaiser(tx, event.entityId) : null;
      const ids = [raiser, facts.assignedTo].filter((id): id is string => id !== null);
      let recipients = await activeUsersByIds(tx, ids);
      // Nobody left who raised it or holds the case: the officers the case waits on hear of it.
      if (recipients.length === 0 && isOfficerRole(facts.waitingOn))
        recipients = await activeUsersWithRole(tx, facts.waitingOn);
      return { recipients, link: officerLink(facts.id), officers: true };
    }
  }
}

const submissionKey = (applicationId: string, userId: string) => `application_submitted:${applicationId}:${userId}`;

/**
 * Adds an invoice raised by the submission to the submission's notification and its mail (still pending: the
 * transaction that queued it is this one). False when there is no such notification to add to.
 */
async function foldInvoiceIntoSubmission(
  tx: Database,
  event: NewTimelineEvent,
  facts: ApplicationFacts,
): Promise<boolean> {
  if (!facts.owner) return true;
  const key = submissionKey(facts.id, facts.owner.id);
  const notification = await findNotificationByDedupeKey(tx, key);
  if (!notification) return false;
  const p = event.params ?? {};
  const before = notification.params;
  const dueDates = [before.due_date, p.due_date].filter((day): day is string => typeof day === 'string').sort();
  const params: NotificationParams = {
    ...before,
    invoice_count: Number(before.invoice_count ?? 0) + 1,
    invoice_numbers: [before.invoice_numbers, p.invoice_number].filter(Boolean).join(', '),
    total_amount: Math.round((Number(before.total_amount ?? 0) + Number(p.amount ?? 0)) * 100) / 100,
    due_date: dueDates[0] ?? null,
  };
  await setNotificationParams(tx, notification.id, params);
  await setPendingMailParams(tx, key, mailParams(params, facts.owner, notification.link));
  return true;
}

function applies(rule: NotifyRule, params: TimelineParams): boolean {
  if (rule.events && !rule.events.includes(params.event as never)) return false;
  if (rule.invoiceTypes && !rule.invoiceTypes.includes(params.invoice_type as never)) return false;
  if (rule.statuses && !rule.statuses.includes(params.status as never)) return false;
  return true;
}

/** Raises the notifications (and mails) of a timeline event, in the caller's transaction. */
export async function notifyForEvent(tx: Database, actor: Actor, event: NewTimelineEvent): Promise<void> {
  const rules = (NOTIFY_ON_EVENT[event.code] ?? []).filter((rule) => applies(rule, event.params ?? {}));
  if (rules.length === 0) return;
  const facts = event.applicationId ? await findApplicationFacts(tx, event.applicationId) : undefined;
  for (const rule of rules) {
    if (rule.foldInto) {
      if (facts && (await foldInvoiceIntoSubmission(tx, event, facts))) continue;
      // Nothing to add to (a submission from before notifications): told as an invoice of its own.
      await notifyForRule(tx, actor, event, facts, { ...rule, notify: 'invoice_generated', foldInto: false });
      continue;
    }
    await notifyForRule(tx, actor, event, facts, rule);
  }
}

async function notifyForRule(
  tx: Database,
  actor: Actor,
  event: NewTimelineEvent,
  facts: ApplicationFacts | undefined,
  rule: NotifyRule,
): Promise<void> {
  const audience = await audienceOf(tx, rule, event, facts);
  if (!audience) return;
  // Officers are not told of what they did themselves.
  const recipients = audience.officers
    ? audience.recipients.filter((recipient) => recipient.id !== actor.id)
    : audience.recipients;
  if (recipients.length === 0) return;
  await deliver(tx, recipients, {
    code: rule.notify,
    params: paramsFor(rule, actor, event, facts),
    link: audience.link,
    applicationId: event.applicationId,
    ...(rule.notify === 'application_submitted' && facts
      ? { dedupeKey: (recipient: Recipient) => submissionKey(facts.id, recipient.id) }
      : {}),
  });
}

/** Tells the admins that the worker gave up on a message. A failed outbox_failure mail is told in-app only, so a
 * broken mail server cannot make failures about failures. */
export async function notifyAdminsOfFailure(tx: Database, message: OutboxRow): Promise<void> {
  const admins = await activeUsersWithRole(tx, 'admin');
  await deliver(tx, admins, {
    code: 'outbox_failure',
    params: {
      outbox_id: message.id,
      to_email: message.toEmail,
      template: message.template,
      attempts: message.attempts,
      error: message.lastError ? message.lastError.slice(0, 300) : null,
    },
    link: OUTBOX_PATH,
    applicationId: null,
    mail: message.template !== 'outbox_failure',
  });
}
