/** Bank credits: the credit lines of imported statements, once per bank reference (UTR) however often they are
 * imported (a unique index). Matched at import, or unmatched until a person settles them (a maker prepares, another
 * approves) or sets them aside (decision 016). Every change of state is a conditional update on the state it leaves
 * (writeBankCreditMove). */
import { and, eq, ilike, inArray, like, sql, type SQL } from 'drizzle-orm';
import {
  BANK_CREDIT_LIST,
  type BankCreditListQuery,
  type BankCreditStatus,
  type BankCreditUnmatchedReason,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { bankCredits, invoices, users } from '../../../db/schema';
import { dateRange, idIn, likePattern, type Page, pageOfTable, type SortExpression } from '../../../core/list-page';

export type BankCreditRow = typeof bankCredits.$inferSelect;

export interface BankCreditView extends BankCreditRow {
  settleInvoiceNumber: string | null;
  settlePreparedByName: string | null;
  settleApprovedByName: string | null;
  setAsideByName: string | null;
}

export interface NewBankCredit {
  importId: string;
  bankReference: string;
  valueDate: string;
  amount: number;
  narration: string;
  quotedReference: string | null;
  status: 'matched' | 'unmatched';
  unmatchedReason: BankCreditUnmatchedReason | null;
  challanId: string | null;
}

/** The bank references already on record, of those given. */
export async function knownBankReferences(db: Database, references: string[]): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await db
    .select({ reference: bankCredits.bankReference })
    .from(bankCredits)
    .where(inArray(bankCredits.bankReference, references));
  return new Set(rows.map((row) => row.reference));
}

/** Inserts a credit; undefined when its bank reference is on record already (a duplicate, even one racing this). */
export async function insertBankCredit(db: Database, values: NewBankCredit): Promise<BankCreditRow | undefined> {
  const [row] = await db
    .insert(bankCredits)
    .values(values)
    .onConflictDoNothing({ target: bankCredits.bankReference })
    .returning();
  return row;
}

export async function setBankCreditPayment(db: Database, id: string, paymentId: string): Promise<void> {
  await db.update(bankCredits).set({ paymentId }).where(eq(bankCredits.id, id));
}

export async function findBankCreditById(db: Database, id: string): Promise<BankCreditRow | undefined> {
  const [row] = await db.select().from(bankCredits).where(eq(bankCredits.id, id));
  return row;
}

/** A credit's move (BANK_CREDIT_EVENTS, through the case engine): its new status and what the move records, on
 * condition that it is still in one of `from` and, for a checker's decision, that its settlement is still the one
 * `preparedBy` prepared (not rejected and prepared again meanwhile); undefined when it is not. */
export async function writeBankCreditMove(
  db: Database,
  id: string,
  from: readonly BankCreditStatus[],
  to: BankCreditStatus,
  values: Omit<Partial<typeof bankCredits.$inferInsert>, 'status'>,
  preparedBy?: string,
): Promise<BankCreditRow | undefined> {
  const [row] = await db
    .update(bankCredits)
    .set({ ...values, status: to })
    .where(
      and(
        eq(bankCredits.id, id),
        inArray(bankCredits.status, [...from]),
        preparedBy === undefined ? undefined : eq(bankCredits.settlePreparedBy, preparedBy),
      ),
    )
    .returning();
  return row;
}

/** The credits with the names and numbers they are shown with, in the order of `rows`. */
export async function viewsOfBankCredits(db: Database, rows: BankCreditRow[]): Promise<BankCreditView[]> {
  if (rows.length === 0) return [];
  const userIds = [
    ...new Set(
      rows.flatMap((row) => [row.settlePreparedBy, row.settleApprovedBy, row.setAsideBy]).filter(Boolean) as string[],
    ),
  ];
  const invoiceIds = [...new Set(rows.map((row) => row.settleInvoiceId).filter(Boolean) as string[])];
  const names = userIds.length
    ? await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, userIds))
    : [];
  const numbers = invoiceIds.length
    ? await db
        .select({ id: invoices.id, number: invoices.invoiceNumber })
        .from(invoices)
        .where(inArray(invoices.id, invoiceIds))
    : [];
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  const numberOf = new Map(numbers.map((row) => [row.id, row.number]));
  const name = (id: string | null) => (id ? (nameOf.get(id) ?? null) : null);
  return rows.map((row) => ({
    ...row,
    settleInvoiceNumber: row.settleInvoiceId ? (numberOf.get(row.settleInvoiceId) ?? null) : null,
    settlePreparedByName: name(row.settlePreparedBy),
    settleApprovedByName: name(row.settleApprovedBy),
    setAsideByName: name(row.setAsideBy),
  }));
}

const CREDIT_SORT_COLUMNS = {
  value_date: bankCredits.valueDate,
  amount: bankCredits.amount,
  created_at: bankCredits.createdAt,
} satisfies Record<(typeof BANK_CREDIT_LIST.sort)[number], SortExpression>;

function creditConditions(query: BankCreditListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.status?.length) conditions.push(inArray(bankCredits.status, query.status));
  if (query.import_id) conditions.push(eq(bankCredits.importId, query.import_id));
  conditions.push(...dateRange(bankCredits.valueDate, query.from, query.to));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      idIn(
        bankCredits.id,
        sql`select ${bankCredits.id} from ${bankCredits} where ${like(sql`lower(${bankCredits.bankReference})`, pattern)}`,
        sql`select ${bankCredits.id} from ${bankCredits} where ${ilike(bankCredits.narration, pattern)}`,
      ),
    );
  }
  return conditions;
}

export async function searchBankCredits(db: Database, query: BankCreditListQuery): Promise<Page<BankCreditView>> {
  const page = await pageOfTable(db, {
    table: bankCredits,
    request: query,
    sortColumns: CREDIT_SORT_COLUMNS,
    conditions: creditConditions(query),
    total: 'capped',
  });
  return { ...page, items: await viewsOfBankCredits(db, page.items) };
}
