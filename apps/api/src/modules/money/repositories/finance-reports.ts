/** The finance dashboard's figures, counted and summed by the database (numeric, exact to the paise): collections by
 * business day and payment mode, unpaid invoices by how late they are, refunds by status, bank credits nobody has
 * matched, and gateway orders that need a person. Days are the corporation's calendar days (the business zone is a
 * query parameter), so a payment at 00:30 in Kolkata counts on that Kolkata day. */
import { sql, type SQL } from 'drizzle-orm';
import {
  AGEING_BANDS,
  GATEWAY_PENDING_ATTENTION_MINUTES,
  PAYMENT_METHODS,
  REFUND_STATUSES,
  type AgeingBand,
  type PaymentMethod,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { CALENDAR } from '../../../core/business-calendar';
import { businessTodayIso } from '../../../core/dates';
import { invoiceOverdue } from '../../../core/invoice-overdue';
import { clock } from '../../../core/clock';
import { REPORT_SUMMARY_TIME_ZONE } from '../../../repositories/reports';

/** The invoices table as these reports' raw SQL names it. */
const INVOICE_ALIAS = { status: sql.raw('i.status'), dueDate: sql.raw('i.due_date') };

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** numeric arrives as text; a sum of numeric(16,2) is exact, and so is its decimal text read as a number. */
const amountOf = (value: string | number | null | undefined) => Number(value ?? 0);

const startOfDay = (day: string) => sql`(${day}::date::timestamp at time zone ${CALENDAR.timeZone})`;
const startOfNextDay = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${CALENDAR.timeZone})`;

export interface CollectionsDayRow {
  date: string;
  online: number;
  neft_rtgs: number;
  total: number;
}

export interface CollectionsFigures {
  days: CollectionsDayRow[];
  modes: { mode: PaymentMethod; count: number; amount: number }[];
  total: { count: number; amount: number };
}

/** Successful payments per business day and mode of the period, as (day, mode, n, amount) rows: from the summary
 * rows of migration 0028 (a row per day and mode), or, in another business zone than theirs or with `from: 'table'`
 * (as the tests and the benchmark compare), from the payments themselves through payments_method_date_idx. */
function collectionsGrouped(from: string, to: string, source: 'summary' | 'table'): SQL {
  if (source === 'summary') {
    return sql`
      select parts.day, parts.method as mode, sum(parts.count)::int as n, sum(parts.amount) as amount
      from (select day, method, count, amount from payment_collections_base
            union all select day, method, count, amount from payment_collections_deltas) parts
      where parts.method in ('online', 'neft_rtgs') and parts.day between ${from}::date and ${to}::date
      group by 1, 2 having sum(parts.count) <> 0 or sum(parts.amount) <> 0`;
  }
  return sql`
    select (p.payment_date at time zone ${CALENDAR.timeZone})::date as day, p.payment_method as mode,
      count(*)::int as n, sum(p.amount) as amount
    from payments p
    where p.status = 'success' and p.payment_method in ('online', 'neft_rtgs')
      and p.payment_date >= ${startOfDay(from)} and p.payment_date < ${startOfNextDay(to)}
    group by 1, 2`;
}

/** Successful payments from the start of `from` to the end of `to` (business days, both included), per day and
 * mode; every day of the period is answered, a day with none as zeros. */
export async function collectionsBetween(
  db: Database,
  from: string,
  to: string,
  source: 'summary' | 'table' = CALENDAR.timeZone === REPORT_SUMMARY_TIME_ZONE ? 'summary' : 'table',
): Promise<CollectionsFigures> {
  const grouped = collectionsGrouped(from, to, source);
  // One statement: the period's totals are summed over its days' rows (a window over the answer), so the payments
  // are read once.
  const rows = await rowsOf<{
    date: string;
    online: string;
    neft_rtgs: string;
    total: string;
    online_n: number;
    neft_n: number;
    period_online: string;
    period_neft_rtgs: string;
    period_total: string;
  }>(
    db,
    sql`with grouped as (${grouped}),
      days as (select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') as d),
      per_day as (
        select days.day,
          coalesce(sum(g.amount) filter (where g.mode = 'online'), 0) as online,
          coalesce(sum(g.amount) filter (where g.mode = 'neft_rtgs'), 0) as neft_rtgs,
          coalesce(sum(g.amount), 0) as total,
          coalesce(sum(g.n) filter (where g.mode = 'online'), 0)::int as online_n,
          coalesce(sum(g.n) filter (where g.mode = 'neft_rtgs'), 0)::int as neft_n
        from days left join grouped g on g.day = days.day
        group by days.day)
    select to_char(day, 'YYYY-MM-DD') as date, online::text as online, neft_rtgs::text as neft_rtgs,
      total::text as total, online_n, neft_n,
      (sum(online) over ())::text as period_online, (sum(neft_rtgs) over ())::text as period_neft_rtgs,
      (sum(total) over ())::text as period_total
    from per_day order by day`,
  );
  const totals = rows[0]
    ? { online: rows[0].period_online, neft_rtgs: rows[0].period_neft_rtgs, total: rows[0].period_total }
    : undefined;
  const counts = { online: 0, neft_rtgs: 0 };
  for (const row of rows) {
    counts.online += Number(row.online_n);
    counts.neft_rtgs += Number(row.neft_n);
  }
  const modes = PAYMENT_METHODS.map((mode) => ({
    mode,
    count: counts[mode as keyof typeof counts] ?? 0,
    amount: amountOf(totals?.[mode as keyof typeof counts]),
  }));
  return {
    days: rows.map((row) => ({
      date: row.date,
      online: amountOf(row.online),
      neft_rtgs: amountOf(row.neft_rtgs),
      total: amountOf(row.total),
    })),
    modes,
    total: { count: counts.online + counts.neft_rtgs, amount: amountOf(totals?.total) },
  };
}

/** The band (AGEING_BANDS) of an invoice `days` days past due, in SQL. */
function bandCase(days: SQL): SQL {
  const branches = AGEING_BANDS.map((band) =>
    band.to === null ? sql`else ${band.code}` : sql`when ${days} <= ${sql.raw(String(band.to))} then ${band.code}`,
  );
  return sql`(case ${sql.join(branches, sql` `)} end)`;
}

/** Unpaid invoices due before `today` (a business day), counted and summed by band. Reads the invoice totals' rows
 * (migration 0001: a row per status and due date), not the invoices: a band is a range of due dates. */
export async function receivablesAgeing(
  db: Database,
  today: string,
): Promise<{ bands: { code: AgeingBand; count: number; amount: number }[]; total: { count: number; amount: number } }> {
  const days = sql`(${today}::date - i.due_date)`;
  // One statement: the total is summed over the bands' rows (a window over the answer), so the invoices are read once.
  const rows = await rowsOf<{ band: AgeingBand; n: number; amount: string; all_n: number; all_amount: string }>(
    db,
    sql`select band, n, amount::text as amount, (sum(n) over ())::int as all_n,
        (sum(amount) over ())::text as all_amount
      from (select ${bandCase(days)} as band, sum(i.count)::int as n, sum(i.amount) as amount
        from (select status, due_date, count, amount from invoice_totals_base
              union all select status, due_date, count, amount from invoice_totals_deltas) i
        where ${invoiceOverdue(INVOICE_ALIAS, today)}
        group by 1) bands`,
  );
  const total = rows[0] ? { n: rows[0].all_n, amount: rows[0].all_amount } : undefined;
  const byBand = new Map(rows.map((row) => [row.band, row]));
  return {
    bands: AGEING_BANDS.map((band) => {
      const row = byBand.get(band.code);
      return { code: band.code, count: Number(row?.n ?? 0), amount: amountOf(row?.amount) };
    }),
    total: { count: Number(total?.n ?? 0), amount: amountOf(total?.amount) },
  };
}

export interface ReceivableRow {
  id: string;
  invoice_number: string;
  application_number: string;
  invoice_type: string;
  amount: number;
  due_date: string;
  days_overdue: number;
  band: AgeingBand;
}

/** Every overdue unpaid invoice, most overdue first, a page at a time (keyset on due date and id), so an export of
 * any size holds one page and no transaction between pages. */
export async function* receivablePages(db: Database, today: string, pageSize = 1000): AsyncGenerator<ReceivableRow[]> {
  let after: { due: string; id: string } | undefined;
  const days = sql`(${today}::date - i.due_date)`;
  for (;;) {
    const rows = await rowsOf<Omit<ReceivableRow, 'amount'> & { amount: string }>(
      db,
      sql`select i.id, i.invoice_number, a.application_number, i.invoice_type::text as invoice_type,
          i.amount::text as amount, to_char(i.due_date, 'YYYY-MM-DD') as due_date, ${days}::int as days_overdue,
          ${bandCase(days)} as band
        from invoices i join applications a on a.id = i.application_id
        where ${invoiceOverdue(INVOICE_ALIAS, today)}
          ${after ? sql`and (i.due_date, i.id) > (${after.due}::date, ${after.id}::uuid)` : sql``}
        order by i.due_date, i.id limit ${pageSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, amount: amountOf(row.amount), days_overdue: Number(row.days_overdue) }));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { due: last.due_date, id: last.id };
  }
}

