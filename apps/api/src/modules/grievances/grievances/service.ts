/** Grievances (decision 038): raised by any signed-in user, optionally about a case of their own (another's answers
 * 404, as every read of it does), numbered and routed by category to an officer role; worked by the officers
 * (reply, ask for detail, resolve), answered, reopened once within GRIEVANCE_REOPEN_DAYS and rated once by the
 * complainant. Every step locks the grievance's row and checks its state in the transaction that writes the next
 * (moves through the case engine), with its story entry and its notifications. */
import {
  addCalendarDays,
  addWorkingDays,
  businessDay,
  calendarDaysBetween,
  can,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_EVENTS,
  GRIEVANCE_FIGURE_MONTHS,
  GRIEVANCE_MAX_ATTACHMENTS,
  GRIEVANCE_REOPEN_DAYS,
  GRIEVANCE_STEPS,
  GRIEVANCE_ACTIONS,
  grievanceRouteOf,
  mayRaiseGrievance,
  mayTakeGrievanceAction,
  ROUTES,
  workingDaysBetween,
  type Grievance,
  type GrievanceActionRequest,
  type GrievanceEventName,
  type GrievanceFigures,
  type GrievanceListQuery,
  type GrievanceSummary,
  type NotificationCode,
  type NotificationParams,
  type RaiseGrievanceRequest,
  type Role,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { CALENDAR } from '../../../core/business-calendar';
import { clock } from '../../../core/clock';
import { businessDayStartOf, businessTodayIso } from '../../../core/dates';
import { conflict, forbidden, invalidField, notFound } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import { loadVisibleAllotment, loadVisibleApplication } from '../../../case/access';
import { zoneScopeOf, type CurrentUser } from '../../../case/actor';
import { moveCase } from '../../../case/engine';
import { deliver } from '../../../lib/notify';
import type { ReceivedFile } from '../../../lib/uploads';
import type { FileStorage } from '../../../plugins/storage';
import { findAssetById } from '../../../repositories/assets';
import { nextNumber } from '../../../repositories/counters';
import { findInvoiceById } from '../../../repositories/invoices';
import {
  findGrievanceAttachment,
  findGrievanceAttachments,
  findGrievanceById,
  findGrievanceEntries,
  findGrievanceLabels,
  grievanceComplainant,
  grievanceFiguresSince,
  grievanceOfficers,
  insertGrievance,
  insertGrievanceAttachment,
  insertGrievanceEntry,
  lockGrievance,
  rateGrievanceIfUnrated,
  searchGrievances,
  writeGrievanceMove,
  type GrievanceAttachmentRow,
  type GrievanceRow,
} from '../repositories/grievances';

export const GRIEVANCE_NOT_FOUND = 'Grievance not found';

const grievanceState = (detail: string) => conflict(detail, 'grievance_state');

/** The web path of a grievance, the same page for the complainant and the officers (it offers each their actions). */
export const grievanceLink = (id: string) => ROUTES.grievanceDetail.path.replace(':id', id);

const isComplainant = (user: CurrentUser, row: GrievanceRow) => row.raisedBy === user.id;

/** Whether the user may read the grievance: its complainant, or staff who work grievances (a zonal manager with a zone
 * only that zone's). Anyone else is answered 404, as for a grievance that does not exist. */
function mayRead(user: CurrentUser, row: GrievanceRow): boolean {
  if (isComplainant(user, row)) return true;
  if (!can(user.role, 'work:grievance')) return false;
  const scope = zoneScopeOf(user);
  return !scope || row.zone === scope;
}

async function loadVisibleGrievance(db: Database, user: CurrentUser, id: string): Promise<GrievanceRow> {
  const row = await findGrievanceById(db, id);
  if (!row || !mayRead(user, row)) throw notFound(GRIEVANCE_NOT_FOUND);
  return row;
}

const isOverdue = (row: GrievanceRow, today: string) => row.status === 'open' && row.dueOn < today;

/** The last day a resolved grievance may be reopened, while it still may be (never reopened). */
function reopenUntil(row: GrievanceRow): string | null {
  if (row.status !== 'resolved' || row.reopenedAt || !row.resolvedAt) return null;
  return addCalendarDays(businessDay(row.resolvedAt, CALENDAR), GRIEVANCE_REOPEN_DAYS);
}

function summaryOf(
  row: GrievanceRow,
  labels: Awaited<ReturnType<typeof findGrievanceLabels>>,
  today: string,
): GrievanceSummary {
  const subjectId = row.applicationId ?? row.allotmentId ?? row.invoiceId;
  return {
    id: row.id,
    grievance_number: row.grievanceNumber,
    category: row.category,
    text: row.text,
    status: row.status,
    complainant_name: labels.complainants.get(row.raisedBy) ?? '',
    subject: row.applicationId ? 'application' : row.allotmentId ? 'allotment' : row.invoiceId ? 'invoice' : null,
    subject_number: subjectId ? (labels.numbers.get(subjectId) ?? null) : null,
    zone: row.zone,
    routed_to: row.routedTo,
    escalated_to: row.escalatedTo,
    raised_at: row.raisedAt.toISOString(),
    due_on: row.dueOn,
    overdue: isOverdue(row, today),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    reopened: row.reopenedAt !== null,
    rating: row.rating,
    reopen_until: reopenUntil(row),
  };
}

async function describe(db: Database, user: CurrentUser, row: GrievanceRow): Promise<Grievance> {
  const [labels, entries, attachments] = await Promise.all([
    findGrievanceLabels(db, [row]),
    findGrievanceEntries(db, row.id),
    findGrievanceAttachments(db, row.id),
  ]);
  const today = businessTodayIso();
  const viewer = { role: user.role, isComplainant: isComplainant(user, row) };
  const until = reopenUntil(row);
  return {
    ...summaryOf(row, labels, today),
    is_complainant: viewer.isComplainant,
    // What the screen offers: the table's actions, less a reopen or rating whose guard it can read already refused.
    actions: GRIEVANCE_ACTIONS.filter((action) => mayTakeGrievanceAction(action, row.status, viewer)).filter(
      (action) =>
        (action !== 'reopen' || (until !== null && today <= until)) && (action !== 'rate' || row.rating === null),
    ),
    attachments: attachments.map((file) => ({
      id: file.id,
      file_name: file.fileName,
      file_size: file.fileSize,
      uploaded_at: file.uploadedAt.toISOString(),
    })),
    entries: entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      actor_name: entry.actorName,
      actor_role: entry.actorRole,
      message: entry.message,
      params: entry.params,
      at: entry.createdAt.toISOString(),
    })),
  };
}

