/**
 * The allotment after possession (product decisions section 9), declared once: the lease period, the two
 * implementation milestones and their extensions of time, and the allottee services (one row per service request
 * type): the fee each bills, what it does to the allotment when it takes effect, and when it may be asked for.
 */
import { z } from 'zod';
import { calendarDaysBetween } from '../time/business-calendar';
import {
  SERVICE_REQUEST_TYPES,
  type AllotmentStatus,
  type ServiceRequestStatus,
  type ServiceRequestType,
} from '../enums';
import { roundRupees } from '../limits';

export const ESTATE_TERMS = {
  leaseYears: 99,
  milestoneMonths: { commence_construction: 12, start_production: 24 },
  extensionMonths: 12,
  maxExtensionsPerMilestone: 2,
} as const;

export const MILESTONE_KINDS = ['commence_construction', 'start_production'] as const;
export type MilestoneKind = (typeof MILESTONE_KINDS)[number];

export const milestoneSchema = z.object({
  kind: z.enum(MILESTONE_KINDS),
  /** YYYY-MM-DD */
  due_on: z.string(),
  met_on: z.string().nullable(),
  /** Extensions in effect. */
  extensions: z.number().int(),
  /** What the limit counts: the extensions in effect and the one asked for and not yet in effect (decision 020). */
  extensions_used: z.number().int(),
  extensions_left: z.number().int(),
  /** Calendar days to the due date; null when met, negative when late. */
  days_left: z.number().int().nullable(),
  late: z.boolean(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export type ServiceFeeRule =
  | { kind: 'fixed'; amount: number }
  | { kind: 'share_of_valuation'; share: number }
  | { kind: 'per_year_of_extension'; share: number }
  | { kind: 'free' };

/** What a service does to the allotment when it takes effect (on payment of its fee, or on approval when free). */
export type ServiceEffect =
  | 'extend_milestone'
  | 'surrender'
  | 'transfer'
  | 'change_name'
  | 'change_constitution'
  | 'change_activity'
  | 'mortgage_noc'
  | 'subletting';

/** The order issued when a service takes effect (an issued document with a verification code). */
export const SERVICE_ORDER_KINDS = [
  'extension_order',
  'transfer_order',
  'change_order',
  'mortgage_noc',
  'subletting_permission',
  'surrender_acceptance',
] as const;
export type ServiceOrderKind = (typeof SERVICE_ORDER_KINDS)[number];

/** Longest subletting permission asked for at once, in months. */
export const SUBLETTING_MAX_MONTHS = 120;

export interface AllotteeService {
  fee: ServiceFeeRule;
  effect: ServiceEffect;
  order: ServiceOrderKind;
  /** The allotment statuses it may be asked for in. */
  allowedIn: readonly AllotmentStatus[];
  /** Only once possession is recorded. */
  afterPossession: boolean;
  /** Refused while the holder has unpaid dues (section 9). */
  noDuesRequired: boolean;
  /** Working days the deciding officers have, as the service clocks of the application's stages. */
  clockDays: number;
}

const ACTIVE: readonly AllotmentStatus[] = ['active'];

/** One row per service request type. Every service changes something when it takes effect and issues its order. */
export const ALLOTTEE_SERVICES = {
  change_name: {
    fee: { kind: 'fixed', amount: 5_900 },
    effect: 'change_name',
    order: 'change_order',
    allowedIn: ACTIVE,
    afterPossession: false,
    noDuesRequired: false,
    clockDays: 15,
  },
  change_constitution: {
    fee: { kind: 'fixed', amount: 11_800 },
    effect: 'change_constitution',
    order: 'change_order',
    allowedIn: ACTIVE,
    afterPossession: false,
    noDuesRequired: false,
    clockDays: 15,
  },
  /** 10% of the valuation; free to a legal heir. The transferee must accept it in the portal before approval. */
  transfer: {
    fee: { kind: 'share_of_valuation', share: 0.1 },
    effect: 'transfer',
    order: 'transfer_order',
    allowedIn: ACTIVE,
    afterPossession: true,
    noDuesRequired: true,
    clockDays: 30,
  },
  mortgage_noc: {
    fee: { kind: 'fixed', amount: 5_900 },
    effect: 'mortgage_noc',
    order: 'mortgage_noc',
    allowedIn: ACTIVE,
    afterPossession: true,
    noDuesRequired: true,
    clockDays: 7,
  },
  /** 5% of the valuation per year of the period asked for (a part year counts as a year). */
  subletting: {
    fee: { kind: 'share_of_valuation', share: 0.05 },
    effect: 'subletting',
    order: 'subletting_permission',
    allowedIn: ACTIVE,
    afterPossession: true,
    noDuesRequired: true,
    clockDays: 15,
  },
  /** Surrender of the allotment. */
  withdrawal: {
    fee: { kind: 'free' },
    effect: 'surrender',
    order: 'surrender_acceptance',
    allowedIn: ACTIVE,
    afterPossession: true,
    noDuesRequired: false,
    clockDays: 30,
  },
  activity_change: {
    fee: { kind: 'fixed', amount: 11_800 },
    effect: 'change_activity',
    order: 'change_order',
    allowedIn: ACTIVE,
    afterPossession: false,
    noDuesRequired: false,
    clockDays: 15,
  },
  /** Extension of time for one milestone, ESTATE_TERMS.extensionMonths at a time. */
  eot: {
    fee: { kind: 'per_year_of_extension', share: 0.02 },
    effect: 'extend_milestone',
    order: 'extension_order',
    allowedIn: ACTIVE,
    afterPossession: true,
    noDuesRequired: false,
    clockDays: 15,
  },
} as const satisfies Record<ServiceRequestType, AllotteeService>;

/** The services that change the holder's own profile (name, constitution): they may be asked for on an application
 * before there is an allotment. Every other service is about an allotment its holder names. */
export const SERVICES_WITHOUT_ALLOTMENT: readonly ServiceRequestType[] = ['change_name', 'change_constitution'];

/** Whether the fee depends on the plot's valuation. */
export function serviceFeeNeedsValuation(type: ServiceRequestType): boolean {
  const kind = ALLOTTEE_SERVICES[type].fee.kind;
  return kind === 'share_of_valuation' || kind === 'per_year_of_extension';
}

/** The fee of a service in rupees (GST included where fixed), rounded to paise: a subletting counts each year (or
 * part) of the months asked for, a transfer to a legal heir is free. */
export function serviceFee(
  type: ServiceRequestType,
  valuation: number,
  particulars: { legal_heir?: boolean; months?: number } = {},
): number {
  if (type === 'transfer' && particulars.legal_heir) return 0;
  const rule: ServiceFeeRule = ALLOTTEE_SERVICES[type].fee;
  switch (rule.kind) {
    case 'fixed':
      return rule.amount;
    case 'share_of_valuation': {
      const years = type === 'subletting' ? Math.max(1, Math.ceil((particulars.months ?? 12) / 12)) : 1;
      return roundRupees(valuation * rule.share * years);
    }
    case 'per_year_of_extension':
      return roundRupees(valuation * rule.share * (ESTATE_TERMS.extensionMonths / 12));
    case 'free':
      return 0;
  }
}

/** Whether a service bills a fee at all. */
export function serviceIsFree(type: ServiceRequestType): boolean {
  return ALLOTTEE_SERVICES[type].fee.kind === 'free';
}

/** YYYY-MM-DD `months` later; a day past the end of the month falls back to its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const nextYear = Math.floor(index / 12);
  const nextMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(nextYear, 4)}-${pad(nextMonth)}-${pad(Math.min(date, lastDay))}`;
}

/** The lease's last day: ESTATE_TERMS.leaseYears from possession. */
export function leaseEndsOn(possessionDate: string): string {
  return addMonths(possessionDate, ESTATE_TERMS.leaseYears * 12);
}

/** The first due date of a milestone, counted from possession. */
export function milestoneDueOn(kind: MilestoneKind, possessionDate: string): string {
  return addMonths(possessionDate, ESTATE_TERMS.milestoneMonths[kind]);
}

/** A milestone as the API answers it, read on `today` (YYYY-MM-DD, the business day); `asked` counts its extension
 * asked for and not yet in effect (at most one, decision 020), which the limit counts too. */
export function describeMilestone(
  row: { kind: MilestoneKind; due_on: string; met_on: string | null; extensions: number },
  today: string,
  asked = 0,
): Milestone {
  const met = row.met_on !== null;
  const daysLeft = met ? null : calendarDaysBetween(today, row.due_on);
  const used = row.extensions + asked;
  return {
    kind: row.kind,
    due_on: row.due_on,
    met_on: row.met_on,
    extensions: row.extensions,
    extensions_used: used,
    extensions_left: Math.max(0, ESTATE_TERMS.maxExtensionsPerMilestone - used),
    days_left: daysLeft,
    late: daysLeft !== null && daysLeft < 0,
  };
}

/** The due date after one more extension. */
export function extendedDueOn(dueOn: string): string {
  return addMonths(dueOn, ESTATE_TERMS.extensionMonths);
}

// ---------- one open request per thing, and eligibility before the form (decision 020) ----------

/** A request is open, for the one-per-thing rule, while no officer has decided it; the database holds it (a partial
 * unique index on these statuses per allotment, type and milestone). An approved request whose fee is unpaid is
 * open too, but that is checked by the service, since it reads the invoice. */
export const SERVICE_REQUEST_OPEN_STATUSES = [
  'submitted',
  'in_progress',
] as const satisfies readonly ServiceRequestStatus[];

/** Why a service may not be asked for on an allotment now. Each is also the code of the 409 the create endpoint
 * answers, with the same parameters. */
export const SERVICE_REFUSALS = [
  'service_not_allowed',
  'show_cause_pending',
  'service_request_open',
  'milestone_met',
  'extension_limit',
  'unpaid_dues',
] as const;
export type ServiceRefusalCode = (typeof SERVICE_REFUSALS)[number];
/** @deprecated the name of ServiceRefusalCode before decision 020 */
export type ServiceRefusal = ServiceRefusalCode;

/** An open request of a service on an allotment, as the card and a 409 name it. */
export const openServiceRequestSchema = z.object({
  id: z.uuid(),
  request_number: z.string(),
  request_type: z.enum(SERVICE_REQUEST_TYPES),
  milestone: z.enum(MILESTONE_KINDS).nullable(),
  status: z.enum(['submitted', 'in_progress', 'approved']),
  submitted_at: z.string(),
  /** Its fee invoice, when it is approved and waits for the fee. */
  invoice_id: z.uuid().nullable(),
});
export type OpenServiceRequest = z.infer<typeof openServiceRequestSchema>;

/** A refusal's parameters, as strings (amounts as "1234.50"): `amount` for unpaid_dues (the overdue dues),
 * `request_number` and `status` for service_request_open. */
export const serviceRefusalSchema = z.object({
  code: z.enum(SERVICE_REFUSALS),
  params: z.record(z.string(), z.string()),
});
export type ServiceRefusalAnswer = z.infer<typeof serviceRefusalSchema>;

/** Whether one allottee service (for an extension of time: for one milestone) may be asked for now, and if not why. */
export const serviceEligibilitySchema = z.object({
  request_type: z.enum(SERVICE_REQUEST_TYPES),
  milestone: z.enum(MILESTONE_KINDS).nullable(),
  allowed: z.boolean(),
  refusal: serviceRefusalSchema.nullable(),
  /** The open request of this service (and milestone), whether or not it is the reason. */
  open_request: openServiceRequestSchema.nullable(),
});
export type ServiceEligibility = z.infer<typeof serviceEligibilitySchema>;

/** What decides whether a service may be asked for on an allotment now. */
export interface ServiceEligibilityFacts {
  status: AllotmentStatus;
  possession_date: string | null;
  milestones: readonly Milestone[];
  open_show_cause?: boolean;
  /** The requests open on the allotment (the one being approved left out). */
  open_requests?: readonly OpenServiceRequest[];
  /** Rupees owed on invoices past their due date (section 13: an invoice not yet due blocks nothing). */
  overdue_dues?: number;
}

/** Rupees as a refusal's parameter: "1234.50". */
const amountParam = (rupees: number) => rupees.toFixed(2);

/** Why this service (for an extension, for this milestone) may not be asked for now; null when it may. The one
 * rule the create and approve endpoints and the allotment's `services` all read. */
export function serviceRefusal(
  type: ServiceRequestType,
  facts: ServiceEligibilityFacts,
  milestone?: MilestoneKind | null,
): ServiceRefusalAnswer | null {
  const refuse = (code: ServiceRefusalCode, params: Record<string, string> = {}) => ({ code, params });
  const service: AllotteeService = ALLOTTEE_SERVICES[type];
  if (!service.allowedIn.includes(facts.status)) return refuse('service_not_allowed');
  if (service.afterPossession && !facts.possession_date) return refuse('service_not_allowed');
  // Under a show-cause notice the holder may reply or surrender, not change the allotment.
  if (facts.open_show_cause && service.effect !== 'surrender') return refuse('show_cause_pending');
  const extension = service.effect === 'extend_milestone';
  const open = openRequestOf(type, facts, milestone);
  if (open) return refuse('service_request_open', { request_number: open.request_number, status: open.status });
  if (extension) {
    const candidates = milestone ? facts.milestones.filter((m) => m.kind === milestone) : facts.milestones;
    if (candidates.length === 0) return refuse('service_not_allowed');
    if (candidates.every((m) => m.met_on !== null)) return refuse('milestone_met');
    if (candidates.every((m) => m.met_on !== null || m.extensions_used >= ESTATE_TERMS.maxExtensionsPerMilestone))
      return refuse('extension_limit');
  }
  if (service.noDuesRequired && (facts.overdue_dues ?? 0) > 0) {
    return refuse('unpaid_dues', { amount: amountParam(facts.overdue_dues!) });
  }
  return null;
}

/** The open request of a service on the allotment (for an extension, of that milestone; without one, of any). */
function openRequestOf(
  type: ServiceRequestType,
  facts: ServiceEligibilityFacts,
  milestone?: MilestoneKind | null,
): OpenServiceRequest | undefined {
  return facts.open_requests?.find(
    (request) => request.request_type === type && (!milestone || request.milestone === milestone),
  );
}

/** Every allottee service on the allotment, each with whether it may be asked for now: an extension of time once per
 * milestone, the others once. */
export function serviceEligibility(facts: ServiceEligibilityFacts): ServiceEligibility[] {
  return SERVICE_REQUEST_TYPES.flatMap((type) => {
    const milestones: Array<MilestoneKind | null> =
      ALLOTTEE_SERVICES[type].effect === 'extend_milestone' && facts.milestones.length > 0
        ? facts.milestones.map((m) => m.kind)
        : [null];
    return milestones.map((milestone) => {
      const refusal = serviceRefusal(type, facts, milestone);
      return {
        request_type: type,
        milestone,
        allowed: refusal === null,
        refusal,
        open_request: openRequestOf(type, facts, milestone) ?? null,
      };
    });
  });
}

/** The services an allottee may ask for on the allotment now (an extension: for at least one milestone). */
export function servicesAllowed(facts: ServiceEligibilityFacts): ServiceRequestType[] {
  return [
    ...new Set(
      serviceEligibility(facts)
        .filter((row) => row.allowed)
        .map((row) => row.request_type),
    ),
  ];
}

/** What a surrender refunds (section 9): before production the premium paid less 10% forfeited (the EMD is
 * forfeited too, so it is not refunded); after production 90% of the premium paid. Unpaid dues are set off against
 * it; it is never below nothing. */
export const SURRENDER_FORFEIT_SHARE = 0.1;
export function surrenderRefund(premiumPaid: number, unpaidDues = 0): number {
  return Math.max(0, roundRupees(premiumPaid * (1 - SURRENDER_FORFEIT_SHARE) - unpaidDues));
}

/** What a cancellation for non-compliance refunds (section 9): the EMD and 10% of the premium paid are forfeited,
 * the rest is refunded, less unpaid dues. */
export function cancellationRefund(premiumPaid: number, unpaidDues = 0): number {
  return surrenderRefund(premiumPaid, unpaidDues);
}

// ---------- cancellation for non-compliance ----------

/** Calendar days a show-cause notice gives the holder to reply (section 9). */
export const SHOW_CAUSE_REPLY_DAYS = 30;
export const SHOW_CAUSE_OUTCOMES = ['cancelled', 'dropped'] as const;
export type ShowCauseOutcome = (typeof SHOW_CAUSE_OUTCOMES)[number];
/** awaiting_reply until the holder replies (or the reply-by day passes), replied, then decided by an order. */
export const SHOW_CAUSE_STATUSES = ['awaiting_reply', 'replied', 'decided'] as const;
export type ShowCauseStatus = (typeof SHOW_CAUSE_STATUSES)[number];

const noticeText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'This field is required' })
    .max(max)
    // eslint-disable-next-line no-control-regex
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(value), {
      error: 'Remove the control characters (such as NUL) from this text',
    });

