/**
 * The deadline sweep (decision 017): every few minutes, in one process at a time (a job lease), it walks the escalation
 * ladder of the contract (deadlines.ts):
 * - a stage waiting on an officer role, its clock running, past its due date by its own target again and not yet
 *   escalated, is marked escalated (escalated_to, escalated_at) in the same transaction as its timeline entry and the
 *   notifications: the case's officers (the assigned officer of that role, else the role's active officers) and the
 *   level above, each once (a dedupe key per stage and recipient, as the reminder sweep keeps). A zonal manager with
 *   a zone hears only of that zone's cases.
 * - a deemable stage still waiting DEEMED_AFTER_WORKING_DAYS after its due date is moved on by SYSTEM through the case
 *   engine (the move its officer would have made), with a timeline entry that says it was deemed; its letter is
 *   issued right after (and on its first download, should that fail).
 * A paused clock (a query waiting on the applicant) neither escalates nor deems. Each stage is found on the inbox
 * index (waiting_on, due date, id, where the clock runs) a batch at a time, and at most MAX_PER_RUN stages are dealt
 * with per run: a backlog is worked off over a few runs. The once-only marks are conditional updates, so a sweep that
 * runs twice, or in two processes at once despite the lease, escalates and deems each stage once.
 */
import {
  DEADLINE_RULES,
  isPastDeadline,
  latestDueDatePast,
  type DeadlineRule,
  type Role,
  type TimelineParams,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { CALENDAR } from '../../../core/business-calendar';
import { lockAuditChain } from '../../../db/audit-context';
import { businessTodayIso } from '../../../core/dates';
import { runExclusive } from '../../../lib/job-lease';
import type { Sweep } from '../../../lib/sweeps';
import { deliver, officerLink } from '../../../lib/notify';
import { findActiveAllotmentOfApplication, makeAllotmentFinal } from '../../../repositories/allotments';
import { lockApplication, markEscalatedIf, type ApplicationRow } from '../../../repositories/applications';
import { setAssetStatusIf } from '../../../repositories/assets';
import {
  activeAssignees,
  activeOfficersOfZone,
  findDeemedMove,
  lateStages,
  type LateStage,
} from '../repositories/escalation';
import { findLatestLeaseDeed, setLeaseDeedVerdictIfPending } from '../../../repositories/lease-deeds';
import type { Recipient } from '../../../repositories/notifications';
import { SYSTEM_ACTOR } from '../../../repositories/timeline';
import { recordEvent } from '../../../case/events';
import { transition } from '../../applications/rules/transition';
import { escalateGrievances } from '../../grievances/rules/grievance-escalation';
import { clock } from '../../../core/clock';

export const DEADLINE_LEASE = 'deadline-escalation';
export const DEADLINE_SWEEP_EVERY_MS = 5 * 60_000;
const BATCH = 200;
const MAX_PER_RUN = 5_000;

export interface DeadlineCounts {
  /** Stages escalated, and the notifications that told of them. */
  escalated: number;
  notified: number;
  /** Stages deemed approved. */
  deemed: number;
}

/** Issues the letter of a deemed move (the issued-documents module's, handed in by the runtime). */
export type DeemedLetterIssuer = (deemedEventId: string) => Promise<unknown>;

/** Once per stage (its entry time) and recipient. */
const escalationKey = (stage: Pick<LateStage, 'id' | 'stageEnteredAt'>, userId: string) =>
  `case_escalated:${stage.id}:${stage.stageEnteredAt.toISOString()}:${userId}`;

/** The officers told of a zone's cases, read once per role and zone in a run. */
function officersCache(db: Database) {
  const cache = new Map<string, Promise<Recipient[]>>();
  return (role: Role, zone: string) => {
    const key = `${role}\u0000${role === 'zonal_manager' ? zone : ''}`;
    let found = cache.get(key);
    if (!found) {
      found = activeOfficersOfZone(db, role, zone);
      cache.set(key, found);
    }
    return found;
  };
}

async function escalateRule(
  db: Database,
  rule: DeadlineRule,
  today: string,
  now: Date,
  officersOf: ReturnType<typeof officersCache>,
  budget: number,
): Promise<{ escalated: number; notified: number }> {
  const dueBy = latestDueDatePast(rule.workingDays, today, CALENDAR);
  let escalated = 0;
  let notified = 0;
  let after: { dueOn: string; id: string } | null = null;
  while (escalated < budget) {
    const stages = await lateStages(db, {
      status: rule.status,
      role: rule.waitingOn,
      dueBy,
      unescalated: true,
      after,
      limit: Math.min(BATCH, budget - escalated),
    });
    if (stages.length === 0) break;
    const assignedIds = [...new Set(stages.map((stage) => stage.assignedTo).filter((id) => id !== null))];
    const assignees = await activeAssignees(db, assignedIds, rule.waitingOn);
    const audiences = new Map<string, Recipient[]>();
    for (const stage of stages) {
      const assignee = stage.assignedTo ? assignees.get(stage.assignedTo) : undefined;
      // The assigned officer is told even outside their zone: the case is theirs.
      const officers = assignee ? [assignee] : await officersOf(rule.waitingOn, stage.zone);
      audiences.set(stage.id, [...officers, ...(await officersOf(rule.escalateTo, stage.zone))]);
    }
    const done = await db.transaction(async (tx) => {
      await lockAuditChain(tx);
      let count = 0;
      let told = 0;
      for (const stage of stages) {
        if (!(await markEscalatedIf(tx, { ...stage, inStatus: stage.status }, rule.escalateTo, now))) continue;
        count += 1;
        const params: TimelineParams = {
          from: stage.status,
          waiting_on: stage.waitingOn,
          escalated_to: rule.escalateTo,
          due_on: stage.stageDueOn,
        };
        await recordEvent(tx, SYSTEM_ACTOR, {
          applicationId: stage.id,
          code: 'case_escalated',
          params,
          entityType: 'application',
          entityId: stage.id,
        });
        told += await deliver(tx, audiences.get(stage.id) ?? [], {
          code: 'case_escalated',
          params: {
            application_number: stage.applicationNumber,
            status: stage.status,
            waiting_on: stage.waitingOn,
            escalated_to: rule.escalateTo,
            due_date: stage.stageDueOn,
          },
          link: officerLink(stage.id),
          applicationId: stage.id,
          dedupeKey: (recipient) => escalationKey(stage, recipient.id),
        });
      }
      return { count, told };
    });
    escalated += done.count;
    notified += done.told;
    const last = stages.at(-1)!;
    after = { dueOn: last.stageDueOn, id: last.id };
    if (stages.length < BATCH) break;
  }
  return { escalated, notified };
}

/** Makes the deemed move of one stage, if it is still the stage found, waiting with its clock running past its
 * deemed point: in one transaction under the application's row lock. Answers the deemed move's timeline entry id. */
async function deemStage(
  db: Database,
  rule: DeadlineRule & { deemed: NonNullable<DeadlineRule['deemed']> },
  found: LateStage,
  today: string,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, found.id);
    if (!application || !stillDeemable(application, rule, found, today)) return undefined;
    const params: TimelineParams = { due_on: application.stageDueOn, working_days: rule.deemed.afterWorkingDays };
    const moved = { by: 'system', deemed: true, timelineCode: 'deemed_approved', params } as const;
    if (rule.deemed.event === 'approve_lease_deed') {
      // As an officer's approval of the deed (allotments' verifyLeaseDeed): the deed approved, the allotment final,
      // the plot allotted, then the move.
      const allotment = await findActiveAllotmentOfApplication(tx, application.id);
      const deed = allotment ? await findLatestLeaseDeed(tx, allotment.id) : undefined;
      if (!allotment || deed?.verificationStatus !== 'pending') return undefined;
      const approved = await setLeaseDeedVerdictIfPending(tx, deed.id, 'approved', null, null);
      if (!approved) return undefined;
      await makeAllotmentFinal(tx, allotment.id);
      await setAssetStatusIf(tx, allotment.assetId, ['reserved'], 'allotted');
      await transition(tx, application, { event: 'approve_lease_deed', ...moved, facts: { leaseDeedApproved: true } });
      await recordEvent(tx, SYSTEM_ACTOR, {
        applicationId: application.id,
        code: 'lease_deed_approved',
        params: { remarks: null },
        entityType: 'lease_deed',
        entityId: deed.id,
      });
    } else {
      await transition(tx, application, { event: rule.deemed.event, ...moved });
    }
    return (await findDeemedMove(tx, { applicationId: application.id }))?.eventId;
  });
}

