/** Money as the corporation keeps it (product decisions section 10): what a gateway order, a challan, a bank credit,
 * a ledger entry, a refund and an adjustment can be, the yearly dues' rate table, interest on arrears, and who may
 * make and who may check a finance action. The request and response schemas of each area sit in its own file
 * (money-gateway.ts, money-challans.ts, money-ledger.ts, money-dues.ts, money-refunds.ts, money-reports.ts). */
import { roundRupees } from '../limits';
import type { Role } from '../roles';

/** A payment order at the gateway: created, then paid (verified server-side) or failed; an answer whose amount or
 * order differs from ours is kept as a mismatch for finance, never paid. */
export const GATEWAY_ORDER_STATUSES = ['created', 'paid', 'failed', 'mismatch'] as const;
export type GatewayOrderStatus = (typeof GATEWAY_ORDER_STATUSES)[number];
/** How a gateway order was settled: the signed redirect back, the webhook, or the re-query job. */
export const GATEWAY_SETTLED_VIA = ['redirect', 'webhook', 'requery'] as const;
export type GatewaySettledVia = (typeof GATEWAY_SETTLED_VIA)[number];

/** A challan (NEFT/RTGS pay-in slip) is open until a bank credit pays it, or cancelled. */
export const CHALLAN_STATUSES = ['open', 'paid', 'cancelled'] as const;
export type ChallanStatus = (typeof CHALLAN_STATUSES)[number];

/** A credit line of an imported bank statement: matched to a challan at import, or unmatched until a person settles
 * it (prepared, then approved by another: settlement_pending, then settled) or sets it aside as not ours. */
export const BANK_CREDIT_STATUSES = ['matched', 'unmatched', 'settlement_pending', 'settled', 'set_aside'] as const;
export type BankCreditStatus = (typeof BANK_CREDIT_STATUSES)[number];

/** One append-only ledger per application (an allotment's statement is its application's). Debits are what the
 * holder owes (an invoice, interest, a refund paid out); credits are what reduces it (a payment, a waiver, an amount
 * the corporation owes back, such as an EMD to refund). A balance is debits less credits: above zero the holder
 * owes, below zero the corporation does. */
