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
export type ServiceEffect = 'extend_milestone' | 'surrender' | 'none';

export interface AllotteeService {
  fee: ServiceFeeRule;
  effect: ServiceEffect;
  /** The allotment statuses it may be asked for in. */
  allowedIn: readonly AllotmentStatus[];
  /** Only once possession is recorded. */
  afterPossession: boolean;
}

const LIVE: readonly AllotmentStatus[] = ['active', 'expired', 'cancelled'];

export const ALLOTTEE_SERVICES = {
  change_name: { fee: { kind: 'fixed', amount: 5_900 }, effect: 'none', allowedIn: LIVE, afterPossession: false },
  change_constitution: {
    fee: { kind: 'fixed', amount: 11_800 },
    effect: 'none',
    allowedIn: LIVE,
    afterPossession: false,
  },
  transfer: {
    fee: { kind: 'share_of_valuation', share: 0.1 },
    effect: 'none',
    allowedIn: LIVE,
    afterPossession: false,
  },
  mortgage_noc: { fee: { kind: 'fixed', amount: 5_900 }, effect: 'none', allowedIn: LIVE, afterPossession: false },
  /** 5% of the valuation per year; one year is asked for at a time. */
  subletting: {
    fee: { kind: 'share_of_valuation', share: 0.05 },
    effect: 'none',
    allowedIn: LIVE,
    afterPossession: false,
  },
  /** Surrender of the allotment. */
  withdrawal: { fee: { kind: 'free' }, effect: 'surrender', allowedIn: ['active'], afterPossession: true },
  activity_change: {
    fee: { kind: 'fixed', amount: 11_800 },
    effect: 'none',
    allowedIn: LIVE,
    afterPossession: false,
  },
  /** Extension of time for one milestone, ESTATE_TERMS.extensionMonths at a time. */
  eot: {
    fee: { kind: 'per_year_of_extension', share: 0.02 },
    effect: 'extend_milestone',
    allowedIn: ['active'],
    afterPossession: true,
  },
} as const satisfies Record<ServiceRequestType, AllotteeService>;

/** Whether the fee depends on the plot's valuation. */
export function serviceFeeNeedsValuation(type: ServiceRequestType): boolean {
  const kind = ALLOTTEE_SERVICES[type].fee.kind;
  return kind === 'share_of_valuation' || kind === 'per_year_of_extension';
}

/** The fee of a service in rupees (GST included where fixed), rounded to paise. */
export function serviceFee(type: ServiceRequestType, valuation: number): number {
  const rule: ServiceFeeRule = ALLOTTEE_SERVICES[type].fee;
  switch (rule.kind) {
    case 'fixed':
      return rule.amount;
    case 'share_of_valuation':
      return roundRupees(valuation * rule.share);
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
export type ServiceRefusal = 'service_not_allowed' | 'milestone_met' | 'extension_limit';
export function serviceRefusal(
  type: ServiceRequestType,
  allotment: { status: AllotmentStatus; possession_date: string | null; milestones: readonly Milestone[] },
  milestone?: MilestoneKind,
  pendingExtensions = 0,
): ServiceRefusal | null {
  const service: AllotteeService = ALLOTTEE_SERVICES[type];
  if (!service.allowedIn.includes(allotment.status)) return 'service_not_allowed';
  if (service.afterPossession && !allotment.possession_date) return 'service_not_allowed';
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