function stillDeemable(application: ApplicationRow, rule: DeadlineRule, found: LateStage, today: string): boolean {
  return (
    application.status === rule.status &&
    application.waitingOn === rule.waitingOn &&
    application.clockPausedAt === null &&
    application.stageEnteredAt.getTime() === found.stageEnteredAt.getTime() &&
    application.stageDueOn !== null &&
    isPastDeadline(application.stageDueOn, rule.deemed!.afterWorkingDays, today, CALENDAR)
  );
}

async function deemRule(
  db: Database,
  rule: DeadlineRule & { deemed: NonNullable<DeadlineRule['deemed']> },
  today: string,
  budget: number,
  onDeemed: (eventId: string) => Promise<void>,
): Promise<number> {
  const dueBy = latestDueDatePast(rule.deemed.afterWorkingDays, today, CALENDAR);
  let deemed = 0;
  let after: { dueOn: string; id: string } | null = null;
  while (deemed < budget) {
    const stages = await lateStages(db, {
      status: rule.status,
      role: rule.waitingOn,
      dueBy,
      unescalated: false,
      after,
      limit: Math.min(BATCH, budget - deemed),
    });
    if (stages.length === 0) break;
    for (const stage of stages) {
      const eventId = await deemStage(db, rule, stage, today);
      if (!eventId) continue;
      deemed += 1;
      await onDeemed(eventId);
    }
    const last = stages.at(-1)!;
    after = { dueOn: last.stageDueOn, id: last.id };
    if (stages.length < BATCH) break;
  }
  return deemed;
}

