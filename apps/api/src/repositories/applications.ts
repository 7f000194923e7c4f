/** Applications. Status changes are conditional updates, so the check of the current status and the write of
 * the next happen in one statement and a racing request finds nothing to update. */
import { and, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { Application, ApplicationStatus } from '@portal/contract';
import type { Database } from '../db/client';
import { applicants, applications } from '../db/schema';

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplicationValues = Omit<typeof applications.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function toApplication(row: ApplicationRow): Application {
  return {
    id: row.id,
    application_number: row.applicationNumber,
    applicant_id: row.applicantId,
    asset_id: row.assetId,
    application_type: row.applicationType,
    status: row.status,
    current_stage: row.currentStage,
    estimated_investment: row.estimatedInvestment,
    employment_generation: row.employmentGeneration,
    project_description: row.projectDescription,
    assigned_to: row.assignedTo,
    created_at: row.createdAt.toISOString(),
    submitted_at: row.submittedAt ? row.submittedAt.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface ApplicationFilter {
  applicantId?: string;
  statuses?: ApplicationStatus[];
  limit?: number;
  offset?: number;
}

export async function findApplicationById(db: Database, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

/** The application with the user id of its owner, for ownership checks. */
export async function findApplicationWithOwner(
  db: Database,
  id: string,
): Promise<{ application: ApplicationRow; ownerUserId: string } | undefined> {
  const [row] = await db
    .select({ application: applications, ownerUserId: applicants.userId })
    .from(applications)
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(eq(applications.id, id));
  return row;
}

export async function insertApplication(db: Database, values: NewApplicationValues): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(values).returning();
  return row!;
}

/** Moves the application only if its status is still one of `from`. Undefined means it was not. */
export async function updateApplicationIfStatus(
  db: Database,
  id: string,
  from: readonly ApplicationStatus[],
  values: Partial<Pick<ApplicationRow, 'status' | 'currentStage' | 'assignedTo' | 'submittedAt'>>,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(applications)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(applications.id, id), inArray(applications.status, [...from])))
    .returning();
  return row;
}

/** Reads the application and locks its row until the transaction ends, so events on one application
 * (a payment and the check that everything is paid, an upload and a status change) happen one at a time. */
export async function lockApplication(db: Database, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).for('update');
  return row;
}

export interface ApplicationSearch extends ApplicationFilter {
  /** Case-insensitive part of the application number. */
  numberContains?: string;
  /** Leave out drafts: they are the applicant's own until submitted. */
  excludeDrafts?: boolean;
}

export async function searchApplications(db: Database, search: ApplicationSearch): Promise<ApplicationRow[]> {
  const conditions: SQL[] = [];
  if (search.applicantId) conditions.push(eq(applications.applicantId, search.applicantId));
  if (search.statuses?.length) conditions.push(inArray(applications.status, search.statuses));
  if (search.excludeDrafts) conditions.push(ne(applications.status, 'draft'));
  if (search.numberContains) {
    const escaped = search.numberContains.replace(/[\\%_]/g, (char) => `\\${char}`);
    conditions.push(ilike(applications.applicationNumber, `%${escaped}%`));
  }
  let query = db
    .select()
    .from(applications)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(applications.createdAt), desc(applications.applicationNumber))
    .$dynamic();
  if (search.limit !== undefined) query = query.limit(search.limit);
  if (search.offset !== undefined) query = query.offset(search.offset);
  return query;
}

export async function findApplicationsByIds(db: Database, ids: readonly string[]): Promise<ApplicationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(applications)
    .where(inArray(applications.id, [...ids]));
}

/** Puts an application into a status without any check: for seeding and test setup only, never a request. */
export async function forceApplicationStatus(
  db: Database,
  id: string,
  status: ApplicationStatus,
  currentStage: string,
): Promise<void> {
  await db.update(applications).set({ status, currentStage, updatedAt: new Date() }).where(eq(applications.id, id));
}
