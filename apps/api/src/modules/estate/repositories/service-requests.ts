/** Service requests raised by entrepreneurs (change of name, transfer, NOCs, ...), and the fee invoice an approval
 * bills. */
import { and, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ALLOTTEE_SERVICES,
  missingServiceParticulars,
  type MilestoneKind,
  type OpenServiceRequest,
  SERVICE_REQUEST_OPEN_STATUSES,
  SERVICE_REQUEST_LIST,
  type ServiceParticulars,
  type ServiceRequest,
  type ServiceRequestListQuery,
  type ServiceRequestStatus,
  type ServiceRequestType,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { allotments, assets, invoices, serviceRequests } from '../../../db/schema';
import { likePattern, type Page, pageOfTable, type SortExpression, timestampRange } from '../../../core/list-page';
import type { InvoiceRow } from '../../../repositories/invoices';
import { clock } from '../../../core/clock';

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;

/** The request as the API answers it; `invoiceId` is its fee invoice, once approved with a fee. */
export function toServiceRequest(row: ServiceRequestRow, invoiceId: string | null = null): ServiceRequest {
  return {
    id: row.id,
    request_number: row.requestNumber,
    request_type: row.requestType,
    application_id: row.applicationId,
    allotment_id: row.allotmentId,
    description: row.description,
    fee_amount: row.feeAmount,
    status: row.status,
    submitted_at: row.submittedAt.toISOString(),
    remarks: row.remarks,
    updated_at: row.updatedAt.toISOString(),
    invoice_id: invoiceId,
    milestone: row.milestone,
    particulars: row.particulars,
    particulars_needed: missingServiceParticulars(row.requestType, row.particulars),
    transferee_accepted_at: row.transfereeAcceptedAt?.toISOString() ?? null,
    took_effect_at: row.tookEffectAt?.toISOString() ?? null,
    order_kind: row.tookEffectAt ? ALLOTTEE_SERVICES[row.requestType].order : null,
  };
}

export interface NewServiceRequest {
  requestNumber: string;
  userId: string;
  requestType: ServiceRequestType;
  applicationId: string | null;
  allotmentId: string | null;
  description: string;
  feeAmount: number;
  milestone?: MilestoneKind | null;
  particulars: ServiceParticulars;
  /** A transfer's transferee, lower-cased. */
  transfereeEmail: string | null;
}

export async function insertServiceRequest(db: Database, values: NewServiceRequest): Promise<ServiceRequestRow> {
  const [row] = await db.insert(serviceRequests).values(values).returning();
  return row!;
}

export async function findServiceRequestById(db: Database, id: string): Promise<ServiceRequestRow | undefined> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row;
}

/** A request's move (SERVICE_REQUEST_EVENTS, through the case engine): its new status, remarks and decider, only if it
 * is still in one of `from` (and, for a transfer's lapse, its transferee has still not accepted); undefined means
 * another change got there first. */
export async function writeServiceRequestMove(
  db: Database,
  id: string,
  from: readonly ServiceRequestStatus[],
  to: ServiceRequestStatus,
  values: { remarks: string | null; decidedBy: string | null },
  { unacceptedOnly = false }: { unacceptedOnly?: boolean } = {},
): Promise<ServiceRequestRow | undefined> {
  const [row] = await db
    .update(serviceRequests)
    .set({ ...values, status: to, updatedAt: clock.now() })
    .where(
      and(
        eq(serviceRequests.id, id),
        inArray(serviceRequests.status, [...from]),
        unacceptedOnly ? sql`${serviceRequests.transfereeAcceptedAt} IS NULL` : undefined,
      ),
    )
    .returning();
  return row;
}

/** Writes the particulars the applicant gave (with the fee and transferee they decide) only if the request is still
 * submitted with the particulars it was read with; undefined means it changed meanwhile. */
export async function updateServiceRequestParticularsIf(
  db: Database,
  current: ServiceRequestRow,
  values: { particulars: ServiceParticulars; feeAmount: number; transfereeEmail: string | null },
): Promise<ServiceRequestRow | undefined> {
  const [row] = await db
    .update(serviceRequests)
    .set({ ...values, updatedAt: clock.now() })
    .where(
      and(
        eq(serviceRequests.id, current.id),
        eq(serviceRequests.status, 'submitted'),
        sql`${serviceRequests.particulars} = ${JSON.stringify(current.particulars)}::jsonb`,
      ),
    )
    .returning();
  return row;
}

export interface NewServiceFeeInvoice {
  invoiceNumber: string;
  applicationId: string;
  serviceRequestId: string;
  amount: number;
  dueDate: string;
}