/** The case the grievance names, the caller's own (or visible to them), and its zone: another's answers 404. */
async function subjectOf(
  db: Database,
  user: CurrentUser,
  request: RaiseGrievanceRequest,
): Promise<{ applicationId?: string; allotmentId?: string; invoiceId?: string; zone: string | null }> {
  const named = [request.application_id, request.allotment_id, request.invoice_id].filter(Boolean);
  if (named.length > 1) {
    throw invalidField('body.application_id', 'Name at most one application, allotment or invoice');
  }
  const zoneOfAsset = async (assetId: string) => (await findAssetById(db, assetId))?.zone ?? null;
  if (request.application_id) {
    const application = await loadVisibleApplication(db, user, request.application_id);
    return { applicationId: application.id, zone: await zoneOfAsset(application.assetId) };
  }
  if (request.allotment_id) {
    const allotment = await loadVisibleAllotment(db, user, request.allotment_id);
    return { allotmentId: allotment.id, zone: await zoneOfAsset(allotment.assetId) };
  }
  if (request.invoice_id) {
    const invoice = await findInvoiceById(db, request.invoice_id);
    if (!invoice) throw notFound('Invoice not found');
    // The invoice's application decides whether it is the caller's: another's answers the same 404.
    const application = await loadVisibleApplication(db, user, invoice.applicationId).catch((error: unknown) => {
      throw (error as { statusCode?: number }).statusCode === 404 ? notFound('Invoice not found') : error;
    });
    return { invoiceId: invoice.id, zone: await zoneOfAsset(application.assetId) };
  }
  return { zone: null };
}

