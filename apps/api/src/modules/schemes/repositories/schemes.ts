/** Schemes (decision 018): the scheme rows, their plots, the seed kept apart, each application's entry and the bids
 * as the public record reads them. Every change of a scheme's status is a conditional update on its status. */
import { and, asc, eq, inArray, isNotNull, isNull, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  ApplicationStatus,
  DrawWaitReason,
  SchemeEntryListQuery,
  SchemeEntryStatus,
  SchemeListQuery,
  SchemeOutcome,
  SchemePlotStatus,
  SchemeStatus,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import {
  applicants,
  allotments,
  applications,
  assets,
  schemeBids,
  schemeEntries,
  schemePlots,
  schemeSeeds,
  schemes,
  users,
} from '../../../db/schema';
import { lockAuditChain } from '../../../db/audit-context';
import {
  countAll,
  fetchRows,
  finishPage,
  likePattern,
  numberPattern,
  pageOfTable,
  planPage,
  type Page,
} from '../../../core/list-page';

export type SchemeRow = typeof schemes.$inferSelect;
export type SchemePlotRow = typeof schemePlots.$inferSelect;
export type SchemeEntryDbRow = typeof schemeEntries.$inferSelect;
export type NewScheme = typeof schemes.$inferInsert;
export type NewSchemePlot = typeof schemePlots.$inferInsert;

export async function insertScheme(db: Database, values: NewScheme, seed: string): Promise<SchemeRow> {
  const [row] = await db.insert(schemes).values(values).returning();
  await db.insert(schemeSeeds).values({ schemeId: row!.id, seed });
  return row!;
}

export async function insertSchemePlots(db: Database, values: NewSchemePlot[]): Promise<SchemePlotRow[]> {
  if (values.length === 0) return [];
  return db.insert(schemePlots).values(values).returning();
}

export async function findSchemeById(db: Database, id: string): Promise<SchemeRow | undefined> {
  const [row] = await db.select().from(schemes).where(eq(schemes.id, id));
  return row;
}

export async function findSchemeByNumber(db: Database, schemeNumber: string): Promise<SchemeRow | undefined> {
  const [row] = await db.select().from(schemes).where(eq(schemes.schemeNumber, schemeNumber));
  return row;
}

/** The scheme under a row lock (the audit chain's lock first, as every write takes it). */
export async function lockScheme(db: Database, id: string): Promise<SchemeRow | undefined> {
  await lockAuditChain(db);
  const [row] = await db.select().from(schemes).where(eq(schemes.id, id)).for('update');
  return row;
}

/** A scheme's move (SCHEME_EVENTS, through the case engine: modules/schemes/rules/scheme-moves.ts), written only if its status is still
 * one of `from`; undefined when it was not (another close or draw won). */
export async function writeSchemeMove(
  db: Database,
  id: string,
  from: readonly SchemeStatus[],
  to: SchemeStatus,
  values: Partial<
    Pick<
      SchemeRow,
      'closedAt' | 'decidedAt' | 'decidedBy' | 'revealedSeed' | 'beaconRandomness' | 'beaconSignature' | 'qualifiedHash'
    >
  >,
): Promise<SchemeRow | undefined> {
  const [row] = await db
    .update(schemes)
    .set({ ...values, status: to })
    .where(and(eq(schemes.id, id), inArray(schemes.status, [...from])))
    .returning();
  return row;
}

/** Moves an open scheme's closing time, and its draw's round with it (the test fixtures, as the days would have
 * passed the close). */
export async function setSchemeClosingTime(
  db: Database,
  id: string,
  closesAt: Date,
  beaconRound: number | null,
): Promise<void> {
  await db
    .update(schemes)
    .set({ closesAt, ...(beaconRound === null ? {} : { beaconRound }) })
    .where(eq(schemes.id, id));
}

/** The frozen qualified list's hash, written at the close in the close's transaction. */
export async function setSchemeQualifiedHash(db: Database, id: string, qualifiedHash: string): Promise<void> {
  await db.update(schemes).set({ qualifiedHash }).where(eq(schemes.id, id));
}

/** A draw asked for whose round is not had yet: the first asker and time are kept, the reason and try are the
 * latest. Written only while the scheme is closed; answers whether it was. */
export async function recordDrawWait(
  db: Database,
  id: string,
  wait: { requestedBy: string; reason: DrawWaitReason; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(schemes)
    .set({
      drawRequestedAt: sql`coalesce(${schemes.drawRequestedAt}, ${wait.at.toISOString()}::timestamptz)`,
      drawRequestedBy: sql`coalesce(${schemes.drawRequestedBy}, ${wait.requestedBy}::uuid)`,
      drawWaitReason: wait.reason,
      drawTriedAt: wait.at,
    })
    .where(and(eq(schemes.id, id), eq(schemes.status, 'closed')))
    .returning({ id: schemes.id });
  return rows.length > 0;
}

/** Draws asked for and still waiting for their round, the longest waiting first (the draw sweep). */
export async function findWaitingDraws(
  db: Database,
  limit: number,
): Promise<{ id: string; requestedBy: string | null }[]> {
  return db
    .select({ id: schemes.id, requestedBy: schemes.drawRequestedBy })
    .from(schemes)
    .where(and(isNotNull(schemes.drawRequestedAt), eq(schemes.status, 'closed')))
    .orderBy(asc(schemes.drawRequestedAt), asc(schemes.id))
    .limit(limit);
}

/** The secret seed: read only by the draw that reveals it. */
export async function findSchemeSeed(db: Database, schemeId: string): Promise<string | undefined> {
  const [row] = await db.select({ seed: schemeSeeds.seed }).from(schemeSeeds).where(eq(schemeSeeds.schemeId, schemeId));
  return row?.seed;
}

/** Open schemes past their closing time, oldest first (the closing sweep). */
export async function findSchemesToClose(db: Database, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: schemes.id })
    .from(schemes)
    .where(and(eq(schemes.status, 'open'), lte(schemes.closesAt, now)))
    .orderBy(asc(schemes.closesAt), asc(schemes.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export interface SchemePlotView extends SchemePlotRow {
  assetCode: string;
  zone: string;
  location: string;
  totalArea: number;
  unit: string;
  valuation: number;
  winnerApplicationNumber: string | null;
}

/** The scheme's plots in their position order, with their assets and (once paid) winners. */
export async function findSchemePlots(db: Database, schemeId: string): Promise<SchemePlotView[]> {
  const rows = await db
    .select({
      plot: schemePlots,
      assetCode: assets.assetCode,
      zone: assets.zone,
      location: assets.location,
      totalArea: assets.totalArea,
      unit: assets.unit,
      valuation: assets.valuation,
      winnerApplicationNumber: applications.applicationNumber,
    })
    .from(schemePlots)
    .innerJoin(assets, eq(assets.id, schemePlots.assetId))
    .leftJoin(applications, eq(applications.id, schemePlots.winnerApplicationId))
    .where(eq(schemePlots.schemeId, schemeId))
    .orderBy(asc(schemePlots.position));
  return rows.map((row) => ({
    ...row.plot,
    assetCode: row.assetCode,
    zone: row.zone,
    location: row.location ?? '',
    totalArea: Number(row.totalArea),
    unit: String(row.unit),
    valuation: Number(row.valuation),
    winnerApplicationNumber: row.winnerApplicationNumber ?? null,
  }));
}

/** The scheme plot of an asset in a scheme. */
export async function findSchemePlotByAsset(
  db: Database,
  schemeId: string,
  assetId: string,
): Promise<SchemePlotRow | undefined> {
  const [row] = await db
    .select()
    .from(schemePlots)
    .where(and(eq(schemePlots.schemeId, schemeId), eq(schemePlots.assetId, assetId)));
  return row;
}

/** Among `assetIds`, those offered in a scheme not yet decided (a plot is in one undecided scheme at a time). */
export async function findAssetsInUndecidedSchemes(
  db: Database,
  assetIds: readonly string[],
): Promise<{ assetId: string; schemeNumber: string }[]> {
  if (assetIds.length === 0) return [];
  return db
    .select({ assetId: schemePlots.assetId, schemeNumber: schemes.schemeNumber })
    .from(schemePlots)
    .innerJoin(schemes, eq(schemes.id, schemePlots.schemeId))
    .where(and(inArray(schemePlots.assetId, [...assetIds]), sql`${schemes.status} <> 'decided'`));
}

/** The plot's one move writer, called as the engine's write (case/engine.ts): the plot's one event leads to
 * allotted, so it records the winner the plot is allotted to, only while the plot is still in one of `from` (offered:
 * no winner yet); undefined when it is not. */
export async function writeSchemePlotMove(
  db: Database,
  plotId: string,
  from: readonly SchemePlotStatus[],
  winner: { applicationId: string; amount: number | null },
): Promise<SchemePlotRow | undefined> {
  // Offered has no winner, allotted has one.
  const inStatus = (status: SchemePlotStatus) =>
    status === 'offered' ? isNull(schemePlots.winnerApplicationId) : isNotNull(schemePlots.winnerApplicationId);
  const [row] = await db
    .update(schemePlots)
    .set({ winnerApplicationId: winner.applicationId, winningAmount: winner.amount })
    .where(and(eq(schemePlots.id, plotId), or(...from.map(inStatus))))
    .returning();
  return row;
}

/** A plot of a scheme by its id. */
export async function findSchemePlotById(db: Database, plotId: string): Promise<SchemePlotRow | undefined> {
  const [row] = await db.select().from(schemePlots).where(eq(schemePlots.id, plotId));
  return row;
}

// ---------- entries ----------

export type NewSchemeEntry = typeof schemeEntries.$inferInsert;

export async function insertSchemeEntries(db: Database, values: NewSchemeEntry[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(schemeEntries).values(values).onConflictDoNothing();
}

export async function findSchemeEntry(db: Database, applicationId: string): Promise<SchemeEntryDbRow | undefined> {
  const [row] = await db.select().from(schemeEntries).where(eq(schemeEntries.applicationId, applicationId));
  return row;
}

/** The entry's one move writer, called as the engine's write (case/engine.ts): writes what became of the application
 * in its scheme, only while the entry is still in one of `from` (pending: no outcome yet); undefined when it is not. */
export async function writeSchemeEntryMove(
  db: Database,
  applicationId: string,
  from: readonly SchemeEntryStatus[],
  to: SchemeOutcome,
  values: Pick<SchemeEntryDbRow, 'rank' | 'amount' | 'payBy' | 'emdForfeited' | 'decidedAt'>,
): Promise<SchemeEntryDbRow | undefined> {
  const outcomes = from.filter((status): status is SchemeOutcome => status !== 'pending');
  const [row] = await db
    .update(schemeEntries)
    .set({ ...values, outcome: to })
    .where(
      and(
        eq(schemeEntries.applicationId, applicationId),
        or(
          from.includes('pending') ? isNull(schemeEntries.outcome) : undefined,
          outcomes.length > 0 ? inArray(schemeEntries.outcome, outcomes) : undefined,
        ),
      ),
    )
    .returning();
  return row;
}

/** The entries of one plot with an outcome, best rank first (an auction's H2 waits behind its H1). */
export async function findPlotEntriesWithOutcome(
  db: Database,
  schemePlotId: string,
  outcome: NonNullable<SchemeEntryDbRow['outcome']>,
): Promise<SchemeEntryDbRow[]> {
  return db
    .select()
    .from(schemeEntries)
    .where(and(eq(schemeEntries.schemePlotId, schemePlotId), eq(schemeEntries.outcome, outcome)))
    .orderBy(asc(schemeEntries.rank));
}

export interface QualifiedRow {
  applicationId: string;
  applicationNumber: string;
  schemePlotId: string;
  plotCode: string;
  category: SchemeEntryDbRow['category'];
  listPosition: number;
}

/** The published qualified list, in its fixed order. */
export async function findQualifiedList(db: Database, schemeId: string): Promise<QualifiedRow[]> {
  const rows = await db
    .select({
      applicationId: schemeEntries.applicationId,
      applicationNumber: applications.applicationNumber,
      schemePlotId: schemeEntries.schemePlotId,
      plotCode: assets.assetCode,
      category: schemeEntries.category,
      listPosition: schemeEntries.listPosition,
    })
    .from(schemeEntries)
    .innerJoin(applications, eq(applications.id, schemeEntries.applicationId))
    .innerJoin(schemePlots, eq(schemePlots.id, schemeEntries.schemePlotId))
    .innerJoin(assets, eq(assets.id, schemePlots.assetId))
    .where(and(eq(schemeEntries.schemeId, schemeId), eq(schemeEntries.qualified, true)))
    .orderBy(asc(schemeEntries.listPosition));
  return rows.map((row) => ({ ...row, listPosition: row.listPosition! }));
}

export interface ResultRow {
  applicationId: string;
  applicationNumber: string;
  plotCode: string;
  outcome: NonNullable<SchemeEntryDbRow['outcome']>;
  rank: number | null;
  amount: number | null;
  listPosition: number | null;
  /** The entry's applicant category, and the category its plot was reserved for (null when open to all). */
  category: SchemeEntryDbRow['category'];
  reservedFor: string | null;
}

/** The decided entries of the qualified (won, waitlisted, lost, defaulted), by plot and rank. */
export async function findSchemeResult(db: Database, schemeId: string): Promise<ResultRow[]> {
  const rows = await db
    .select({
      applicationId: schemeEntries.applicationId,
      applicationNumber: applications.applicationNumber,
      plotCode: assets.assetCode,
      outcome: schemeEntries.outcome,
      rank: schemeEntries.rank,
      amount: schemeEntries.amount,
      listPosition: schemeEntries.listPosition,
      category: schemeEntries.category,
      reservedFor: schemePlots.reservedFor,
    })
    .from(schemeEntries)
    .innerJoin(applications, eq(applications.id, schemeEntries.applicationId))
    .innerJoin(schemePlots, eq(schemePlots.id, schemeEntries.schemePlotId))
    .innerJoin(assets, eq(assets.id, schemePlots.assetId))
    .where(
      and(eq(schemeEntries.schemeId, schemeId), eq(schemeEntries.qualified, true), isNotNull(schemeEntries.outcome)),
    )
    .orderBy(asc(schemeEntries.rank), asc(schemeEntries.listPosition));
  return rows.map((row) => ({ ...row, outcome: row.outcome! }));
}

/** The scheme's submitted applications (not drafts) with their applicant's category, for the close. */
export async function findSchemeApplicationsForClose(
  db: Database,
  schemeId: string,
): Promise<
  {
    id: string;
    applicationNumber: string;
    status: ApplicationStatus;
    submittedAt: Date | null;
    assetId: string;
    category: SchemeEntryDbRow['category'];
    unpaidDeposits: number;
  }[]
> {
  const rows = await db
    .select({
      id: applications.id,
      applicationNumber: applications.applicationNumber,
      status: applications.status,
      submittedAt: applications.submittedAt,
      assetId: applications.assetId,
      category: applicants.category,
      unpaidDeposits: sql<number>`(
        select count(*) from invoices i
        where i.application_id = ${applications.id}
          and i.invoice_type in ('emd', 'participation_fee') and i.status = 'pending'
      )::int`,
    })
    .from(applications)
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(and(eq(applications.schemeId, schemeId), sql`${applications.status} <> 'draft'`))
    .orderBy(asc(applications.applicationNumber));
  return rows.map((row) => ({ ...row, unpaidDeposits: Number(row.unpaidDeposits) }));
}

export async function countSchemeApplications(
  db: Database,
  schemeIds: readonly string[],
): Promise<Map<string, number>> {
  if (schemeIds.length === 0) return new Map();
  const rows = await db
    .select({ schemeId: applications.schemeId, count: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(inArray(applications.schemeId, [...schemeIds]), sql`${applications.status} <> 'draft'`))
    .groupBy(applications.schemeId);
  return new Map(rows.map((row) => [row.schemeId!, Number(row.count)]));
}

export async function countSchemePlots(db: Database, schemeIds: readonly string[]): Promise<Map<string, number>> {
  if (schemeIds.length === 0) return new Map();
  const rows = await db
    .select({ schemeId: schemePlots.schemeId, count: sql<number>`count(*)::int` })
    .from(schemePlots)
    .where(inArray(schemePlots.schemeId, [...schemeIds]))
    .groupBy(schemePlots.schemeId);
  return new Map(rows.map((row) => [row.schemeId, Number(row.count)]));
}

export async function countQualified(db: Database, schemeId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schemeEntries)
    .where(and(eq(schemeEntries.schemeId, schemeId), eq(schemeEntries.qualified, true)));
  return Number(row?.count ?? 0);
}

/** An entrepreneur's own applications in a scheme (drafts too), with their entries. */
export async function findOwnSchemeEntries(db: Database, schemeId: string, userId: string) {
  return db
    .select({
      applicationId: applications.id,
      applicationNumber: applications.applicationNumber,
      plotId: schemePlots.id,
      plotCode: assets.assetCode,
      qualified: schemeEntries.qualified,
      outcome: schemeEntries.outcome,
      emdForfeited: schemeEntries.emdForfeited,
    })
    .from(applications)
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .innerJoin(
      schemePlots,
      and(eq(schemePlots.schemeId, applications.schemeId), eq(schemePlots.assetId, applications.assetId)),
    )
    .innerJoin(assets, eq(assets.id, applications.assetId))
    .leftJoin(schemeEntries, eq(schemeEntries.applicationId, applications.id))
    .where(and(eq(applications.schemeId, schemeId), eq(applicants.userId, userId)))
    .orderBy(asc(applications.applicationNumber));
}

/** The number of the applicant's application (not withdrawn) for one plot of a scheme, other than `exceptId`. */
export async function findApplicationForSchemePlot(
  db: Database,
  where: { schemeId: string; assetId: string; applicantId: string; exceptId?: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ number: applications.applicationNumber })
    .from(applications)
    .where(
      and(
        eq(applications.schemeId, where.schemeId),
        eq(applications.assetId, where.assetId),
        eq(applications.applicantId, where.applicantId),
        where.exceptId ? sql`${applications.id} <> ${where.exceptId}` : sql`true`,
        sql`${applications.status} <> 'withdrawn'`,
      ),
    )
    .limit(1);
  return row?.number;
}

/** Whether the user has an application in the scheme. */
export async function userAppliedInScheme(db: Database, schemeId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(and(eq(applications.schemeId, schemeId), eq(applicants.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function findUserName(db: Database, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** The bids of the scheme's decided lots (amount and time only), for the public record. */
export async function findDecidedBids(
  db: Database,
  schemeId: string,
): Promise<{ plotCode: string; amount: number; placedAt: Date }[]> {
  return db
    .select({ plotCode: assets.assetCode, amount: schemeBids.amount, placedAt: schemeBids.placedAt })
    .from(schemeBids)
    .innerJoin(schemePlots, eq(schemePlots.id, schemeBids.schemePlotId))
    .innerJoin(assets, eq(assets.id, schemePlots.assetId))
    .where(
      and(
        eq(schemePlots.schemeId, schemeId),
        sql`exists (select 1 from scheme_entries se where se.scheme_plot_id = ${schemePlots.id} and se.outcome is not null and se.qualified)`,
      ),
    )
    .orderBy(asc(schemePlots.position), asc(schemeBids.sequence));
}

// ---------- lists ----------

const SCHEME_SORT = { closes_at: schemes.closesAt, created_at: schemes.createdAt } as const;

/** Open, and inside its window at `now`. */
const acceptingAt = (now: Date): SQL =>
  and(
    eq(schemes.status, 'open'),
    sql`${schemes.opensAt} <= ${now.toISOString()}`,
    sql`${schemes.closesAt} > ${now.toISOString()}`,
  )!;

/** One page of schemes; for an entrepreneur (`applicantUserId`) only those taking applications at `now` and those
 * they applied in. */
export async function searchSchemes(
  db: Database,
  query: SchemeListQuery,
  now: Date,
  applicantUserId?: string,
): Promise<Page<SchemeRow>> {
  const conditions: SQL[] = [];
  if (applicantUserId) {
    conditions.push(
      or(
        acceptingAt(now),
        sql`${schemes.id} in (select ${applications.schemeId} from ${applications} join ${applicants} on ${applicants.id} = ${applications.applicantId} where ${applicants.userId} = ${applicantUserId} and ${applications.schemeId} is not null)`,
      )!,
    );
  }
  if (query.status?.length) conditions.push(inArray(schemes.status, query.status));
  if (query.mode?.length) conditions.push(inArray(schemes.mode, query.mode));
  if (query.accepting) conditions.push(acceptingAt(now));
  if (query.q) conditions.push(like(schemes.searchText, likePattern(query.q)));
  return pageOfTable(db, { table: schemes, request: query, sortColumns: SCHEME_SORT, conditions, total: 'capped' });
}

/** Positions after every listed one: a keyset needs a value that is never null. */
const LAST_POSITION = 2147483647;

export interface SchemeEntryListRow {
  applicationId: string;
  applicationNumber: string;
  organizationName: string;
  plotCode: string;
  category: SchemeEntryDbRow['category'];
  status: string;
  qualified: boolean | null;
  listPosition: number | null;
  rank: number | null;
  outcome: SchemeEntryDbRow['outcome'];
  amount: number | null;
  emdForfeited: boolean;
}

/** One page of a scheme's submitted applications with their entries (none before the close). */
export async function searchSchemeEntries(
  db: Database,
  schemeId: string,
  query: SchemeEntryListQuery,
): Promise<Page<SchemeEntryListRow>> {
  const sortColumns = {
    list_position: sql`coalesce(${schemeEntries.listPosition}, ${LAST_POSITION})`,
    application_number: applications.applicationNumber,
  } as const;
  const conditions: SQL[] = [eq(applications.schemeId, schemeId), sql`${applications.status} <> 'draft'`];
  if (query.outcome?.length) conditions.push(inArray(schemeEntries.outcome, query.outcome));
  if (query.q) {
    conditions.push(
      or(
        like(applications.applicationNumber, numberPattern(query.q)),
        sql`lower(${applicants.organizationName}) like ${likePattern(query.q)}`,
      )!,
    );
  }
  const plan = planPage(query, sortColumns, applications.id);
  const rows = await fetchRows(
    plan,
    db
      .select({
        applicationId: applications.id,
        applicationNumber: applications.applicationNumber,
        organizationName: applicants.organizationName,
        applicantCategory: applicants.category,
        status: applications.status,
        plotCode: assets.assetCode,
        qualified: schemeEntries.qualified,
        listPosition: schemeEntries.listPosition,
        rank: schemeEntries.rank,
        outcome: schemeEntries.outcome,
        amount: schemeEntries.amount,
        emdForfeited: schemeEntries.emdForfeited,
        entryCategory: schemeEntries.category,
        sortKey: plan.sortKey,
      })
      .from(applications)
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(assets, eq(assets.id, applications.assetId))
      .leftJoin(schemeEntries, eq(schemeEntries.applicationId, applications.id))
      .where(and(...conditions, plan.after))
      .orderBy(...plan.orderBy)
      .limit(plan.fetch)
      .offset(plan.offset),
  );
  const count = await countAll(
    db,
    db
      .select({ one: sql`1` })
      .from(applications)
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .leftJoin(schemeEntries, eq(schemeEntries.applicationId, applications.id))
      .where(and(...conditions))
      .$dynamic(),
  );
  return finishPage(
    rows,
    query,
    (row) => row.applicationId,
    (row) => ({
      applicationId: row.applicationId,
      applicationNumber: row.applicationNumber,
      organizationName: row.organizationName,
      plotCode: row.plotCode,
      // The category as it stood at the close; the applicant's own before it.
      category: row.entryCategory ?? row.applicantCategory,
      status: row.status,
      qualified: row.qualified ?? null,
      listPosition: row.listPosition ?? null,
      rank: row.rank ?? null,
      outcome: row.outcome ?? null,
      amount: row.amount ?? null,
      emdForfeited: row.emdForfeited ?? false,
    }),
    count,
  );
}

/**
 * A scheme holds its plots (asset status reserved) from publishing until its result gives each one away: once
 * applications have closed, a plot no application can still win (none qualified and undecided, won or waitlisted
 * and not withdrawn) and no allotment holds goes back to available, so it may be offered again.
 */
export async function releaseUnclaimedSchemePlots(db: Database, schemeId: string): Promise<number> {
  const claimed = db
    .select({ one: sql`1` })
    .from(schemeEntries)
    .where(
      and(
        eq(schemeEntries.schemePlotId, schemePlots.id),
        or(
          and(eq(schemeEntries.qualified, true), sql`${schemeEntries.outcome} is null`),
          // A winner or H2 who withdrew before allotment claims nothing (decision 023).
          and(
            inArray(schemeEntries.outcome, ['won', 'waitlisted']),
            sql`not exists (select 1 from ${applications} where ${applications.id} = ${schemeEntries.applicationId} and ${applications.status} = 'withdrawn')`,
          ),
        ),
      ),
    );
  const allotted = db
    .select({ one: sql`1` })
    .from(allotments)
    .where(and(eq(allotments.assetId, schemePlots.assetId), eq(allotments.status, 'active')));
  const unclaimed = db
    .select({ assetId: schemePlots.assetId })
    .from(schemePlots)
    .where(and(eq(schemePlots.schemeId, schemeId), sql`not exists (${claimed})`, sql`not exists (${allotted})`));
  const released = await db
    .update(assets)
    .set({ status: 'available', availableArea: sql`${assets.totalArea}` })
    .where(and(eq(assets.status, 'reserved'), inArray(assets.id, unclaimed)))
    .returning({ id: assets.id });
  return released.length;
}
