/** Applications. Status changes are conditional updates, so the check of the current status and the write of
 * the next happen in one statement and a racing request finds nothing to update. */
import { and, eq, gt, inArray, isNotNull, isNull, like, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  isApplicantRole,
  APPLICATION_LIST,
  type Application,
  type ApplicationListQuery,
  type ApplicationListItem,
  type ApplicationStatus,
  ageBandDueRange,
  type AgeBandFilter,
  clockView,
  DEFAULT_STAGE,
  type Role,
  type Stage,
  stageEnglish,
  stageOfText,
  stageSchema,
  startStageClock,
} from '@portal/contract';
import { CALENDAR } from '../core/business-calendar';
import { lockAuditChain } from '../db/audit-context';
import type { Database } from '../db/client';
import { applicants, applicationStatusCounts, applications, assets } from '../db/schema';
import { preparedPerHandle } from '../core/prepared-query';
import {
  countCapped,
  likePattern,
  type Page,
  pageOfTable,
  type SortExpression,
  timestampRange,
} from '../core/list-page';
import { clock } from '../core/clock';
import { businessTodayIso } from '../core/dates';

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
    scheme_id: row.schemeId,
    current_stage: row.currentStage,
    stage: stageOfRow(row),
    estimated_investment: row.estimatedInvestment,
    employment_generation: row.employmentGeneration,
    project_description: row.projectDescription,
    assigned_to: row.assignedTo,
    created_at: row.createdAt.toISOString(),
    submitted_at: row.submittedAt ? row.submittedAt.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
    ...clockView(row, clock.now(), CALENDAR),
    escalated_to: row.escalatedTo,
  };
}

/** The stored code and parameters as the contract's stage; null for an officer's words (or anything unreadable). */
export function stageOfRow(row: Pick<ApplicationRow, 'stageCode' | 'stageParams'>): Stage | null {
  if (!row.stageCode) return null;
  const parsed = stageSchema.safeParse({ code: row.stageCode, params: row.stageParams ?? {} });
  return parsed.success ? parsed.data : null;
}

/** The columns that store a stage: its English (the spec's `current_stage`), and its code and parameters if any. */
export function stageColumns(
  stage: Stage | null,
  words: string,
): Pick<ApplicationRow, 'currentStage' | 'stageCode' | 'stageParams'> {
  return stage
    ? { currentStage: stageEnglish(stage), stageCode: stage.code, stageParams: stage.params as Record<string, string> }
    : { currentStage: words, stageCode: null, stageParams: null };
}

export async function findApplicationById(db: Database, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

const applicationWithOwnerQuery = preparedPerHandle((db) =>
  db
    .select({ application: applications, ownerUserId: applicants.userId })
    .from(applications)
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(eq(applications.id, sql.placeholder('id')))
    .prepare('find_application_with_owner'),
);

/** The application with the user id of its owner, for ownership checks. */
export async function findApplicationWithOwner(
  db: Database,
  id: string,
): Promise<{ application: ApplicationRow; ownerUserId: string } | undefined> {
  const [row] = await applicationWithOwnerQuery(db).execute({ id });
  return row;
}

/** A new application; a stage given as text only is the status's own stage when it is that stage's English. */
export async function insertApplication(db: Database, values: NewApplicationValues): Promise<ApplicationRow> {
  const stage =
    values.stageCode === undefined
      ? stageColumns(stageOfText(values.status ?? 'draft', values.currentStage), values.currentStage)
      : {};
  const [row] = await db
    .insert(applications)
    .values({ ...values, ...stage })
    .returning();
  return row!;
}

/** Moves the application only if its status is still one of `from`. Undefined means it was not. */
export async function updateApplicationIfStatus(
  db: Database,
  id: string,
  from: readonly ApplicationStatus[],
  values: Partial<
    Pick<
      ApplicationRow,
      | 'status'
      | 'currentStage'
      | 'stageCode'
      | 'stageParams'
      | 'assignedTo'
      | 'submittedAt'
      | 'waitingOn'
      | 'stageEnteredAt'
      | 'stageDueOn'
      | 'clockPausedAt'
      | 'pausedWorkingDays'
    >
  >,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(applications)
    .set({ ...values, updatedAt: clock.now() })
    .where(and(eq(applications.id, id), inArray(applications.status, [...from])))
    .returning();
  return row;
}

/** Pauses or resumes the service clock of an application whose status is still `status` (queries); never the status. */
export async function setApplicationClockIfStatus(
  db: Database,
  id: string,
  status: ApplicationStatus,
  values: Partial<
    Pick<ApplicationRow, 'clockPausedAt' | 'pausedWorkingDays' | 'stageDueOn' | 'escalatedTo' | 'escalatedAt'>
  >,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(applications)
    .set({ ...values, updatedAt: clock.now() })
    .where(and(eq(applications.id, id), eq(applications.status, status)))
    .returning();
  return row;
}

/** Stores whom the application waits on (the inbox reads it), writing only when it changed; never the status. */
export async function setApplicationWaitingOn(
  db: Database,
  id: string,
  waitingOn: ApplicationRow['waitingOn'],
): Promise<void> {
  await db
    .update(applications)
    .set({ waitingOn, updatedAt: clock.now() })
    .where(and(eq(applications.id, id), sql`${applications.waitingOn} is distinct from ${waitingOn}`));
}

/** Reads the application and locks its row until the transaction ends, so events on one application
 * (a payment and the check that everything is paid, an upload and a status change) happen one at a time. */
export async function lockApplication(db: Database, id: string): Promise<ApplicationRow | undefined> {
  // The audit chain first, as every write does (a row lock held while waiting for it could deadlock).
  await lockAuditChain(db);
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).for('update');
  return row;
}

