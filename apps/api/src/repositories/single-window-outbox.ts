/** The outbox of status pushes to the single window (decision 036): written in the transaction of the event it
 * tells, numbered per CAF, sent in that order by the push sweep, retried with back-off until acknowledged. */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  SINGLE_WINDOW_OUTBOX_LIST,
  type SingleWindowOutboxQuery,
  type SingleWindowPushState,
  type SingleWindowStatusCode,
} from '@portal/contract';
import type { Database } from '../db/client';
import { issuedDocuments, singleWindowCafs, singleWindowOutbox } from '../db/schema';
import { likePattern, type Page, pageOfTable, type SortExpression } from '../core/list-page';

export type SingleWindowPushRow = typeof singleWindowOutbox.$inferSelect;

export interface NewPush {
  cafRowId: string;
  applicationId: string;
  dedupeKey: string;
  statusCode: SingleWindowStatusCode;
  externalCode: string;
  params: Record<string, string | number | boolean | null>;
  eventAt: Date;
}

/** Queues a push as the CAF's next (the caller holds the CAF's row lock); answers false when its dedupe key was
 * queued already. */
export async function insertPush(db: Database, push: NewPush): Promise<boolean> {
  const rows = await db
    .insert(singleWindowOutbox)
    .values({
      ...push,
      sequence: sql`(select coalesce(max(${singleWindowOutbox.sequence}), 0) + 1 from ${singleWindowOutbox} where ${singleWindowOutbox.cafRowId} = ${push.cafRowId})`,
      nextAttemptAt: push.eventAt,
    })
    .onConflictDoNothing({ target: singleWindowOutbox.dedupeKey })
    .returning({ id: singleWindowOutbox.id });
  return rows.length === 1;
}

const earlierUnsent = sql`exists (select 1 from ${singleWindowOutbox} as earlier
  where earlier.caf_row_id = ${singleWindowOutbox.cafRowId} and earlier.sequence < ${singleWindowOutbox.sequence}
  and earlier.state <> 'sent')`;

/** The pushes due by `now` whose CAF has nothing earlier unsent, oldest due first. */
export async function findDuePushes(db: Database, now: Date, limit: number): Promise<SingleWindowPushRow[]> {
  return db
    .select()
    .from(singleWindowOutbox)
    .where(
      and(
        sql`${singleWindowOutbox.state} in ('pending', 'retrying')`,
        sql`${singleWindowOutbox.nextAttemptAt} <= ${now}`,
        sql`not ${earlierUnsent}`,
      ),
    )
    .orderBy(asc(singleWindowOutbox.nextAttemptAt), asc(singleWindowOutbox.id))
    .limit(limit);
}

/** The next push of the CAF after `sequence`, if it is waiting (sent next in the same run, keeping the order). */
export async function findNextWaitingPush(
  db: Database,
  cafRowId: string,
  sequence: number,
): Promise<SingleWindowPushRow | undefined> {
  const [row] = await db
    .select()
    .from(singleWindowOutbox)
    .where(
      and(
        eq(singleWindowOutbox.cafRowId, cafRowId),
        eq(singleWindowOutbox.sequence, sequence + 1),
        sql`${singleWindowOutbox.state} in ('pending', 'retrying')`,
      ),
    );
  return row;
}

/** Takes a due push for one attempt: it is not due again until `until`, so a second process (a run that outlived its
 * lease) passes it by, and a process that dies mid-send leaves it due again then. Answers whether it was taken. */
export async function claimPush(db: Database, id: string, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .update(singleWindowOutbox)
    .set({ nextAttemptAt: until })
    .where(
      and(
        eq(singleWindowOutbox.id, id),
        sql`${singleWindowOutbox.state} in ('pending', 'retrying')`,
        sql`${singleWindowOutbox.nextAttemptAt} <= ${now}`,
      ),
    )
    .returning({ id: singleWindowOutbox.id });
  return rows.length === 1;
}

/** The push's one move writer, called as the engine's write (case/engine.ts, SINGLE_WINDOW_PUSH_EVENTS): its state
 * and what the move records with it (the acknowledgement's time, the attempt counted, its error, the next try),
 * written only if its state is still one of `from`. Answers the moved row, or undefined when it was not. */
