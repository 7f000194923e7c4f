/** Allotments of an asset to an application. At most one active allotment per asset and per application
 * (partial unique indexes), so an insert that would break either answers undefined instead of a row. */
import { and, count, desc, eq, inArray, isNull, like, lt, max, or, sql, type SQL } from 'drizzle-orm';
import {
  ALLOTMENT_LIST,
  type Allotment,
  type AllotmentListQuery,
  type AllotmentStatus,
  type AllotmentType,
  type MilestoneKind,
} from '@portal/contract';
import type { Database } from '../db/client';
import {
  allotmentHolders,
  allotmentMilestones,
  allotmentReportBase,
  allotmentReportDeltas,
  allotments,
  applicants,
  applications,
  assets,
  users,
} from '../db/schema';
import {
  dateRange,
  likePattern,
  type Page,
  type PageJoin,
  pageOfTable,
  type SortExpression,
  type TotalBy,
} from '../core/list-page';
import { countLateMilestones } from './allotment-milestones';
import { allotmentAwaitingShowCauseReply } from './show-causes';

export type AllotmentRow = typeof allotments.$inferSelect;

/** The allotment's own columns; the service adds its milestones and the services the caller may ask for. */
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
    holder_user_id: row.holderUserId,
    possession_date: row.possessionDate,
    lease_ends_on: row.leaseEndsOn,
    ended_on: row.endedOn,
    refund_due: row.refundDue,
    activity: row.activity,
    milestones: [],
    services_allowed: [],
    services: [],
  };
}

export interface NewAllotment {
  allotmentNumber: string;
  applicationId: string;
  assetId: string;
  allotmentType: AllotmentType;
  allotmentDate: string;
  expiryDate: string | null;
  /** Null when the portal made it (a scheme winner who paid, decision 018). */
  createdBy: string | null;
  /** The applicant when left out (a trigger writes it). */
  holderUserId?: string;
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

/** The allotment with the user id of its holder, for ownership checks. */
export async function findAllotmentWithOwner(
  db: Database,
  id: string,
): Promise<{ allotment: AllotmentRow; ownerUserId: string } | undefined> {
  const [row] = await db.select().from(allotments).where(eq(allotments.id, id));
  return row ? { allotment: row, ownerUserId: row.holderUserId } : undefined;
}

/** The allotment under a row lock, for a change of its state. */
export async function lockAllotment(db: Database, id: string): Promise<AllotmentRow | undefined> {
  const [row] = await db.select().from(allotments).where(eq(allotments.id, id)).for('update');
  return row;
}

/** The active allotment of an application (at most one). */
export async function findActiveAllotmentOfApplication(
  db: Database,
  applicationId: string,
): Promise<AllotmentRow | undefined> {
  const [row] = await db
    .select()
    .from(allotments)
    .where(and(eq(allotments.applicationId, applicationId), eq(allotments.status, 'active')));
  return row;
}

/** The user id of an application's applicant: the holder of an allotment made on it. */
export async function findApplicantUserId(db: Database, applicationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: applicants.userId })
    .from(applications)
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(eq(applications.id, applicationId));
  return row?.userId;
}

/** Writes the possession date and the lease's end, once. */
export async function setAllotmentPossession(
  db: Database,
  id: string,
  possessionDate: string,
  leaseEndsOn: string,
): Promise<AllotmentRow | undefined> {
  const [row] = await db
    .update(allotments)
    .set({ possessionDate, leaseEndsOn })
    .where(and(eq(allotments.id, id), sql`${allotments.possessionDate} is null`))
    .returning();
  return row;
}

/** Ends an active allotment by surrender; undefined when it is no longer active (a racing officer won). */
export async function surrenderAllotmentIfActive(
  db: Database,
  id: string,
  endedOn: string,
  refundDue: number,
): Promise<AllotmentRow | undefined> {
  const [row] = await db
    .update(allotments)
    .set({ status: 'surrendered', endedOn, refundDue })
    .where(and(eq(allotments.id, id), eq(allotments.status, 'active')))
    .returning();
  return row;
}

