/** Ledger adjustments (maker-checker): an interest waiver on a late dues invoice, or a debit or credit correcting an
 * account. Each decision is a conditional update on the status; an approval posts its ledger entries. */
import { and, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  LEDGER_ADJUSTMENT_LIST,
  type AdjustmentKind,
  type ApprovalStatus,
  type LedgerAdjustmentListQuery,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { applications, invoices, ledgerAdjustments, ledgerEntries, users } from '../../../db/schema';
import { idIn, numberPattern, pageOfTable, type Page, type SortExpression } from '../../../core/list-page';

export type LedgerAdjustmentRow = typeof ledgerAdjustments.$inferSelect;

export interface LedgerAdjustmentView extends LedgerAdjustmentRow {
  applicationNumber: string;
  invoiceNumber: string | null;
  makerName: string;
  checkerName: string | null;
}

export async function insertLedgerAdjustment(
  db: Database,
  values: {
    adjustmentNumber: string;
    applicationId: string;
    invoiceId: string | null;
    kind: AdjustmentKind;
    amount: number;
    reason: string;
    makerId: string;
  },
): Promise<LedgerAdjustmentRow | undefined> {
  // One waiver waiting per invoice (a partial unique index): a second answers nothing.
  const [row] = await db.insert(ledgerAdjustments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findLedgerAdjustmentById(db: Database, id: string): Promise<LedgerAdjustmentRow | undefined> {
  const [row] = await db.select().from(ledgerAdjustments).where(eq(ledgerAdjustments.id, id));
  return row;
}

/** An adjustment's move (LEDGER_ADJUSTMENT_EVENTS, through the case engine): its decision and what it records, on
 * condition that it is still in one of `from`; undefined when it is not. */
export async function writeAdjustmentMove(
  db: Database,
  id: string,
  from: readonly ApprovalStatus[],
  to: ApprovalStatus,
  values: Omit<Partial<typeof ledgerAdjustments.$inferInsert>, 'status'>,
): Promise<LedgerAdjustmentRow | undefined> {
  const [row] = await db
    .update(ledgerAdjustments)
    .set({ ...values, status: to })
    .where(and(eq(ledgerAdjustments.id, id), inArray(ledgerAdjustments.status, [...from])))
    .returning();
  return row;
}

/** Stops interest on an unpaid invoice from now; undefined when it is paid or waived already. */
export async function waiveInvoiceInterestIfOpen(db: Database, invoiceId: string, at: Date) {
  const [row] = await db
    .update(invoices)
    .set({ interestWaivedAt: at })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'pending'), isNull(invoices.interestWaivedAt)))
    .returning();
  return row;
}

/** An approved adjustment's ledger entries: a waiver posts the interest accrued and its waiver; a debit or credit one
 * adjustment line. */
export async function postAdjustmentEntries(
  db: Database,
  adjustment: LedgerAdjustmentRow,
  context: { allotmentId: string | null; postedBy: string },
): Promise<void> {
  const common = {
    applicationId: adjustment.applicationId,
    allotmentId: context.allotmentId,
    invoiceId: adjustment.invoiceId,
    adjustmentId: adjustment.id,
    reference: adjustment.adjustmentNumber,
    postedBy: context.postedBy,
  };
  if (adjustment.kind === 'interest_waiver') {
    await db.insert(ledgerEntries).values([
      { ...common, entryType: 'interest', debit: adjustment.amount, sourceKey: `interest:waiver:${adjustment.id}` },
      { ...common, entryType: 'waiver', credit: adjustment.amount, sourceKey: `waiver:${adjustment.id}` },
    ]);
    return;
  }
  await db.insert(ledgerEntries).values({
    ...common,
    entryType: 'adjustment',
    debit: adjustment.kind === 'debit' ? adjustment.amount : 0,
    credit: adjustment.kind === 'credit' ? adjustment.amount : 0,
    sourceKey: `adjustment:${adjustment.id}`,
  });
}

const checkers = alias(users, 'checkers');

export async function viewsOfAdjustments(
  db: Database,
  rows: readonly LedgerAdjustmentRow[],
): Promise<LedgerAdjustmentView[]> {
  if (rows.length === 0) return [];
  const found = await db
    .select({
      id: ledgerAdjustments.id,
      applicationNumber: applications.applicationNumber,
      invoiceNumber: invoices.invoiceNumber,
      makerName: users.fullName,
      checkerName: checkers.fullName,
    })
    .from(ledgerAdjustments)
    .innerJoin(applications, eq(applications.id, ledgerAdjustments.applicationId))
    .innerJoin(users, eq(users.id, ledgerAdjustments.makerId))
    .leftJoin(invoices, eq(invoices.id, ledgerAdjustments.invoiceId))
    .leftJoin(checkers, eq(checkers.id, ledgerAdjustments.checkerId))
    .where(
      inArray(
        ledgerAdjustments.id,
        rows.map((row) => row.id),
      ),
    );
  const byId = new Map(found.map((row) => [row.id, row]));
  return rows.map((row) => {
    const view = byId.get(row.id)!;
    return {
      ...row,
      applicationNumber: view.applicationNumber,
      invoiceNumber: view.invoiceNumber,
      makerName: view.makerName,
      checkerName: view.checkerName,
    };
  });
}

const ADJUSTMENT_SORT = {
  made_at: ledgerAdjustments.madeAt,
  amount: ledgerAdjustments.amount,
  adjustment_number: ledgerAdjustments.adjustmentNumber,
} satisfies Record<(typeof LEDGER_ADJUSTMENT_LIST.sort)[number], SortExpression>;

export async function searchAdjustments(
  db: Database,
  query: LedgerAdjustmentListQuery,
): Promise<Page<LedgerAdjustmentView>> {
  const conditions: SQL[] = [];
  if (query.status?.length) conditions.push(inArray(ledgerAdjustments.status, query.status));
  if (query.kind?.length) conditions.push(inArray(ledgerAdjustments.kind, query.kind));
  if (query.application_id) conditions.push(eq(ledgerAdjustments.applicationId, query.application_id));
  if (query.q) {
    const pattern = numberPattern(query.q);
    conditions.push(
      idIn(
        ledgerAdjustments.id,
        sql`select ${ledgerAdjustments.id} from ${ledgerAdjustments} where ${like(ledgerAdjustments.adjustmentNumber, pattern)}`,
        sql`select ${ledgerAdjustments.id} from ${ledgerAdjustments} where ${ledgerAdjustments.applicationId} in (select ${applications.id} from ${applications} where ${like(applications.applicationNumber, pattern)})`,
      ),
    );
  }
  const page = await pageOfTable(db, {
    table: ledgerAdjustments,
    request: query,
    sortColumns: ADJUSTMENT_SORT,
    conditions,
    total: 'capped',
  });
  return { ...page, items: await viewsOfAdjustments(db, page.items) };
}
