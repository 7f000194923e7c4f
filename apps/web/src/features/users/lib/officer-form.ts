/** The new officer form: its values, the roles an admin may give (every staff role; entrepreneurs register
 * themselves), and its check against the contract's schema. */
import type { FieldErrors, ResolverResult } from 'react-hook-form';
import { createUserRequestSchema, STAFF_ROLES, type CreateUserRequest } from '@portal/contract';

export type StaffRole = (typeof STAFF_ROLES)[number];
export const ASSIGNABLE_ROLES: readonly StaffRole[] = STAFF_ROLES;

export interface OfficerFormValues {
  full_name: string;
  email: string;
  password: string;
  role: StaffRole;
}

export const OFFICER_FORM_DEFAULTS: OfficerFormValues = {
  full_name: '',
  email: '',
  password: '',
  role: 'zonal_manager',
};
export const OFFICER_FIELD_ORDER: Array<keyof OfficerFormValues> = ['full_name', 'email', 'password', 'role'];

export function toCreateUserRequest(values: OfficerFormValues): CreateUserRequest {
  return { ...values, full_name: values.full_name.trim(), email: values.email.trim() };
}

export function checkOfficerForm(
  values: OfficerFormValues,
  messageFor: (field: keyof OfficerFormValues, contractMessage: string, missing: boolean) => string,
): ResolverResult<OfficerFormValues> {
  const parsed = createUserRequestSchema.safeParse(toCreateUserRequest(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<OfficerFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof OfficerFormValues | undefined;
    if (!field || errors[field]) continue;
    errors[field] = { type: issue.code, message: messageFor(field, issue.message, values[field].trim() === '') };
  }
  return { values: {}, errors };
}
