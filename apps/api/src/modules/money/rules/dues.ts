/**
 * Yearly dues (product decisions, section 10): on 1 April every active allotment in possession is billed its lease
 * rent and maintenance charges for the financial year (April to March), due in 30 days; the first year from
 * possession prorated by day. The run is set-based (modules/money/repositories/dues.ts), runs under a job lease, and is idempotent
 * through the unique index on allotment, type and year: run twice, or from two processes at once, each allotment is
 * billed once. Run daily, it bills on 1 April and catches up any allotment possessed later in the year.
 */
import {
  addCalendarDays,
  daysBetween,
  DUES,
  DUES_INVOICE_TYPES,
  DUES_RATES,
  timelineEnglish,
  type DuesInvoiceType,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { timelineEvents } from '../../../db/schema';
import { businessTodayIso } from '../../../core/dates';
import { runExclusive } from '../../../lib/job-lease';
import type { Sweep } from '../../../lib/sweeps';
import { myPlotsLink } from '../../../lib/notify';
import { billDuesOfType, notifyDuesBilled, type BilledDuesInvoice, type DuesBillingTerms } from '../repositories/dues';
import { SYSTEM_ACTOR } from '../../../repositories/timeline';

export const DUES_BILLING_LEASE = 'dues-billing';
export const DUES_BILLING_EVERY_MS = 24 * 60 * 60_000;
/** Longer than a run at 100k allotments takes; a run that ends frees nothing early (the lease just expires). */
const LEASE_MS = 10 * 60_000;
/** Invoices told per batch (timeline, notifications, mail). */
const TELL_BATCH = 5_000;

/** The financial year a day falls in: 2026 for 1 April 2026 to 31 March 2027. */
export function financialYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= DUES.billingMonth ? year : year - 1;
}

/** The rate of DUES_RATES applying to a financial year: the latest row starting on or before it. */
export function duesRateFor(financialYear: number) {
  const rate = [...DUES_RATES]
    .filter((row) => row.fromFinancialYear <= financialYear)
    .sort((a, b) => b.fromFinancialYear - a.fromFinancialYear)[0];
  if (!rate) throw new Error(`No dues rate applies to the financial year ${financialYear}`);
  return rate;
}

/** What a run on `today` bills: the year containing it, its rates, and the due date (30 days after 1 April, or
 * after the billing day when billed later). */
export function duesTermsOn(today: string): DuesBillingTerms {
  const financialYear = financialYearOf(today);
  const pad = (n: number) => String(n).padStart(2, '0');
  const yearStart = `${financialYear}-${pad(DUES.billingMonth)}-${pad(DUES.billingDay)}`;
  const yearEnd = addCalendarDays(`${financialYear + 1}-${pad(DUES.billingMonth)}-${pad(DUES.billingDay)}`, -1);
  const rate = duesRateFor(financialYear);
  return {
    financialYear,
    yearStart,
    yearEnd,
    daysInYear: daysBetween(yearStart, yearEnd) + 1,
    dueDate: addCalendarDays(today > yearStart ? today : yearStart, DUES.dueDays),
    numberYear: Number(today.slice(0, 4)),
    rates: { lease_rent: rate.leaseRentPerSqmPerYear, maintenance_charge: rate.maintenancePerSqmPerYear },
  };
}

export interface DuesBillingResult {
  financialYear: number;
  billed: Record<DuesInvoiceType, number>;
}

/** Bills the year's dues in the caller's transaction and tells each holder of each invoice once. */
export async function billYearlyDuesIn(tx: Database, today: string): Promise<DuesBillingResult> {
  const terms = duesTermsOn(today);
  const billed = { lease_rent: 0, maintenance_charge: 0 } as Record<DuesInvoiceType, number>;
  for (const type of DUES_INVOICE_TYPES) {
    const raised = await billDuesOfType(tx, type, terms);
    billed[type] = raised.length;
    for (let start = 0; start < raised.length; start += TELL_BATCH) {
      await tellHolders(tx, raised.slice(start, start + TELL_BATCH));
    }
  }
  return { financialYear: terms.financialYear, billed };
}

/** A batch of raised invoices: each one's timeline entry, and its holder's notification and mail (once per invoice,
 * by its key). */
async function tellHolders(tx: Database, raised: BilledDuesInvoice[]): Promise<void> {
  const paramsOf = (invoice: BilledDuesInvoice) => ({
    invoice_number: invoice.invoiceNumber,
    invoice_type: invoice.invoiceType,
    amount: invoice.amount,
    due_date: invoice.dueDate,
  });
  await tx.insert(timelineEvents).values(
    raised.map((invoice) => {
      const params = paramsOf(invoice);
      const english = timelineEnglish('invoice_generated', params);
      return {
        applicationId: invoice.applicationId,
        action: english.action,
        details: english.details,
        eventCode: 'invoice_generated',
        params,
        internal: false,
        entityType: 'invoice' as const,
        entityId: invoice.id,
        userId: SYSTEM_ACTOR.id,
        userRole: SYSTEM_ACTOR.role,
        userName: SYSTEM_ACTOR.name,
      };
    }),
  );
  await notifyDuesBilled(
    tx,
    raised.map((invoice) => invoice.id),
    myPlotsLink(),
  );
}

/** One billing run under the job lease (null when another process holds it): safe to call from every process. */
export async function billYearlyDues(
  db: Database,
  options: { today?: string; holder?: string } = {},
): Promise<DuesBillingResult | null> {
  const today = options.today ?? businessTodayIso();
  let result: DuesBillingResult | null = null;
  await runExclusive(
    db,
    DUES_BILLING_LEASE,
    LEASE_MS,
    async () => {
      result = await db.transaction((tx) => billYearlyDuesIn(tx, today));
    },
    options.holder,
  );
  return result;
}

/** Yearly dues billed on 1 April, and any allotment possessed later caught up: a minute after start, then daily. */
export function duesBillingSweep(db: Database, log: Pick<FastifyBaseLogger, 'info'>): Sweep {
  return {
    name: 'dues_billing',
    everyMs: DUES_BILLING_EVERY_MS,
    firstAfterMs: 60_000,
    async run() {
      const result = await billYearlyDues(db);
      if (result && (result.billed.lease_rent > 0 || result.billed.maintenance_charge > 0)) {
        log.info({ dues: result }, 'Yearly dues billed');
      }
    },
  };
}
