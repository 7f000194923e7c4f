/** Show-cause notices on allotments (cancellation for non-compliance, product decisions section 9) and the files the
 * holder attaches to a reply. At most one open notice per allotment (the partial unique index show_causes_open_uq):
 * an insert that would break it answers undefined instead of a row. Every change of a notice's step is a conditional
 * update, so of two racing callers exactly one finds the notice still in the step it expects. */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ShowCause, ShowCauseOutcome, ShowCauseStatus } from '@portal/contract';
import type { Database } from '../db/client';
import { allotments, assets, showCauseDocuments, showCauses } from '../db/schema';
import { clock } from '../core/clock';

export type ShowCauseRow = typeof showCauses.$inferSelect;
export type ShowCauseDocumentRow = typeof showCauseDocuments.$inferSelect;

/** awaiting_reply until the holder replies (it stays so after the reply-by day, until an order), replied, decided. */
export function showCauseStatus(row: ShowCauseRow): ShowCauseStatus {
  if (row.outcome) return 'decided';
  if (row.repliedAt) return 'replied';
  return 'awaiting_reply';
}

/** The notice as the API answers it, with the allotment's labels and the reply's documents. */
export function toShowCause(
  row: ShowCauseRow,
  labels: { allotmentNumber: string; assetCode: string | null; holderName: string | null },
  documents: readonly ShowCauseDocumentRow[],
): ShowCause {
  return {
    id: row.id,
    notice_number: row.noticeNumber,
    allotment_id: row.allotmentId,
    allotment_number: labels.allotmentNumber,
    asset_code: labels.assetCode,
    holder_name: labels.holderName,
    status: showCauseStatus(row),
    grounds: row.grounds,
    issued_at: row.issuedAt.toISOString(),
    reply_by: row.replyBy,
    reply: row.reply,
    replied_at: row.repliedAt?.toISOString() ?? null,
    reply_documents: documents.map((doc) => ({
      id: doc.id,
      file_name: doc.fileName,
      file_size: doc.fileSize,
      uploaded_at: doc.uploadedAt.toISOString(),
    })),
    hearing_note: row.hearingNote,
    outcome: row.outcome,
    decided_at: row.decidedAt?.toISOString() ?? null,
    refund_due: row.refundDue,
  };
}

export interface NewShowCause {
  noticeNumber: string;
  allotmentId: string;
  grounds: string;
  issuedBy: string;
  replyBy: string;
}

/** Inserts an open notice; undefined when the allotment already has one (a racing officer won). */
export async function insertShowCauseIfNoneOpen(db: Database, values: NewShowCause): Promise<ShowCauseRow | undefined> {
  const [row] = await db.insert(showCauses).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findShowCauseById(db: Database, id: string): Promise<ShowCauseRow | undefined> {
  const [row] = await db.select().from(showCauses).where(eq(showCauses.id, id));
  return row;
}

/** The notice under a row lock, for a change that must see its current step (an upload against a reply). */
export async function lockShowCause(db: Database, id: string): Promise<ShowCauseRow | undefined> {
  const [row] = await db.select().from(showCauses).where(eq(showCauses.id, id)).for('update');
  return row;
}

/** An allotment's notices, newest first. */
export async function findShowCausesOfAllotment(db: Database, allotmentId: string): Promise<ShowCauseRow[]> {
  return db
    .select()
    .from(showCauses)
    .where(eq(showCauses.allotmentId, allotmentId))
    .orderBy(desc(showCauses.issuedAt), desc(showCauses.noticeNumber));
}

/** The open notice (not yet decided) of each of these allotments that has one: allotment id → notice id. */
export async function findOpenShowCauseIds(
  db: Database,
  allotmentIds: readonly string[],
): Promise<Map<string, string>> {
  if (allotmentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: showCauses.id, allotmentId: showCauses.allotmentId })
    .from(showCauses)
    .where(and(inArray(showCauses.allotmentId, [...allotmentIds]), isNull(showCauses.outcome)));
  return new Map(rows.map((row) => [row.allotmentId, row.id]));
}

/** A notice's step as a condition on its row: the step is read from the reply and the order (showCauseStatus). */
function showCauseIn(statuses: readonly ShowCauseStatus[]): SQL {
  const step: Record<ShowCauseStatus, SQL> = {
    awaiting_reply: and(isNull(showCauses.outcome), isNull(showCauses.repliedAt))!,
    replied: and(isNull(showCauses.outcome), isNotNull(showCauses.repliedAt))!,
    decided: isNotNull(showCauses.outcome),
  };
  return or(...statuses.map((status) => step[status]))!;
}

