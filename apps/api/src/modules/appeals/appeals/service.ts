/** Appeals to the head office (product decisions section 11). The applicant files one on their own application past
 * its service clock (running, waiting on an officer: ground `late`, against the current stage) or rejected (ground
 * `rejected`, against the stage it was rejected from); the appellate officer (ho) records a hearing, then gives one
 * order. Allowed on a late case, the stage gets the directed due date and its officers are told; allowed on a
 * rejection, the application returns to scrutiny through the case engine (the lifecycle's `appeal_allowed`). Every
 * step checks the appeal's state in the transaction that writes the next one, under the application's row lock. */
import {
  actorMay,
  isApplicant,
  addWorkingDays,
  APPEAL_ACTIONS,
  APPEAL_EVENTS,
  APPEAL_FIGURE_DAYS,
  APPEAL_OPEN_STATUSES,
  APPEAL_WORKING_DAYS,
  businessDay,
  clockView,
  isWorkingDay,
  OFFICER_ROLES,
  type Appeal,
  type AppealEventName,
  type AppealGround,
  type AppealHearingRequest,
  type AppealListQuery,
  type AppealOrderRequest,
  type AppealRefusal,
  type AppealStageFigures,
  type ApplicationAppeals,
  type ApplicationStatus,
  type FileAppealRequest,
  type Role,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { isUniqueViolation } from '../../../db/unique-violation';
import { CALENDAR } from '../../../core/business-calendar';
import { conflict, forbidden, invalidField, notFound } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import { APPLICATION_NOT_FOUND, loadVisibleApplication } from '../../../case/access';
import { actorOf, type CurrentUser } from '../../../case/actor';
import { moveCase } from '../../../case/engine';
import { recordEvent } from '../../../case/events';
import { transition } from '../../applications/rules/transition';
import { applicantLink, deliver, officerLink } from '../../../lib/notify';
import { lockApplication, type ApplicationRow } from '../../../repositories/applications';
import { directStageDueDate } from '../../applications/rules/clock';
import { nextNumber } from '../../../repositories/counters';
import { findSchemeEntry } from '../../schemes/repositories/schemes';
import { activeUsersByIds, activeUsersWithRole, findApplicationFacts } from '../../../repositories/notifications';
import {
  appealsByStageSince,
  findAppealById,
  findAppealLabels,
  findAppealsOfApplication,
  insertAppealIfNoneOpen,
  lockAppeal,
  recordHearingIfOpen,
  searchAppeals,
  statusRejectedFrom,
  writeAppealMove,
  type AppealRow,
} from '../repositories/appeals';
import { clock } from '../../../core/clock';
import { businessTodayIso } from '../../../core/dates';

export const APPEAL_NOT_FOUND = 'Appeal not found';
const ONE_OPEN = 'An appeal on this application is already waiting for its order';
const NOT_APPEALABLE =
  'An appeal can be filed only on an application past its service date (with its clock running, waiting on an officer) or rejected';

const appealState = (detail: string) => conflict(detail, 'appeal_state');

/** The web path of an appeal for the appellate officer. */
const appealLink = (id: string) => `/officer/appeals/${id}`;

const isOfficerRole = (role: Role | null): role is Role =>
  role !== null && (OFFICER_ROLES as readonly Role[]).includes(role);

/** What an appeal filed now would be: its ground and stage, or why none may be filed. */
type Eligibility = { ground: AppealGround; stage: ApplicationStatus } | { refusal: AppealRefusal };

async function eligibility(db: Database, application: ApplicationRow, now: Date): Promise<Eligibility> {
  const open = (await findAppealsOfApplication(db, application.id)).some((row) =>
    APPEAL_OPEN_STATUSES.includes(row.status),
  );
  if (open) return { refusal: 'appeal_open' };
  if (application.status === 'rejected') {
    // A scheme's result (not qualified, or the plot went to another) is the scheme's rule, not an officer's decision.
    if (application.schemeId && (await findSchemeEntry(db, application.id))?.outcome) {
      return { refusal: 'not_appealable' };
    }
    // The stage it was rejected from, as the timeline recorded the move; scrutiny when an old row does not say.
    return { ground: 'rejected', stage: (await statusRejectedFrom(db, application.id)) ?? 'under_scrutiny' };
  }
  const clock = clockView(application, now, CALENDAR);
  // Late on an officer: a case that waits on the applicant (a payment, a deed) is not the corporation's delay.
  if (clock.overdue && isOfficerRole(application.waitingOn)) return { ground: 'late', stage: application.status };
  return { refusal: 'not_appealable' };
}

/** Appeals as the API answers them; the hearing note is the officers' own (null for the applicant). */
async function describe(db: Database, user: CurrentUser, rows: readonly AppealRow[]): Promise<Appeal[]> {
  const labels = await findAppealLabels(db, rows);
  const today = businessTodayIso();
  const staff = !isApplicant(user);
  return rows.map((row) => {
    const application = labels.applications.get(row.applicationId);
    return {
      id: row.id,
      appeal_number: row.appealNumber,
      application_id: row.applicationId,
      application_number: application?.number ?? '',
      organization_name: application?.organizationName ?? null,
      ground: row.ground,
      stage_status: row.stageStatus,
      statement: row.statement,
      status: row.status,
      filed_at: row.filedAt.toISOString(),
      due_on: row.dueOn,
      overdue: APPEAL_OPEN_STATUSES.includes(row.status) && row.dueOn < today,
      hearing_note: staff ? row.hearingNote : null,
      heard_at: row.heardAt?.toISOString() ?? null,
      order_text: row.orderText,
      directed_due_on: row.directedDueOn,
      decided_at: row.decidedAt?.toISOString() ?? null,
      decided_by_name: row.decidedBy ? (labels.deciders.get(row.decidedBy) ?? null) : null,
    };
  });
}

const describeOne = async (db: Database, user: CurrentUser, row: AppealRow) => (await describe(db, user, [row]))[0]!;

/** The application's appeals and whether its applicant may file one now (for the applicant and staff who read it). */
export async function getApplicationAppeals(
  db: Database,
  user: CurrentUser,
  applicationId: string,
): Promise<ApplicationAppeals> {
  const application = await loadVisibleApplication(db, user, applicationId);
  const rows = await findAppealsOfApplication(db, application.id);
  const found = await eligibility(db, application, clock.now());
  const may = 'ground' in found && isApplicant(user);
  return {
    can_appeal: may,
    ground: 'ground' in found ? found.ground : null,
    stage_status: 'ground' in found ? found.stage : null,
    refusal: 'refusal' in found ? found.refusal : null,
    appeals: await describe(db, user, rows),
  };
}

/** Files the applicant's appeal: numbered, its clock started, the head office told, the timeline written. */
export async function fileAppeal(
  db: Database,
  user: CurrentUser,
  applicationId: string,
  request: FileAppealRequest,
): Promise<Appeal> {
  if (!isApplicant(user)) throw forbidden('Only the applicant can file an appeal');
  // Another's application answers 404, as every entrepreneur's read does.
  await loadVisibleApplication(db, user, applicationId);
  try {
    return await db.transaction(async (tx) => {
      const application = await lockApplication(tx, applicationId);
      if (!application) throw notFound(APPLICATION_NOT_FOUND);
      const now = clock.now();
      const found = await eligibility(tx, application, now);
      if ('refusal' in found) {
        throw found.refusal === 'appeal_open'
          ? conflict(ONE_OPEN, 'appeal_open')
          : conflict(NOT_APPEALABLE, 'appeal_not_allowed');
      }
      const today = businessTodayIso(now);
      const appeal = await insertAppealIfNoneOpen(tx, {
        appealNumber: await nextNumber(tx, 'appeal', now),
        applicationId: application.id,
        filedBy: user.id,
        ground: found.ground,
        stageStatus: found.stage,
        statement: request.statement.trim(),
        filedAt: now,
        dueOn: addWorkingDays(today, APPEAL_WORKING_DAYS, CALENDAR),
      });
      if (!appeal) throw conflict(ONE_OPEN, 'appeal_open');
      await recordEvent(tx, actorOf(user), {
        applicationId: application.id,
        code: 'appeal_filed',
        params: {
          appeal_number: appeal.appealNumber,
          appeal_id: appeal.id,
          ground: appeal.ground,
          stage_status: appeal.stageStatus,
          due_on: appeal.dueOn,
        },
        entityType: 'application',
        entityId: application.id,
      });
      await deliver(tx, await activeUsersWithRole(tx, 'ho'), {
        code: 'appeal_filed',
        params: {
          application_number: application.applicationNumber,
          appeal_number: appeal.appealNumber,
          ground: appeal.ground,
          stage_status: appeal.stageStatus,
          due_on: appeal.dueOn,
        },
        link: appealLink(appeal.id),
        applicationId: application.id,
      });
      return describeOne(tx, user, appeal);
    });
  } catch (error) {
    // Two filings at once: the partial unique index lets one in.
    if (isUniqueViolation(error)) throw conflict(ONE_OPEN, 'appeal_open');
    throw error;
  }
}

export async function listAppeals(db: Database, user: CurrentUser, query: AppealListQuery): Promise<Page<Appeal>> {
  const page = await searchAppeals(db, query, businessTodayIso());
  return { ...page, items: await describe(db, user, page.items) };
}

async function loadAppeal(db: Database, id: string): Promise<AppealRow> {
  const appeal = await findAppealById(db, id);
  if (!appeal) throw notFound(APPEAL_NOT_FOUND);
  return appeal;
}

export async function getAppeal(db: Database, user: CurrentUser, id: string): Promise<Appeal> {
  return describeOne(db, user, await loadAppeal(db, id));
}

/** The hearing note, while the appeal waits for its order (a second note replaces the first). */
export async function recordHearing(
  db: Database,
  user: CurrentUser,
  id: string,
  request: AppealHearingRequest,
): Promise<Appeal> {
  const found = await loadAppeal(db, id);
  return db.transaction(async (tx) => {
    await lockApplication(tx, found.applicationId);
    const current = await lockAppeal(tx, id);
    if (!current) throw notFound(APPEAL_NOT_FOUND);
    if (!APPEAL_ACTIONS.record_hearing.in.includes(current.status)) {
      throw appealState('This appeal has its order: no hearing can be recorded now');
    }
    const heard = await recordHearingIfOpen(tx, id, request.hearing_note.trim(), clock.now());
    if (!heard) throw appealState('This appeal was decided at the same time');
    await recordEvent(tx, actorOf(user), {
      applicationId: heard.applicationId,
      code: 'appeal_heard',
      params: { appeal_number: heard.appealNumber, appeal_id: heard.id },
      entityType: 'application',
      entityId: heard.applicationId,
    });
    return describeOne(tx, user, heard);
  });
}

/** The directed date: required on a late case's allowed order, a working day after today. */
function directedDate(request: AppealOrderRequest, today: string): string {
  const day = request.directed_due_on;
  if (!day) throw invalidField('body.directed_due_on', 'Give the date by which the stage must now be decided');
  if (day <= today) throw invalidField('body.directed_due_on', 'The directed date must be after today');
  if (!isWorkingDay(day, CALENDAR)) throw invalidField('body.directed_due_on', 'Choose a working day');
  return day;
}

/** The order: given once. Lock order: the application, then the appeal; the appeal's conditional update lets exactly
 * one of two racing officers order. */
export async function decideAppeal(
  db: Database,
  user: CurrentUser,
  id: string,
  request: AppealOrderRequest,
): Promise<Appeal> {
  const found = await loadAppeal(db, id);
  const now = clock.now();
  const today = businessTodayIso(now);
  const allowed = request.outcome === 'allowed';
  const directed = allowed && found.ground === 'late' ? directedDate(request, today) : null;
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, found.applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    const current = await lockAppeal(tx, id);
    if (!current) throw notFound(APPEAL_NOT_FOUND);
    const event: AppealEventName = allowed ? 'allow' : 'dismiss';
    const decided = await moveCase({
      table: APPEAL_EVENTS,
      event,
      from: current.status,
      by: { mayFire: actorMay(APPEAL_EVENTS[event].by, user.role, false) },
      checks: {
        notAllowed: () => appealState('This appeal already has its order'),
        forbidden: () => forbidden(),
        lostRace: () => appealState('This appeal was decided by someone else at the same time'),
        guard: () => {
          // appealed_stage_open
          if (current.ground === 'late' && application.status !== current.stageStatus) {
            throw appealState(
              'The application has left the stage appealed against, so no new date can be directed for it: dismiss the appeal with reasons instead',
            );
          }
          if (current.ground === 'rejected' && application.status !== 'rejected') {
            throw appealState('The application is no longer rejected: dismiss the appeal with reasons instead');
          }
        },
      },
      write: (from, to) =>
        writeAppealMove(tx, id, from, to, {
          orderText: request.order_text.trim(),
          directedDueOn: directed,
          decidedBy: user.id,
          decidedAt: now,
        }),
      record: {
        tx,
        actor: actorOf(user),
        entry: (moved) => ({
          applicationId: application.id,
          params: {
            appeal_number: moved.appealNumber,
            appeal_id: moved.id,
            outcome: moved.status,
            ground: moved.ground,
            stage_status: moved.stageStatus,
            directed_due_on: directed,
          },
          entityType: 'application',
          entityId: application.id,
        }),
      },
    });
    if (allowed && directed) await directStage(tx, application, decided, directed);
    if (allowed && current.ground === 'rejected') {
      // A new event of the case's life, through the engine: the status check, the fresh clock, the timeline.
      await transition(tx, application, {
        event: 'appeal_allowed',
        by: { user, isOwner: false },
        params: { appeal_number: decided.appealNumber },
      });
    }
    const facts = await findApplicationFacts(tx, application.id);
    if (facts?.owner) {
      await deliver(tx, [facts.owner], {
        code: 'appeal_decided',
        params: {
          application_number: application.applicationNumber,
          appeal_number: decided.appealNumber,
          outcome: decided.status,
          directed_due_on: directed,
        },
        link: applicantLink(application.id),
        applicationId: application.id,
      });
    }
    return describeOne(tx, user, decided);
  });
}