/** POST /allotments/{id}/show-causes: an officer issues a notice naming the grounds. */
export const issueShowCauseRequestSchema = z.object({ grounds: noticeText(4000) });
export type IssueShowCauseRequest = z.input<typeof issueShowCauseRequestSchema>;
/** POST /show-causes/{id}/reply: the holder's reply (documents are uploaded to .../documents). */
export const replyShowCauseRequestSchema = z.object({ reply: noticeText(4000) });
export type ReplyShowCauseRequest = z.input<typeof replyShowCauseRequestSchema>;
/** POST /show-causes/{id}/order: an officer records the hearing and orders (an order always says who and why). */
export const decideShowCauseRequestSchema = z.object({
  outcome: z.enum(SHOW_CAUSE_OUTCOMES, { error: 'Choose whether to cancel the allotment or drop the notice' }),
  hearing_note: noticeText(4000),
});
export type DecideShowCauseRequest = z.input<typeof decideShowCauseRequestSchema>;

export const showCauseDocumentSchema = z.object({
  id: z.uuid(),
  file_name: z.string(),
  file_size: z.number().int(),
  uploaded_at: z.string(),
});

export const showCauseSchema = z.object({
  id: z.uuid(),
  notice_number: z.string(),
  allotment_id: z.uuid(),
  allotment_number: z.string(),
  asset_code: z.string().nullable(),
  holder_name: z.string().nullable(),
  status: z.enum(SHOW_CAUSE_STATUSES),
  grounds: z.string(),
  issued_at: z.string(),
  /** YYYY-MM-DD: SHOW_CAUSE_REPLY_DAYS after the notice. */
  reply_by: z.string(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  reply_documents: z.array(showCauseDocumentSchema),
  hearing_note: z.string().nullable(),
  outcome: z.enum(SHOW_CAUSE_OUTCOMES).nullable(),
  decided_at: z.string().nullable(),
  /** A cancellation's refund (premium paid less what is forfeited and unpaid dues). */
  refund_due: z.number().nullable(),
});
export type ShowCause = z.infer<typeof showCauseSchema>;
