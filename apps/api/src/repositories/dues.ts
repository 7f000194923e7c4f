/** Yearly dues billing in a few statements, whatever the number of allotments: the invoices of a financial year
 * raised by one INSERT ... SELECT (the unique index on allotment, type and year keeps each once), their numbers
 * reserved from the invoice counter in one step. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SQM_PER_AREA_UNIT, type DuesInvoiceType } from '@portal/contract';
import type { Database } from '../db/client';
import { allotments, applications, assets, counters, invoices, users } from '../db/schema';
import { lockAuditChain } from '../core/audit-context';
import { NUMBER_PREFIXES } from './counters';

export interface DuesBillingTerms {
  financialYear: number;
  /** The year's first and last day (1 April, 31 March) and its length in days (365 or 366). */
  yearStart: string;
  yearEnd: string;
  daysInYear: number;
  dueDate: string;
  /** The year the invoice numbers are counted in (INV-<year>-...). */
  numberYear: number;
  rates: Record<DuesInvoiceType, number>;
}

export interface BilledDuesInvoice {
  id: string;
  invoiceNumber: string;
  applicationId: string;
  allotmentId: string;
  invoiceType: DuesInvoiceType;
  amount: number;
  dueDate: string;
  billedTo: string;
}

/** The area of the allotment's plot in square metres, by its unit. */
const areaSqm = sql`(${assets.totalArea} * (case ${assets.unit} ${sql.join(
  Object.entries(SQM_PER_AREA_UNIT).map(([unit, factor]) => sql`when ${unit} then ${String(factor)}::numeric`),
  sql` `,
)} end))`;

/**
 * Raises the year's invoices of `type` for every active allotment in possession by the year's end that lacks one.
 * Answers the invoices raised (none when another run raised them first). Call in a transaction: the counter row is
 * locked first, so a second run waits and then finds nothing left to bill.
 */
export async function billDuesOfType(
  tx: Database,
  type: DuesInvoiceType,
  terms: DuesBillingTerms,
): Promise<BilledDuesInvoice[]> {
  const { prefix, width } = NUMBER_PREFIXES.invoice;
  // The audit chain first, as every write does (invoices are audited; taking the counter's row lock before it could
  // deadlock with a request raising an invoice), then the invoice counter (taken at +0): every billing queues here.
  await lockAuditChain(tx);
  await tx
    .insert(counters)
    .values({ name: 'invoice', year: terms.numberYear, value: 0 })
    .onConflictDoUpdate({ target: [counters.name, counters.year], set: { value: sql`${counters.value}` } });

  // The days of the year held: from possession (when in the year) to its end.
  const daysHeld = sql`(${terms.yearEnd}::date - greatest(${allotments.possessionDate}, ${terms.yearStart}::date) + 1)`;
  const candidates = sql`select ${allotments.id} as allotment_id, ${allotments.applicationId} as application_id,
      ${allotments.holderUserId} as billed_to,
      round(${areaSqm} * ${String(terms.rates[type])}::numeric * ${daysHeld} / ${terms.daysInYear}, 2) as amount
    from ${allotments} join ${assets} on ${assets.id} = ${allotments.assetId}
    where ${allotments.status} = 'active' and ${allotments.possessionDate} <= ${terms.yearEnd}::date
      and not exists (select 1 from ${invoices} where ${invoices.allotmentId} = ${allotments.id}
        and ${invoices.invoiceType} = ${type} and ${invoices.financialYear} = ${terms.financialYear})`;

  const result = (await tx.execute(sql`with candidates as (
      select due.*, row_number() over (order by due.allotment_id) as n from (${candidates}) due where due.amount > 0),
    reserved as (
      update ${counters} set value = ${counters.value} + (select count(*) from candidates)
      where ${counters.name} = 'invoice' and ${counters.year} = ${terms.numberYear}
      returning ${counters.value} - (select count(*) from candidates) as first
    )
    insert into ${invoices} (invoice_number, application_id, invoice_type, amount, due_date, status, allotment_id,
      financial_year, billed_to)
    select ${`${prefix}-${terms.numberYear}-`}::text || lpad((reserved.first + c.n)::text,
        greatest(${width}, length((reserved.first + c.n)::text)), '0'),
      c.application_id, ${type}::invoice_type, c.amount, ${terms.dueDate}::date, 'pending'::invoice_status,
      c.allotment_id, ${terms.financialYear}::int,
      c.billed_to
    from candidates c cross join reserved
    on conflict (allotment_id, invoice_type, financial_year) where financial_year is not null do nothing
    returning id, invoice_number, application_id, allotment_id, amount::text as amount, due_date::text as due_date,
      billed_to`)) as unknown as {
    rows: {
      id: string;
      invoice_number: string;
      application_id: string;
      allotment_id: string;
      amount: string;
      due_date: string;
      billed_to: string;
    }[];
  };
  const rows = result.rows;
  return rows.map((row) => ({
    id: row.id,
    invoiceNumber: row.invoice_number,
    applicationId: row.application_id,
    allotmentId: row.allotment_id,
    invoiceType: type,
    amount: Number(row.amount),
    dueDate: row.due_date,
    billedTo: row.billed_to,
  }));
}

/** The holders billed and the application numbers, for telling them (a batch of invoices at a time). */
export async function billingRecipients(
  db: Database,
  invoiceIds: readonly string[],
): Promise<
  { invoiceId: string; userId: string; email: string; fullName: string; language: string; applicationNumber: string }[]
> {
  if (invoiceIds.length === 0) return [];
  return db
    .select({
      invoiceId: invoices.id,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      applicationNumber: applications.applicationNumber,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.billedTo))
    .innerJoin(applications, eq(applications.id, invoices.applicationId))
    .where(and(inArray(invoices.id, [...invoiceIds]), eq(users.isActive, true)));
}

/** How many allotments a billing run looks at (the bench's baseline). */
export async function countActiveAllotments(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(allotments)
    .where(eq(allotments.status, 'active'));
  return row!.n;
}
