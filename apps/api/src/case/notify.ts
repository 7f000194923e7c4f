/**
 * Notifications from a case's events: `notifyForEvent` runs in the transaction that records the event (case/events.ts)
 * and, by the table in notify-rules.ts, tells each audience through lib/notify.ts `deliver`.
 */
import {
  OFFICER_ROLES,
  roundRupees,
  stageTarget,
  type ApplicationStatus,
  type NotificationCode,
  type NotificationParams,
  type Role,
  type TimelineParams,
} from '@portal/contract';
import type { Database } from '../db/client';
import {
  applicantLink,
  deliver,
  mailParams,
  myPlotsLink,
  officerLink,
  registerLink,
  serviceRequestLink,
} from '../lib/notify';
import { setPendingMailParams } from '../repositories/mail-outbox';
import { smsToUser } from '../lib/sms/outbox';
import {
  activeUserByEmail,
  activeUsersByIds,
  activeUsersWithRole,
  findAllotmentFacts,
  findApplicationFacts,
  findNotificationByDedupeKey,
  findQueryRaiser,
  findServiceRequestFacts,
  setNotificationParams,
  type ApplicationFacts,
  type Recipient,
} from '../repositories/notifications';
import type { Actor, NewTimelineEvent } from '../repositories/timeline';
import { DECISION_OF_EVENT, NOTIFY_ON_EVENT, type NotifyRule } from './notify-rules';

const text = (value: TimelineParams[string] | undefined) => (value === undefined ? null : value);

/** The event's parameters each notification carries, besides the application number. */
const COPIED: Partial<Record<NotificationCode, readonly string[]>> = {
  document_rejected: ['document_type', 'file_name', 'reason'],
  application_withdrawn: ['reason'],
  query_raised: ['message', 'respond_by'],
  query_answered: ['message'],
  query_lapsed: ['respond_by'],
  query_extended: ['respond_by', 'original_respond_by'],
  invoice_generated: ['invoice_number', 'invoice_type', 'amount', 'due_date'],
  allotment_letter_issued: ['allotment_number', 'allotment_type', 'asset_code'],
  lease_deed_approved: ['remarks'],
  lease_deed_returned: ['verdict', 'remarks'],
  possession_recorded: ['possession_date', 'certificate_number'],
  service_request_decided: ['request_number', 'status', 'remarks'],
  milestone_extended: ['milestone', 'due_on'],
  allotment_surrendered: ['allotment_number', 'ended_on', 'refund_due'],
  transfer_offered: ['request_number'],
  service_order_issued: ['request_number', 'request_type'],
  show_cause_issued: ['notice_number', 'reply_by'],
  show_cause_replied: ['notice_number'],
  show_cause_decided: ['notice_number', 'outcome'],
  deemed_approved: ['from', 'to', 'due_on'],
  scheme_result: ['scheme_number', 'outcome', 'rank'],
};

/** Estate notifications name the allotment and its plot (and a transfer offer who offers it). */
const ESTATE_NOTIFICATIONS: ReadonlySet<NotificationCode> = new Set([
  'transfer_offered',
  'service_order_issued',
  'allotment_transferred',
  'show_cause_issued',
  'show_cause_replied',
  'show_cause_decided',
]);
const ESTATE_ENTITIES = ['allotment', 'service_request', 'show_cause'] as const;
type EstateEntity = (typeof ESTATE_ENTITIES)[number];
const estateEntity = (type: NewTimelineEvent['entityType']): type is EstateEntity =>
  (ESTATE_ENTITIES as readonly string[]).includes(type);

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
        // The committee's stage as its code, which the reader's language words (the note is the committee's own).
        stage_code: text(p.stage_code),
        stage_note: text(p.stage_note),
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
  if (rule.to === 'holder' || rule.to === 'estate_officers') {
    if (!estateEntity(event.entityType) || !event.entityId) return undefined;
    const allotment = await findAllotmentFacts(tx, event.entityType, event.entityId);
    if (!allotment) return undefined;
    if (rule.to === 'estate_officers')
      return { recipients: await activeUsersWithRole(tx, 'zonal_manager'), link: registerLink(), officers: true };
    return allotment.holder ? { recipients: [allotment.holder], link: myPlotsLink(), officers: false } : undefined;
  }
  if (rule.to === 'transferee') {
    const email = event.params?.transferee_email;
    const transferee = typeof email === 'string' ? await activeUserByEmail(tx, email) : undefined;
    return transferee ? { recipients: [transferee], link: myPlotsLink(), officers: false } : undefined;
  }
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
    total_amount: roundRupees(Number(before.total_amount ?? 0) + Number(p.amount ?? 0)),
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
  if (rule.requestTypes && !rule.requestTypes.includes(params.request_type as never)) return false;
  return true;
}

/** A payment received is told by SMS alone (decision 037: money messages always go), once per payment; the receipt is
 * on the application's page. */
async function smsForPayment(tx: Database, event: NewTimelineEvent): Promise<void> {
  if (!event.applicationId || !event.entityId) return;
  const facts = await findApplicationFacts(tx, event.applicationId);
  if (!facts?.owner) return;
  const p = event.params ?? {};
  const params = { amount: text(p.amount), invoice_number: text(p.invoice_number) };
  await smsToUser(tx, facts.owner.id, 'payment_received', params, `payment_received:${event.entityId}`);
}

/** Raises the notifications (and mails) of a timeline event, in the caller's transaction. */
export async function notifyForEvent(tx: Database, actor: Actor, event: NewTimelineEvent): Promise<void> {
  if (event.code === 'payment_received') await smsForPayment(tx, event);
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
  let params = paramsFor(rule, actor, event, facts);
  if (ESTATE_NOTIFICATIONS.has(rule.notify) && estateEntity(event.entityType) && event.entityId) {
    const allotment = await findAllotmentFacts(tx, event.entityType, event.entityId);
    params = {
      ...params,
      allotment_number: allotment?.allotmentNumber ?? null,
      asset_code: allotment?.assetCode ?? null,
      ...(rule.notify === 'transfer_offered' ? { holder_name: actor.name } : {}),
    };
  }
  await deliver(tx, recipients, {
    code: rule.notify,
    params,
    link: audience.link,
    applicationId: event.applicationId,
    ...(rule.notify === 'application_submitted' && facts
      ? { dedupeKey: (recipient: Recipient) => submissionKey(facts.id, recipient.id) }
      : {}),
  });
}