export interface ApplicationSearch {
  /** Only this applicant's applications (an entrepreneur's own list). */
  applicantId?: string;
  /** Leave out drafts: they are the applicant's own until submitted. */
  excludeDrafts?: boolean;
  /** `assigned_to=me` already resolved to the caller's id. */
  assignedTo?: string;
  /** `inbox=true` resolved for the caller: steps waiting on these roles, or (staff) assigned to this user. */
  inbox?: { roles: readonly Role[]; userId?: string };
  /** The business day `overdue=true` compares due dates with (default: today in the process calendar). */
  today?: string;
  /** Only cases whose plot is in this zone: a zonal manager's own zone (case/actor.ts zoneScopeOf). */
  zoneScope?: string;
  query: ApplicationListQuery;
}

/** A step that waits on nobody any more: an inbox leaves these out even when they stay assigned to someone. */
const CLOSED_STATUSES: readonly ApplicationStatus[] = ['draft', 'rejected', 'completed'];

/** Applications without a due date sort after every date, so the keyset compares no nulls. The expression is
 * written out (not a bound parameter) so it matches the expression indexes of the schema. */
export const DUE_ORDER = sql`coalesce(${applications.stageDueOn}, '9999-12-31'::date)`;

const APPLICATION_SORT_COLUMNS = {
  created_at: applications.createdAt,
  // Drafts have no submission time; they sort by creation, so the keyset never meets a null.
  submitted_at: sql`coalesce(${applications.submittedAt}, ${applications.createdAt})`,
  updated_at: applications.updatedAt,
  application_number: applications.applicationNumber,
  status: applications.status,
  stage_due_on: DUE_ORDER,
} satisfies Record<(typeof APPLICATION_LIST.sort)[number], SortExpression>;

/** Steps waiting on any of `roles`, as the clock reports it: an officer's while the clock runs, the applicant's
 * (`entrepreneur`) also while a query has paused an officer's clock. */
function waitingOn(roles: readonly Role[]): SQL {
  const officers = roles.filter((role) => !isApplicantRole(role));
  const parts: SQL[] = [];
  if (officers.length) parts.push(and(inArray(applications.waitingOn, officers), isNull(applications.clockPausedAt))!);
  if (roles.includes('entrepreneur')) {
    parts.push(or(eq(applications.waitingOn, 'entrepreneur'), isNotNull(applications.clockPausedAt))!);
  }
  return parts.length === 1 ? parts[0]! : or(...parts)!;
}

function inboxCondition(inbox: NonNullable<ApplicationSearch['inbox']>): SQL {
  const waiting = inbox.roles.length ? waitingOn(inbox.roles) : sql`false`;
  if (!inbox.userId) return waiting;
  return or(
    waiting,
    and(eq(applications.assignedTo, inbox.userId), notInArray(applications.status, [...CLOSED_STATUSES])),
  )!;
}

/** The steps of one pendency age band (contract pendency.ts), as GET /pendency counts them: waiting on an officer,
 * paused by a query or with the clock running and the due date in the band's range. */