/** Hands the allotment to a new holder, only if `from` still holds it and it is active. */
export async function transferAllotmentIf(
  db: Database,
  allotment: AllotmentRow,
  to: string,
): Promise<AllotmentRow | undefined> {
  const [row] = await db
    .update(allotments)
    .set({ holderUserId: to })
    .where(
      and(
        eq(allotments.id, allotment.id),
        eq(allotments.holderUserId, allotment.holderUserId),
        eq(allotments.status, 'active'),
      ),
    )
    .returning();
  return row;
}

/** Keeps the holding a transfer ended (from the previous transfer, or the allotment's making). It ends at the
 * database's clock, after the transfer's own timeline entry, which the same clock stamps: the previous holder's
 * history is read up to it and so includes the transfer. */
export async function recordEndedHolding(db: Database, allotment: AllotmentRow, requestId: string): Promise<void> {
  const [previous] = await db
    .select({ heldUntil: max(allotmentHolders.heldUntil) })
    .from(allotmentHolders)
    .where(eq(allotmentHolders.allotmentId, allotment.id));
  await db.insert(allotmentHolders).values({
    allotmentId: allotment.id,
    userId: allotment.holderUserId,
    heldFrom: previous?.heldUntil ?? allotment.createdAt,
    heldUntil: sql`portal_clock_timestamp()`,
    endedByRequestId: requestId,
  });
}

/** The unit's line of activity. */
export async function setAllotmentActivity(db: Database, id: string, activity: string): Promise<void> {
  await db.update(allotments).set({ activity }).where(eq(allotments.id, id));
}

/** When a user's holding of an allotment ended (their latest, if they held it more than once); undefined if they
 * never held it before a transfer. */
export async function findPastHolding(db: Database, allotmentId: string, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ heldUntil: max(allotmentHolders.heldUntil) })
    .from(allotmentHolders)
    .where(and(eq(allotmentHolders.allotmentId, allotmentId), eq(allotmentHolders.userId, userId)));
  return row?.heldUntil ?? undefined;
}

/** When the user handed over (by transfer) an allotment of this application that someone else now holds; undefined
 * if they never did. Their view of the application's history stops there. */
export async function findTransferredAwayAt(
  db: Database,
  applicationId: string,
  userId: string,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ heldUntil: max(allotmentHolders.heldUntil) })
    .from(allotmentHolders)
    .innerJoin(allotments, eq(allotments.id, allotmentHolders.allotmentId))
    .where(
      and(
        eq(allotments.applicationId, applicationId),
        eq(allotmentHolders.userId, userId),
        sql`${allotments.holderUserId} <> ${userId}`,
      ),
    );
  return row?.heldUntil ?? undefined;
}

/** The holder's name, the asset's code, zone and location of these allotments, for a page of the register. */
export async function findAllotmentLabels(
  db: Database,
  rows: readonly AllotmentRow[],
): Promise<{ holders: Map<string, string>; assets: Map<string, { code: string; zone: string; location: string }> }> {
  const holderIds = [...new Set(rows.map((row) => row.holderUserId))];
  const assetIds = [...new Set(rows.map((row) => row.assetId))];
  const holderRows = holderIds.length
    ? await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, holderIds))
    : [];
  const assetRows = assetIds.length
    ? await db
        .select({ id: assets.id, code: assets.assetCode, zone: assets.zone, location: assets.location })
        .from(assets)
        .where(inArray(assets.id, assetIds))
    : [];
  return {
    holders: new Map(holderRows.map((row) => [row.id, row.name])),
    assets: new Map(assetRows.map((row) => [row.id, { code: row.code, zone: row.zone, location: row.location }])),
  };
}

