/** The service request form's values and schema, shared by New Request and the services on a plot. Every particular a
 * service may name (SERVICE_PARTICULARS) is a field of its own at the top level of the form, so each has its label,
 * its error and its place in the error summary; on submit the fields of the chosen type are gathered into
 * `particulars` and the whole request is checked by the contract's own schema, whose issues are put back on the
 * fields. */
import { z } from 'zod';
import {
  createServiceRequestSchema,
  serviceParticularsSchema,
  SERVICE_PARTICULARS,
  SUBLETTING_MAX_MONTHS,
  SERVICE_REQUEST_TYPES,
  type CreateServiceRequest,
  type ServiceRequestType,
} from '@portal/contract';

/** Every particular a form may ask for, in on-screen order. */
export const PARTICULAR_FIELDS = [
  'transferee_email',
  'legal_heir',
  'new_name',
  'new_constitution',
  'new_activity',
  'lender',
  'loan_amount',
  'sub_lessee',
  'sublet_area',
  'months',
] as const;
export type ParticularField = (typeof PARTICULAR_FIELDS)[number];

/** The particulars typed as numbers (read from a text box with a decimal keypad). */
export const NUMBER_PARTICULARS: ReadonlySet<ParticularField> = new Set(['loan_amount', 'sublet_area', 'months']);

/** The fields a type asks for: its required particulars, and for a transfer whether it is to a legal heir. */
export function particularFieldsOf(type: ServiceRequestType): ParticularField[] {
  return PARTICULAR_FIELDS.filter(
    (field) => SERVICE_PARTICULARS[type].includes(field as never) || (type === 'transfer' && field === 'legal_heir'),
  );
}

const text = z.string().optional();
/** A number box: '' (or nothing) is undefined, anything else a number (NaN when it is not one). */
const numberBox = z.unknown().optional();

export const serviceRequestFormFields = z.object({
  request_type: z.enum(SERVICE_REQUEST_TYPES),
  application_id: text,
  allotment_id: text,
  milestone: text,
  description: z.string(),
  transferee_email: text,
  legal_heir: z.boolean().optional(),
  new_name: text,
  new_constitution: text,
  new_activity: text,
  lender: text,
  loan_amount: numberBox,
  sub_lessee: text,
  sublet_area: numberBox,
  months: numberBox,
});
export type ServiceRequestFormValues = z.input<typeof serviceRequestFormFields>;

/** The request the form sends: the contract's, with only the chosen type's particulars. */
export type ServiceRequestBody = CreateServiceRequest & { particulars: Record<string, unknown> };

/** A number box's value: '' is undefined, else Number (NaN when not a number, which the contract refuses). */
export function numberFromBox(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  const trimmed = String(value).trim().replace(/,/g, '');
  return trimmed === '' ? undefined : Number(trimmed);
}

/** The particulars of the chosen type, as the contract reads them. */
export function particularsOf(values: ServiceRequestFormValues): Record<string, unknown> {
  const particulars: Record<string, unknown> = {};
  for (const field of particularFieldsOf(values.request_type)) {
    const value = values[field];
    if (field === 'legal_heir') particulars[field] = value === true;
    else if (NUMBER_PARTICULARS.has(field)) particulars[field] = numberFromBox(value);
    else particulars[field] = typeof value === 'string' ? value : undefined;
  }
  return particulars;
}

/** The form's schema: the contract's request schema over the gathered body (its `particulars.<field>` issues put on
 * the field of that name), plus the checks a screen adds (which application, allotment or milestone it needs). */
export function serviceRequestFormSchema(refine?: (body: ServiceRequestBody, context: z.RefinementCtx) => void) {
  return serviceRequestFormFields.transform((values, context): ServiceRequestBody => {
    const body = {
      request_type: values.request_type,
      application_id: values.application_id || null,
      allotment_id: values.allotment_id || null,
      ...(values.request_type === 'eot' && values.milestone ? { milestone: values.milestone } : {}),
      description: values.description,
      particulars: particularsOf(values),
    } as ServiceRequestBody;
    const parsed = createServiceRequestSchema.safeParse(body);
    refine?.(body, context);
    // The contract checks the particulars only once the rest is valid; the form says everything at once, each
    // particular by the contract's own rule for it.
    for (const field of particularFieldsOf(values.request_type)) {
      if (field === 'legal_heir') continue;
      const value = body.particulars[field];
      const checked = serviceParticularsSchema.shape[field].safeParse(value);
      if (!checked.success)
        context.addIssue({
          ...checked.error.issues[0]!,
          path: [field],
          ...(value === undefined || value === '' ? { message: 'This field is required' } : {}),
        } as never);
    }
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        if (issue.path[0] !== 'particulars') context.addIssue({ ...issue } as never);
      return z.NEVER;
    }
    return { ...parsed.data, particulars: parsed.data.particulars } as ServiceRequestBody;
  });
}

/** The values the form's messages take (the longest subletting asked for). */
export const SERVICE_FORM_MESSAGE_PARAMS = { months: { max: SUBLETTING_MAX_MONTHS } };

/** Empty values for a type (the boxes blank, not a legal heir, no constitution chosen). */
export function emptyServiceRequestValues(
  type: ServiceRequestType,
  extra: Partial<ServiceRequestFormValues> = {},
): ServiceRequestFormValues {
  return {
    request_type: type,
    application_id: '',
    allotment_id: '',
    milestone: '',
    description: '',
    transferee_email: '',
    legal_heir: false,
    new_name: '',
    new_constitution: '',
    new_activity: '',
    lender: '',
    loan_amount: '',
    sub_lessee: '',
    sublet_area: '',
    months: '',
    ...extra,
  };
}