/** The fee invoice of an approved request: one per request (the unique index on service_request_id holds it), so
 * it is not made by insertInvoice, whose one-per-type rule is for the application's own invoices. */
export async function insertServiceFeeInvoice(db: Database, values: NewServiceFeeInvoice): Promise<InvoiceRow> {
  const [row] = await db
    .insert(invoices)
    .values({ ...values, invoiceType: 'service_fee' })
    .returning();
  return row!;
}

/** The fee invoice of each request that has one, by request id. */
export async function findServiceFeeInvoiceIds(db: Database, requestIds: string[]): Promise<Map<string, string>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, requestId: invoices.serviceRequestId })
    .from(invoices)
    .where(inArray(invoices.serviceRequestId, requestIds));
  return new Map(rows.map((row) => [row.requestId!, row.id]));
}

export interface ServiceRequestSearch {
  /** Whose requests: an entrepreneur sees only their own; undefined for staff who read everyone's. */
  userId: string | undefined;
  query: ServiceRequestListQuery;
}

const SERVICE_REQUEST_SORT_COLUMNS = {
  submitted_at: serviceRequests.submittedAt,
  request_number: serviceRequests.requestNumber,
  status: serviceRequests.status,
} satisfies Record<(typeof SERVICE_REQUEST_LIST.sort)[number], SortExpression>;

/** One page of service requests in the requested order, with its total: counted in full for one user's (they are
 * few), up to the cap for the officers' queue. */
export async function searchServiceRequests(
  db: Database,
  search: ServiceRequestSearch,
): Promise<Page<ServiceRequestRow>> {
  const { query } = search;
  const conditions: SQL[] = [];
  if (search.userId) conditions.push(eq(serviceRequests.userId, search.userId));
  if (query.status?.length) conditions.push(inArray(serviceRequests.status, query.status));
  if (query.request_type?.length) conditions.push(inArray(serviceRequests.requestType, query.request_type));
  conditions.push(...timestampRange(serviceRequests.submittedAt, query.from, query.to));
  if (query.q) conditions.push(ilike(serviceRequests.requestNumber, likePattern(query.q)));
  return pageOfTable(db, {
    table: serviceRequests,
    request: query,
    sortColumns: SERVICE_REQUEST_SORT_COLUMNS,
    conditions,
    total: search.userId ? 'all' : 'capped',
  });
}

/** The allotment's application id when the allotment belongs to the user; undefined otherwise. */
export async function findOwnAllotmentApplicationId(
  db: Database,
  allotmentId: string,
  userId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ applicationId: allotments.applicationId })
    .from(allotments)
    .where(and(eq(allotments.id, allotmentId), eq(allotments.holderUserId, userId)));
  return row?.applicationId;
}

/** The requests open on these allotments (decision 020): undecided (submitted, in progress), or approved and waiting
 * for its fee (its invoice unpaid, not yet in effect) when its requester still holds the plot; `exceptId` leaves the
 * request being approved out. Each with its fee invoice when it has one. */
export async function findOpenServiceRequests(
  db: Database,
  allotmentIds: readonly string[],
  exceptId?: string,
): Promise<Array<OpenServiceRequest & { allotment_id: string }>> {
  if (allotmentIds.length === 0) return [];
  const rows = await db
    .select({
      id: serviceRequests.id,
      allotmentId: serviceRequests.allotmentId,
      requestNumber: serviceRequests.requestNumber,
      requestType: serviceRequests.requestType,
      milestone: serviceRequests.milestone,
      status: serviceRequests.status,
      submittedAt: serviceRequests.submittedAt,
      invoiceId: invoices.id,
    })
    .from(serviceRequests)
    .innerJoin(allotments, eq(allotments.id, serviceRequests.allotmentId))
    .leftJoin(invoices, eq(invoices.serviceRequestId, serviceRequests.id))
    .where(
      and(
        inArray(serviceRequests.allotmentId, [...allotmentIds]),
        exceptId ? ne(serviceRequests.id, exceptId) : undefined,
        or(
          inArray(serviceRequests.status, [...SERVICE_REQUEST_OPEN_STATUSES]),
          and(
            eq(serviceRequests.status, 'approved'),
            isNull(serviceRequests.tookEffectAt),
            eq(invoices.status, 'pending'),
            eq(serviceRequests.userId, allotments.holderUserId),
          ),
        ),
      ),
    )
    .orderBy(serviceRequests.submittedAt);
  return rows.map((row) => ({
    allotment_id: row.allotmentId!,
    id: row.id,
    request_number: row.requestNumber,
    request_type: row.requestType,
    milestone: row.milestone,
    status: row.status as OpenServiceRequest['status'],
    submitted_at: row.submittedAt.toISOString(),
    invoice_id: row.invoiceId,
  }));
}

