/** The officer list's filter (spec section 5): case-insensitive substring of the number, exact status, 'all' for none. */
import type { Application, ApplicationStatus } from '@portal/contract';

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

export function filterApplications(list: Application[], search: string, status: OfficerStatusFilter): Application[] {
  const needle = search.trim().toLowerCase();
  return list.filter(
    (application) =>
      (!needle || application.application_number.toLowerCase().includes(needle)) &&
      (status === 'all' || application.status === status),
  );
}