/** The officers a grievance waits on: its routed role (a zonal manager of its zone) and, once escalated, that level. */
async function officersOf(tx: Database, row: GrievanceRow) {
  const routed = await grievanceOfficers(tx, row.routedTo, row.zone);
  const above = row.escalatedTo ? await grievanceOfficers(tx, row.escalatedTo, row.zone) : [];
  return [...routed, ...above];
}

const paramsOf = (row: GrievanceRow, extra: NotificationParams = {}): NotificationParams => ({
  grievance_number: row.grievanceNumber,
  category: row.category,
  ...extra,
});

async function tell(
  tx: Database,
  row: GrievanceRow,
  to: 'complainant' | 'officers',
  code: NotificationCode,
  extra: NotificationParams = {},
  actorId?: string,
): Promise<void> {
  const found =
    to === 'complainant'
      ? [await grievanceComplainant(tx, row.raisedBy)].filter((one) => one !== undefined)
      : await officersOf(tx, row);
  // Officers are not told of what they did themselves.
  const recipients = found.filter((one) => one.id !== actorId);
  await deliver(tx, recipients, {
    code,
    params: paramsOf(row, extra),
    link: grievanceLink(row.id),
    applicationId: row.applicationId,
  });
}

/** Raises the caller's grievance: numbered, routed, its promised day set, its complainant and officers told. */
export async function raiseGrievance(
  db: Database,
  user: CurrentUser,
  request: RaiseGrievanceRequest,
): Promise<Grievance> {
  if (!mayRaiseGrievance(user.role)) throw forbidden();
  const subject = await subjectOf(db, user, request);
  const now = clock.now();
  const today = businessTodayIso(now);
  const rule = GRIEVANCE_CATEGORIES[request.category];
  return db.transaction(async (tx) => {
    const row = await insertGrievance(tx, {
      grievanceNumber: await nextNumber(tx, 'grievance', now),
      raisedBy: user.id,
      category: request.category,
      text: request.text.trim(),
      applicationId: subject.applicationId ?? null,
      allotmentId: subject.allotmentId ?? null,
      invoiceId: subject.invoiceId ?? null,
      zone: subject.zone,
      routedTo: grievanceRouteOf(request.category, subject.zone),
      raisedAt: now,
      dueOn: addWorkingDays(today, rule.workingDays, CALENDAR),
    });
    await insertGrievanceEntry(tx, {
      grievanceId: row.id,
      kind: 'raised',
      actorId: user.id,
      actorRole: user.role,
      message: row.text,
      params: { routed_to: row.routedTo, due_on: row.dueOn },
      createdAt: now,
    });
    await tell(tx, row, 'complainant', 'grievance_received', { due_on: row.dueOn });
    await tell(tx, row, 'officers', 'grievance_assigned', { due_on: row.dueOn, reason: 'raised' }, user.id);
    return describe(tx, user, row);
  });
}

/** The caller's own grievances, a page at a time. */
export async function listMyGrievances(
  db: Database,
  user: CurrentUser,
  query: GrievanceListQuery,
): Promise<Page<GrievanceSummary>> {
  const today = businessTodayIso();
  const page = await searchGrievances(db, { query, today, raisedBy: user.id });
  const labels = await findGrievanceLabels(db, page.items);
  return { ...page, items: page.items.map((row) => summaryOf(row, labels, today)) };
}

/** The officers' inbox: every grievance (a zonal manager with a zone: that zone's), filtered and searched. */
export async function listGrievanceInbox(
  db: Database,
  user: CurrentUser,
  query: GrievanceListQuery,
): Promise<Page<GrievanceSummary>> {
  const today = businessTodayIso();
  const page = await searchGrievances(db, { query, today, zone: zoneScopeOf(user) });
  const labels = await findGrievanceLabels(db, page.items);
  return { ...page, items: page.items.map((row) => summaryOf(row, labels, today)) };
}

export async function getGrievance(db: Database, user: CurrentUser, id: string): Promise<Grievance> {
  return describe(db, user, await loadVisibleGrievance(db, user, id));
}