/** The service request a fee invoice bills, if it bills one. */
export async function findServiceRequestOfInvoice(
  db: Database,
  invoiceId: string,
): Promise<ServiceRequestRow | undefined> {
  const [row] = await db
    .select({ request: serviceRequests })
    .from(invoices)
    .innerJoin(serviceRequests, eq(serviceRequests.id, invoices.serviceRequestId))
    .where(eq(invoices.id, invoiceId));
  return row?.request;
}

/** Statuses in which a transfer still waits to take effect. */
const OPEN_STATUSES = ['submitted', 'in_progress', 'approved'] as const;

/** The transferee accepts: only the account whose email the transfer names, once, while it is still open. */
export async function acceptTransferIf(
  db: Database,
  id: string,
  user: { id: string; email: string },
): Promise<ServiceRequestRow | undefined> {
  const [row] = await db
    .update(serviceRequests)
    .set({ transfereeUserId: user.id, transfereeAcceptedAt: clock.now(), updatedAt: clock.now() })
    .where(
      and(
        eq(serviceRequests.id, id),
        eq(serviceRequests.requestType, 'transfer'),
        eq(serviceRequests.transfereeEmail, user.email.toLowerCase()),
        sql`${serviceRequests.transfereeAcceptedAt} IS NULL`,
        inArray(serviceRequests.status, ['submitted', 'in_progress']),
      ),
    )
    .returning();
  return row;
}

/** Records that the request took effect, with its order's number and what it changed; only once. */
export async function markServiceRequestTookEffect(
  db: Database,
  id: string,
  values: { orderNumber: string; outcome: Record<string, string | number | boolean | null> },
): Promise<ServiceRequestRow | undefined> {
  const [row] = await db
    .update(serviceRequests)
    .set({ ...values, tookEffectAt: clock.now(), updatedAt: clock.now() })
    .where(and(eq(serviceRequests.id, id), sql`${serviceRequests.tookEffectAt} IS NULL`))
    .returning();
  return row;
}

/** Transfers offered to an email, not yet in effect or refused: what a transferee is asked to accept. */
export async function searchTransferOffers(
  db: Database,
  email: string,
  query: ServiceRequestListQuery,
): Promise<Page<ServiceRequestRow>> {
  return pageOfTable(db, {
    table: serviceRequests,
    request: query,
    sortColumns: SERVICE_REQUEST_SORT_COLUMNS,
    conditions: [
      eq(serviceRequests.transfereeEmail, email.toLowerCase()),
      inArray(serviceRequests.status, [...OPEN_STATUSES]),
      sql`${serviceRequests.tookEffectAt} IS NULL`,
    ],
    total: 'all',
  });
}

/** Open transfers of an allotment whose transferee has not accepted and whose clock has run out (submitted before
 * `before`): the sweep lapses them. */
export async function findLapsedTransferOffers(db: Database, before: Date, limit = 100): Promise<ServiceRequestRow[]> {
  return db
    .select()
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.requestType, 'transfer'),
        inArray(serviceRequests.status, ['submitted', 'in_progress']),
        sql`${serviceRequests.transfereeAcceptedAt} IS NULL`,
        sql`${serviceRequests.submittedAt} < ${before}`,
      ),
    )
    .limit(limit);
}

/** Whether the user has asked for a service billed to this application. */
export async function hasServiceRequestOn(db: Database, userId: string, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.userId, userId), eq(serviceRequests.applicationId, applicationId)))
    .limit(1);
  return row !== undefined;
}

/** The allotment number and plot code of each request that names an allotment, by request id: one lookup for a page. */
export async function findRequestPlots(
  db: Database,
  rows: readonly ServiceRequestRow[],
): Promise<Map<string, { allotmentNumber: string; assetCode: string }>> {
  const allotmentIds = [...new Set(rows.map((row) => row.allotmentId).filter((id): id is string => id !== null))];
  if (allotmentIds.length === 0) return new Map();
  const found = await db
    .select({ id: allotments.id, allotmentNumber: allotments.allotmentNumber, assetCode: assets.assetCode })
    .from(allotments)
    .innerJoin(assets, eq(assets.id, allotments.assetId))
    .where(inArray(allotments.id, allotmentIds));
  const byAllotment = new Map(found.map((row) => [row.id, row]));
  const plots = new Map<string, { allotmentNumber: string; assetCode: string }>();
  for (const row of rows) {
    const plot = row.allotmentId ? byAllotment.get(row.allotmentId) : undefined;
    if (plot) plots.set(row.id, { allotmentNumber: plot.allotmentNumber, assetCode: plot.assetCode });
  }
  return plots;
}
