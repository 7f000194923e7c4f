/** Challans: the NEFT/RTGS pay-in slip of one invoice, with the number its transfer quotes (decision 016). At most
 * one open challan per invoice (a partial unique index); paid once, by the bank credit that quotes it. */
import { and, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { CHALLAN_LIST, type ChallanListQuery } from '@portal/contract';
import type { Database } from '../../../db/client';
import { applications, challans, invoices } from '../../../db/schema';
import { idIn, numberPattern, type Page, pageOfTable, type SortExpression } from '../../../core/list-page';
import { invoicesOwnedBy } from '../../../repositories/invoices';
import { clock } from '../../../core/clock';

export type ChallanRow = typeof challans.$inferSelect;

/** A challan with what it is printed and answered with: its invoice and application numbers. */
export interface ChallanView extends ChallanRow {
  invoiceNumber: string;
  invoiceType: (typeof invoices.$inferSelect)['invoiceType'];
  applicationNumber: string;
}

export interface NewChallan {
  challanNumber: string;
  invoiceId: string;
  applicationId: string;
  amount: number;
  interest: number;
  createdBy: string;
  validUntil: string;
}

/** Inserts the invoice's open challan; undefined when another open one was made at the same moment. */
export async function insertChallan(db: Database, values: NewChallan): Promise<ChallanRow | undefined> {
  const [row] = await db
    .insert(challans)
    .values(values)
    .onConflictDoNothing({ target: challans.invoiceId, where: sql`status = 'open'` })
    .returning();
  return row;
}

export async function findOpenChallanForInvoice(db: Database, invoiceId: string): Promise<ChallanRow | undefined> {
  const [row] = await db
    .select()
    .from(challans)
    .where(and(eq(challans.invoiceId, invoiceId), eq(challans.status, 'open')));
  return row;
}

export async function findChallanById(db: Database, id: string): Promise<ChallanRow | undefined> {
  const [row] = await db.select().from(challans).where(eq(challans.id, id));
  return row;
}

/** The challans of these numbers (the ones a statement's lines quote). */
export async function findChallansByNumbers(db: Database, numbers: string[]): Promise<ChallanRow[]> {
  if (numbers.length === 0) return [];
  return db.select().from(challans).where(inArray(challans.challanNumber, numbers));
}

/** Cancels an open challan (its amount no longer holds); undefined when it is no longer open. */
export async function cancelChallanIfOpen(db: Database, id: string): Promise<ChallanRow | undefined> {
  const [row] = await db
    .update(challans)
    .set({ status: 'cancelled' })
    .where(and(eq(challans.id, id), eq(challans.status, 'open')))
    .returning();
  return row;
}

/** Marks an open challan paid; undefined when it is no longer open. */
export async function markChallanPaidIfOpen(db: Database, id: string): Promise<ChallanRow | undefined> {
  const [row] = await db
    .update(challans)
    .set({ status: 'paid', paidAt: clock.now() })
    .where(and(eq(challans.id, id), eq(challans.status, 'open')))
    .returning();
  return row;
}

/** Whether the user may see this invoice's challans: the invoice is theirs (invoicesOwnedBy). */
export async function isInvoiceOwnedBy(db: Database, invoiceId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), invoicesOwnedBy(userId)));
  return row !== undefined;
}

/** The challans with their invoice and application numbers, in the order of `rows`. */
export async function viewsOfChallans(db: Database, rows: ChallanRow[]): Promise<ChallanView[]> {
  if (rows.length === 0) return [];
  const found = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceType: invoices.invoiceType,
      applicationNumber: applications.applicationNumber,
    })
    .from(invoices)
    .innerJoin(applications, eq(applications.id, invoices.applicationId))
    .where(
      inArray(
        invoices.id,
        rows.map((row) => row.invoiceId),
      ),
    );
  const byInvoice = new Map(found.map((row) => [row.id, row]));
  return rows.map((row) => {
    const invoice = byInvoice.get(row.invoiceId)!;
    return {
      ...row,
      invoiceNumber: invoice.invoiceNumber,
      invoiceType: invoice.invoiceType,
      applicationNumber: invoice.applicationNumber,
    };
  });
}

export interface ChallanSearch {
  /** Only challans of this user's invoices (an entrepreneur's own list). */
  ownerUserId?: string;
  query: ChallanListQuery;
}

const CHALLAN_SORT_COLUMNS = {
  created_at: challans.createdAt,
  valid_until: challans.validUntil,
  amount: challans.amount,
  challan_number: challans.challanNumber,
} satisfies Record<(typeof CHALLAN_LIST.sort)[number], SortExpression>;

function challanConditions(search: ChallanSearch): SQL[] {
  const { query } = search;
  const conditions: SQL[] = [];
  if (search.ownerUserId) {
    conditions.push(
      sql`${challans.invoiceId} in (select ${invoices.id} from ${invoices} where ${invoicesOwnedBy(search.ownerUserId)})`,
    );
  }
  if (query.status?.length) conditions.push(inArray(challans.status, query.status));
  if (query.invoice_id) conditions.push(eq(challans.invoiceId, query.invoice_id));
  if (query.application_id) conditions.push(eq(challans.applicationId, query.application_id));
  if (query.q) {
    const pattern = numberPattern(query.q);
    conditions.push(
      idIn(
        challans.id,
        sql`select ${challans.id} from ${challans} where ${like(challans.challanNumber, pattern)}`,
        sql`select ${challans.id} from ${challans} where ${challans.invoiceId} in (select ${invoices.id} from ${invoices} where ${like(invoices.invoiceNumber, pattern)})`,
      ),
    );
  }
  return conditions;
}

export async function searchChallans(db: Database, search: ChallanSearch): Promise<Page<ChallanView>> {
  const page = await pageOfTable(db, {
    table: challans,
    request: search.query,
    sortColumns: CHALLAN_SORT_COLUMNS,
    conditions: challanConditions(search),
    total: search.ownerUserId ? 'all' : 'capped',
  });
  return { ...page, items: await viewsOfChallans(db, page.items) };
}
