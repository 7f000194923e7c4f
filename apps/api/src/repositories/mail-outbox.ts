/** The mail outbox: a message is written here in the same transaction as what it tells, and a worker sends it.
 * A worker claims one due message at a time under a lease (FOR UPDATE SKIP LOCKED, so workers in several processes
 * never claim the same one), records the attempt before sending, and marks the outcome only while it still holds
 * the lease. A message whose lease ran out while `sending` (its worker died) is due again. */
import { and, asc, eq, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  OUTBOX_LIST,
  type Language,
  type MailStatus,
  type MailTemplate,
  type NotificationParams,
  type OutboxListQuery,
  type OutboxMessage,
} from '@portal/contract';
import type { Database } from '../db/client';
import { mailAttempts, mailOutbox } from '../db/schema';
import { likePattern, type Page, pageOfTable, type SortExpression } from '../core/list-page';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type MailAttemptRow = typeof mailAttempts.$inferSelect;

export interface NewMail {
  to: string;
  userId?: string | null;
  template: MailTemplate;
  params?: NotificationParams;
  language?: Language;
  /** A key that makes the message once-only (a second enqueue with the same key is ignored). */
  dedupeKey?: string;
}

const valuesOf = (mail: NewMail) => ({
  toEmail: mail.to,
  userId: mail.userId ?? null,
  template: mail.template,
  params: mail.params ?? {},
  language: mail.language ?? 'en',
  dedupeKey: mail.dedupeKey ?? null,
});

/** Queues a message; answers false when one with the same dedupe key was already queued. */
export async function enqueueMail(db: Database, mail: NewMail): Promise<boolean> {
  return (await enqueueMails(db, [mail])) === 1;
}

/** Queues several messages in one statement; answers how many were new (not already queued under their key). */
export async function enqueueMails(db: Database, mails: NewMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const rows = await db
    .insert(mailOutbox)
    .values(mails.map(valuesOf))
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows.length;
}

export async function findMailById(db: Database, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/** A message's attempts, oldest first. */
export async function listMailAttempts(db: Database, outboxId: string): Promise<MailAttemptRow[]> {
  return db
    .select()
    .from(mailAttempts)
    .where(eq(mailAttempts.outboxId, outboxId))
    .orderBy(asc(mailAttempts.startedAt), asc(mailAttempts.id));
}

/** Replaces the parameters of a message not yet picked up (a later event of the same transaction adds to it). */
export async function setPendingMailParams(db: Database, dedupeKey: string, params: NotificationParams): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ params })
    .where(and(eq(mailOutbox.dedupeKey, dedupeKey), eq(mailOutbox.status, 'pending')));
}

const afterMs = (ms: number) =>
  sql`now() + ${Math.max(0, Math.round(ms))}::double precision * interval '1 millisecond'`;

export interface ClaimedMail {
  message: OutboxRow;
  attemptId: string;
}

/**
 * Claims the next due message for `holder` until the lease runs out: status `sending`, one more attempt, and
 * `next_attempt_at` at the lease's end (when another worker may take it if this one dies). The attempt row is
 * committed with the claim, before anything is sent, so an attempt cut short by a crash stays on record.
 */
export async function claimNextMail(db: Database, holder: string, leaseMs: number): Promise<ClaimedMail | undefined> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.status, ['pending', 'sending']), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [message] = await tx
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        leaseHolder: holder,
        leaseUntil: afterMs(leaseMs),
        nextAttemptAt: afterMs(leaseMs),
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    if (!message) return undefined;
    const [attempt] = await tx
      .insert(mailAttempts)
      .values({ outboxId: message.id, outcome: 'sending' })
      .returning({ id: mailAttempts.id });
    return { message, attemptId: attempt!.id };
  });
}

/** Whether `holder` still holds the claim: the only condition under which it may record the outcome. */
const heldBy = (claim: ClaimedMail, holder: string) =>
  and(eq(mailOutbox.id, claim.message.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.leaseHolder, holder));

