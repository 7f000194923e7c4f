/** Allotments of an asset to an application. At most one active allotment per asset and per application
 * (partial unique indexes), so an insert that would break either answers undefined instead of a row. */
import { and, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { ALLOTMENT_LIST, type Allotment, type AllotmentListQuery, type AllotmentType } from '@portal/contract';
import type { Database } from '../db/client';
import { allotments, applicants, applications } from '../db/schema';
import {
  dateRange,
  idIn,
  likePattern,
  numberPattern,
  type Page,
  pageOfTable,
  type SortExpression,
} from '../core/list-page';
import { applicationsMatching, applicationsOwnedBy } from './applications';

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

export interface AllotmentSearch {
  /** Only allotments on this user's applications (an entrepreneur's own list). */
  ownerUserId?: string;
  query: AllotmentListQuery;
}

const ALLOTMENT_SORT_COLUMNS = {
  created_at: allotments.createdAt,
  allotment_date: allotments.allotmentDate,
  allotment_number: allotments.allotmentNumber,
  status: allotments.status,
} satisfies Record<(typeof ALLOTMENT_LIST.sort)[number], SortExpression>;

function allotmentConditions(search: AllotmentSearch): SQL[] {
  const { query } = search;
  const conditions: SQL[] = [];
  if (query.application_id) conditions.push(eq(allotments.applicationId, query.application_id));
  if (search.ownerUserId) {
    conditions.push(sql`${allotments.applicationId} in (${applicationsOwnedBy(search.ownerUserId)})`);
  }
  if (query.status?.length) conditions.push(inArray(allotments.status, query.status));
  if (query.allotment_type?.length) conditions.push(inArray(allotments.allotmentType, query.allotment_type));
  conditions.push(...dateRange(allotments.allotmentDate, query.from, query.to));
  if (query.q) {
    conditions.push(
      idIn(
        allotments.id,
        sql`select ${allotments.id} from ${allotments} where ${like(allotments.allotmentNumber, numberPattern(query.q))}`,
        sql`select ${allotments.id} from ${allotments} where ${allotments.applicationId} in (${applicationsMatching(likePattern(query.q))})`,
      ),
    );
  }
  return conditions;
}

/** One page of allotments in the requested order, with its total. */
export async function searchAllotments(db: Database, search: AllotmentSearch): Promise<Page<AllotmentRow>> {
  const conditions = allotmentConditions(search);
  return pageOfTable(db, {
    table: allotments,
    request: search.query,
    sortColumns: ALLOTMENT_SORT_COLUMNS,
    conditions,
    total: 'capped',
  });
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
