/** Allotments of an asset to an application. At most one active allotment per asset and per application
 * (partial unique indexes), so an insert that would break either answers undefined instead of a row. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Allotment, AllotmentType } from '@portal/contract';
import type { Database } from '../db/client';
import { allotments, applicants, applications } from '../db/schema';

export type AllotmentRow = typeof allotments.$inferSelect;

export function toAllotment(row: AllotmentRow): Allotment {
  return {
    id: row.id,
    application_id: row.applicationId,
    asset_id: row.assetId,
    allotment_number: row.allotmentNumber,
    allotment_type: row.allotmentType,
    allotment_date: row.allotmentDate,
    expiry_date: row.expiryDate,
    status: row.status,
    letter_generated: row.letterGenerated,
    created_at: row.createdAt.toISOString(),
  };
}

export interface NewAllotment {
  allotmentNumber: string;
  applicationId: string;
  assetId: string;
  allotmentType: AllotmentType;
  allotmentDate: string;
  expiryDate: string | null;
  createdBy: string;
}

/** Inserts an active allotment; undefined when the asset or the application already has an active one. */
export async function insertAllotment(db: Database, values: NewAllotment): Promise<AllotmentRow | undefined> {
  const [row] = await db
    .insert(allotments)
    .values({ ...values, status: 'active', letterGenerated: true })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The allotment with the user id of its application's owner, for ownership checks. */
export async function findAllotmentWithOwner(
  db: Database,
  id: string,
): Promise<{ allotment: AllotmentRow; ownerUserId: string } | undefined> {
  const [row] = await db
    .select({ allotment: allotments, ownerUserId: applicants.userId })
    .from(allotments)
    .innerJoin(applications, eq(applications.id, allotments.applicationId))
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(eq(allotments.id, id));
  return row;
}

export interface AllotmentFilter {
  applicationId?: string;
  ownerUserId?: string;
  limit?: number;
  offset?: number;
}

export async function listAllotments(db: Database, filter: AllotmentFilter = {}): Promise<AllotmentRow[]> {
  const conditions: SQL[] = [];
  if (filter.applicationId) conditions.push(eq(allotments.applicationId, filter.applicationId));
  if (filter.ownerUserId) {
    conditions.push(
      sql`${allotments.applicationId} in (select ${applications.id} from ${applications} join ${applicants} on ${applicants.id} = ${applications.applicantId} where ${applicants.userId} = ${filter.ownerUserId})`,
    );
  }
  let query = db
    .select()
    .from(allotments)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(allotments.createdAt), desc(allotments.allotmentNumber))
    .$dynamic();
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  if (filter.offset !== undefined) query = query.offset(filter.offset);
  return query;
}

/** Makes an active allotment final (on lease deed approval). */
export async function makeAllotmentFinal(db: Database, id: string): Promise<AllotmentRow | undefined> {
  const [row] = await db
    .update(allotments)
    .set({ allotmentType: 'final' })
    .where(and(eq(allotments.id, id), eq(allotments.status, 'active')))
    .returning();
  return row;
}