/** What a move writes: the holder's reply, or the order. */
export type ShowCauseMove =
  | { to: 'replied'; reply: string }
  | {
      to: 'decided';
      outcome: ShowCauseOutcome;
      hearingNote: string;
      decidedBy: string;
      refundDue: number | null;
    };

/** The notice's one move writer, called as the engine's write (case/engine.ts moveCase): records the reply or the
 * order only while the notice is still in one of `from`; undefined when it is not (someone moved it meanwhile). */
export async function writeShowCauseMove(
  db: Database,
  id: string,
  from: readonly ShowCauseStatus[],
  move: ShowCauseMove,
): Promise<ShowCauseRow | undefined> {
  const values =
    move.to === 'replied'
      ? { reply: move.reply, repliedAt: clock.now() }
      : {
          outcome: move.outcome,
          hearingNote: move.hearingNote,
          decidedBy: move.decidedBy,
          decidedAt: clock.now(),
          refundDue: move.refundDue,
        };
  const [row] = await db
    .update(showCauses)
    .set(values)
    .where(and(eq(showCauses.id, id), showCauseIn(from)))
    .returning();
  return row;
}

/** Ends an active allotment by cancellation; undefined when it is no longer active. */
export async function cancelAllotmentIfActive(
  db: Database,
  id: string,
  endedOn: string,
  refundDue: number,
): Promise<typeof allotments.$inferSelect | undefined> {
  const [row] = await db
    .update(allotments)
    .set({ status: 'cancelled', endedOn, refundDue })
    .where(and(eq(allotments.id, id), eq(allotments.status, 'active')))
    .returning();
  return row;
}

/** At most this many files go with one reply. */
export const SHOW_CAUSE_MAX_DOCUMENTS = 10;

export async function insertShowCauseDocument(
  db: Database,
  values: { showCauseId: string; fileName: string; storageKey: string; fileSize: number; uploadedBy: string },
): Promise<ShowCauseDocumentRow> {
  const [row] = await db.insert(showCauseDocuments).values(values).returning();
  return row!;
}

/** The reply's files of these notices, oldest first. */
export async function findShowCauseDocuments(
  db: Database,
  showCauseIds: readonly string[],
): Promise<ShowCauseDocumentRow[]> {
  if (showCauseIds.length === 0) return [];
  return db
    .select()
    .from(showCauseDocuments)
    .where(inArray(showCauseDocuments.showCauseId, [...showCauseIds]))
    .orderBy(asc(showCauseDocuments.uploadedAt), asc(showCauseDocuments.id));
}

export async function findShowCauseDocument(
  db: Database,
  showCauseId: string,
  documentId: string,
): Promise<ShowCauseDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(showCauseDocuments)
    .where(and(eq(showCauseDocuments.id, documentId), eq(showCauseDocuments.showCauseId, showCauseId)));
  return row;
}

export async function countShowCauseDocuments(db: Database, showCauseId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(showCauseDocuments)
    .where(eq(showCauseDocuments.showCauseId, showCauseId));
  return Number(row?.n ?? 0);
}

/** The register's "show-cause pending reply" list: the allotment has an open notice not yet replied to. Reads the
 * partial index of open notices (show_causes_open_uq, by allotment). */
export function allotmentAwaitingShowCauseReply(): SQL {
  return sql`exists (select 1 from ${showCauses} where ${showCauses.allotmentId} = ${allotments.id} and ${showCauses.outcome} is null and ${showCauses.repliedAt} is null)`;
}

/** How many open notices await a reply, within a zone if given (the partial index show_causes_awaiting_idx). */
export async function countShowCausesAwaitingReply(db: Database, zone?: string): Promise<number> {
  const conditions: SQL[] = [isNull(showCauses.outcome), isNull(showCauses.repliedAt)];
  if (zone) {
    conditions.push(
      sql`${showCauses.allotmentId} in (select ${allotments.id} from ${allotments} where ${allotments.assetId} in (select ${assets.id} from ${assets} where ${assets.zone} = ${zone}))`,
    );
  }
  const [row] = await db
    .select({ n: count() })
    .from(showCauses)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}
