/** The officer list's status filter choices (spec section 5); the filtering itself is lib/list-filter.ts. */
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
