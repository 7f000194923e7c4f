/** The SMS outbox (decision 037), with the mail outbox's discipline (decision 011): a message is written in the same
 * transaction as what it tells, once per dedupe key (a unique key and a conditional insert), claimed one at a time
 * under a lease (FOR UPDATE SKIP LOCKED) by the SMS sweep, and its outcome written only while the lease is held.
 * Times of retries and leases are the portal's clock (portal_clock_timestamp()), so a test moves the clock instead
 * of waiting. Delivery reports are matched by the provider's message id. */
import { and, asc, eq, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  SMS_OUTBOX_LIST,
  maskMobile,
  type Language,
  type NotificationParams,
  type SmsMessage,
  type SmsOutboxListQuery,
  type SmsStatus,
  type SmsTemplateCode,
} from '@portal/contract';
import type { Database } from '../db/client';
import { smsDeliveryReports, smsOutbox, users } from '../db/schema';
import { likePattern, pageOfTable, type Page, type SortExpression } from '../core/list-page';

export type SmsRow = typeof smsOutbox.$inferSelect;

export interface NewSms {
  toMobile: string;
  userId: string | null;
  template: SmsTemplateCode;
  language: Language;
  params: NotificationParams;
  /** Encrypted variables (a one-time code's). */
  secretParams?: string | null;
  dedupeKey: string;
  segments: number;
  unicode: boolean;
}

// The portal's time, read once per statement: portal_clock_timestamp() is volatile, so written bare in a condition it
// is called again for every row and no index can serve the condition (the segments per day took 304 ms over 71,429
// messages in its fortnight, 43 ms read once).
const now = sql`(select portal_clock_timestamp())`;
const afterMs = (ms: number) =>
  sql`(select portal_clock_timestamp()) + ${Math.max(0, Math.round(ms))}::double precision * interval '1 millisecond'`;

/** Queues messages in one statement; answers how many were new (a key already queued is left as it is). */
export async function enqueueSms(db: Database, messages: readonly NewSms[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await db
    .insert(smsOutbox)
    .values(
      messages.map((message) => ({
        toMobile: message.toMobile,
        userId: message.userId,
        template: message.template,
        language: message.language,
        params: message.params,
        secretParams: message.secretParams ?? null,
        dedupeKey: message.dedupeKey,
        segments: message.segments,
        unicode: message.unicode,
        nextAttemptAt: now,
      })),
    )
    .onConflictDoNothing({ target: smsOutbox.dedupeKey })
    .returning({ id: smsOutbox.id });
  return rows.length;
}

/** Who among `ids` has a verified mobile, with their language and the templates they turned off. */
export async function smsRecipients(
  db: Database,
  ids: readonly string[],
): Promise<{ id: string; mobile: string; language: Language; optedOut: string[] }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, mobile: users.mobile, language: users.language, optedOut: users.smsOptedOut })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true), sql`${users.mobileVerifiedAt} is not null`));
  return rows.flatMap((row) =>
    row.mobile ? [{ id: row.id, mobile: row.mobile, language: row.language as Language, optedOut: row.optedOut }] : [],
  );
}

/** Claims the next due message for `holder` until the lease runs out (status `sending`, one more attempt). */
export async function claimNextSms(db: Database, holder: string, leaseMs: number): Promise<SmsRow | undefined> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(and(inArray(smsOutbox.status, ['pending', 'sending']), lte(smsOutbox.nextAttemptAt, now)))
      .orderBy(asc(smsOutbox.nextAttemptAt), asc(smsOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [message] = await tx
      .update(smsOutbox)
      .set({
        status: 'sending',
        attempts: sql`${smsOutbox.attempts} + 1`,
        leaseHolder: holder,
        leaseUntil: afterMs(leaseMs),
        nextAttemptAt: afterMs(leaseMs),
      })
      .where(inArray(smsOutbox.id, due))
      .returning();
    return message;
  });
}

const heldBy = (id: string, holder: string) =>
  and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending'), eq(smsOutbox.leaseHolder, holder));

/** The provider accepted the message: `submitted`, its id kept, a code's variables wiped. False: the lease was lost. */
export async function markSmsSubmitted(
  db: Database,
  id: string,
  holder: string,
  providerMessageId: string,
): Promise<boolean> {
  const rows = await db
    .update(smsOutbox)
    .set({
      status: 'submitted',
      providerMessageId,
      sentAt: now,
      nextAttemptAt: now,
      leaseHolder: null,
      leaseUntil: null,
      lastError: null,
      secretParams: null,
    })
    .where(heldBy(id, holder))
    .returning({ id: smsOutbox.id });
  return rows.length === 1;
}

/** A failed attempt: back to `pending` after `retryAfterMs`, or `failed` for good (a code's variables wiped). */
export async function markSmsAttemptFailed(
  db: Database,
  id: string,
  holder: string,
  outcome: { error: string; giveUp: boolean; retryAfterMs: number },
): Promise<SmsRow | undefined> {
  const [row] = await db
    .update(smsOutbox)
    .set({
      status: outcome.giveUp ? 'failed' : 'pending',
      nextAttemptAt: afterMs(outcome.giveUp ? 0 : outcome.retryAfterMs),
      leaseHolder: null,
      leaseUntil: null,
      lastError: outcome.error.slice(0, 2000),
      ...(outcome.giveUp ? { secretParams: null } : {}),
    })
    .where(heldBy(id, holder))
    .returning();
  return row;
}