export async function writeSingleWindowPushMove(
  db: Database,
  id: string,
  from: readonly SingleWindowPushState[],
  to: SingleWindowPushState,
  columns: {
    sentAt?: Date;
    lastError?: string | null;
    nextAttemptAt?: Date;
    /** The attempt the move ends is counted; or the count starts over (a person's retry). */
    attempts?: 'count' | 'restart';
  },
): Promise<SingleWindowPushRow | undefined> {
  const { attempts, ...rest } = columns;
  const [row] = await db
    .update(singleWindowOutbox)
    .set({
      ...rest,
      state: to,
      ...(attempts === 'count' && { attempts: sql`${singleWindowOutbox.attempts} + 1` }),
      ...(attempts === 'restart' && { attempts: 0 }),
    })
    .where(and(eq(singleWindowOutbox.id, id), inArray(singleWindowOutbox.state, [...from])))
    .returning();
  return row;
}

/** A retrying push's attempt failed again with time left: counted, its error kept, tried again at `nextAttemptAt`.
 * Its state stays retrying (not a move). */
export async function recordPushAttemptFailed(
  db: Database,
  id: string,
  error: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .update(singleWindowOutbox)
    .set({ attempts: sql`${singleWindowOutbox.attempts} + 1`, lastError: error, nextAttemptAt })
    .where(and(eq(singleWindowOutbox.id, id), eq(singleWindowOutbox.state, 'retrying')));
}

export async function findPushById(db: Database, id: string): Promise<SingleWindowPushRow | undefined> {
  const [row] = await db.select().from(singleWindowOutbox).where(eq(singleWindowOutbox.id, id));
  return row;
}

/** Every push of a CAF, in order (a CAF has a handful). */
export async function listPushesOfCaf(db: Database, cafRowId: string): Promise<SingleWindowPushRow[]> {
  return db
    .select()
    .from(singleWindowOutbox)
    .where(eq(singleWindowOutbox.cafRowId, cafRowId))
    .orderBy(asc(singleWindowOutbox.sequence));
}

/** The CAF's latest push, whatever its state: the pull's status. */
export async function latestPushOfCaf(db: Database, cafRowId: string): Promise<SingleWindowPushRow | undefined> {
  const [row] = await db
    .select()
    .from(singleWindowOutbox)
    .where(eq(singleWindowOutbox.cafRowId, cafRowId))
    .orderBy(desc(singleWindowOutbox.sequence))
    .limit(1);
  return row;
}

const OUTBOX_SORT_COLUMNS = {
  created_at: singleWindowOutbox.createdAt,
} satisfies Record<(typeof SINGLE_WINDOW_OUTBOX_LIST.sort)[number], SortExpression>;

/** One page of the outbox screen: by state, searched by CAF id or application number. */
export async function searchPushes(db: Database, query: SingleWindowOutboxQuery): Promise<Page<SingleWindowPushRow>> {
  const conditions: SQL[] = [];
  if (query.state?.length) conditions.push(inArray(singleWindowOutbox.state, query.state as SingleWindowPushState[]));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      inArray(
        singleWindowOutbox.cafRowId,
        db
          .select({ id: singleWindowCafs.id })
          .from(singleWindowCafs)
          .where(or(ilike(singleWindowCafs.cafId, pattern), ilike(singleWindowCafs.applicationNumber, pattern))),
      ),
    );
  }
  return pageOfTable(db, {
    table: singleWindowOutbox,
    request: query,
    sortColumns: OUTBOX_SORT_COLUMNS,
    conditions,
    total: 'capped',
  });
}

/** The CAF ids and application numbers of the pushes' CAFs, by CAF row id. */
export async function cafNamesOf(
  db: Database,
  cafRowIds: readonly string[],
): Promise<Map<string, { cafId: string; applicationNumber: string }>> {
  if (cafRowIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: singleWindowCafs.id,
      cafId: singleWindowCafs.cafId,
      applicationNumber: singleWindowCafs.applicationNumber,
    })
    .from(singleWindowCafs)
    .where(inArray(singleWindowCafs.id, [...new Set(cafRowIds)]));
  return new Map(rows.map((row) => [row.id, { cafId: row.cafId, applicationNumber: row.applicationNumber }]));
}

/** The verification code of the application's latest valid issued document of these kinds, for a push's link. */
export async function latestIssuedDocumentCode(
  db: Database,
  applicationId: string,
  kinds: readonly string[],
): Promise<string | undefined> {
  if (kinds.length === 0) return undefined;
  const [row] = await db
    .select({ code: issuedDocuments.verificationCode })
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.applicationId, applicationId),
        inArray(issuedDocuments.kind, [...kinds]),
        eq(issuedDocuments.status, 'valid'),
      ),
    )
    .orderBy(desc(issuedDocuments.issuedAt))
    .limit(1);
  return row?.code;
}