/** Records a delivered message. Answers false when the claim was lost (another worker took the message over). */
export async function markMailSent(db: Database, claim: ClaimedMail, holder: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .update(mailAttempts)
      .set({ finishedAt: sql`now()`, outcome: 'sent', error: null })
      .where(eq(mailAttempts.id, claim.attemptId));
    const rows = await tx
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        // For a sent message, the time it was sent: the summary counts the last day's through the due index.
        nextAttemptAt: sql`now()`,
        leaseHolder: null,
        leaseUntil: null,
        lastError: null,
      })
      .where(heldBy(claim, holder))
      .returning({ id: mailOutbox.id });
    return rows.length === 1;
  });
}

/**
 * Records a failed attempt, inside the caller's transaction: back to `pending` after `retryAfterMs`, or `failed`
 * for good. Answers the message as it now stands, or undefined when the claim was lost.
 */
export async function markMailAttemptFailed(
  tx: Database,
  claim: ClaimedMail,
  holder: string,
  outcome: { error: string; giveUp: boolean; retryAfterMs: number },
): Promise<OutboxRow | undefined> {
  const error = outcome.error.slice(0, 2000);
  await tx
    .update(mailAttempts)
    .set({ finishedAt: sql`now()`, outcome: 'failed', error })
    .where(eq(mailAttempts.id, claim.attemptId));
  const [row] = await tx
    .update(mailOutbox)
    .set({
      status: outcome.giveUp ? 'failed' : 'pending',
      nextAttemptAt: afterMs(outcome.giveUp ? 0 : outcome.retryAfterMs),
      leaseHolder: null,
      leaseUntil: null,
      lastError: error,
    })
    .where(heldBy(claim, holder))
    .returning();
  return row;
}

/** A failed message back to pending, due now, with a fresh set of attempts. Undefined when it is unknown; the row
 * as it is when it is not `failed`. */
export async function retryFailedMail(
  db: Database,
  id: string,
): Promise<{ retried: true; row: OutboxRow } | { retried: false; row: OutboxRow | undefined }> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning();
  if (row) return { retried: true, row };
  return { retried: false, row: await findMailById(db, id) };
}

export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  const waiting = row.status === 'pending' || row.status === 'sending';
  return {
    id: row.id,
    to_email: row.toEmail,
    template: row.template as OutboxMessage['template'],
    language: row.language as OutboxMessage['language'],
    status: row.status as MailStatus,
    attempts: row.attempts,
    next_attempt_at: waiting ? row.nextAttemptAt.toISOString() : null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

const OUTBOX_SORT_COLUMNS = {
  created_at: mailOutbox.createdAt,
} satisfies Record<(typeof OUTBOX_LIST.sort)[number], SortExpression>;

/** One page of the outbox (OUTBOX_LIST): by status and template, `q` in the recipient's address. */
export async function searchOutbox(db: Database, query: OutboxListQuery): Promise<Page<OutboxRow>> {
  const conditions: SQL[] = [];
  if (query.status?.length) conditions.push(inArray(mailOutbox.status, query.status));
  if (query.template) conditions.push(eq(mailOutbox.template, query.template));
  if (query.q) conditions.push(ilike(mailOutbox.toEmail, likePattern(query.q)));
  return pageOfTable(db, {
    table: mailOutbox,
    request: query,
    sortColumns: OUTBOX_SORT_COLUMNS,
    conditions,
    total: 'capped',
  });
}

/** The Outbox screen's figures, each read through the (status, next_attempt_at) index: waiting (pending or being
 * sent), failed, and sent in the last 24 hours (a sent message's next_attempt_at is its sending time). */
export async function outboxCounts(db: Database): Promise<{ pending: number; failed: number; sentLast24h: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`(select count(*)::int from ${mailOutbox} where ${mailOutbox.status} in ('pending', 'sending'))`,
      failed: sql<number>`(select count(*)::int from ${mailOutbox} where ${mailOutbox.status} = 'failed')`,
      sentLast24h: sql<number>`(select count(*)::int from ${mailOutbox} where ${mailOutbox.status} = 'sent' and ${mailOutbox.nextAttemptAt} > now() - interval '24 hours')`,
    })
    .from(sql`(select 1) as one`);
  return { pending: Number(row!.pending), failed: Number(row!.failed), sentLast24h: Number(row!.sentLast24h) };
}