/** One sweep of the ladder as of `now`'s business day: escalations first, then deemed approvals. */
export async function sweepDeadlines(
  db: Database,
  options: {
    now?: Date;
    maxPerRun?: number;
    issueLetter?: DeemedLetterIssuer;
    log?: Pick<FastifyBaseLogger, 'warn'>;
  } = {},
): Promise<DeadlineCounts> {
  const now = options.now ?? clock.now();
  const today = businessTodayIso(now);
  let budget = options.maxPerRun ?? MAX_PER_RUN;
  const officersOf = officersCache(db);
  const counts: DeadlineCounts = { escalated: 0, notified: 0, deemed: 0 };
  for (const rule of DEADLINE_RULES) {
    if (budget <= 0) break;
    const done = await escalateRule(db, rule, today, now, officersOf, budget);
    counts.escalated += done.escalated;
    counts.notified += done.notified;
    budget -= done.escalated;
  }
  const onDeemed = async (eventId: string) => {
    // The move is made; a letter that could not be made now is made on its first download.
    await options.issueLetter?.(eventId).catch((error: unknown) => {
      options.log?.warn({ err: error, eventId }, 'The letter of a deemed approval could not be issued yet');
    });
  };
  for (const rule of DEADLINE_RULES) {
    if (!rule.deemed || budget <= 0) continue;
    const deemed = await deemRule(db, { ...rule, deemed: rule.deemed }, today, budget, onDeemed);
    counts.deemed += deemed;
    budget -= deemed;
  }
  return counts;
}

/** The sweep under the job lease: answers the counts, or null when another process holds the lease. */
export async function runDeadlineSweep(
  db: Database,
  options: {
    holder?: string;
    now?: Date;
    leaseMs?: number;
    issueLetter?: DeemedLetterIssuer;
    log?: Pick<FastifyBaseLogger, 'warn'>;
  } = {},
): Promise<DeadlineCounts | null> {
  let counts: DeadlineCounts | null = null;
  await runExclusive(
    db,
    DEADLINE_LEASE,
    options.leaseMs ?? DEADLINE_SWEEP_EVERY_MS,
    async () => {
      counts = await sweepDeadlines(db, options);
      // Grievances climb the same ladder (decision 038).
      await escalateGrievances(db, options.now);
    },
    options.holder,
  );
  return counts;
}

/** Late stages escalated and deemable ones deemed approved with their letter, every five minutes (decision 017). */
export function deadlineSweep(
  db: Database,
  log: Pick<FastifyBaseLogger, 'warn'>,
  issueLetter?: DeemedLetterIssuer,
): Sweep {
  return { name: 'deadlines', everyMs: DEADLINE_SWEEP_EVERY_MS, run: () => runDeadlineSweep(db, { issueLetter, log }) };
}
