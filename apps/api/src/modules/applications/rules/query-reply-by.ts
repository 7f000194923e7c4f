/**
 * The reply-by job: every few minutes, in one process at a time (a job lease), it works through the open queries of
 * applications still under scrutiny or before the committee, by their reply-by date (an indexed, partial range):
 * - 3 days before the date (in its last 3 or 2 days), and again 1 day before (its last day or the one before), the
 *   applicant is reminded, in-app and by mail in their language, once each: the reminder's column on the query is
 *   stamped in the transaction that writes the notification, which carries a dedupe key of the query, its date and
 *   the warning as well. A query raised today is not reminded today (its own notification has just told them).
 * - On the day after the date with no answer, the query lapses (`lapsed_at`): the application is locked, the query
 *   stamped only if it is still open on the same date, and a `query_lapsed` timeline event by SYSTEM tells the officer
 *   who raised it and the case's assignee (else the officers the case now waits on) once. A lapsed query can no longer
 *   be answered: the officer rejects the application with a reason, or extends the date once (which clears the lapse
 *   and the reminder stamps, so the new date is reminded of and lapses again).
 * Days are the corporation's business days (core/dates: its time zone); the warnings count calendar days to the date.
 * Work is done in batches and at most MAX_PER_RUN writes (MAX_LAPSES_PER_RUN lapses) per run: a backlog is worked off
 * over a few runs, and a run
 * repeated, or in two processes at once despite the lease, does nothing twice.
 */
import { addCalendarDays, calendarDaysBetween, statusesFor } from '@portal/contract';
import type { Database } from '../../../db/client';
import { businessTodayIso, isoDay } from '../../../core/dates';
import { recordEvent } from '../../../case/events';
import { lockApplication } from '../../../repositories/applications';
import { activeUsersByIds } from '../../../repositories/notifications';
import { lapseQueryIfDue, openQueriesDue, stampReminderIfDue, type ReplyByQuery } from '../../../repositories/queries';
import { SYSTEM_ACTOR } from '../../../repositories/timeline';
import { runExclusive } from '../../../lib/job-lease';
import type { Sweep } from '../../../lib/sweeps';
import { applicantLink, deliver } from '../../../lib/notify';
import { clock } from '../../../core/clock';

export const QUERY_REPLY_BY_LEASE = 'query-reply-by';
export const QUERY_REPLY_BY_EVERY_MS = 5 * 60_000;
const BATCH = 200;
const MAX_PER_RUN = 5_000;
/** A lapse is a case event (the application locked, the timeline, whom it waits on, the officers told): about 35 ms
 * each on PostgreSQL under load, so a run lapses at most this many, well inside its lease. */
const MAX_LAPSES_PER_RUN = 500;

/** The warnings before a reply-by date, farthest first: each is sent from `days` to `until` days before it. */
export const QUERY_REMINDERS = [
  { which: 'three_days', days: 3, until: 2 },
  { which: 'one_day', days: 1, until: 0 },
] as const;

export interface ReplyByCounts {
  threeDays: number;
  oneDay: number;
  lapsed: number;
}

/** Once per query, reply-by date and warning (an extended date is a new reminder). */
export const queryReminderKey = (queryId: string, respondBy: string, days: number) =>
  `query_reply_due:${queryId}:${respondBy}:${days}`;

/** The applications whose open queries the job reminds and lapses: those where queries are raised (a decided case's
 * query is moot). */
const LIVE_STATUSES = statusesFor('raise_query');

/** Pages through the open queries of a range in (respond_by, id) order, handing each page to `work`. */
async function eachDuePage(
  db: Database,
  range: Omit<Parameters<typeof openQueriesDue>[1], 'after' | 'limit' | 'statuses'>,
  budget: number,
  work: (page: ReplyByQuery[]) => Promise<number>,
): Promise<number> {
  let written = 0;
  let after: { respondBy: string; id: string } | null = null;
  while (written < budget) {
    const limit = Math.min(BATCH, budget - written);
    const page = await openQueriesDue(db, { ...range, statuses: LIVE_STATUSES, after, limit });
    if (page.length === 0) break;
    written += await work(page);
    const last = page.at(-1)!;
    after = { respondBy: last.respondBy, id: last.id };
    if (page.length < limit) break;
  }
  return written;
}

