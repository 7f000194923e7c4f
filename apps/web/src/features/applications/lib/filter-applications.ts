/** The officer list's status filter choices (spec section 5) and its orders; the server filters and sorts. */
import type { ApplicationStatus } from '@portal/contract';

/** The spec's status filter of the officer list. */
export const OFFICER_STATUS_FILTER = [
  'all',
  'submitted',
  'under_scrutiny',
  'pending_committee',
  'approved',
  'rejected',
] as const satisfies readonly (ApplicationStatus | 'all')[];
export type OfficerStatusFilter = (typeof OFFICER_STATUS_FILTER)[number];

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
