/** The single window's push outbox as finance and the admins see it (decision 036): a page by state, and a failed
 * push sent again. */
import {
  actorMay,
  SINGLE_WINDOW_PUSH_EVENTS,
  type SingleWindowOutboxItem,
  type SingleWindowOutboxQuery,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { clock } from '../../../core/clock';
import { conflict, forbidden, notFound } from '../../../core/http-error';
import { moveCase } from '../../../case/engine';
import type { CurrentUser } from '../../../case/actor';
import type { Page } from '../../../core/list-page';
import {
  cafNamesOf,
  findPushById,
  searchPushes,
  writeSingleWindowPushMove,
  type SingleWindowPushRow,
} from '../../../repositories/single-window-outbox';

const PUSH_NOT_FOUND = 'Status push not found';

async function toItems(db: Database, rows: SingleWindowPushRow[]): Promise<SingleWindowOutboxItem[]> {
  const names = await cafNamesOf(
    db,
    rows.map((row) => row.cafRowId),
  );
  return rows.map((row) => ({
    id: row.id,
    caf_id: names.get(row.cafRowId)?.cafId ?? '',
    application_number: names.get(row.cafRowId)?.applicationNumber ?? '',
    sequence: row.sequence,
    status_code: row.statusCode,
    state: row.state,
    attempts: row.attempts,
    next_attempt_at: row.state === 'sent' || row.state === 'failed' ? null : row.nextAttemptAt.toISOString(),
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  }));
}

export async function listPushes(db: Database, query: SingleWindowOutboxQuery): Promise<Page<SingleWindowOutboxItem>> {
  const page = await searchPushes(db, query);
  return { ...page, items: await toItems(db, page.items) };
}

/** A failed push is due again at once, its back-off starting over (its CAF's later pushes follow it); any other state
 * is 409. */
export async function retryPush(db: Database, user: CurrentUser, id: string): Promise<SingleWindowOutboxItem> {
  return db.transaction(async (tx) => {
    const push = await findPushById(tx, id);
    if (!push) throw notFound(PUSH_NOT_FOUND);
    const notFailed = () => conflict('Only a failed push can be sent again', 'wrong_state');
    const retried = await moveCase({
      table: SINGLE_WINDOW_PUSH_EVENTS,
      event: 'retry',
      from: push.state,
      by: { mayFire: actorMay(SINGLE_WINDOW_PUSH_EVENTS.retry.by, user.role, false) },
      checks: { notAllowed: notFailed, forbidden: () => forbidden(), lostRace: notFailed, guard: () => undefined },
      write: (from, to) =>
        writeSingleWindowPushMove(tx, id, from, to, { nextAttemptAt: clock.now(), attempts: 'restart' }),
    });
    return (await toItems(tx, [retried]))[0]!;
  });
}
