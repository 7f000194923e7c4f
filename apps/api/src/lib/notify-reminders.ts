/**
 * The reminder sweep: every few minutes, in one process at a time (a job lease), it tells
 * - the applicant of each unpaid invoice due within DUE_SOON_DAYS, once per invoice and due date;
 * - the applicant of each overdue invoice, once a day;
 * - the officers a case waits on, once a day, that it is past its service clock's due date: the assigned officer
 *   when the case is assigned to an active officer of that role, otherwise every active officer of the role;
 * - the holder of an active allotment, 30 and again 7 days before an implementation milestone falls due (once per
 *   milestone, due date and warning: an extension's new date is warned of again);
 * - the zonal managers, once, when a milestone is missed (in the MISSED_WINDOW_DAYS after its due date: a milestone
 *   missed long ago is on the register's late lists, not in anyone's mail).
 * Each reminder's notification and mail carry a dedupe key (the item, the recipient and the day), so a sweep that
 * runs twice, or in two processes at once despite the lease, tells nobody twice. Work is done in batches of one
 * transaction each and at most MAX_PER_RUN reminders per run: a backlog is worked off over a few runs.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addCalendarDays, calendarDaysBetween, OFFICER_ROLES, type Role } from '@portal/contract';
import type { Database } from '../db/client';
import {
  activeUsersByIds,
  activeUsersWithRole,
  invoicesToRemind,
  milestonesToRemind,
  overdueCasesOfRole,
  type InvoiceReminder,
  type Recipient,
} from '../repositories/notifications';
import { businessTodayIso } from '../core/dates';
import { runExclusive } from './job-lease';
import type { Sweep } from './sweeps';
import { applicantLink, deliverEach, myPlotsLink, officerLink, registerLink } from './notify';
import { clock } from '../core/clock';

export const DUE_SOON_DAYS = 7;
export const REMINDER_SWEEP_EVERY_MS = 5 * 60_000;
export const REMINDER_LEASE = 'notification-reminders';
const BATCH = 200;
const MAX_PER_RUN = 5_000;

export interface ReminderCounts {
  dueSoon: number;
  overdue: number;
  caseOverdue: number;
  milestoneDueSoon: number;
  milestoneMissed: number;
}

/** Warnings before a milestone's due date, farthest first (product decisions section 9). */
export const MILESTONE_WARNING_DAYS = [30, 7] as const;
export const MISSED_WINDOW_DAYS = 7;

const key = (...parts: (string | SQL)[]) =>
  sql.join(
    parts.map((part) => (typeof part === 'string' ? sql`${part}::text` : part)),
    sql` || ':' || `,
  );

/** Once per invoice and due date (a changed due date is a new reminder). */
const dueSoonKey = (invoiceId: string, dueDate: string) => `invoice_due_soon:${invoiceId}:${dueDate}`;
/** Once per invoice and day. */
const overdueKey = (invoiceId: string, today: string) => `invoice_overdue:${invoiceId}:${today}`;
/** Once per case, officer and day. */
const caseOverdueKey = (applicationId: string, userId: string, today: string) =>
  `case_overdue:${applicationId}:${userId}:${today}`;
/** Once per milestone, due date and warning. */
const milestoneDueSoonKey = (milestoneId: string, dueOn: string, days: number) =>
  `milestone_due_soon:${milestoneId}:${dueOn}:${days}`;
/** Once per milestone and due date (the zonal managers share the key's stem; each has their own row). */
const milestoneMissedKey = (milestoneId: string, dueOn: string) => `milestone_missed:${milestoneId}:${dueOn}`;