export function ageBandConditions(band: AgeBandFilter, today: string): SQL[] {
  const conditions: SQL[] = [
    isNotNull(applications.waitingOn),
    ne(applications.waitingOn, 'entrepreneur'),
    ne(applications.status, 'draft'),
  ];
  const range = ageBandDueRange(band, today, CALENDAR);
  if (!range) return [...conditions, isNotNull(applications.clockPausedAt)];
  conditions.push(isNull(applications.clockPausedAt));
  if (range.from) conditions.push(sql`${DUE_ORDER} >= ${range.from}::date`);
  if (range.to) conditions.push(sql`${DUE_ORDER} <= ${range.to}::date`);
  return conditions;
}

function applicationConditions(search: ApplicationSearch): SQL[] {
  const { query } = search;
  const conditions: SQL[] = [];
  if (search.applicantId) conditions.push(eq(applications.applicantId, search.applicantId));
  if (search.excludeDrafts) conditions.push(ne(applications.status, 'draft'));
  if (search.assignedTo) conditions.push(eq(applications.assignedTo, search.assignedTo));
  if (search.inbox) conditions.push(inboxCondition(search.inbox));
  if (search.zoneScope) {
    conditions.push(
      sql`exists (select 1 from ${assets} where ${assets.id} = ${applications.assetId} and ${assets.zone} = ${search.zoneScope})`,
    );
  }
  if (query.waiting_on?.length) conditions.push(waitingOn(query.waiting_on));
  if (query.overdue) {
    const today = search.today ?? businessTodayIso();
    conditions.push(lt(applications.stageDueOn, today), isNull(applications.clockPausedAt));
  }
  if (query.age_band) conditions.push(...ageBandConditions(query.age_band, search.today ?? businessTodayIso()));
  if (query.unassigned) conditions.push(isNull(applications.assignedTo));
  if (query.status?.length) conditions.push(inArray(applications.status, query.status));
  if (query.application_type?.length) conditions.push(inArray(applications.applicationType, query.application_type));
  conditions.push(...timestampRange(applications.createdAt, query.from, query.to));
  // search_text is stored lower-cased, so LIKE does: several times cheaper than ILIKE when the index is not used.
  if (query.q) conditions.push(like(applications.searchText, likePattern(query.q)));
  if (query.zone || query.asset_type?.length) {
    const assetConditions: SQL[] = [];
    if (query.zone) assetConditions.push(eq(assets.zone, query.zone));
    if (query.asset_type?.length) assetConditions.push(inArray(assets.type, query.asset_type));
    conditions.push(
      sql`exists (select 1 from ${assets} where ${assets.id} = ${applications.assetId} and ${and(...assetConditions)})`,
    );
  }
  if (query.category?.length) {
    conditions.push(
      sql`exists (select 1 from ${applicants} where ${applicants.id} = ${applications.applicantId} and ${inArray(applicants.category, query.category)})`,
    );
  }
  return conditions;
}

/** Only the status (or nothing) narrows the list: the summary table knows the total without counting. */
function countsFromSummary(search: ApplicationSearch): boolean {
  const { query } = search;
  return (
    !search.applicantId &&
    !search.assignedTo &&
    !search.inbox &&
    !search.zoneScope &&
    !query.q &&
    !query.zone &&
    !query.from &&
    !query.to &&
    !query.overdue &&
    !query.age_band &&
    !query.unassigned &&
    !query.waiting_on?.length &&
    !query.application_type?.length &&
    !query.asset_type?.length &&
    !query.category?.length
  );
}