function requiredMessage(request: GrievanceActionRequest): string {
  const message = request.message?.trim();
  if (!message) throw invalidField('body.message', 'Write a message');
  return message;
}

/** The notification each move sends and to whom. */
const MOVE_TELLS: Record<
  GrievanceEventName,
  { to: 'complainant' | 'officers'; code: NotificationCode; reason?: string }
> = {
  ask_detail: { to: 'complainant', code: 'grievance_detail_asked' },
  answer: { to: 'officers', code: 'grievance_assigned', reason: 'answered' },
  resolve: { to: 'complainant', code: 'grievance_resolved' },
  reopen: { to: 'officers', code: 'grievance_assigned', reason: 'reopened' },
};

/** One person's action on the grievance, under its row lock: a move through the case engine, or a step that keeps its
 * status (a reply, a rating), each checked against the state read under the lock. */
export async function actOnGrievance(
  db: Database,
  user: CurrentUser,
  id: string,
  request: GrievanceActionRequest,
): Promise<Grievance> {
  await loadVisibleGrievance(db, user, id);
  const { action } = request;
  const message = action === 'rate' ? (request.message?.trim() ?? null) : requiredMessage(request);
  if (action === 'rate' && request.rating === undefined) throw invalidField('body.rating', 'Give a rating from 1 to 5');
  const now = clock.now();
  const today = businessTodayIso(now);
  return db.transaction(async (tx) => {
    const current = await lockGrievance(tx, id);
    if (!current) throw notFound(GRIEVANCE_NOT_FOUND);
    const viewer = { role: user.role, isComplainant: isComplainant(user, current) };
    let row: GrievanceRow;
    if (action === 'reply' || action === 'rate') {
      const step = GRIEVANCE_STEPS[action];
      if (!(step.in as readonly string[]).includes(current.status)) {
        throw grievanceState(
          action === 'reply' ? 'Only an open grievance is replied to' : 'Only a resolved grievance is rated',
        );
      }
      if (!mayTakeGrievanceAction(action, current.status, viewer)) throw forbidden();
      if (action === 'rate') {
        // not_rated
        if (current.rating !== null) throw conflict('This resolution is already rated', 'grievance_rated');
        const rated = await rateGrievanceIfUnrated(tx, id, request.rating!, now);
        if (!rated) throw conflict('This resolution is already rated', 'grievance_rated');
        row = rated;
      } else {
        row = current;
      }
    } else {
      row = await moveGrievance(tx, current, action, viewer, now, today);
    }
    await insertGrievanceEntry(tx, {
      grievanceId: id,
      kind: action,
      actorId: user.id,
      actorRole: user.role,
      message,
      params:
        action === 'rate' ? { rating: request.rating! } : action === 'resolve' ? { on_time: row.resolvedOnTime } : {},
      createdAt: now,
    });
    if (action === 'reply') await tell(tx, row, 'complainant', 'grievance_replied');
    else if (action !== 'rate') {
      const told = MOVE_TELLS[action];
      await tell(tx, row, told.to, told.code, told.reason ? { reason: told.reason, due_on: row.dueOn } : {}, user.id);
    }
    return describe(tx, user, row);
  });
}

