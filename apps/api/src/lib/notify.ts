/**
 * Delivering a notification: one in-app row per recipient and the mail of each into the outbox, once per key, and
 * the links they carry. Whom an event tells is the case engine's (case/notify.ts); the reminder sweep and the mail
 * worker deliver through here too. Params carry codes, numbers, amounts and dates (never sentences): the web app
 * and the mail templates word them.
 */
import crypto from 'node:crypto';
import { ROUTES, type NotificationCode, type NotificationParams } from '@portal/contract';
import type { Database } from '../db/client';
import { enqueueMails, type OutboxRow } from '../repositories/mail-outbox';
import { activeUsersWithRole, insertNotifications, type Recipient } from '../repositories/notifications';
import { smsForNotifications } from './sms/outbox';

/** The admins' Outbox screen, where an outbox failure links. */
export const OUTBOX_PATH = ROUTES.outbox.path;

const withId = (path: string, id: string) => path.replace(':id', id);
export const applicantLink = (applicationId: string) => withId(ROUTES.applicationDetail.path, applicationId);
export const officerLink = (applicationId: string) => withId(ROUTES.officerApplicationDetail.path, applicationId);
export const serviceRequestLink = (id: string) => withId(ROUTES.serviceRequestDetail.path, id);
/** An allottee's plots, and the officers' estate register. */
export const myPlotsLink = () => ROUTES.myPlots.path;
export const registerLink = () => ROUTES.allotments.path;

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

/** One delivery and the people it goes to. */
export interface DeliveryTo {
  recipients: readonly Recipient[];
  delivery: Delivery;
}

/**
 * Writes a notification for each recipient and queues the mail of each one written (one whose key was already
 * used is neither written nor mailed again). Answers how many were written.
 */
export async function deliver(tx: Database, recipients: readonly Recipient[], delivery: Delivery): Promise<number> {
  return deliverEach(tx, [{ recipients, delivery }]);
}

/**
 * As `deliver`, for several deliveries at once (a sweep's batch of reminders): their notifications and mails are
 * written in a few statements instead of two for each. Each row is given its id here, so the mail of each one written
 * is matched to its recipient and delivery whatever else the batch holds.
 */
export async function deliverEach(tx: Database, items: readonly DeliveryTo[]): Promise<number> {
  const wanted = items.flatMap(({ recipients, delivery }) =>
    [...new Map(recipients.map((recipient) => [recipient.id, recipient])).values()].map((recipient) => ({
      id: crypto.randomUUID(),
      recipient,
      delivery,
    })),
  );
  let written = 0;
  for (let start = 0; start < wanted.length; start += CHUNK) {
    const chunk = wanted.slice(start, start + CHUNK);
    const rows = await insertNotifications(
      tx,
      chunk.map(({ id, recipient, delivery }) => ({
        id,
        userId: recipient.id,
        code: delivery.code,
        params: delivery.params,
        link: delivery.link,
        applicationId: delivery.applicationId,
        dedupeKey: delivery.dedupeKey?.(recipient) ?? null,
      })),
    );
    written += rows.length;
    const byId = new Map<string, (typeof chunk)[number]>(chunk.map((item) => [item.id, item]));
    await enqueueMails(
      tx,
      rows.flatMap((row) => {
        const { recipient, delivery } = byId.get(row.id)!;
        if (delivery.mail === false) return [];
        return [
          {
            to: recipient.email,
            userId: recipient.id,
            template: delivery.code,
            params: mailParams(delivery.params, recipient, delivery.link),
            language: recipient.language,
            dedupeKey: row.dedupeKey ?? undefined,
          },
        ];
      }),
    );
    // The SMS a notification also sends, to a verified mobile (decision 037), once per notification.
    await smsForNotifications(
      tx,
      rows.map((row) => {
        const { recipient, delivery } = byId.get(row.id)!;
        return { id: row.id, userId: recipient.id, code: delivery.code, params: delivery.params };
      }),
    );
  }
  return written;
}

/** A mail's parameters: the notification's, the recipient's name for the greeting and the path it links to. */
export function mailParams(params: NotificationParams, recipient: Recipient, link: string | null): NotificationParams {
  return { ...params, full_name: recipient.fullName, link };
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