async function remindInvoices(
  db: Database,
  code: 'invoice_due_soon' | 'invoice_overdue',
  range: { from?: string; to: string },
  keyOf: (invoice: Pick<InvoiceReminder, 'invoiceId' | 'dueDate'>) => string,
  sqlKey: (invoiceId: SQL, dueDate: SQL) => SQL,
  budget: number,
): Promise<number> {
  let written = 0;
  while (written < budget) {
    const batch = await invoicesToRemind(db, { ...range, key: sqlKey, limit: Math.min(BATCH, budget - written) });
    if (batch.length === 0) break;
    const added = await db.transaction((tx) =>
      deliverEach(
        tx,
        batch.map((invoice) => ({
          recipients: [invoice.owner],
          delivery: {
            code,
            params: {
              application_number: invoice.applicationNumber,
              invoice_number: invoice.invoiceNumber,
              invoice_type: invoice.invoiceType,
              amount: invoice.amount,
              due_date: invoice.dueDate,
            },
            link: applicantLink(invoice.applicationId),
            applicationId: invoice.applicationId,
            dedupeKey: () => keyOf(invoice),
          },
        })),
      ),
    );
    written += added;
    // Another sweep wrote this batch first: what is left is for the next run.
    if (added === 0 || batch.length < BATCH) break;
  }
  return written;
}

/** The officers of a role a case's reminder goes to: a zonal manager with a zone only hears of that zone's cases
 * (one without a zone, of every zone); the other roles are not zoned. */
export function officersOfZone(officers: Recipient[], role: Role, zone: string | null): Recipient[] {
  if (role !== 'zonal_manager') return officers;
  return officers.filter((officer) => !officer.zone || officer.zone === zone);
}

async function remindOverdueCases(db: Database, today: string, budget: number): Promise<number> {
  let written = 0;
  for (const role of OFFICER_ROLES as readonly Role[]) {
    let officers: Recipient[] | undefined;
    let after: { dueOn: string; id: string } | null = null;
    while (written < budget) {
      const cases = await overdueCasesOfRole(db, role, today, after, BATCH);
      if (cases.length === 0) break;
      const assignedIds = [...new Set(cases.map((item) => item.assignedTo).filter((id): id is string => id !== null))];
      const assignees = new Map((await activeUsersByIds(db, assignedIds, role)).map((user) => [user.id, user]));
      officers ??= await activeUsersWithRole(db, role);
      const roleOfficers = officers;
      written += await db.transaction((tx) =>
        deliverEach(
          tx,
          cases.map((item) => {
            const assignee = item.assignedTo ? assignees.get(item.assignedTo) : undefined;
            return {
              recipients: assignee ? [assignee] : officersOfZone(roleOfficers, role, item.zone),
              delivery: {
                code: 'case_overdue',
                params: {
                  application_number: item.applicationNumber,
                  status: item.status,
                  role,
                  due_date: item.stageDueOn,
                },
                link: officerLink(item.id),
                applicationId: item.id,
                dedupeKey: (recipient) => caseOverdueKey(item.id, recipient.id, today),
              },
            };
          }),
        ),
      );
      const last = cases.at(-1)!;
      after = { dueOn: last.stageDueOn, id: last.id };
      if (cases.length < BATCH) break;
    }
  }
  return written;
}

/** The holders of milestones falling due: the 30-day warning for those due in 8 to 30 days, the 7-day warning for
 * those due in the next 7. */
async function remindMilestonesDue(db: Database, today: string, budget: number): Promise<number> {
  let written = 0;
  let nearer = 0;
  for (const days of [...MILESTONE_WARNING_DAYS].sort((a, b) => a - b)) {
    const from = addCalendarDays(today, nearer);
    const to = addCalendarDays(today, days);
    nearer = days + 1;
    while (written < budget) {
      const batch = await milestonesToRemind(db, {
        from,
        to,
        key: (milestoneId, dueOn) => key('milestone_due_soon', milestoneId, dueOn, String(days)),
        limit: Math.min(BATCH, budget - written),
      });
      if (batch.length === 0) break;
      const added = await db.transaction((tx) =>
        deliverEach(
          tx,
          batch.map((milestone) => ({
            recipients: [milestone.holder],
            delivery: {
              code: 'milestone_due_soon',
              params: {
                allotment_number: milestone.allotmentNumber,
                milestone: milestone.kind,
                due_on: milestone.dueOn,
                days_left: calendarDaysBetween(today, milestone.dueOn),
              },
              link: myPlotsLink(),
              applicationId: milestone.applicationId,
              dedupeKey: () => milestoneDueSoonKey(milestone.milestoneId, milestone.dueOn, days),
            },
          })),
        ),
      );
      written += added;
      if (added === 0 || batch.length < BATCH) break;
    }
  }
  return written;
}

