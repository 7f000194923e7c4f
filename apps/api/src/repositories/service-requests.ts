/** Service requests raised by entrepreneurs (change of name, transfer, NOCs, ...). */
import { and, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import {
  SERVICE_REQUEST_LIST,
  type ServiceRequest,
  type ServiceRequestListQuery,
  type ServiceRequestType,
} from '@portal/contract';
import type { Database } from '../db/client';
import { allotments, applicants, applications, serviceRequests } from '../db/schema';
import { likePattern, type Page, pageOfTable, type SortExpression, timestampRange } from '../lib/list-page';

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;

export function toServiceRequest(row: ServiceRequestRow): ServiceRequest {
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
}

export async function insertServiceRequest(db: Database, values: NewServiceRequest): Promise<ServiceRequestRow> {
  const [row] = await db.insert(serviceRequests).values(values).returning();
  return row!;
}

export interface ServiceRequestSearch {
  /** Whose requests: an entrepreneur sees only their own. */
  userId: string;
  query: ServiceRequestListQuery;
}

const SERVICE_REQUEST_SORT_COLUMNS = {
  submitted_at: serviceRequests.submittedAt,
  request_number: serviceRequests.requestNumber,
  status: serviceRequests.status,
} satisfies Record<(typeof SERVICE_REQUEST_LIST.sort)[number], SortExpression>;

/** One page of a user's service requests in the requested order, with its total (counted: one user's are few). */
export async function searchServiceRequests(
  db: Database,
  search: ServiceRequestSearch,
): Promise<Page<ServiceRequestRow>> {
  const { query } = search;
  const conditions: SQL[] = [eq(serviceRequests.userId, search.userId)];
  if (query.status?.length) conditions.push(inArray(serviceRequests.status, query.status));
  if (query.request_type?.length) conditions.push(inArray(serviceRequests.requestType, query.request_type));
  conditions.push(...timestampRange(serviceRequests.submittedAt, query.from, query.to));
  if (query.q) conditions.push(ilike(serviceRequests.requestNumber, likePattern(query.q)));
  return pageOfTable(db, {
    table: serviceRequests,
    request: query,
    sortColumns: SERVICE_REQUEST_SORT_COLUMNS,
    conditions,
    total: 'all',
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
    .innerJoin(applications, eq(applications.id, allotments.applicationId))
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(and(eq(allotments.id, allotmentId), eq(applicants.userId, userId)));
  return row?.applicationId;
}
