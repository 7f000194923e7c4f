/**
 * Grievances (issue 38 item 4, product decisions section 16, decision 038): any signed-in user complains in one of
 * the categories below, optionally about an application, an allotment or an invoice of their own. Each category has a
 * promised time in working days and the officer role it goes to; the deadline ladder (deadlines.ts) escalates a
 * grievance left past it as it does a case stage. The officer replies, asks for detail or resolves; the complainant
 * answers, may reopen once within GRIEVANCE_REOPEN_DAYS of the resolution, and rates it once (1 to 5).
 */
import { z } from 'zod';
import type { Role } from '../roles';
import { enumList, listQueryFor, type ListDefinition } from '../listing';
import { can } from '../permissions';

export const GRIEVANCE_CATEGORY_CODES = [
  'billing',
  'delay',
  'officer_conduct',
  'park_infrastructure',
  'other',
] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORY_CODES)[number];

export interface GrievanceCategoryRule {
  /** The promised time in working days from the day it is raised (or reopened). */
  workingDays: number;
  /** The officer role it is routed to. A zonal manager's grievance goes to the zone of the case it names; when it
   * names none, or the case has no zone, to the head office (ho) instead. */
  routesTo: 'zonal_manager' | 'ho' | 'finance';
}

/** The categories (section 16): billing to finance, a case's delay and the park's roads, water and power to the
 * zone's manager, an officer's conduct to the head office (above the zone the officer works in). */
export const GRIEVANCE_CATEGORIES = {
  billing: { workingDays: 7, routesTo: 'finance' },
  delay: { workingDays: 7, routesTo: 'zonal_manager' },
  officer_conduct: { workingDays: 15, routesTo: 'ho' },
  park_infrastructure: { workingDays: 15, routesTo: 'zonal_manager' },
  other: { workingDays: 15, routesTo: 'zonal_manager' },
} as const satisfies Record<GrievanceCategory, GrievanceCategoryRule>;

/** The role a grievance of `category` goes to, given the zone of the case it names (null: none). */
export function grievanceRouteOf(category: GrievanceCategory, zone: string | null): Role {
  const routesTo = GRIEVANCE_CATEGORIES[category].routesTo;
  return routesTo === 'zonal_manager' && zone === null ? 'ho' : routesTo;
}

/** A resolved grievance may be reopened once, within this many calendar days of its resolution (section 16). */
export const GRIEVANCE_REOPEN_DAYS = 15;
/** Attachments a grievance may carry, in all. */
export const GRIEVANCE_MAX_ATTACHMENTS = 5;
export const GRIEVANCE_ATTACHMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;

/**
 * - open: waits on the officer (its promised day running).
 * - detail_asked: waits on the complainant's answer; the promised day stands still meanwhile and moves on by the
 *   working days it waited when the answer comes (as a query stops an application's service clock).
 * - resolved: the officer's resolution; reopened once within GRIEVANCE_REOPEN_DAYS, and rated once.
 */
export const GRIEVANCE_STATUSES = ['open', 'detail_asked', 'resolved'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

/**
 * Guards of a grievance's moves, checked in the move's transaction under the grievance's row lock:
 * - within_reopen_window: resolved no more than GRIEVANCE_REOPEN_DAYS ago (409 grievance_reopen_closed).
 * - not_reopened_before: reopened at most once (409 grievance_reopened_before).
 * - not_rated: rated at most once (409 grievance_rated).
 */
export const GRIEVANCE_GUARDS = ['within_reopen_window', 'not_reopened_before', 'not_rated'] as const;
export type GrievanceGuard = (typeof GRIEVANCE_GUARDS)[number];

/** What a person does through the API: an event, or a step that keeps the status. */
export const GRIEVANCE_ACTIONS = ['reply', 'ask_detail', 'answer', 'resolve', 'reopen', 'rate'] as const;
export type GrievanceAction = (typeof GRIEVANCE_ACTIONS)[number];

/** Who may raise one: any signed-in user (their own grievance). */
export const mayRaiseGrievance = (role: Role) => can(role, 'raise:grievance:own');

/** The lengths of a grievance's texts. */
export const GRIEVANCE_TEXT_LIMITS = { text: { min: 10, max: 4000 }, message: { min: 2, max: 4000 } } as const;

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

/** What a grievance may be about besides itself: one case of the complainant's own. */
export const GRIEVANCE_SUBJECTS = ['application', 'allotment', 'invoice'] as const;
export type GrievanceSubject = (typeof GRIEVANCE_SUBJECTS)[number];

export const raiseGrievanceRequestSchema = z.object({
  category: z.enum(GRIEVANCE_CATEGORY_CODES, { error: 'Choose what the grievance is about' }),
  text: longText(GRIEVANCE_TEXT_LIMITS.text),
  application_id: z.uuid({ error: 'Choose one of your applications' }).optional(),
  allotment_id: z.uuid({ error: 'Choose one of your allotments' }).optional(),
  invoice_id: z.uuid({ error: 'Choose one of your invoices' }).optional(),
});
export type RaiseGrievanceRequest = z.input<typeof raiseGrievanceRequestSchema>;

/** One of the people's actions: its words (required but for a rating), and the rating (1 to 5, for `rate`). */
export const grievanceActionRequestSchema = z.object({
  action: z.enum(GRIEVANCE_ACTIONS, { error: 'Choose an action' }),
  message: longText(GRIEVANCE_TEXT_LIMITS.message).optional(),
  rating: z
    .number({ error: 'Give a rating from 1 to 5' })
    .int({ error: 'Give a rating from 1 to 5' })
    .min(1, { error: 'Give a rating from 1 to 5' })
    .max(5, { error: 'Give a rating from 1 to 5' })
    .optional(),
});
export type GrievanceActionRequest = z.input<typeof grievanceActionRequestSchema>;

/** The grievance's story, each entry a step by a person or the portal (SYSTEM). */
export const GRIEVANCE_ENTRY_KINDS = [
  'raised',
  'reply',
  'ask_detail',
  'answer',
  'resolve',
  'reopen',
  'rate',
  'escalate',
  'attachment',
] as const;
export type GrievanceEntryKind = (typeof GRIEVANCE_ENTRY_KINDS)[number];

export const grievanceEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(GRIEVANCE_ENTRY_KINDS),
  /** The person's name, or null for the portal. */
  actor_name: z.string().nullable(),
  /** The person's role, or null for the portal (SYSTEM). */
  actor_role: z.string().nullable(),
  message: z.string().nullable(),
  /** Codes and numbers: the rating, the level escalated to, an attachment's name. */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  at: z.string(),
});
export type GrievanceEntry = z.infer<typeof grievanceEntrySchema>;