/** The zonal managers of milestones missed in the last MISSED_WINDOW_DAYS. */
async function remindMilestonesMissed(db: Database, today: string, budget: number): Promise<number> {
  const managers = await activeUsersWithRole(db, 'zonal_manager');
  if (managers.length === 0) return 0;
  let written = 0;
  while (written < budget) {
    const batch = await milestonesToRemind(db, {
      from: addCalendarDays(today, -MISSED_WINDOW_DAYS),
      to: addCalendarDays(today, -1),
      key: (milestoneId, dueOn) => key('milestone_missed', milestoneId, dueOn, sql`${managers[0]!.id}::text`),
      limit: Math.min(BATCH, Math.ceil((budget - written) / managers.length)),
    });
    if (batch.length === 0) break;
    const added = await db.transaction((tx) =>
      deliverEach(
        tx,
        batch.map((milestone) => ({
          recipients: managers,
          delivery: {
            code: 'milestone_missed',
            params: {
              allotment_number: milestone.allotmentNumber,
              milestone: milestone.kind,
              due_on: milestone.dueOn,
              holder_name: milestone.holderName,
            },
            link: registerLink(),
            applicationId: milestone.applicationId,
            dedupeKey: (recipient) => `${milestoneMissedKey(milestone.milestoneId, milestone.dueOn)}:${recipient.id}`,
          },
        })),
      ),
    );
    written += added;
    if (added === 0 || batch.length < BATCH) break;
  }
  return written;
}

/** One sweep over every kind of reminder, as of `now`'s business day. */
export async function sweepReminders(
  db: Database,
  options: { now?: Date; maxPerRun?: number } = {},
): Promise<ReminderCounts> {
  const today = businessTodayIso(options.now ?? clock.now());
  let budget = options.maxPerRun ?? MAX_PER_RUN;
  const dueSoon = await remindInvoices(
    db,
    'invoice_due_soon',
    { from: today, to: addCalendarDays(today, DUE_SOON_DAYS) },
    (invoice) => dueSoonKey(invoice.invoiceId, invoice.dueDate),
    (invoiceId, dueDate) => key('invoice_due_soon', invoiceId, dueDate),
    budget,
  );
  budget -= dueSoon;
  const overdue = await remindInvoices(
    db,
    'invoice_overdue',
    { to: addCalendarDays(today, -1) },
    (invoice) => overdueKey(invoice.invoiceId, today),
    (invoiceId) => key('invoice_overdue', invoiceId, today),
    budget,
  );
  budget -= overdue;
  const caseOverdue = await remindOverdueCases(db, today, budget);
  budget -= caseOverdue;
  const milestoneDueSoon = await remindMilestonesDue(db, today, budget);
  budget -= milestoneDueSoon;
  const milestoneMissed = await remindMilestonesMissed(db, today, budget);
  return { dueSoon, overdue, caseOverdue, milestoneDueSoon, milestoneMissed };
}

/** The sweep under the job lease: answers the counts, or null when another process holds the lease. */
export async function runReminderSweep(
  db: Database,
  options: { holder?: string; now?: Date; leaseMs?: number; also?: SweepStep } = {},
): Promise<ReminderCounts | null> {
  let counts: ReminderCounts | null = null;
  await runExclusive(
    db,
    REMINDER_LEASE,
    options.leaseMs ?? REMINDER_SWEEP_EVERY_MS,
    async () => {
      counts = await sweepReminders(db, { now: options.now });
      await options.also?.(db, options.now ?? clock.now());
    },
    options.holder,
  );
  return counts;
}

/** More work the sweep does under its lease (the case engine's deadlines, such as transfers that lapse). */
export type SweepStep = (db: Database, now: Date) => Promise<unknown>;

/** Reminders of invoices, cases and milestones due or overdue, and `also` (the case engine's deadlines, such as
 * transfers that lapse), every five minutes. */
export function reminderSweep(db: Database, also?: SweepStep): Sweep {
  return { name: 'reminders', everyMs: REMINDER_SWEEP_EVERY_MS, run: () => runReminderSweep(db, { also }) };
}