/** A move of GRIEVANCE_EVENTS through the engine, with what it records besides the status. */
async function moveGrievance(
  tx: Database,
  current: GrievanceRow,
  event: GrievanceEventName,
  viewer: { role: Role; isComplainant: boolean },
  now: Date,
  today: string,
): Promise<GrievanceRow> {
  const rule = GRIEVANCE_CATEGORIES[current.category];
  const values: Parameters<typeof writeGrievanceMove>[4] = {};
  if (event === 'ask_detail') values.detailAskedAt = now;
  if (event === 'answer' && current.detailAskedAt) {
    // The promised day stood still while the complainant was asked: it moves on by the working days they took.
    const waited = workingDaysBetween(businessDay(current.detailAskedAt, CALENDAR), today, CALENDAR);
    values.dueOn = addWorkingDays(current.dueOn, waited, CALENDAR);
    values.detailAskedAt = null;
  }
  if (event === 'resolve') {
    values.resolvedAt = now;
    values.resolvedOnTime = today <= current.dueOn;
  }
  if (event === 'reopen') {
    // A fresh promised day, and the ladder starts again from it.
    values.reopenedAt = now;
    values.resolvedAt = null;
    values.resolvedOnTime = null;
    values.dueOn = addWorkingDays(today, rule.workingDays, CALENDAR);
    values.escalatedAt = null;
    values.escalatedTo = null;
  }
  return moveCase({
    table: GRIEVANCE_EVENTS,
    event,
    from: current.status,
    by: { mayFire: mayTakeGrievanceAction(event, current.status, viewer) },
    checks: {
      notAllowed: () => grievanceState(`This grievance is ${current.status.replace('_', ' ')}: it cannot be moved so`),
      forbidden: () => forbidden(),
      lostRace: () => grievanceState('This grievance was changed by someone else at the same time'),
      guard: (guard) => {
        if (guard === 'within_reopen_window') {
          const resolvedOn = current.resolvedAt ? businessDay(current.resolvedAt, CALENDAR) : today;
          if (calendarDaysBetween(resolvedOn, today) > GRIEVANCE_REOPEN_DAYS) {
            throw conflict(
              `A grievance may be reopened only within ${GRIEVANCE_REOPEN_DAYS} days of its resolution`,
              'grievance_reopen_closed',
            );
          }
        }
        if (guard === 'not_reopened_before' && current.reopenedAt !== null) {
          throw conflict('This grievance was reopened once already', 'grievance_reopened_before');
        }
      },
    },
    write: (from, to) => writeGrievanceMove(tx, current.id, from, to, values),
  });
}

/** A file of the complainant's, while the grievance is open or waits on their detail, up to the limit. Stored first,
 * then recorded under the grievance's lock; the stored file is removed if the record is refused. */
export async function attachToGrievance(
  db: Database,
  storage: FileStorage,
  user: CurrentUser,
  id: string,
  file: ReceivedFile,
): Promise<Grievance> {
  const found = await loadVisibleGrievance(db, user, id);
  if (!isComplainant(user, found)) throw forbidden('Only the complainant adds files to a grievance');
  const storageKey = await storage.save(file.bytes);
  try {
    return await db.transaction(async (tx) => {
      const current = await lockGrievance(tx, id);
      if (!current) throw notFound(GRIEVANCE_NOT_FOUND);
      if (current.status === 'resolved') throw grievanceState('A resolved grievance takes no more files');
      if ((await findGrievanceAttachments(tx, id)).length >= GRIEVANCE_MAX_ATTACHMENTS) {
        throw grievanceState(`A grievance may carry at most ${GRIEVANCE_MAX_ATTACHMENTS} files`);
      }
      const now = clock.now();
      await insertGrievanceAttachment(tx, {
        grievanceId: id,
        fileName: file.fileName,
        storageKey,
        fileSize: file.bytes.length,
        uploadedBy: user.id,
        uploadedAt: now,
      });
      await insertGrievanceEntry(tx, {
        grievanceId: id,
        kind: 'attachment',
        actorId: user.id,
        actorRole: user.role,
        message: null,
        params: { file_name: file.fileName },
        createdAt: now,
      });
      return describe(tx, user, current);
    });
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

export async function openGrievanceAttachment(
  db: Database,
  user: CurrentUser,
  id: string,
  attachmentId: string,
): Promise<GrievanceAttachmentRow> {
  const grievance = await loadVisibleGrievance(db, user, id);
  const file = await findGrievanceAttachment(db, grievance.id, attachmentId);
  if (!file) throw notFound('File not found');
  return file;
}

/** The public figures: per month and category over the last GRIEVANCE_FIGURE_MONTHS months (from the first day of
 * the earliest), received, resolved on time and reopened. Counts only, no one named. */
export async function grievanceFigures(db: Database, now = clock.now()): Promise<GrievanceFigures> {
  const today = businessTodayIso(now);
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - (GRIEVANCE_FIGURE_MONTHS - 1));
  const since = first.toISOString().slice(0, 10);
  const figures = await grievanceFiguresSince(db, businessDayStartOf(since));
  return { since, figures };
}
