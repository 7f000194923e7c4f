/** Which officer actions a role may take on an application right now, read from the contract's lifecycle table
 * (the events the role may fire from the current status) plus the facts an event needs (no allotment yet, a
 * pending or approved lease deed). The detail screen shows only these (absent, not disabled). */
import {
  APPLICATION_EVENTS,
  can,
  eventsOffered,
  QUERY_RAISE_STATUSES,
  SCHEDULE_MEETING_STATUS,
  type Allotment,
  type Application,
  type ApplicationStatus,
  type LeaseDeed,
  type LifecycleEvent,
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

/** The statuses Update Status offers: where the manual events the role may fire from `status` lead, in the
 * lifecycle table's order (a stage-only committee note stays in the status, so it is the decision's, not this). */
export function statusTargets(status: ApplicationStatus, role: Role): ApplicationStatus[] {
  const targets: ApplicationStatus[] = [];
  for (const name of eventsOffered(status, role, false)) {
    const event: LifecycleEvent = APPLICATION_EVENTS[name];
    if (!event.manual) continue;
    for (const to of event.to) if (to !== status && !targets.includes(to)) targets.push(to);
  }
  return targets;
}

export function availableActions({
  role,
  application,
  allotment,
  leaseDeed,
  possession,
}: ActionContext): AvailableActions {
  const status = application.status;
  const offered = eventsOffered(status, role, false);
  const mayUpdate = can(role, 'update:application:status');
  const targets = statusTargets(status, role);
  return {
    updateStatus: targets.length > 0,
    updateStatusNoneAvailable: mayUpdate && targets.length === 0,
    committeeDecision: offered.includes('record_committee_note'),
    scheduleMeeting: can(role, 'schedule:meeting') && status === SCHEDULE_MEETING_STATUS,
    raiseQuery: mayUpdate && QUERY_RAISE_STATUSES.includes(status),
    createAllotment: offered.includes('allot') && !allotment,
    verifyLeaseDeed: offered.includes('approve_lease_deed') && leaseDeed?.verification_status === 'pending',
    recordPossession:
      offered.includes('record_possession') && leaseDeed?.verification_status === 'approved' && !possession,
  };
}

export function anyAction(actions: AvailableActions): boolean {
  return Object.values(actions).some(Boolean);
}
