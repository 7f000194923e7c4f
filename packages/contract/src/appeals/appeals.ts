/**
 * Appeals to the head office (product decisions section 11): an applicant whose case is past its service clock, or
 * whose application was rejected, files an appeal; the appellate officer (ho) records a hearing and gives one order,
 * dismissed or allowed with directions. The appeal has its own clock: APPEAL_WORKING_DAYS after filing.
 */
import { z } from 'zod';
import { APPEAL_GROUNDS, APPEAL_STATUSES, APPLICATION_STATUSES } from '../enums';
import { enumList, listQueryFor, type ListDefinition } from '../listing';

/** The appeal's own clock in working days (section 11). */
export const APPEAL_WORKING_DAYS = 30;

/** The lengths of an appeal's texts. */
export const APPEAL_TEXT_LIMITS = {
  statement: { min: 20, max: 4000 },
  hearingNote: { min: 5, max: 4000 },
  orderText: { min: 10, max: 4000 },
} as const;

/** Figures per stage cover this many days (section 11: the public performance figures' window). */
export const APPEAL_FIGURE_DAYS = 90;

const longText = (limits: { min: number; max: number }) =>
  z
    .string({ error: 'This field is required' })
    .trim()
    .min(limits.min, { error: `Write at least ${limits.min} characters` })
    .max(limits.max, { error: `Write at most ${limits.max} characters` })
    // eslint-disable-next-line no-control-regex
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(value), {
      error: 'Remove the control characters (such as NUL) from this text',
    });

export const fileAppealRequestSchema = z.object({ statement: longText(APPEAL_TEXT_LIMITS.statement) });
export type FileAppealRequest = z.input<typeof fileAppealRequestSchema>;

export const appealHearingRequestSchema = z.object({ hearing_note: longText(APPEAL_TEXT_LIMITS.hearingNote) });
export type AppealHearingRequest = z.input<typeof appealHearingRequestSchema>;

/** The orders an appellate officer gives. */
export const APPEAL_OUTCOMES = ['dismissed', 'allowed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export const appealOrderRequestSchema = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { error: 'Choose whether to dismiss or allow the appeal' }),
  /** The reasons (dismissed) or the directions (allowed). */
  order_text: longText(APPEAL_TEXT_LIMITS.orderText),
  /** Allowed on a late case: the stage's new due date, a working day after today (checked by the server). */
  directed_due_on: z.iso.date({ error: 'Use a date as YYYY-MM-DD' }).optional(),
});
export type AppealOrderRequest = z.input<typeof appealOrderRequestSchema>;

export const appealSchema = z.object({
  id: z.uuid(),
  appeal_number: z.string(),
  application_id: z.uuid(),
  application_number: z.string(),
  organization_name: z.string().nullable(),
  ground: z.enum(APPEAL_GROUNDS),
  /** The stage appealed against: the status that was late, or the one the application was rejected from. */
  stage_status: z.enum(APPLICATION_STATUSES),
  statement: z.string(),
  status: z.enum(APPEAL_STATUSES),
  filed_at: z.string(),
  /** YYYY-MM-DD: the appeal's own clock, APPEAL_WORKING_DAYS after filing. */
  due_on: z.string(),
  /** Still filed and past its due date. */
  overdue: z.boolean(),
  /** Staff only (null for the applicant). */
  hearing_note: z.string().nullable(),
  heard_at: z.string().nullable(),
  order_text: z.string().nullable(),
  directed_due_on: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by_name: z.string().nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

/** Why an applicant may not file an appeal on the application now (null when they may). */
export const APPEAL_REFUSALS = [
  /** An appeal on it is already waiting for its order. */
  'appeal_open',
  /** Neither past its service clock (running, on an officer) nor rejected. */
  'not_appealable',
] as const;
export type AppealRefusal = (typeof APPEAL_REFUSALS)[number];

/** The application's appeals and whether its applicant may file one now (GET /applications/{id}/appeals). */
export const applicationAppealsSchema = z.object({
  can_appeal: z.boolean(),
  /** The ground and stage a new appeal would have; null when none may be filed. */
  ground: z.enum(APPEAL_GROUNDS).nullable(),
  stage_status: z.enum(APPLICATION_STATUSES).nullable(),
  refusal: z.enum(APPEAL_REFUSALS).nullable(),
  /** Newest first. */
  appeals: z.array(appealSchema),
});
export type ApplicationAppeals = z.infer<typeof applicationAppealsSchema>;

export const APPEAL_LIST = {
  sort: ['due_on', 'filed_at'] as const,
  defaultSort: 'due_on' as const,
  searches: 'appeal number, application number',
  filters: {
    status: enumList(APPEAL_STATUSES),
    ground: enumList(APPEAL_GROUNDS),
    /** Still filed and past the appeal's due date. */
    overdue: z.literal('true', { error: 'Use overdue=true, or leave overdue out' }).optional(),
  },
} as const satisfies ListDefinition<'due_on' | 'filed_at', z.ZodRawShape>;

export const appealListQuerySchema = /* @__PURE__ */ listQueryFor(APPEAL_LIST);
export type AppealListQuery = z.output<typeof appealListQuerySchema>;

/** Appeals counted against the stage (Right to Service laws): filed in the window, and their orders. */
export const appealStageFigureSchema = z.object({
  stage_status: z.enum(APPLICATION_STATUSES),
  filed: z.number().int(),
  allowed: z.number().int(),
  dismissed: z.number().int(),
});
export type AppealStageFigure = z.infer<typeof appealStageFigureSchema>;

export const appealStageFiguresSchema = z.object({
  /** YYYY-MM-DD: the first day counted. */
  since: z.string(),
  stages: z.array(appealStageFigureSchema),
});
export type AppealStageFigures = z.infer<typeof appealStageFiguresSchema>;
