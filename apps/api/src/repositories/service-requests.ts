/** Service requests raised by entrepreneurs (change of name, transfer, NOCs, ...). */
import { and, desc, eq } from 'drizzle-orm';
import type { ServiceRequest, ServiceRequestType } from '@portal/contract';
import type { Database } from '../db/client';
import { allotments, applicants, applications, serviceRequests } from '../db/schema';

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

export async function listServiceRequestsOfUser(db: Database, userId: string): Promise<ServiceRequestRow[]> {
  return db
    .select()
    .from(serviceRequests)
    .where(eq(serviceRequests.userId, userId))
    .orderBy(desc(serviceRequests.submittedAt), desc(serviceRequests.requestNumber));
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
