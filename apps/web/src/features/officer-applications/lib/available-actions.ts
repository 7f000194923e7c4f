/** Which officer actions a role may take on an application right now: the contract's permissions plus the
 * workflow's state rules. The detail screen shows only these (absent, not disabled). */
import {
  ALLOTMENT_FROM_STATUSES,
  can,
  DECISION_STATUS,
  hasManualTransitions,
  SCHEDULE_MEETING_STATUS,
  type Allotment,
  type Application,
  type LeaseDeed,
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
  createAllotment: boolean;
  verifyLeaseDeed: boolean;
  recordPossession: boolean;
}

export function availableActions({
  role,
  application,
  allotment,
  leaseDeed,
  possession,
}: ActionContext): AvailableActions {
  const status = application.status;
  const mayUpdate = can(role, 'update:application:status');
  return {
    updateStatus: mayUpdate && hasManualTransitions(status),
    updateStatusNoneAvailable: mayUpdate && !hasManualTransitions(status),
    committeeDecision: can(role, 'record:decision') && status === DECISION_STATUS,
    scheduleMeeting: can(role, 'schedule:meeting') && status === SCHEDULE_MEETING_STATUS,
    createAllotment: can(role, 'create:allotment') && ALLOTMENT_FROM_STATUSES.includes(status) && !allotment,
    verifyLeaseDeed: can(role, 'verify:lease-deed') && leaseDeed?.verification_status === 'pending',
    recordPossession: can(role, 'record:possession') && leaseDeed?.verification_status === 'approved' && !possession,
  };
}

export function anyAction(actions: AvailableActions): boolean {
  return Object.values(actions).some(Boolean);
}
