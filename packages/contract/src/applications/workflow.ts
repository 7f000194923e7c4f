/** The application's life: the spec's manual transition table (section 4) and the rules around it. */
import { APPLICATION_STATUSES, type ApplicationStatus } from '../enums';
import { APPLICATION_EVENT_NAMES, APPLICATION_EVENTS, type LifecycleEvent } from './lifecycle';

/** Update Status offers exactly these (the manual events of the lifecycle); every other pair is refused with 409. */
export const MANUAL_TRANSITIONS: Partial<Record<ApplicationStatus, readonly ApplicationStatus[]>> = (() => {
  const table: Partial<Record<ApplicationStatus, ApplicationStatus[]>> = {};
  for (const name of APPLICATION_EVENT_NAMES) {
    const event: LifecycleEvent = APPLICATION_EVENTS[name];
    if (!event.manual) continue;
    for (const from of event.from) {
      for (const to of event.to) if (to !== from) (table[from] ??= []).push(to);
    }
  }
  return table;
})();

export function manualTransitionsFrom(status: ApplicationStatus): readonly ApplicationStatus[] {
  return MANUAL_TRANSITIONS[status] ?? [];
}

/**
 * The statuses an application passes through from `first` on its way to `target` (every status reachable from
 * `first` from which `target` can still be reached, `target` aside), in the order of APPLICATION_STATUSES.
 */
export function statusesOnTheWay(first: ApplicationStatus, target: ApplicationStatus): ApplicationStatus[] {
  const onTheWay = reachableFrom(first).filter((status) => status !== target && reachableFrom(status).includes(target));
  return APPLICATION_STATUSES.filter((status) => onTheWay.includes(status));
}

/** `status` and every status the lifecycle's events can move it to, in the order of APPLICATION_STATUSES (an event
 * that reopens a decided application, an allowed appeal, is not part of the way). */
export function reachableFrom(status: ApplicationStatus): ApplicationStatus[] {
  const reached = new Set<ApplicationStatus>([status]);
  for (let grew = true; grew;) {
    grew = false;
    for (const name of APPLICATION_EVENT_NAMES) {
      const event: LifecycleEvent = APPLICATION_EVENTS[name];
      if (event.reopens || !event.from.some((from) => reached.has(from))) continue;
      for (const to of event.to) {
        if (reached.has(to)) continue;
        reached.add(to);
        grew = true;
      }
    }
  }
  return APPLICATION_STATUSES.filter((candidate) => reached.has(candidate));
}

/** The entrepreneur dashboard's "Pending Review": submitted and waiting on the corporation's decision. */
export const APPLICANT_PENDING_STATUSES: readonly ApplicationStatus[] = statusesOnTheWay('submitted', 'approved');
/** The officer dashboard's "Pending Review": waiting on an officer before the committee. */
export const OFFICER_PENDING_REVIEW_STATUSES: readonly ApplicationStatus[] = statusesOnTheWay(
  'submitted',
  'pending_committee',
);
/** "Approved" on both dashboards: approved and every later status on the way to completion (not a withdrawal). */
export const APPROVED_OR_LATER_STATUSES: readonly ApplicationStatus[] = reachableFrom('approved').filter((status) =>
  reachableFrom(status).includes('completed'),
);
