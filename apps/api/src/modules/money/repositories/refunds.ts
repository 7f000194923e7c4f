/** Refunds (decision 016): what the rules say is due back (an EMD of a rejected or withdrawn application, a
 * surrendered or cancelled allotment's refund), the refunds prepared, approved, paid or rejected, and their ledger
 * entries. Every change is a conditional update on the refund's status. */
import { and, eq, inArray, like, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ENDED_ALLOTMENT_STATUSES,
  REFUND_LIST,
  type DueRefundKind,
  type RefundDueListQuery,
  type RefundListQuery,
  type RefundStatus,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { allotments, applicants, applications, ledgerEntries, refunds, users } from '../../../db/schema';
import {
  fetchRows,
  finishPage,
  idIn,
  likePattern,
  numberPattern,
  pageOfTable,
  planPage,
  type Page,
  type SortExpression,
} from '../../../core/list-page';

export type RefundRow = typeof refunds.$inferSelect;

// ---------- due by rule ----------

export interface DueRefundRow {
  id: string;
  kind: DueRefundKind;
  applicationId: string;
  applicationNumber: string;
  allotmentId: string | null;
  allotmentNumber: string | null;
  reason: string;
  amount: number;
  payeeUserId: string;
  payeeName: string;
  applicantId: string;
  organizationName: string;
  bankVerified: boolean;
  dueSince: Date;
}

/**
 * The refunds the rules say are owed and nobody has prepared (a rejected refund may be prepared again):
 * - emd: an application rejected or withdrawn whose EMD invoice was paid; the amount is what was paid on it, to the
 *   applicant. Its id is the application's. An EMD a scheme forfeited (an auction's winner who did not pay) is never
 *   due.
 * - surrender: an allotment surrendered (or cancelled) with a refund computed by the estate rules above zero, to the
 *   holder who gave it up. Its id is the allotment's.
 * Sums are SQL's, over numeric(16,2).
 */
function dueRows(only?: { applicationId: string; kind: DueRefundKind }): SQL {
  const emdOnly = only ? (only.kind === 'emd' ? sql`and a.id = ${only.applicationId}` : sql`and false`) : sql``;
  const surrenderOnly = only
    ? only.kind === 'surrender'
      ? sql`and al.application_id = ${only.applicationId}`
      : sql`and false`
    : sql``;
  return sql`(
    select a.id as id, 'emd' as kind, a.id as application_id, a.application_number, null::uuid as allotment_id,
      null::text as allotment_number, a.status::text as reason, paid.amount as amount, ap.user_id as payee_user_id,
      payee.full_name as payee_name, ap.id as applicant_id, ap.organization_name,
      (ap.bank_verified_at is not null) as bank_verified, a.stage_entered_at as due_since
    from applications a
    join applicants ap on ap.id = a.applicant_id
    join users payee on payee.id = ap.user_id
    join lateral (
      select sum(p.amount) as amount from invoices i
      join payments p on p.invoice_id = i.id and p.status = 'success'
      where i.application_id = a.id and i.invoice_type = 'emd' and i.status = 'paid'
    ) paid on paid.amount > 0
    where a.status in ('rejected', 'withdrawn') ${emdOnly}
      and not exists (select 1 from scheme_entries se where se.application_id = a.id and se.emd_forfeited)
      and not exists (select 1 from refunds r where r.application_id = a.id and r.kind = 'emd' and r.status <> 'rejected')
    union all
    select al.id, 'surrender', al.application_id, a.application_number, al.id, al.allotment_number, al.status::text,
      al.refund_due, al.holder_user_id, holder.full_name, hp.id, hp.organization_name,
      (hp.bank_verified_at is not null), (al.ended_on::timestamp at time zone 'Asia/Kolkata')
    from allotments al
    join applications a on a.id = al.application_id
    join users holder on holder.id = al.holder_user_id
    join applicants hp on hp.user_id = al.holder_user_id
    where al.status::text in (${sql.join(
      ENDED_ALLOTMENT_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}) and al.refund_due > 0 ${surrenderOnly}
      and not exists (
        select 1 from refunds r where r.application_id = al.application_id and r.kind = 'surrender' and r.status <> 'rejected'
      )
  ) due`;
}

interface RawDue {
  id: string;
  kind: DueRefundKind;
  application_id: string;
  application_number: string;
  allotment_id: string | null;
  allotment_number: string | null;
  reason: string;
  amount: string | number;
  payee_user_id: string;
  payee_name: string;
  applicant_id: string;
  organization_name: string;
  bank_verified: boolean;
  due_since: string | Date;
  sort_key: string;
}

const toDueRow = (raw: RawDue): DueRefundRow => ({
  id: raw.id,
  kind: raw.kind,
  applicationId: raw.application_id,
  applicationNumber: raw.application_number,
  allotmentId: raw.allotment_id,
  allotmentNumber: raw.allotment_number,
  reason: raw.reason,
  amount: Number(raw.amount),
  payeeUserId: raw.payee_user_id,
  payeeName: raw.payee_name,
  applicantId: raw.applicant_id,
  organizationName: raw.organization_name,
  bankVerified: raw.bank_verified === true || (raw.bank_verified as unknown) === 't',
  dueSince: new Date(raw.due_since),
});

const DUE_SORT = {
  due_since: sql`due.due_since`,
  amount: sql`due.amount`,
} satisfies Record<'due_since' | 'amount', SortExpression>;

/** One page of the refunds due, filtered, searched and ordered in SQL. */
export async function searchDueRefunds(db: Database, query: RefundDueListQuery): Promise<Page<DueRefundRow>> {
  const id = sql`due.id` as unknown as AnyColumn;
  const plan = planPage(query, DUE_SORT, id);
  const conditions: SQL[] = [sql`true`];
  if (query.kind?.length)
    conditions.push(
      sql`due.kind in (${sql.join(
        query.kind.map((kind) => sql`${kind}`),
        sql`, `,
      )})`,
    );
  if (query.q) {
    conditions.push(
      sql`(upper(due.application_number) like ${numberPattern(query.q)} or lower(due.organization_name) like ${likePattern(query.q)})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const rowsRead = fetchRows(
    plan,
    db
      .execute(
        sql`select due.*, ${plan.sortKey} as sort_key from ${dueRows()} where ${where} ${plan.after ? sql`and ${plan.after}` : sql``}
            order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.fetch} offset ${plan.offset}`,
      )
      .then((result) => (result as unknown as { rows: RawDue[] }).rows),
  );
  const countRead = db
    .execute(sql`select count(*)::int as n from (select 1 from ${dueRows()} where ${where} limit 10001) counted`)
    .then((result) => {
      const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
      return n > 10000 ? { total: 10000, totalCapped: true } : { total: n, totalCapped: false };
    });
  const [rows, count] = await Promise.all([rowsRead, countRead]);
  return finishPage(
    rows.map((raw) => ({ ...toDueRow(raw), sortKey: raw.sort_key })),
    query,
    (row) => row.id,
    ({ sortKey: _sortKey, ...row }) => row,
    count,
  );
}

/** The refund of `kind` the rules say is due on the application now, if any. */
export async function findDueRefund(
  db: Database,
  applicationId: string,
  kind: DueRefundKind,
): Promise<DueRefundRow | undefined> {
  const result = (await db.execute(
    sql`select due.*, '' as sort_key from ${dueRows({ applicationId, kind })}`,
  )) as unknown as {
    rows: RawDue[];
  };
  const raw = result.rows[0];
  return raw ? toDueRow(raw) : undefined;
}

// ---------- refunds ----------

export async function insertRefund(db: Database, values: typeof refunds.$inferInsert): Promise<RefundRow | undefined> {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findRefundById(db: Database, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function findRefundByUtr(db: Database, utr: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.utr, utr));
  return row;
}

/** A refund's move (REFUND_EVENTS, through the case engine): its new status and what the move records, on condition
 * that it is still in one of `from`; undefined when it is not. */
export async function writeRefundMove(
  db: Database,
  id: string,
  from: readonly RefundStatus[],
  to: RefundStatus,
  values: Omit<Partial<typeof refunds.$inferInsert>, 'status'>,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ ...values, status: to })
    .where(and(eq(refunds.id, id), inArray(refunds.status, [...from])))
    .returning();
  return row;
}

/** Posts one ledger line of a refund: `refund_due` (a credit: the corporation owes it back) on approval, `refund` (a
 * debit: paid out) when paid. Each is posted once (its source key is unique). */
export async function postRefundEntry(
  db: Database,
  refund: RefundRow,
  entry: { type: 'refund_due' | 'refund'; postedBy: string; reference: string },
): Promise<void> {
  await db.insert(ledgerEntries).values({
    applicationId: refund.applicationId,
    allotmentId: refund.allotmentId,
    entryType: entry.type,
    debit: entry.type === 'refund' ? refund.amount : 0,
    credit: entry.type === 'refund_due' ? refund.amount : 0,
    sourceKey: `${entry.type}:${refund.id}`,
    refundId: refund.id,
    reference: entry.reference,
    postedBy: entry.postedBy,
  });
}

// ---------- views ----------

export interface RefundView extends RefundRow {
  applicationNumber: string;
  allotmentNumber: string | null;
  payeeName: string;
  preparedByName: string;
  approvedByName: string | null;
  applicantId: string | null;
  organizationName: string | null;
  profileBank: { bankName: string; bankAccount: string; bankIfsc: string; verifiedAt: Date | null } | null;
}

const preparer = alias(users, 'preparer');
const approver = alias(users, 'approver');
const payee = alias(users, 'payee');

/** The refunds with their numbers and names and the payee's profile bank details, in one query. */
export async function viewsOfRefunds(db: Database, rows: RefundRow[]): Promise<RefundView[]> {
  if (rows.length === 0) return [];
  const found = await db
    .select({
      id: refunds.id,
      applicationNumber: applications.applicationNumber,
      allotmentNumber: allotments.allotmentNumber,
      payeeName: payee.fullName,
      preparedByName: preparer.fullName,
      approvedByName: approver.fullName,
      applicantId: applicants.id,
      organizationName: applicants.organizationName,
      bankName: applicants.bankName,
      bankAccount: applicants.bankAccount,
      bankIfsc: applicants.bankIfsc,
      bankVerifiedAt: applicants.bankVerifiedAt,
    })
    .from(refunds)
    .innerJoin(applications, eq(applications.id, refunds.applicationId))
    .leftJoin(allotments, eq(allotments.id, refunds.allotmentId))
    .innerJoin(payee, eq(payee.id, refunds.payeeUserId))
    .innerJoin(preparer, eq(preparer.id, refunds.preparedBy))
    .leftJoin(approver, eq(approver.id, refunds.approvedBy))
    .leftJoin(applicants, eq(applicants.userId, refunds.payeeUserId))
    .where(
      inArray(
        refunds.id,
        rows.map((row) => row.id),
      ),
    );
  const byId = new Map(found.map((row) => [row.id, row]));
  return rows.map((row) => {
    const view = byId.get(row.id)!;
    return {
      ...row,
      applicationNumber: view.applicationNumber,
      allotmentNumber: view.allotmentNumber,
      payeeName: view.payeeName,
      preparedByName: view.preparedByName,
      approvedByName: view.approvedByName,
      applicantId: view.applicantId,
      organizationName: view.organizationName,
      profileBank:
        view.bankName !== null && view.bankAccount !== null && view.bankIfsc !== null
          ? {
              bankName: view.bankName,
              bankAccount: view.bankAccount,
              bankIfsc: view.bankIfsc,
              verifiedAt: view.bankVerifiedAt,
            }
          : null,
    };
  });
}

const REFUND_SORT = {
  prepared_at: refunds.preparedAt,
  amount: refunds.amount,
  refund_number: refunds.refundNumber,
} satisfies Record<(typeof REFUND_LIST.sort)[number], SortExpression>;

export interface RefundSearch {
  /** Only refunds paid to this user (an entrepreneur's own). */
  payeeUserId?: string;
  query: RefundListQuery;
}

export async function searchRefunds(db: Database, search: RefundSearch): Promise<Page<RefundView>> {
  const { query } = search;
  const conditions: SQL[] = [];
  if (search.payeeUserId) conditions.push(eq(refunds.payeeUserId, search.payeeUserId));
  if (query.status?.length) conditions.push(inArray(refunds.status, query.status));
  if (query.kind?.length) conditions.push(inArray(refunds.kind, query.kind));
  if (query.application_id) conditions.push(eq(refunds.applicationId, query.application_id));
  if (query.q) {
    const pattern = numberPattern(query.q);
    conditions.push(
      idIn(
        refunds.id,
        sql`select ${refunds.id} from ${refunds} where ${or(like(refunds.refundNumber, pattern), like(refunds.utr, pattern))}`,
        sql`select ${refunds.id} from ${refunds} where ${refunds.applicationId} in (select ${applications.id} from ${applications} where ${like(applications.applicationNumber, pattern)})`,
      ),
    );
  }
  const page = await pageOfTable(db, {
    table: refunds,
    request: query,
    sortColumns: REFUND_SORT,
    conditions,
    total: search.payeeUserId ? 'all' : 'capped',
  });
  return { ...page, items: await viewsOfRefunds(db, page.items) };
}