export interface FinanceSummaryFigures {
  refunds: { status: (typeof REFUND_STATUSES)[number]; count: number; amount: number }[];
  unmatched_credits: { count: number; amount: number };
  settlements_awaiting_checker: { count: number; amount: number };
  gateway: { mismatch: number; pending_over_15_min: number };
}

/** What waits on finance: refunds by status, bank credits unmatched or awaiting a checker's settlement, and gateway
 * orders whose answer was not believed or still created `pendingMinutes` after they were made. */
export async function financeSummary(
  db: Database,
  now: Date = clock.now(),
  pendingMinutes: number = GATEWAY_PENDING_ATTENTION_MINUTES,
): Promise<FinanceSummaryFigures> {
  const [refundRows, creditRows, gatewayRows] = await Promise.all([
    rowsOf<{ status: string; n: number; amount: string }>(
      db,
      sql`select status::text as status, count(*)::int as n, sum(amount)::text as amount from refunds group by 1`,
    ),
    rowsOf<{ status: string; n: number; amount: string }>(
      db,
      sql`select status::text as status, count(*)::int as n, sum(amount)::text as amount from bank_credits
        where status in ('unmatched', 'settlement_pending') group by 1`,
    ),
    rowsOf<{ mismatch: number; stale: number }>(
      db,
      sql`select
          (select count(*)::int from gateway_orders where status = 'mismatch') as mismatch,
          (select count(*)::int from gateway_orders where status = 'created'
            and created_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${pendingMinutes})) as stale`,
    ),
  ]);
  const refunds = new Map(refundRows.map((row) => [row.status, row]));
  const credits = new Map(creditRows.map((row) => [row.status, row]));
  const pair = (row: { n: number; amount: string } | undefined) => ({
    count: Number(row?.n ?? 0),
    amount: amountOf(row?.amount),
  });
  return {
    refunds: REFUND_STATUSES.map((status) => ({ status, ...pair(refunds.get(status)) })),
    unmatched_credits: pair(credits.get('unmatched')),
    settlements_awaiting_checker: pair(credits.get('settlement_pending')),
    gateway: {
      mismatch: Number(gatewayRows[0]?.mismatch ?? 0),
      pending_over_15_min: Number(gatewayRows[0]?.stale ?? 0),
    },
  };
}

/** Per business day of the period (every day listed, zeros on a day with none). */
export async function collectionsByDay(db: Database, from: string, to: string): Promise<CollectionsDayRow[]> {
  return (await collectionsBetween(db, from, to)).days;
}

/** Count and amount per payment mode over the period, and their total. */
export async function collectionsByMode(
  db: Database,
  from: string,
  to: string,
): Promise<Pick<CollectionsFigures, 'modes' | 'total'>> {
  const { modes, total } = await collectionsBetween(db, from, to);
  return { modes, total };
}

/** The ageing bands of unpaid invoices as of the business day `today`. */
export const receivablesByBand = receivablesAgeing;

/** How many unpaid invoices are past due as of the business day `today` (the rows receivables.csv holds). */
export async function countReceivables(db: Database, today: string = businessTodayIso()): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from invoices i where ${invoiceOverdue(INVOICE_ALIAS, today)}`,
  );
  return Number(row?.n ?? 0);
}
