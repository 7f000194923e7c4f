/** The officer list's status filter choices (spec section 5) and its orders; the server filters and sorts. */
import {
  APPLICANT_PENDING_STATUSES,
  APPLICATION_EVENT_NAMES,
  APPLICATION_EVENTS,
  APPLICATION_STATUSES,
  leavesFrom,
  type ApplicationStatus,
} from '@portal/contract';

/** The spec's status filter of the officer list: the statuses on the way to the committee's decision, and the
 * decisions they lead to (submitted, under scrutiny, pending committee, approved, rejected). A withdrawal is the
 * applicant's own act, not a decision, so it is not one of the choices (the search still finds such cases). */
export const OFFICER_STATUS_FILTER: readonly OfficerStatusFilter[] = [
  'all',
  ...APPLICATION_STATUSES.filter(
    (status) =>
      APPLICANT_PENDING_STATUSES.includes(status) ||
      APPLICATION_EVENT_NAMES.some(
        (name) =>
          APPLICANT_PENDING_STATUSES.some((from) => leavesFrom(name, from)) &&
          APPLICATION_EVENTS[name].by.kind !== 'owner' &&
          (APPLICATION_EVENTS[name].to as readonly ApplicationStatus[]).includes(status),
      ),
  ),
];
export type OfficerStatusFilter = ApplicationStatus | 'all';

/** The orders the sort select offers, with their words in the catalogue. */
export const OFFICER_SORTS = {
  '-created_at': 'list.sortNewest',
  '-submitted_at': 'list.sortSubmitted',
  submitted_at: 'list.sortOldestSubmitted',
  '-updated_at': 'list.sortUpdated',
  application_number: 'list.sortNumber',
  stage_due_on: 'list.sortDue',
} as const;
export type OfficerSort = keyof typeof OFFICER_SORTS;