async function summaryTotal(db: Database, search: ApplicationSearch): Promise<number> {
  const statuses = search.query.status?.length ? search.query.status : undefined;
  const conditions: SQL[] = [];
  if (statuses) conditions.push(inArray(applicationStatusCounts.status, statuses));
  if (search.excludeDrafts) conditions.push(ne(applicationStatusCounts.status, 'draft'));
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${applicationStatusCounts.count}), 0)::int` })
    .from(applicationStatusCounts)
    .where(conditions.length ? and(...conditions) : undefined);
  return Number(row?.total ?? 0);
}

/** One page of applications in the requested order, with its total. */
export async function searchApplications(db: Database, search: ApplicationSearch): Promise<Page<ApplicationRow>> {
  const conditions = applicationConditions(search);
  return pageOfTable(db, {
    table: applications,
    request: search.query,
    sortColumns: APPLICATION_SORT_COLUMNS,
    conditions,
    total: countsFromSummary(search) ? { known: () => summaryTotal(db, search) } : 'capped',
  });
}

/** How many applications a search finds, counted as its list counts them (up to the list's cap): the dashboard's
 * "Waiting on you" is the inbox's own total this way, never a count of its own. */
export async function countApplications(
  db: Database,
  search: ApplicationSearch,
): Promise<{ total: number; totalCapped: boolean }> {
  return countCapped(
    db,
    db
      .select({ one: sql`1` })
      .from(applications)
      .where(and(...applicationConditions(search)))
      .$dynamic(),
  );
}

/** The list rows of a page: each application with its applicant's organisation and its asset's code and zone, read
 * in one query of primary-key lookups per row. A join on the page's ids let the planner hash whole applicant and
 * asset tables (a sequential scan of each on every page at 10k applications). */
export async function toApplicationListItems(db: Database, rows: ApplicationRow[]): Promise<ApplicationListItem[]> {
  if (rows.length === 0) return [];
  const result = (await db.execute(sql`
    select page.id,
      (select ${applicants.organizationName} from ${applicants} where ${applicants.id} = page.applicant_id) as organization_name,
      owned.asset_code, owned.zone
    from unnest(${uuidArray(rows.map((row) => row.id))}, ${uuidArray(rows.map((row) => row.applicantId))},
                ${uuidArray(rows.map((row) => row.assetId))}) as page(id, applicant_id, asset_id)
    left join lateral (select ${assets.assetCode} as asset_code, ${assets.zone} as zone from ${assets}
                       where ${assets.id} = page.asset_id) owned on true
  `)) as unknown as {
    rows: { id: string; organization_name: string | null; asset_code: string | null; zone: string | null }[];
  };
  const byId = new Map(result.rows.map((summary) => [summary.id, summary]));
  return rows.map((row) => {
    const summary = byId.get(row.id);
    return {
      ...toApplication(row),
      organization_name: summary?.organization_name ?? '',
      asset_code: summary?.asset_code ?? '',
      zone: summary?.zone ?? '',
    };
  });
}

/** A list of ids as one uuid[] parameter. */
function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** Applications whose number (or organisation, or asset code) matches: for `q` on lists that hang off them. */
export function applicationsMatching(pattern: string): SQL {
  return sql`select ${applications.id} from ${applications} where ${applications.searchText} like ${pattern}`;
}

/** The applications of one user, for an entrepreneur's own lists. */
export function applicationsOwnedBy(userId: string): SQL {
  return sql`select ${applications.id} from ${applications} join ${applicants} on ${applicants.id} = ${applications.applicantId} where ${applicants.userId} = ${userId}`;
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
  currentStage: string = DEFAULT_STAGE[status],
): Promise<void> {
  const now = clock.now();
  const stage = stageOfText(status, currentStage);
  await db
    .update(applications)
    .set({
      status,
      ...stageColumns(stage, currentStage),
      updatedAt: now,
      ...startStageClock(status, now, {}, CALENDAR),
      clockPausedAt: null,
      escalatedTo: null,
      escalatedAt: null,
    })
    .where(eq(applications.id, id));
}

/** Marks a stage escalated to `to` (decision 017), only if the application is still in the same stage (`inStatus`,
 * entered at the same time, waiting on the same role) with its clock running and not escalated yet: false when
 * another sweep, or a move, came first. */
export async function markEscalatedIf(
  db: Database,
  stage: { id: string; inStatus: ApplicationStatus; waitingOn: Role; stageEnteredAt: Date },
  to: Role,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(applications)
    .set({ escalatedTo: to, escalatedAt: now })
    .where(
      and(
        eq(applications.id, stage.id),
        eq(applications.status, stage.inStatus),
        eq(applications.waitingOn, stage.waitingOn),
        // The same stage: entered at that instant (the database keeps microseconds, a Date milliseconds).
        gt(applications.stageEnteredAt, new Date(stage.stageEnteredAt.getTime() - 1)),
        lt(applications.stageEnteredAt, new Date(stage.stageEnteredAt.getTime() + 1)),
        isNull(applications.clockPausedAt),
        isNull(applications.escalatedAt),
      ),
    )
    .returning({ id: applications.id });
  return rows.length > 0;
}
