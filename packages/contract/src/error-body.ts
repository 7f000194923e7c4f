/** The JSON body of every error the API answers (see ./error-codes for the codes), as a zod schema. */
import { z } from 'zod';
import { ERROR_CODES } from './error-codes';
import { refusalReasonSchema } from './refusals';

export const errorCodeSchema = z.enum(ERROR_CODES);

export const errorBodySchema = z.object({
  detail: z.string(),
  code: errorCodeSchema,
  /** On a 422: every field that failed, as `body.full_name`, `querystring.from` ... */
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** On a 409 `wrong_state`: why the record's state refused the action (the contract's refusals.ts). */
  reason: refusalReasonSchema
    .optional()
    .meta({ description: "On a 409 wrong_state: why the record's state refused the action." }),
  /** With `reason`: its parameters, as codes (statuses, document types), never words. */
  params: z
    .record(z.string(), z.union([z.string(), z.array(z.string())]))
    .optional()
    .meta({ description: 'With reason: its parameters as codes (statuses, document type codes), never words.' }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
