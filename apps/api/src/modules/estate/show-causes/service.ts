/** Cancellation of an allotment for non-compliance (product decisions section 9): an officer issues a show-cause
 * notice naming the grounds, the holder replies within SHOW_CAUSE_REPLY_DAYS calendar days (with documents if they
 * wish), and an officer orders after the reply, or after the reply-by day passes unanswered: the allotment is
 * cancelled (the plot returns to the inventory, the refund is recorded) or the notice is dropped. Every step is a
 * conditional update in one transaction with what follows from it, so two officers ordering at once cannot both win.
 *
 * Documents go with the reply: the holder uploads them while the notice awaits a reply (on or before the reply-by
 * day) and before sending the reply; once the reply is sent, the reply and its files are final. */
import {
  isApplicant,
  addCalendarDays,
  can,
  cancellationRefund,
  SHOW_CAUSE_ACTIONS,
  SHOW_CAUSE_EVENTS,
  SHOW_CAUSE_ORDER_EVENTS,
  SHOW_CAUSE_REPLY_DAYS,
  showCauseGuardHolds,
  type DecideShowCauseRequest,
  type FileExtension,
  type IssueShowCauseRequest,
  type ReplyShowCauseRequest,
  type ShowCause,
  type ShowCauseGuard,
  type ShowCauseStatus,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { isUniqueViolation } from '../../../db/unique-violation';
import { businessTodayIso } from '../../../core/dates';
import { conflict, forbidden, HttpError, notFound } from '../../../core/http-error';
import type { ReceivedFile } from '../../../lib/uploads';
import { actorOf, type CurrentUser } from '../../../plugins/auth';
import type { FileStorage } from '../../../plugins/storage';
import { ALLOTMENT_NOT_FOUND, loadVisibleAllotment } from '../../../case/access';
import { moveCase } from '../../../case/engine';
import { recordEvent } from '../../../case/events';
import { findAllotmentLabels, lockAllotment, type AllotmentRow } from '../../../repositories/allotments';
import { findAssetById, releaseAssetIf } from '../../../repositories/assets';
import { nextNumber } from '../../../repositories/counters';
import { sumPaidInvoices, sumUnpaidInvoices } from '../../../repositories/invoices';
import {
  cancelAllotmentIfActive,
  countShowCauseDocuments,
  findShowCauseById,
  findShowCauseDocument,
  findShowCauseDocuments,
  findShowCausesOfAllotment,
  insertShowCauseDocument,
  insertShowCauseIfNoneOpen,
  lockShowCause,
  SHOW_CAUSE_MAX_DOCUMENTS,
  showCauseStatus,
  toShowCause,
  writeShowCauseMove,
  type ShowCauseDocumentRow,
  type ShowCauseRow,
} from '../../../repositories/show-causes';

/** What a reply may attach: a PDF or a picture, as the applicant's other proofs. */
export const SHOW_CAUSE_DOCUMENT_EXTENSIONS: readonly FileExtension[] = ['pdf', 'jpg', 'jpeg', 'png'];

export const SHOW_CAUSE_NOT_FOUND = 'Show-cause notice not found';
const ONE_OPEN = 'A show-cause notice is already open on this allotment: decide it before issuing another';
const NOT_LIVE = 'A show-cause notice can be issued only on an active allotment whose possession has been recorded';

const stateConflict = (detail: string) => conflict(detail, 'show_cause_state');

/** The notice and its allotment, if the caller may see the allotment (another entrepreneur: 404 for the notice). */
async function loadVisibleShowCause(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<{ notice: ShowCauseRow; allotment: AllotmentRow }> {
  const notice = await findShowCauseById(db, id);
  if (!notice) {
    if (!isApplicant(user) && !can(user.role, 'read:allotments:any')) throw forbidden();
    throw notFound(SHOW_CAUSE_NOT_FOUND);
  }
  try {
    return { notice, allotment: await loadVisibleAllotment(db, user, notice.allotmentId) };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(SHOW_CAUSE_NOT_FOUND);
    throw error;
  }
}

const HOLDER_ONLY = 'Only the holder of the allotment can reply to its show-cause notice';

/** Only the one who holds the allotment now answers its notice: staff are refused before the notice is looked up. */
function assertEntrepreneur(user: CurrentUser): void {
  if (!isApplicant(user)) throw forbidden(HOLDER_ONLY);
}
function assertHolder(user: CurrentUser, allotment: AllotmentRow): void {
  if (!isApplicant(user) || allotment.holderUserId !== user.id) throw forbidden(HOLDER_ONLY);
}

/** Notices as the API answers them: one lookup of labels and documents for all of them. */
async function describe(db: Database, allotment: AllotmentRow, rows: readonly ShowCauseRow[]): Promise<ShowCause[]> {
  const labels = await findAllotmentLabels(db, [allotment]);
  const documents = await findShowCauseDocuments(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toShowCause(
      row,
      {
        allotmentNumber: allotment.allotmentNumber,
        assetCode: labels.assets.get(allotment.assetId)?.code ?? null,
        holderName: labels.holders.get(allotment.holderUserId) ?? null,
      },
      documents.filter((doc) => doc.showCauseId === row.id),
    ),
  );
}

async function describeOne(db: Database, allotment: AllotmentRow, row: ShowCauseRow): Promise<ShowCause> {
  return (await describe(db, allotment, [row]))[0]!;
}

export async function issueShowCause(
  db: Database,
  user: CurrentUser,
  allotmentId: string,
  request: IssueShowCauseRequest,
): Promise<ShowCause> {
  await loadVisibleAllotment(db, user, allotmentId);
  try {
    return await db.transaction(async (tx) => {
      // The allotment's row lock queues officers issuing on it at once; the partial unique index backs it.
      const allotment = await lockAllotment(tx, allotmentId);
      if (!allotment) throw notFound(ALLOTMENT_NOT_FOUND);
      if (allotment.status !== 'active' || !allotment.possessionDate) throw conflict(NOT_LIVE, 'service_not_allowed');
      const open = (await findShowCausesOfAllotment(tx, allotment.id)).some((row) => row.outcome === null);
      if (open) throw stateConflict(ONE_OPEN);
      const today = businessTodayIso();
      const notice = await insertShowCauseIfNoneOpen(tx, {
        noticeNumber: await nextNumber(tx, 'showCause'),
        allotmentId: allotment.id,
        grounds: request.grounds.trim(),
        issuedBy: user.id,
        replyBy: addCalendarDays(today, SHOW_CAUSE_REPLY_DAYS),
      });
      if (!notice) throw stateConflict(ONE_OPEN);
      await recordEvent(tx, actorOf(user), {
        applicationId: allotment.applicationId,
        code: 'show_cause_issued',
        params: { notice_number: notice.noticeNumber, reply_by: notice.replyBy },
        entityType: 'show_cause',
        entityId: notice.id,
      });
      return describeOne(tx, allotment, notice);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw stateConflict(ONE_OPEN);
    throw error;
  }
}

export async function listShowCausesOfAllotment(
  db: Database,
  user: CurrentUser,
  allotmentId: string,
): Promise<ShowCause[]> {
  const allotment = await loadVisibleAllotment(db, user, allotmentId);
  return describe(db, allotment, await findShowCausesOfAllotment(db, allotment.id));
}

export async function getShowCause(db: Database, user: CurrentUser, id: string): Promise<ShowCause> {
  const { notice, allotment } = await loadVisibleShowCause(db, user, id);
  return describeOne(db, allotment, notice);
}

/** Why the holder may not reply (or attach a file to the reply) in this step. */
function replyNotAllowed(status: ShowCauseStatus): HttpError {
  return stateConflict(
    status === 'decided'
      ? 'This show-cause notice has been decided: no reply can be made now'
      : 'The reply to this show-cause notice has already been sent',
  );
}

/** Throws the refusal of a guard that does not hold for the notice today (contract showCauseGuardHolds). */
function checkShowCauseGuard(
  guard: ShowCauseGuard,
  notice: ShowCauseRow,
  allotment: AllotmentRow,
  today: string,
): void {
  const facts = { status: showCauseStatus(notice), reply_by: notice.replyBy, allotment_status: allotment.status };
  if (showCauseGuardHolds(guard, facts, today)) return;
  const refusals: Record<ShowCauseGuard, string> = {
    within_reply_by: `The time to reply to this notice ended on ${notice.replyBy}`,
    reply_closed: `The holder may reply until ${notice.replyBy}: an order can be made after the reply, or after that day`,
    allotment_active: `This allotment is already ${allotment.status}: it cannot be cancelled`,
  };
  throw stateConflict(refusals[guard]);
}

export async function replyToShowCause(
  db: Database,
  user: CurrentUser,
  id: string,
  request: ReplyShowCauseRequest,
): Promise<ShowCause> {
  assertEntrepreneur(user);
  const { allotment } = await loadVisibleShowCause(db, user, id);
  assertHolder(user, allotment);
  return db.transaction(async (tx) => {
    const current = await lockShowCause(tx, id);
    if (!current) throw notFound(SHOW_CAUSE_NOT_FOUND);
    const today = businessTodayIso();
    const replied = await moveCase({
      table: SHOW_CAUSE_EVENTS,
      event: 'reply',
      from: showCauseStatus(current),
      by: { mayFire: true },
      checks: {
        notAllowed: (from) => replyNotAllowed(from),
        forbidden: () => forbidden(HOLDER_ONLY),
        guard: (guard) => checkShowCauseGuard(guard, current, allotment, today),
        lostRace: () => stateConflict('This show-cause notice was replied to or decided at the same time'),
      },
      write: (from) => writeShowCauseMove(tx, id, from, { to: 'replied', reply: request.reply.trim() }),
      record: {
        tx,
        actor: actorOf(user),
        entry: (moved) => ({
          applicationId: allotment.applicationId,
          params: { notice_number: moved.noticeNumber },
          entityType: 'show_cause',
          entityId: moved.id,
        }),
      },
    });
    return describeOne(tx, allotment, replied);
  });
}

/** A file for the reply, before it is sent. Stored first, then recorded under the notice's lock (a reply sent at the
 * same moment either sees it or refuses it); the stored file is removed if the record is refused. */
export async function uploadShowCauseDocument(
  db: Database,
  storage: FileStorage,
  user: CurrentUser,
  id: string,
  file: ReceivedFile,
): Promise<ShowCause> {
  assertEntrepreneur(user);
  const { allotment } = await loadVisibleShowCause(db, user, id);
  assertHolder(user, allotment);
  const storageKey = await storage.save(file.bytes);
  try {
    return await db.transaction(async (tx) => {
      const current = await lockShowCause(tx, id);
      if (!current) throw notFound(SHOW_CAUSE_NOT_FOUND);
      const attach = SHOW_CAUSE_ACTIONS.attach_reply_document;
      const status = showCauseStatus(current);
      if (!attach.in.includes(status)) throw replyNotAllowed(status);
      const today = businessTodayIso();
      for (const guard of attach.guards) checkShowCauseGuard(guard, current, allotment, today);
      if ((await countShowCauseDocuments(tx, id)) >= SHOW_CAUSE_MAX_DOCUMENTS) {
        throw stateConflict(`A reply may carry at most ${SHOW_CAUSE_MAX_DOCUMENTS} files`);
      }
      await insertShowCauseDocument(tx, {
        showCauseId: id,
        fileName: file.fileName,
        storageKey,
        fileSize: file.bytes.length,
        uploadedBy: user.id,
      });
      return describeOne(tx, allotment, current);
    });
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

/** One of the reply's files, for the holder and staff. */
export async function openShowCauseDocument(
  db: Database,
  user: CurrentUser,
  id: string,
  documentId: string,
): Promise<ShowCauseDocumentRow> {
  const { notice } = await loadVisibleShowCause(db, user, id);
  const document = await findShowCauseDocument(db, notice.id, documentId);
  if (!document) throw notFound('Document not found');
  return document;
}

/** The order: after the reply, or after the reply-by day has passed unanswered. Cancelling ends the allotment today,
 * returns the plot to the inventory with its full area and records the refund (the premium paid less 10%, the EMD
 * forfeited, unpaid dues set off); dropping closes the notice and changes nothing else. Lock order: the allotment,
 * then the notice; the notice's conditional update lets exactly one of two racing officers order. */
export async function decideShowCause(
  db: Database,
  user: CurrentUser,
  id: string,
  request: DecideShowCauseRequest,
): Promise<ShowCause> {
  const { notice } = await loadVisibleShowCause(db, user, id);
  return db.transaction(async (tx) => {
    const allotment = await lockAllotment(tx, notice.allotmentId);
    if (!allotment) throw notFound(ALLOTMENT_NOT_FOUND);
    const current = await findShowCauseById(tx, id);
    if (!current) throw notFound(SHOW_CAUSE_NOT_FOUND);
    const today = businessTodayIso();
    const event = SHOW_CAUSE_ORDER_EVENTS[request.outcome];
    const refund =
      event === 'cancel_allotment'
        ? cancellationRefund(
            await sumPaidInvoices(tx, allotment.applicationId, 'premium_instalment'),
            await sumUnpaidInvoices(tx, allotment.applicationId),
          )
        : null;
    // The plot a cancellation releases, named on the timeline with the order.
    const assetCode =
      event === 'cancel_allotment' ? ((await findAssetById(tx, allotment.assetId))?.assetCode ?? null) : null;
    const decided = await moveCase({
      table: SHOW_CAUSE_EVENTS,
      event,
      from: showCauseStatus(current),
      // The route has checked the permission.
      by: { mayFire: true },
      checks: {
        notAllowed: () => stateConflict('This show-cause notice has already been decided'),
        forbidden: () => forbidden(),
        guard: (guard) => checkShowCauseGuard(guard, current, allotment, today),
        lostRace: () => stateConflict('This show-cause notice was decided by someone else at the same time'),
      },
      write: (from) =>
        writeShowCauseMove(tx, id, from, {
          to: 'decided',
          outcome: request.outcome,
          hearingNote: request.hearing_note.trim(),
          decidedBy: user.id,
          refundDue: refund,
        }),
      record: {
        tx,
        actor: actorOf(user),
        entry: (moved) => ({
          applicationId: allotment.applicationId,
          params: {
            notice_number: moved.noticeNumber,
            outcome: moved.outcome,
            allotment_number: allotment.allotmentNumber,
            asset_code: assetCode,
            refund_due: refund,
          },
          entityType: 'show_cause',
          entityId: moved.id,
        }),
      },
    });
    if (event === 'cancel_allotment') {
      const ended = await cancelAllotmentIfActive(tx, allotment.id, today, refund ?? 0);
      if (!ended) throw stateConflict('This allotment is no longer active: it cannot be cancelled');
      await releaseAssetIf(tx, ended.assetId, ['allotted', 'reserved']);
    }
    return describeOne(tx, allotment, decided);
  });
}