export const LEDGER_ENTRY_TYPES = [
  'invoice',
  'payment',
  'interest',
  'waiver',
  'refund_due',
  'refund',
  'adjustment',
  /** An invoice cancelled (decision 023): a credit of its amount, reversing its debit. */
  'cancellation',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

export const REFUND_KINDS = ['emd', 'surrender', 'excess'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
/** Prepared by one finance user, approved by another (or an admin), paid with the bank's UTR; or rejected. */
export const REFUND_STATUSES = ['prepared', 'approved', 'paid', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A ledger adjustment awaiting its checker: an interest waiver, a correction debiting or crediting the account, or
 * an unpaid invoice's cancellation (decision 023). */
export const ADJUSTMENT_KINDS = ['interest_waiver', 'debit', 'credit', 'invoice_cancellation'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Maker-checker (section 10): who may prepare and who may approve a finance action that moves or forgives money.
 * The checker is never the maker. */
export const FINANCE_MAKERS: readonly Role[] = ['finance'];
export const FINANCE_CHECKERS: readonly Role[] = ['finance', 'admin'];
export const FINANCE_ACTIONS = ['refund', 'interest_waiver', 'adjustment', 'bank_credit_settlement'] as const;
export type FinanceAction = (typeof FINANCE_ACTIONS)[number];

/** The yearly dues of an allotment, billed on 1 April for the financial year (April to March), due in 30 days; the
 * first year from possession prorated by day. Demo values; a new row applies from its financial year on. */
export interface DuesRate {
  /** The financial year the rate applies from: 2026 is April 2026 to March 2027. */
  fromFinancialYear: number;
  leaseRentPerSqmPerYear: number;
  maintenancePerSqmPerYear: number;
}
export const DUES_RATES: readonly DuesRate[] = [
  { fromFinancialYear: 2000, leaseRentPerSqmPerYear: 1, maintenancePerSqmPerYear: 12 },
];
export const DUES = {
  /** Day and month (1 April) the financial year starts and is billed on. */
  billingMonth: 4,
  billingDay: 1,
  dueDays: 30,
  /** Interest on arrears: 12% a year, simple, by day, on the principal unpaid after its due date. */
  interestRatePerYear: 0.12,
  daysInYear: 365,
} as const;

/** Why the portal cancelled an invoice with no person deciding (decision 023): its application was rejected or
 * withdrawn before allotment, or it was an auction winner's premium and the winner defaulted. */
export const INVOICE_CANCELLATION_RULES = [
  'application_rejected',
  'application_withdrawn',
  'winner_defaulted',
] as const;
export type InvoiceCancellationRule = (typeof INVOICE_CANCELLATION_RULES)[number];

/** The unpaid invoices an application rejected or withdrawn before allotment can no longer owe, cancelled by rule
 * (decision 023): its fees and deposits for being considered and the premium of a plot it will not get. A service
 * fee and yearly dues belong to an allotment, which such an application never had. */
export const CANCELLED_WHEN_CLOSED_INVOICE_TYPES = [
  'processing_fee',
  'emd',
  'participation_fee',
  'premium_instalment',
] as const;

/** The statuses in which an application has ended before allotment (rejected, by a person or by a rule, or
 * withdrawn): it owes nothing more, its unpaid fees and deposits are cancelled by rule (decision 023), and no screen
 * asks it to pay. */
export const ENDED_BEFORE_ALLOTMENT_STATUSES = ['rejected', 'withdrawn'] as const;
export type EndedBeforeAllotmentStatus = (typeof ENDED_BEFORE_ALLOTMENT_STATUSES)[number];
/** Whether an application in `status` has ended before allotment and so owes nothing more. */
export const hasEndedBeforeAllotment = (status: string): status is EndedBeforeAllotmentStatus =>
  (ENDED_BEFORE_ALLOTMENT_STATUSES as readonly string[]).includes(status);

/** The invoice types that are yearly dues and bear interest when late. */
export const DUES_INVOICE_TYPES = ['lease_rent', 'maintenance_charge'] as const;
export type DuesInvoiceType = (typeof DUES_INVOICE_TYPES)[number];

/** Receivables ageing bands, in days past the due date. */
export const AGEING_BANDS = [
  { code: 'd0_30', from: 0, to: 30 },
  { code: 'd31_90', from: 31, to: 90 },
  { code: 'd91_180', from: 91, to: 180 },
  { code: 'd180_plus', from: 181, to: null },
] as const;
export type AgeingBand = (typeof AGEING_BANDS)[number]['code'];

const DAY_MS = 86_400_000;
function dayNumber(isoDate: string): number {
  return Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / DAY_MS;
}

/** Whole days from one ISO date (YYYY-MM-DD) to another; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** What an invoice asks on a day: its amount and, for yearly dues unpaid after their due date and not waived, interest
 * on arrears. */
export function amountDueOn(
  invoice: { invoiceType: string; amount: number; dueDate: string; interestWaived: boolean },
  today: string,
): { principal: number; interest: number; total: number } {
  const bearsInterest =
    (DUES_INVOICE_TYPES as readonly string[]).includes(invoice.invoiceType) && !invoice.interestWaived;
  const interest = bearsInterest ? interestOnArrears(invoice.amount, invoice.dueDate, today) : 0;
  return { principal: invoice.amount, interest, total: roundRupees(invoice.amount + interest) };
}

/** Simple interest by day on a principal unpaid after its due date, to the paise (half up), as of `onDate`: nothing
 * on or before the due date. */
export function interestOnArrears(principal: number, dueDate: string, onDate: string): number {
  const days = daysBetween(dueDate, onDate);
  if (days <= 0 || principal <= 0) return 0;
  const paise = Math.round(principal * 100);
  return Math.round((paise * DUES.interestRatePerYear * days) / DUES.daysInYear) / 100;
}
