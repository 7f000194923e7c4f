/** The rows of the staff application list and the officers' inbox: each application with the applicant's
 * organisation and the asset's code and zone, so a list screen needs no lookup per row. */
import { z } from 'zod';
import { OFFICER_ROLES, type Role } from '../roles';
import { applicationSchema } from '../schemas';

export const applicationListItemSchema = applicationSchema.extend({
  organization_name: z.string(),
  asset_code: z.string(),
  zone: z.string(),
});
export type ApplicationListItem = z.infer<typeof applicationListItemSchema>;

/** GET /applications: list items, an entrepreneur's own applications among them (the union keeps older answers valid). */
export const applicationListAnswerSchema = z.array(z.union([applicationListItemSchema, applicationSchema]));

/** The roles whose waiting steps make up a user's inbox (`inbox=true`): an officer's own role, every officer role
 * for the administrator, and the applicant's steps for an entrepreneur. Staff also see what is assigned to them. */
export function inboxRolesFor(role: Role): readonly Role[] {
  if (role === 'admin') return OFFICER_ROLES.filter((officer) => officer !== 'admin');
  return [role];
}