/** An allowed late case: the stage's clock is due on the directed day (its escalation, if any, cleared: the ladder
 * starts again from the new date), and its officers (the role it waits on and the assigned officer) are told. */
async function directStage(
  tx: Database,
  application: ApplicationRow,
  appeal: AppealRow,
  directed: string,
): Promise<void> {
  const moved = await directStageDueDate(tx, application, directed);
  if (!moved) throw appealState('The application was changed at the same time. Please reload and try again.');
  const byRole = isOfficerRole(application.waitingOn) ? await activeUsersWithRole(tx, application.waitingOn) : [];
  const assigned = application.assignedTo ? await activeUsersByIds(tx, [application.assignedTo]) : [];
  await deliver(tx, [...byRole, ...assigned], {
    code: 'appeal_directed',
    params: {
      application_number: application.applicationNumber,
      appeal_number: appeal.appealNumber,
      status: application.status,
      due_date: directed,
    },
    link: officerLink(application.id),
    applicationId: application.id,
  });
}

/** Appeals per stage over the last APPEAL_FIGURE_DAYS days: filed, allowed and dismissed. */
export async function appealFigures(db: Database, now = clock.now()): Promise<AppealStageFigures> {
  const since = new Date(now.getTime() - APPEAL_FIGURE_DAYS * 24 * 60 * 60 * 1000);
  return { since: businessDay(since, CALENDAR), stages: await appealsByStageSince(db, since) };
}
