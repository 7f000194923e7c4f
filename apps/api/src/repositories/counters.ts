/** Human numbers, unique and sequential per year of the business calendar: APP-2026-000001. The upsert takes a row
 * lock, so two transactions asking at once get different numbers. */
import { sql } from 'drizzle-orm';
import { businessDay } from '@portal/contract';
import type { Database } from '../db/client';
import { counters } from '../db/schema';
import { CALENDAR } from '../core/business-calendar';
import { clock } from '../core/clock';

export const NUMBER_PREFIXES = {
  application: { prefix: 'APP', width: 6 },
  invoice: { prefix: 'INV', width: 6 },
  receipt: { prefix: 'RCP', width: 6 },
  /** The reference of a payment made in the portal itself (no outside gateway's reference). */
  transaction: { prefix: 'TXN', width: 6 },
  allotment: { prefix: 'ALT', width: 6 },
  serviceRequest: { prefix: 'SR', width: 6 },
  /** An order issued when a service request takes effect (extension, transfer, NOC...). */
  order: { prefix: 'ORD', width: 6 },
  showCause: { prefix: 'SCN', width: 5 },
  meeting: { prefix: 'MTG', width: 4 },
  /** The reference a NEFT/RTGS transfer quotes (the bank statement's narration carries it). */
  challan: { prefix: 'CHL', width: 6 },
  refund: { prefix: 'RFD', width: 6 },
  adjustment: { prefix: 'ADJ', width: 6 },
  /** A no-dues certificate of an allotment's account. */
  noDues: { prefix: 'NDC', width: 6 },
  /** An appeal to the head office (product decisions section 11). */
  appeal: { prefix: 'APL', width: 6 },
  /** A scheme of competitive allotment (decision 018). */
  scheme: { prefix: 'SCH', width: 6 },
  /** A grievance (decision 038). */
  grievance: { prefix: 'GRV', width: 6 },
} as const;

export async function nextNumber(db: Database, kind: keyof typeof NUMBER_PREFIXES, now = clock.now()): Promise<string> {
  const { prefix, width } = NUMBER_PREFIXES[kind];
  // The year as the corporation reads it: 00:30 IST on 1 January is already the new year.
  const year = Number(businessDay(now, CALENDAR).slice(0, 4));
  const [row] = await db
    .insert(counters)
    .values({ name: kind, year, value: 1 })
    .onConflictDoUpdate({ target: [counters.name, counters.year], set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return `${prefix}-${year}-${String(row!.value).padStart(width, '0')}`;
}
