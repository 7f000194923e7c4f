/** A user's own notifications, and the admins' view of the mail outbox. */
import type {
  Notification,
  NotificationListQuery,
  OutboxListQuery,
  OutboxMessage,
  OutboxSummary,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { notFound, wrongState } from '../../core/http-error';
import type { Page } from '../../core/list-page';
import { outboxCounts, retryFailedMail, searchOutbox, toOutboxMessage } from '../../repositories/mail-outbox';
import {
  countUnreadNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  searchNotifications,
  toNotification,
} from '../../repositories/notifications';
import type { CurrentUser } from '../../plugins/auth';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const MESSAGE_NOT_FOUND = 'Outbox message not found';

export async function listNotifications(
  db: Database,
  user: CurrentUser,
  query: NotificationListQuery,
): Promise<Page<Notification>> {
  const page = await searchNotifications(db, user.id, query);
  return { ...page, items: page.items.map(toNotification) };
}

export async function unreadCount(db: Database, user: CurrentUser): Promise<{ count: number }> {
  return { count: await countUnreadNotifications(db, user.id) };
}

/** Marks one of the user's own notifications read; anyone else's (or an unknown id) is 404. */
export async function markRead(db: Database, user: CurrentUser, id: string): Promise<Notification> {
  const row = await markNotificationRead(db, user.id, id);
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return toNotification(row);
}

/** Marks all of the user's notifications read; answers the unread count after (none). */
export async function markAllRead(db: Database, user: CurrentUser): Promise<{ count: number }> {
  await markAllNotificationsRead(db, user.id);
  return unreadCount(db, user);
}

export async function listOutbox(db: Database, query: OutboxListQuery): Promise<Page<OutboxMessage>> {
  const page = await searchOutbox(db, query);
  return { ...page, items: page.items.map(toOutboxMessage) };
}

export async function outboxSummary(db: Database, smtpConfigured: boolean): Promise<OutboxSummary> {
  const counts = await outboxCounts(db);
  return {
    smtp_configured: smtpConfigured,
    pending: counts.pending,
    failed: counts.failed,
    sent_last_24h: counts.sentLast24h,
  };
}

/** A failed message back to the queue, with a fresh set of attempts. */
export async function retryMessage(db: Database, id: string): Promise<OutboxMessage> {
  const result = await retryFailedMail(db, id);
  if (!result.row) throw notFound(MESSAGE_NOT_FOUND);
  if (!result.retried)
    throw wrongState(`Only a failed message can be sent again; this one is ${result.row.status}`, 'outbox_not_failed', {
      status: toOutboxMessage(result.row).status,
    });
  return toOutboxMessage(result.row);
}
