/** Who is looking at an application, and in which words: the applicant who owns it, or staff. The tabs both detail
 * pages share take the viewer's role and ask the contract (`can`, the lifecycle's `eventsOffered`) what it may do;
 * their words come from the one catalogue, where an entry's `_staff` variant (i18next's context) holds the officer
 * screens' wording when it differs from the applicant's. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type Role } from '@portal/contract';

export type ViewerText = (key: string, options?: Record<string, unknown>) => string;

/** Officers and finance; everyone else looking at an application is its owner (the server answers 404 otherwise). */
export function isStaff(role: Role): boolean {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

/** The area's `t` for this viewer: an entry's `_staff` variant for staff when the catalogue has one, else the entry. */
export function useViewerText(role: Role): ViewerText {
  const { t } = useTranslation('applications');
  const context = isStaff(role) ? 'staff' : undefined;
  return useCallback((key, options) => t(key, { ...options, context }), [t, context]);
}