/** Records a delivery report and moves its message (found by the provider's id) to delivered or undelivered, in one
 * transaction. A report for a message already delivered is kept but changes nothing. */
export async function recordDeliveryReport(
  db: Database,
  report: {
    providerMessageId: string;
    delivered: boolean;
    status: string;
    cause: string | null;
    errorCode: string | null;
    fragments: number | null;
    deliveredAt: Date | null;
  },
): Promise<{ outboxId: string | null }> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .update(smsOutbox)
      .set({
        status: report.delivered ? 'delivered' : 'undelivered',
        deliveredAt: report.delivered ? (report.deliveredAt ?? now) : null,
        deliveryCause: report.cause,
      })
      .where(
        and(
          eq(smsOutbox.providerMessageId, report.providerMessageId),
          inArray(smsOutbox.status, ['submitted', 'undelivered']),
        ),
      )
      .returning({ id: smsOutbox.id });
    const outboxId =
      message?.id ??
      (
        await tx
          .select({ id: smsOutbox.id })
          .from(smsOutbox)
          .where(eq(smsOutbox.providerMessageId, report.providerMessageId))
      )[0]?.id ??
      null;
    await tx.insert(smsDeliveryReports).values({
      outboxId,
      providerMessageId: report.providerMessageId.slice(0, 200),
      status: report.status.slice(0, 40),
      cause: report.cause?.slice(0, 200) ?? null,
      errorCode: report.errorCode?.slice(0, 40) ?? null,
      fragments: report.fragments,
      deliveredAt: report.deliveredAt,
    });
    return { outboxId };
  });
}

export async function countDeliveryReports(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(smsDeliveryReports);
  return Number(row!.n);
}

export function toSmsMessage(row: SmsRow): SmsMessage {
  return {
    id: row.id,
    to_mobile: maskMobile(row.toMobile),
    template: row.template as SmsTemplateCode,
    language: row.language as Language,
    status: row.status as SmsStatus,
    segments: row.segments,
    unicode: row.unicode,
    attempts: row.attempts,
    provider_message_id: row.providerMessageId,
    last_error: row.lastError,
    delivery_cause: row.deliveryCause,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    delivered_at: row.deliveredAt ? row.deliveredAt.toISOString() : null,
  };
}

const SMS_SORT_COLUMNS = {
  created_at: smsOutbox.createdAt,
} satisfies Record<(typeof SMS_OUTBOX_LIST.sort)[number], SortExpression>;

/** One page of the SMS outbox: by status and template, `q` in the number's digits. */
export async function searchSmsOutbox(db: Database, query: SmsOutboxListQuery): Promise<Page<SmsRow>> {
  const conditions: SQL[] = [];
  if (query.status?.length) conditions.push(inArray(smsOutbox.status, query.status));
  if (query.template) conditions.push(eq(smsOutbox.template, query.template));
  if (query.q) conditions.push(ilike(smsOutbox.toMobile, likePattern(query.q.replace(/\D/g, ''))));
  return pageOfTable(db, {
    table: smsOutbox,
    request: query,
    sortColumns: SMS_SORT_COLUMNS,
    conditions,
    total: 'capped',
  });
}

/** Waiting and failed counts, and messages and segments sent per day for the last `days` days (through the sent_at
 * index: the cost). */
export async function smsFigures(
  db: Database,
  days: number,
): Promise<{ pending: number; failed: number; byDay: { day: string; messages: number; segments: number }[] }> {
  const [counts] = await db
    .select({
      pending: sql<number>`(select count(*)::int from ${smsOutbox} where ${smsOutbox.status} in ('pending', 'sending'))`,
      failed: sql<number>`(select count(*)::int from ${smsOutbox} where ${smsOutbox.status} = 'failed')`,
    })
    .from(sql`(select 1) as one`);
  // Grouped by the day, worded once per day rather than once per message.
  const sentOn = sql`(${smsOutbox.sentAt} at time zone 'Asia/Kolkata')::date`;
  const byDay = await db
    .select({
      day: sql<string>`to_char(${sentOn}, 'YYYY-MM-DD')`,
      messages: sql<number>`count(*)::int`,
      segments: sql<number>`sum(${smsOutbox.segments})::int`,
    })
    .from(smsOutbox)
    .where(sql`${smsOutbox.sentAt} > ${now} - ${days}::double precision * interval '1 day'`)
    .groupBy(sentOn)
    .orderBy(sql`${sentOn} desc`);
  return {
    pending: Number(counts!.pending),
    failed: Number(counts!.failed),
    byDay: byDay.map((row) => ({ day: row.day, messages: Number(row.messages), segments: Number(row.segments) })),
  };
}
