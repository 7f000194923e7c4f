/** Which officer actions a role may take on an application right now, read from the contract's lifecycle table
 * (the events and actions the role may do in the current status) plus the facts an event needs (no allotment yet, a
 * pending or approved lease deed). The detail screen shows only these (absent, not disabled). Both functions take
 * another table as their last argument. */
import {
  APPLICATION_LIFECYCLE,
  COMMITTEE_DECISIONS,
  can,
  committeeDecisionUpdate,
  eventsOffered,
  mayDo,
  type Allotment,
  type Application,
  type ApplicationStatus,
  type LeaseDeed,
  type Lifecycle,
  type Possession,
  type Role,
} from '@portal/contract';

export interface ActionContext {
  role: Role;
  application: Application;
  allotment: Allotment | null | undefined;
  leaseDeed: LeaseDeed | null | undefined;
  possession: Possession | null | undefined;
}

export interface AvailableActions {
  updateStatus: boolean;
  /** The role may update status, but the status offers no manual change ('none available'). */
  updateStatusNoneAvailable: boolean;
  committeeDecision: boolean;
  scheduleMeeting: boolean;
  raiseQuery: boolean;
  createAllotment: boolean;
  verifyLeaseDeed: boolean;
  recordPossession: boolean;
}

/** The statuses the committee's decision moves an application to (approved, rejected). */
const DECIDED_STATUSES: readonly ApplicationStatus[] = COMMITTEE_DECISIONS.map(
  (decision) => committeeDecisionUpdate(decision, '').status,
);

/** The statuses Update Status offers: where the manual events the role may fire from `status` lead, in the
 * lifecycle table's order (a stage-only committee note stays in the status, so it is the decision's, not this).
 * Where the role records the committee's decision, the statuses that decision reaches are left to it, so one decision
 * has one action (Update Status keeps only what the decision does not do, such as a return to scrutiny). */
export function statusTargets(
  status: ApplicationStatus,
  role: Role,
  table: Lifecycle = APPLICATION_LIFECYCLE,
): ApplicationStatus[] {
  const offered = eventsOffered(status, role, false, table);
  const decides = offered.includes('record_committee_note');
  const targets: ApplicationStatus[] = [];
  for (const name of offered) {
    const event = table.events[name];
    if (!event.manual) continue;
    for (const to of event.to) {
      if (to === status || targets.includes(to) || (decides && DECIDED_STATUSES.includes(to))) continue;
      targets.push(to);
    }
  }
  return targets;
}

export function availableActions(
  { role, application, allotment, leaseDeed, possession }: ActionContext,
  table: Lifecycle = APPLICATION_LIFECYCLE,
): AvailableActions {
  const status = application.status;
  const offered = eventsOffered(status, role, false, table);
  const mayUpdate = can(role, 'update:application:status');
  const targets = statusTargets(status, role, table);
  return {
    updateStatus: targets.length > 0,
    updateStatusNoneAvailable: mayUpdate && targets.length === 0,
    committeeDecision: offered.includes('record_committee_note'),
    scheduleMeeting: mayDo('schedule_meeting', status, role, false, table),
    raiseQuery: mayDo('raise_query', status, role, false, table),
    createAllotment: offered.includes('allot') && !allotment,
    verifyLeaseDeed: offered.includes('approve_lease_deed') && leaseDeed?.verification_status === 'pending',
    recordPossession:
      offered.includes('record_possession') && leaseDeed?.verification_status === 'approved' && !possession,
  };
}

export function anyAction(actions: AvailableActions): boolean {
  return Object.values(actions).some(Boolean);
}