async function remind(
  db: Database,
  reminder: (typeof QUERY_REMINDERS)[number],
  today: string,
  now: Date,
  budget: number,
): Promise<number> {
  return eachDuePage(
    db,
    {
      from: addCalendarDays(today, reminder.until),
      to: addCalendarDays(today, reminder.days),
      unstamped: reminder.which,
    },
    budget,
    async (page) => {
      const due = page.filter((query) => isoDay(query.raisedAt) < today);
      if (due.length === 0) return 0;
      const owners = new Map(
        (await activeUsersByIds(db, [...new Set(due.map((query) => query.ownerId))])).map((user) => [user.id, user]),
      );
      return db.transaction(async (tx) => {
        let count = 0;
        for (const query of due) {
          if (!(await stampReminderIfDue(tx, query.id, reminder.which, query.respondBy, now))) continue;
          const owner = owners.get(query.ownerId);
          if (!owner) continue;
          count += await deliver(tx, [owner], {
            code: 'query_reply_due',
            params: {
              application_number: query.applicationNumber,
              respond_by: query.respondBy,
              days_left: calendarDaysBetween(today, query.respondBy),
            },
            link: applicantLink(query.applicationId),
            applicationId: query.applicationId,
            dedupeKey: () => queryReminderKey(query.id, query.respondBy, reminder.days),
          });
        }
        return count;
      });
    },
  );
}

/** Lapses the open queries whose reply-by date is before today, one transaction each (the application's lock first,
 * as an answer and an extension take it). */
async function lapse(db: Database, today: string, now: Date, budget: number): Promise<number> {
  return eachDuePage(db, { to: addCalendarDays(today, -1), unstamped: 'lapsed' }, budget, async (page) => {
    let count = 0;
    for (const query of page) {
      const lapsed = await db.transaction(async (tx) => {
        const application = await lockApplication(tx, query.applicationId);
        if (!application || !LIVE_STATUSES.includes(application.status)) return false;
        const row = await lapseQueryIfDue(tx, query.id, query.respondBy, now);
        if (!row) return false;
        await recordEvent(tx, SYSTEM_ACTOR, {
          applicationId: query.applicationId,
          code: 'query_lapsed',
          params: { respond_by: row.respondBy },
          entityType: 'query',
          entityId: query.id,
        });
        return true;
      });
      if (lapsed) count += 1;
    }
    return count;
  });
}

/** One pass of the job, as of `now`'s business day. */
export async function sweepQueryReplyBy(
  db: Database,
  options: { now?: Date; maxPerRun?: number } = {},
): Promise<ReplyByCounts> {
  const now = options.now ?? clock.now();
  const today = businessTodayIso(now);
  let budget = options.maxPerRun ?? MAX_PER_RUN;
  const [three, one] = QUERY_REMINDERS;
  const threeDays = await remind(db, three, today, now, budget);
  budget -= threeDays;
  const oneDay = await remind(db, one, today, now, budget);
  budget -= oneDay;
  const lapsed = await lapse(db, today, now, Math.min(budget, MAX_LAPSES_PER_RUN));
  return { threeDays, oneDay, lapsed };
}

/** The job under its lease: answers the counts, or null when another process holds the lease. */
export async function runQueryReplyBy(
  db: Database,
  options: { holder?: string; now?: Date; leaseMs?: number } = {},
): Promise<ReplyByCounts | null> {
  let counts: ReplyByCounts | null = null;
  await runExclusive(
    db,
    QUERY_REPLY_BY_LEASE,
    options.leaseMs ?? QUERY_REPLY_BY_EVERY_MS,
    async () => {
      counts = await sweepQueryReplyBy(db, { now: options.now });
    },
    options.holder,
  );
  return counts;
}

/** Queries' reply-by dates: the applicant reminded 3 days and 1 day before, the query lapsed the day after. */
export function queryReplyBySweep(db: Database): Sweep {
  return { name: 'query_reply_by', everyMs: QUERY_REPLY_BY_EVERY_MS, run: () => runQueryReplyBy(db) };
}
