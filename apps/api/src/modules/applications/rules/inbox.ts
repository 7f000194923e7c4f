/** What a user's application list searches, and their inbox's count: one definition for the list (GET
 * /applications), its inbox (`inbox=true`: what waits on the caller's role by the stored waiting_on, or is assigned to
 * them) and the dashboards' "Waiting on you", so a figure and the inbox never disagree. */
import { isApplicant, applicationListQuerySchema, inboxRolesFor, type ApplicationListQuery } from '@portal/contract';
import type { Database } from '../../../db/client';
import { countApplications, type ApplicationSearch } from '../../../repositories/applications';
import { zoneScopeOf, type CurrentUser } from '../../../case/actor';
import { businessTodayIso } from '../../../core/dates';

/** The search of `user`'s list under `query`, less an applicant's own scope: drafts left out for staff, the inbox
 * and a zonal manager's zone. */
export function applicationSearchFor(
  user: CurrentUser,
  query: ApplicationListQuery,
): Omit<ApplicationSearch, 'applicantId'> {
  const staff = !isApplicant(user);
  return {
    excludeDrafts: staff,
    assignedTo: query.assigned_to === 'me' ? user.id : query.assigned_to,
    inbox: query.inbox ? { roles: inboxRolesFor(user.role), userId: staff ? user.id : undefined } : undefined,
    today: businessTodayIso(),
    zoneScope: zoneScopeOf(user),
    query,
  };
}

/** How many applications wait on a staff user: their inbox's total (`inbox=true`, no other filter), counted by the
 * inbox's own conditions and capped as a list's total is. */
export async function countInbox(db: Database, user: CurrentUser): Promise<{ total: number; totalCapped: boolean }> {
  return countApplications(db, applicationSearchFor(user, applicationListQuerySchema.parse({ inbox: 'true' })));
}