/** How many allotments are in each status, within a zone if given. */
export async function countAllotmentsByStatus(
  db: Database,
  zone?: string,
): Promise<Partial<Record<AllotmentStatus, number>>> {
  // The register's summary rows (migration 0018: a row per status, zone and day of allotment, kept by its triggers,
  // a zone move included), so the counts do not grow with the register.
  const columns = (table: typeof allotmentReportBase | typeof allotmentReportDeltas) => ({
    status: table.status,
    zone: table.zone,
    count: table.count,
  });
  const parts = db
    .select(columns(allotmentReportBase))
    .from(allotmentReportBase)
    .unionAll(db.select(columns(allotmentReportDeltas)).from(allotmentReportDeltas))
    .as('parts');
  const rows = await db
    .select({ status: parts.status, n: sql<number>`sum(${parts.count})` })
    .from(parts)
    .where(zone ? eq(parts.zone, zone) : undefined)
    .groupBy(parts.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

const assetsInZone = (zone: string) => sql`select ${assets.id} from ${assets} where ${assets.zone} = ${zone}`;

/** The assets of a park (location), within a zone when given. There is no index on assets.location: within a zone
 * assets_zone_idx narrows the read, and without one the assets table is small (about one asset for every seven
 * applications), so a scan of it costs less than the allotments it picks. */
const assetsAtLocation = (location: string, zone?: string) =>
  zone
    ? sql`select ${assets.id} from ${assets} where ${assets.zone} = ${zone} and ${assets.location} = ${location}`
    : sql`select ${assets.id} from ${assets} where ${assets.location} = ${location}`;

/** The list's filters and `q`, without its paging and sort (what an export takes). */
export type AllotmentFilters = Omit<AllotmentListQuery, 'limit' | 'offset' | 'cursor' | 'sort'>;

export interface AllotmentFilterSearch {
  /** Only allotments this user holds (an entrepreneur's own list). */
  ownerUserId?: string;
  query: AllotmentFilters;
  /** The business day `late` is read on. */
  today: string;
}

export interface AllotmentSearch extends AllotmentFilterSearch {
  query: AllotmentListQuery;
}

const ALLOTMENT_SORT_COLUMNS = {
  created_at: allotments.createdAt,
  allotment_date: allotments.allotmentDate,
  allotment_number: allotments.allotmentNumber,
  status: allotments.status,
} satisfies Record<(typeof ALLOTMENT_LIST.sort)[number], SortExpression>;

/** A milestone of `kind` still unmet after its due day, as of `today`: what puts an allotment on a late list. */
function lateMilestone(kind: MilestoneKind, today: string): SQL {
  return and(
    eq(allotmentMilestones.kind, kind),
    isNull(allotmentMilestones.metOn),
    lt(allotmentMilestones.dueOn, today),
  )!;
}

/** The list's conditions; with `lateJoined`, the late milestones are joined to the query (lateMilestonesJoin) rather
 * than named here. */
function allotmentConditions(search: AllotmentFilterSearch, lateJoined = false): SQL[] {
  const { query } = search;
  const conditions: SQL[] = [];
  if (query.application_id) conditions.push(eq(allotments.applicationId, query.application_id));
  if (search.ownerUserId) {
    // Those held now, and those held before a transfer (read-only: their history up to it).
    conditions.push(
      or(
        eq(allotments.holderUserId, search.ownerUserId),
        sql`${allotments.id} in (select ${allotmentHolders.allotmentId} from ${allotmentHolders} where ${allotmentHolders.userId} = ${search.ownerUserId})`,
      )!,
    );
  }
  if (query.location) conditions.push(sql`${allotments.assetId} in (${assetsAtLocation(query.location, query.zone)})`);
  else if (query.zone) conditions.push(sql`${allotments.assetId} in (${assetsInZone(query.zone)})`);
  if (query.late === 'show_cause') {
    // Under a show-cause notice awaiting the reply: the partial index of open notices, by allotment.
    conditions.push(eq(allotments.status, 'active'));
    conditions.push(allotmentAwaitingShowCauseReply());
  } else if (query.late) {
    // Only live allotments are late.
    conditions.push(eq(allotments.status, 'active'));
    // A list's page joins the late milestones instead (lateMilestonesJoin). An export or a count reads the partial
    // index of unmet milestones by kind and due date once, as an array: late allotments are few and old, so a
    // semi-join let the planner walk the register newest first, probing every allotment until it found a page.
    if (!lateJoined) {
      conditions.push(
        sql`${allotments.id} = any(array(select ${allotmentMilestones.allotmentId} from ${allotmentMilestones} where ${lateMilestone(query.late, search.today)}))`,
      );
    }
  }
  if (query.status?.length) conditions.push(inArray(allotments.status, query.status));
  if (query.allotment_type?.length) conditions.push(inArray(allotments.allotmentType, query.allotment_type));
  conditions.push(...dateRange(allotments.allotmentDate, query.from, query.to));
  // The allotment and application numbers, the plot's code and the holder's name, in one trigram-indexed column
  // (migration 0025); the zone and the park are filters of their own.
  if (query.q) conditions.push(like(allotments.searchText, likePattern(query.q)));
  return conditions;
}

/** The total of a staff list filtered by nothing but the zone, or by the zone and a late milestone: known from the
 * summaries, where counting the rows (up to the cap) grew with the register (50 to 70 ms at a million applications).
 * Any other filter counts the rows. */
function registerTotal(db: Database, search: AllotmentSearch): TotalBy {
  const { query } = search;
  const others =
    search.ownerUserId ||
    query.application_id ||
    query.location ||
    query.status?.length ||
    query.allotment_type?.length ||
    query.from ||
    query.to ||
    query.q;
  if (others) return 'capped';
  if (!query.late) {
    return {
      known: async () => Object.values(await countAllotmentsByStatus(db, query.zone)).reduce((sum, n) => sum + n, 0),
    };
  }
  if (query.late === 'show_cause') return 'capped';
  const kind = query.late;
  return { known: () => countLateMilestones(db, kind, search.today, query.zone) };
}

/** A late list's milestones past due, one a row of the register (one milestone of a kind per allotment). Joined, the
 * page in the register's default order walks allotment_milestones_open_created_idx newest allotment first and stops at
 * a page, where reading every late allotment to sort them grew with the register (87 ms at a million applications). */
function lateMilestonesJoin(kind: MilestoneKind, today: string): PageJoin {
  return {
    table: allotmentMilestones,
    on: and(eq(allotmentMilestones.allotmentId, allotments.id), lateMilestone(kind, today))!,
  };
}

/** One page of allotments in the requested order, with its total. */
export async function searchAllotments(db: Database, search: AllotmentSearch): Promise<Page<AllotmentRow>> {
  const late = search.query.late;
  const lateKind = late && late !== 'show_cause' ? late : undefined;
  return pageOfTable(db, {
    table: allotments,
    request: search.query,
    // The milestone keeps its allotment's creation time: the same order, read from the joined index.
    sortColumns: lateKind
      ? { ...ALLOTMENT_SORT_COLUMNS, created_at: allotmentMilestones.allotmentCreatedAt }
      : ALLOTMENT_SORT_COLUMNS,
    conditions: allotmentConditions(search, Boolean(lateKind)),
    ...(lateKind && { join: lateMilestonesJoin(lateKind, search.today) }),
    total: registerTotal(db, search),
  });
}

/** How many allotments match, every one counted (an export's rows, for its progress). */
export async function countMatchingAllotments(db: Database, search: AllotmentFilterSearch): Promise<number> {
  const conditions = allotmentConditions(search);
  const [row] = await db
    .select({ n: count() })
    .from(allotments)
    .where(conditions.length > 0 ? and(...conditions) : undefined);
  return Number(row?.n ?? 0);
}

/** Where an export's page ends: the last row's created_at as text (exact to the microsecond) and its id. */
export interface AllotmentKeyset {
  createdAt: string;
  id: string;
}

/** One page of the register for an export, newest first by (created_at, id), strictly after `after`: the same
 * conditions as the list, walked by keyset over allotments_created_idx instead of an offset. */
export async function allotmentExportPage(
  db: Database,
  search: AllotmentFilterSearch,
  limit: number,
  after?: AllotmentKeyset,
): Promise<{ rows: AllotmentRow[]; next?: AllotmentKeyset }> {
  const conditions = allotmentConditions(search);
  if (after) {
    conditions.push(
      sql`(${allotments.createdAt}, ${allotments.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const found = await db
    .select({ row: allotments, createdAtText: sql<string>`${allotments.createdAt}::text` })
    .from(allotments)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(allotments.createdAt), desc(allotments.id))
    .limit(limit);
  const last = found.at(-1);
  return {
    rows: found.map((entry) => entry.row),
    ...(found.length === limit && last && { next: { createdAt: last.createdAtText, id: last.row.id } }),
  };
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
