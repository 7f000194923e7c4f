/** Yearly dues billing in a few statements, whatever the number of allotments: the invoices of a financial year
 * raised by one INSERT ... SELECT (the unique index on allotment, type and year keeps each once), their numbers
 * reserved from the invoice counter in one step. */
import { eq, sql } from 'drizzle-orm';
import { SQM_PER_AREA_UNIT, type DuesInvoiceType } from '@portal/contract';
import type { Database } from '../../../db/client';
import {
  allotments,
  applications,
  assets,
  counters,
  invoices,
  mailOutbox,
  notifications,
  users,
} from '../../../db/schema';
import { lockAuditChain } from '../../../db/audit-context';
import { NUMBER_PREFIXES } from '../../../repositories/counters';

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

/** How many allotments a billing run looks at (the bench's baseline). */
export async function countActiveAllotments(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(allotments)
    .where(eq(allotments.status, 'active'));
  return row!.n;
}

/**
 * Tells the holder of each of these invoices once (key invoice_generated:<invoice id>): the in-app notification and
 * its mail, in the holder's language, in two statements whatever the number of invoices. Answers how many were told.
 */
export async function notifyDuesBilled(db: Database, invoiceIds: readonly string[], link: string): Promise<number> {
  if (invoiceIds.length === 0) return 0;
  const ids = sql`${`{${invoiceIds.join(',')}}`}::uuid[]`;
  const result = (await db.execute(sql`with told as (
      insert into ${notifications} (user_id, code, params, link, application_id, dedupe_key)
      select ${invoices.billedTo}, 'invoice_generated',
        jsonb_build_object('application_number', ${applications.applicationNumber},
          'invoice_number', ${invoices.invoiceNumber}, 'invoice_type', ${invoices.invoiceType}::text,
          'amount', ${invoices.amount}, 'due_date', ${invoices.dueDate}::text),
        ${link}::text, ${invoices.applicationId}, 'invoice_generated:' || ${invoices.id}::text
      from ${invoices}
        join ${applications} on ${applications.id} = ${invoices.applicationId}
        join ${users} on ${users.id} = ${invoices.billedTo} and ${users.isActive}
      where ${invoices.id} = any(${ids})
      on conflict (dedupe_key) do nothing
      returning user_id, params, link, dedupe_key
    )
    insert into ${mailOutbox} (user_id, to_email, template, params, language, dedupe_key)
    select told.user_id, ${users.email}, 'invoice_generated',
      told.params || jsonb_build_object('full_name', ${users.fullName}, 'link', told.link),
      ${users.language}::text, told.dedupe_key
    from told join ${users} on ${users.id} = told.user_id
    on conflict (dedupe_key) do nothing
    returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
