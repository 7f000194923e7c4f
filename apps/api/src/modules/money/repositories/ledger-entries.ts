/** The ledger's read side (decision 016): an account is one application's entries (an allotment's account is its
 * application's). Balance = debits - credits; above zero the holder owes. Every sum and running balance is computed
 * by the database in exact numeric and read back as text, so no amount ever passes through a float sum. */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { LedgerEntryType } from '@portal/contract';
import type { Database } from '../../../db/client';
import { invoices, ledgerEntries } from '../../../db/schema';
import { timestampRange } from '../../../core/list-page';
import { businessDayStartOf } from '../../../core/dates';

/** A period of the statement: days (YYYY-MM-DD, India time), both included; either end may be open. */
export interface LedgerPeriod {
  from?: string;
  to?: string;
}

export interface LedgerLine {
  id: number;
  postedAt: Date;
  entryType: LedgerEntryType;
  reference: string;
  debit: number;
  credit: number;
  /** The balance after this entry. */
  balance: number;
}

export interface LedgerSummary {
  opening: number;
  totalDebit: number;
  totalCredit: number;
  closing: number;
  /** Entries in the period. */
  count: number;
}

/** numeric read as text, to a JS number only at the end (two decimals fit a double exactly as printed). */
const amount = (value: string | number | null | undefined) => Number(value ?? 0);

const inPeriod = (applicationId: string, period: LedgerPeriod): SQL[] => [
  eq(ledgerEntries.applicationId, applicationId),
  ...timestampRange(ledgerEntries.postedAt, period.from, period.to),
];

/** The balance of the account before `from` (0 when the period starts with the account). A day starts at midnight
 * in the business time zone, as the period's filter reads it (core/list-page.ts timestampRange). */
function openingSql(applicationId: string, from: string | undefined): SQL<string> {
  if (!from) return sql<string>`0::numeric`;
  const start = businessDayStartOf(from).toISOString();
  return sql<string>`(select coalesce(sum(le.debit - le.credit), 0) from ledger_entries le
    where le.application_id = ${applicationId} and le.posted_at < ${start})`;
}

/** The opening balance, the period's sums and count, and the closing balance, in one query. */
export async function ledgerSummary(db: Database, applicationId: string, period: LedgerPeriod): Promise<LedgerSummary> {
  const opening = openingSql(applicationId, period.from);
  const [row] = await db
    .select({
      opening: sql<string>`(${opening})::text`,
      debit: sql<string>`coalesce(sum(${ledgerEntries.debit}), 0)::text`,
      credit: sql<string>`coalesce(sum(${ledgerEntries.credit}), 0)::text`,
      closing: sql<string>`((${opening}) + coalesce(sum(${ledgerEntries.debit} - ${ledgerEntries.credit}), 0))::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(and(...inPeriod(applicationId, period)));
  return {
    opening: amount(row?.opening),
    totalDebit: amount(row?.debit),
    totalCredit: amount(row?.credit),
    closing: amount(row?.closing),
    count: Number(row?.count ?? 0),
  };
}

/** A page of the period's entries in ledger order, each with the balance after it. The running balance is a window
 * over all of the period's entries (from the opening balance), computed before the page is cut, so every page is
 * right whichever rows it holds. `afterId` (the cursor) continues after that entry; else `offset` rows are skipped. */
export async function ledgerLines(
  db: Database,
  applicationId: string,
  period: LedgerPeriod,
  page: { limit: number; offset: number; afterId?: number },
): Promise<LedgerLine[]> {
  const running = db
    .select({
      id: ledgerEntries.id,
      postedAt: ledgerEntries.postedAt,
      entryType: ledgerEntries.entryType,
      reference: ledgerEntries.reference,
      debit: sql<string>`${ledgerEntries.debit}::text`.as('debit_text'),
      credit: sql<string>`${ledgerEntries.credit}::text`.as('credit_text'),
      balance:
        sql<string>`((${openingSql(applicationId, period.from)}) + sum(${ledgerEntries.debit} - ${ledgerEntries.credit})
        over (order by ${ledgerEntries.id} rows between unbounded preceding and current row))::text`.as('balance'),
    })
    .from(ledgerEntries)
    .where(and(...inPeriod(applicationId, period)))
    .as('running');
  const rows = await db
    .select()
    .from(running)
    .where(page.afterId === undefined ? undefined : gt(running.id, page.afterId))
    .orderBy(asc(running.id))
    .limit(page.limit)
    .offset(page.afterId === undefined ? page.offset : 0);
  return rows.map((row) => ({
    id: Number(row.id),
    postedAt: row.postedAt,
    entryType: row.entryType,
    reference: row.reference,
    debit: amount(row.debit),
    credit: amount(row.credit),
    balance: amount(row.balance),
  }));
}

/** One entry an invoice's cancellation or reinstatement posts (decision 023): a cancellation credits the invoice's
 * amount, a reinstatement debits it again. Each is posted once, by its source key. */
export async function postInvoiceEntry(
  db: Database,
  entry: {
    kind: 'cancellation' | 'reinstatement';
    invoice: { id: string; applicationId: string; allotmentId: string | null; invoiceNumber: string; amount: number };
    adjustmentId: string | null;
    postedBy: string | null;
    at: Date;
  },
): Promise<void> {
  const { invoice } = entry;
  const cancelled = entry.kind === 'cancellation';
  await db.insert(ledgerEntries).values({
    applicationId: invoice.applicationId,
    allotmentId: invoice.allotmentId,
    invoiceId: invoice.id,
    adjustmentId: entry.adjustmentId,
    entryType: cancelled ? 'cancellation' : 'invoice',
    debit: cancelled ? 0 : invoice.amount,
    credit: cancelled ? invoice.amount : 0,
    reference: invoice.invoiceNumber,
    sourceKey: `${entry.kind}:${invoice.id}:${entry.at.getTime()}`,
    postedBy: entry.postedBy,
    postedAt: entry.at,
  });
}

/** The account's balance now, and how many of its invoices are not paid: what a no-dues certificate needs. */
export async function accountStanding(
  db: Database,
  applicationId: string,
): Promise<{ balance: number; balanceText: string; unpaidInvoices: number; lastPostedAt: Date | null }> {
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(${ledgerEntries.debit} - ${ledgerEntries.credit}), 0)::text`,
      lastPostedAt: sql<Date | null>`max(${ledgerEntries.postedAt})`.mapWith(ledgerEntries.postedAt),
      unpaid: sql<number>`(select count(*)::int from ${invoices}
        where ${invoices.applicationId} = ${applicationId} and ${eq(invoices.status, 'pending')})`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.applicationId, applicationId));
  const balanceText = row?.balance ?? '0';
  return {
    balance: amount(balanceText),
    balanceText: Number(balanceText).toFixed(2),
    unpaidInvoices: Number(row?.unpaid ?? 0),
    lastPostedAt: row?.lastPostedAt ?? null,
  };
}
