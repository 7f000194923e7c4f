/**
 * Grievances on the deadline ladder (decision 038, decision 017): the deadline sweep walks them after the cases'
 * stages, by the same rule. A grievance waiting on its officer (open), past its promised day by its category's own
 * working days again and not yet escalated, is escalated once to the level above the role it was routed to
 * (ESCALATION_LEVEL): the mark, its story entry and the notifications (the routed officers, the level above and the
 * complainant, each once by a dedupe key) in one transaction. A grievance waiting on the complainant's detail stands
 * still. The mark is a conditional update, so a sweep run twice, or in two processes at once, escalates each once.
 */
import {
  ESCALATION_LEVEL,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_CODES,
  latestDueDatePast,
  ROUTES,
  type EscalatingRole,
  type Role,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { lockAuditChain } from '../../../db/audit-context';
import { CALENDAR } from '../../../core/business-calendar';
import { businessTodayIso } from '../../../core/dates';
import { clock } from '../../../core/clock';
import { deliver } from '../../../lib/notify';
import {
  grievanceComplainant,
  grievanceOfficers,
  insertGrievanceEntry,
  lateGrievances,
  markGrievanceEscalatedIf,
} from '../repositories/grievances';

const BATCH = 200;

/** The level above the role a grievance was routed to (head office for a zone's manager or finance, the
 * administrators for the head office). */
export const grievanceEscalationLevel = (routedTo: Role): Role =>
  routedTo in ESCALATION_LEVEL ? ESCALATION_LEVEL[routedTo as EscalatingRole] : 'admin';

/** Escalates every grievance due for it as of `now`'s business day; answers how many. */
export async function escalateGrievances(db: Database, now: Date = clock.now(), budget = 5_000): Promise<number> {
  const today = businessTodayIso(now);
  let escalated = 0;
  for (const category of GRIEVANCE_CATEGORY_CODES) {
    const dueBy = latestDueDatePast(GRIEVANCE_CATEGORIES[category].workingDays, today, CALENDAR);
    let after: { dueOn: string; id: string } | null = null;
    while (escalated < budget) {
      const found = await lateGrievances(db, { category, dueBy, after, limit: Math.min(BATCH, budget - escalated) });
      if (found.length === 0) break;
      for (const grievance of found) {
        const level = grievanceEscalationLevel(grievance.routedTo);
        const done = await db.transaction(async (tx) => {
          await lockAuditChain(tx);
          const marked = await markGrievanceEscalatedIf(tx, grievance, level, now);
          if (!marked) return false;
          await insertGrievanceEntry(tx, {
            grievanceId: marked.id,
            kind: 'escalate',
            actorId: null,
            actorRole: null,
            message: null,
            params: { escalated_to: level, due_on: marked.dueOn },
            createdAt: now,
          });
          const complainant = await grievanceComplainant(tx, marked.raisedBy);
          const recipients = [
            ...(await grievanceOfficers(tx, marked.routedTo, marked.zone)),
            ...(await grievanceOfficers(tx, level, marked.zone)),
            ...(complainant ? [complainant] : []),
          ];
          await deliver(tx, recipients, {
            code: 'grievance_escalated',
            params: {
              grievance_number: marked.grievanceNumber,
              category: marked.category,
              escalated_to: level,
              due_on: marked.dueOn,
            },
            link: ROUTES.grievanceDetail.path.replace(':id', marked.id),
            applicationId: marked.applicationId,
            dedupeKey: (recipient) => `grievance_escalated:${marked.id}:${marked.dueOn}:${recipient.id}`,
          });
          return true;
        });
        if (done) escalated += 1;
      }
      const last = found.at(-1)!;
      after = { dueOn: last.dueOn, id: last.id };
      if (found.length < BATCH) break;
    }
  }
  return escalated;
}
