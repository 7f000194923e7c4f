/** The new officer form: the contract's request schema (the email read without the spaces around it), its defaults,
 * and the roles an admin may give (every staff role; entrepreneurs register themselves). */
import { z } from 'zod';
import {
  createUserRequestSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  registerRequestSchema,
  STAFF_ROLES,
} from '@portal/contract';

export type StaffRole = (typeof STAFF_ROLES)[number];
export const ASSIGNABLE_ROLES: readonly StaffRole[] = STAFF_ROLES;

export const officerFormSchema = createUserRequestSchema.extend({
  email: z.string().trim().pipe(registerRequestSchema.shape.email),
  /** '' is every zone (sent as null). */
  zone: z.string(),
});

export const OFFICER_FORM_DEFAULTS: z.input<typeof officerFormSchema> = {
  full_name: '',
  email: '',
  password: '',
  role: 'zonal_manager',
  zone: '',
};

/** The limits the password's messages name. */
export const OFFICER_MESSAGE_PARAMS = { password: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } };
