/**
 * The allotment after possession (product decisions section 9), declared once: the lease period, the two
 * implementation milestones and their extensions of time, and the allottee services (one row per service request
 * type): the fee each bills, what it does to the allotment when it takes effect, and when it may be asked for.
 */
import { z } from 'zod';
import { calendarDaysBetween } from './business-calendar';
import type { AllotmentStatus, ServiceRequestType } from './enums';
import { roundRupees } from './limits';

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
  extensions: z.number().int(),
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

/** A milestone as the API answers it, read on `today` (YYYY-MM-DD, the business day). */
export function describeMilestone(
  row: { kind: MilestoneKind; due_on: string; met_on: string | null; extensions: number },
  today: string,
): Milestone {
  const met = row.met_on !== null;
  const daysLeft = met ? null : calendarDaysBetween(today, row.due_on);
  return {
    kind: row.kind,
    due_on: row.due_on,
    met_on: row.met_on,
    extensions: row.extensions,
    extensions_left: Math.max(0, ESTATE_TERMS.maxExtensionsPerMilestone - row.extensions),
    days_left: daysLeft,
    late: daysLeft !== null && daysLeft < 0,
  };
}

/** The due date after one more extension. */
export function extendedDueOn(dueOn: string): string {
  return addMonths(dueOn, ESTATE_TERMS.extensionMonths);
}

/** Why a service may not be asked for on this allotment now; null when it may. `pendingExtensions` counts the
 * extension requests of the milestone not yet in effect (raised, in progress, or approved and unpaid). */
export type ServiceRefusal = 'service_not_allowed' | 'milestone_met' | 'extension_limit' | 'show_cause_pending';
export function serviceRefusal(
  type: ServiceRequestType,
  allotment: {
    status: AllotmentStatus;
    possession_date: string | null;
    milestones: readonly Milestone[];
    open_show_cause?: boolean;
  },
  milestone?: MilestoneKind,
  pendingExtensions = 0,
): ServiceRefusal | null {
  const service: AllotteeService = ALLOTTEE_SERVICES[type];
  if (!service.allowedIn.includes(allotment.status)) return 'service_not_allowed';
  if (service.afterPossession && !allotment.possession_date) return 'service_not_allowed';
  // Under a show-cause notice the holder may reply or surrender, not change the allotment.
  if (allotment.open_show_cause && service.effect !== 'surrender') return 'show_cause_pending';
  if (service.effect !== 'extend_milestone') return null;
  const candidates = milestone ? allotment.milestones.filter((m) => m.kind === milestone) : allotment.milestones;
  if (candidates.length === 0) return 'service_not_allowed';
  if (candidates.every((m) => m.met_on !== null)) return 'milestone_met';
  const open = candidates.filter((m) => m.met_on === null);
  if (open.every((m) => m.extensions + (milestone ? pendingExtensions : 0) >= ESTATE_TERMS.maxExtensionsPerMilestone))
    return 'extension_limit';
  return null;
}

/** The services an allottee may ask for on the allotment now (pending requests not counted). */
export function servicesAllowed(allotment: {
  status: AllotmentStatus;
  possession_date: string | null;
  milestones: readonly Milestone[];
  open_show_cause?: boolean;
}): ServiceRequestType[] {
  return (Object.keys(ALLOTTEE_SERVICES) as ServiceRequestType[]).filter(
    (type) => serviceRefusal(type, allotment) === null,
  );
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