export const grievanceAttachmentSchema = z.object({
  id: z.uuid(),
  file_name: z.string(),
  file_size: z.number().int(),
  uploaded_at: z.string(),
});
export type GrievanceAttachment = z.infer<typeof grievanceAttachmentSchema>;

export const grievanceSchema = z.object({
  id: z.uuid(),
  grievance_number: z.string(),
  category: z.enum(GRIEVANCE_CATEGORY_CODES),
  text: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  complainant_name: z.string(),
  subject: z.enum(GRIEVANCE_SUBJECTS).nullable(),
  /** The number of the application, allotment or invoice it is about. */
  subject_number: z.string().nullable(),
  zone: z.string().nullable(),
  routed_to: z.string(),
  escalated_to: z.string().nullable(),
  raised_at: z.string(),
  /** YYYY-MM-DD: the promised day (standing still while detail is asked). */
  due_on: z.string(),
  /** Waiting on the officer past its promised day. */
  overdue: z.boolean(),
  resolved_at: z.string().nullable(),
  reopened: z.boolean(),
  rating: z.number().int().nullable(),
  /** Whether the caller raised it (their own grievance), or works it as an officer. */
  is_complainant: z.boolean(),
  /** The events the caller may fire now (the server checks them again). */
  actions: z.array(z.enum(GRIEVANCE_ACTIONS)),
  /** The last day it may be reopened (YYYY-MM-DD), while it may. */
  reopen_until: z.string().nullable(),
  attachments: z.array(grievanceAttachmentSchema),
  entries: z.array(grievanceEntrySchema),
});
export type Grievance = z.infer<typeof grievanceSchema>;

/** A grievance in a list: without its story and files. */
export const grievanceSummarySchema = grievanceSchema.omit({
  entries: true,
  attachments: true,
  actions: true,
  is_complainant: true,
});
export type GrievanceSummary = z.infer<typeof grievanceSummarySchema>;

export const GRIEVANCE_LIST = {
  sort: ['due_on', 'raised_at'] as const,
  defaultSort: '-raised_at' as const,
  searches: 'grievance number',
  filters: {
    status: enumList(GRIEVANCE_STATUSES),
    category: enumList(GRIEVANCE_CATEGORY_CODES),
    /** Waiting on the officer past its promised day. */
    overdue: z.literal('true', { error: 'Use overdue=true, or leave overdue out' }).optional(),
  },
} as const satisfies ListDefinition<'due_on' | 'raised_at', z.ZodRawShape>;

export const grievanceListQuerySchema = /* @__PURE__ */ listQueryFor(GRIEVANCE_LIST);
export type GrievanceListQuery = z.output<typeof grievanceListQuerySchema>;

/** The public figures (the performance page): per month and category, received, resolved on time and reopened,
 * over the last GRIEVANCE_FIGURE_MONTHS months. */
export const GRIEVANCE_FIGURE_MONTHS = 3;
export const grievanceFigureSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  category: z.enum(GRIEVANCE_CATEGORY_CODES),
  received: z.number().int(),
  resolved_on_time: z.number().int(),
  reopened: z.number().int(),
});
export type GrievanceFigure = z.infer<typeof grievanceFigureSchema>;
export const grievanceFiguresSchema = z.object({
  /** YYYY-MM-DD: the first day counted. */
  since: z.string(),
  figures: z.array(grievanceFigureSchema),
});
export type GrievanceFigures = z.infer<typeof grievanceFiguresSchema>;
