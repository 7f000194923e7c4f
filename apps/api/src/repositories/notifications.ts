/** In-app notifications, and the reads that decide who is told: the recipients (users of a role, an application's
 * owner) and the invoices and cases the reminder sweep looks for. */
import { and, asc, eq, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  LIST_LIMITS,
  MILESTONE_KINDS,
  NOTIFICATION_LIST,
  type MilestoneKind,
  type Language,
  type Notification,
  type NotificationCode,
  type NotificationListQuery,
  type NotificationParams,
  type Role,
} from '@portal/contract';
import type { Database } from '../db/client';
import {
  allotmentMilestones,
  allotments,
  applicants,
  applicationQueries,
  applications,
  assets,
  invoices,
  notifications,
  serviceRequests,
  showCauses,
  users,
} from '../db/schema';
import { type Page, pageOfTable, type SortExpression } from '../core/list-page';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: string;
  code: NotificationCode;
  params: NotificationParams;
  link: string | null;
  applicationId: string | null;
  /** Once-only: a second insert with the same key is ignored. */
  dedupeKey: string | null;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    code: row.code as NotificationCode,
    params: row.params,
    link: row.link,
    application_id: row.applicationId,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** Inserts the notifications and answers the rows written (those whose dedupe key was already used are not). */
export async function insertNotifications(db: Database, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).onConflictDoNothing({ target: notifications.dedupeKey }).returning();
}

export async function findNotificationByDedupeKey(db: Database, key: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.dedupeKey, key));
  return row;
}

export async function setNotificationParams(db: Database, id: string, params: NotificationParams): Promise<void> {
  await db.update(notifications).set({ params }).where(eq(notifications.id, id));
}

const NOTIFICATION_SORT_COLUMNS = {
  created_at: notifications.createdAt,
} satisfies Record<(typeof NOTIFICATION_LIST.sort)[number], SortExpression>;

/** One page of a user's notifications (newest first unless asked otherwise). */
export async function searchNotifications(
  db: Database,
  userId: string,
  query: NotificationListQuery,
): Promise<Page<NotificationRow>> {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (query.unread) conditions.push(isNull(notifications.readAt));
  return pageOfTable(db, {
    table: notifications,
    request: query,
    sortColumns: NOTIFICATION_SORT_COLUMNS,
    conditions,
    total: 'capped',
  });
}

/** The user's unread notifications, counted up to LIST_LIMITS.countCap (the partial unread index answers it). */
export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const unread = db
    .select({ one: sql`1` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .limit(LIST_LIMITS.countCap)
    .as('unread');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(unread);
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notifications read (kept as first read); undefined when it is not theirs or unknown. */
export async function markNotificationRead(
  db: Database,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, portal_now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Marks every unread notification of the user read; answers how many were. */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`portal_now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** A person to tell: where their mail goes and in which language. */
export interface Recipient {
  id: string;
  email: string;
  fullName: string;
  language: Language;
  /** An officer's zone (null: every zone); a zonal manager with one is told only of that zone's cases. */
  zone?: string | null;
}

const recipientColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  language: sql<Language>`${users.language}`,
};

/** The active users holding `role` (the officers a case waits on, or the admins). */
export async function activeUsersWithRole(db: Database, role: Role): Promise<Recipient[]> {
  return db
    .select({ ...recipientColumns, zone: users.zone })
    .from(users)
    .where(and(eq(users.role, role), eq(users.isActive, true)))
    .orderBy(asc(users.id));
}

/** The active users among `ids` (and, when given, holding `role`). */
export async function activeUsersByIds(db: Database, ids: readonly string[], role?: Role): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true), role ? eq(users.role, role) : undefined));
}

/** What notifications say about an application and whom they reach: its number, clock, assignee and owner. */
export interface ApplicationFacts {
  id: string;
  applicationNumber: string;
  status: string;
  waitingOn: Role | null;
  clockPausedAt: Date | null;
  stageDueOn: string | null;
  assignedTo: string | null;
  /** The owner when their account is active. */
  owner: Recipient | null;
}

export async function findApplicationFacts(db: Database, id: string): Promise<ApplicationFacts | undefined> {
  const [row] = await db
    .select({
      id: applications.id,
      applicationNumber: applications.applicationNumber,
      status: applications.status,
      waitingOn: applications.waitingOn,
      clockPausedAt: applications.clockPausedAt,
      stageDueOn: applications.stageDueOn,
      assignedTo: applications.assignedTo,
      owner: recipientColumns,
      ownerActive: users.isActive,
    })
    .from(applications)
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .innerJoin(users, eq(users.id, applicants.userId))
    .where(eq(applications.id, id));
  if (!row) return undefined;
  const { ownerActive, owner, ...facts } = row;
  return { ...facts, owner: ownerActive ? owner : null };
}

/** A service request's number, type and status, and its owner when active. */
export async function findServiceRequestFacts(
  db: Database,
  id: string,
): Promise<
  { id: string; requestNumber: string; requestType: string; status: string; owner: Recipient | null } | undefined
> {
  const [row] = await db
    .select({
      id: serviceRequests.id,
      requestNumber: serviceRequests.requestNumber,
      requestType: serviceRequests.requestType,
      status: serviceRequests.status,
      owner: recipientColumns,
      ownerActive: users.isActive,
    })
    .from(serviceRequests)
    .innerJoin(users, eq(users.id, serviceRequests.userId))
    .where(eq(serviceRequests.id, id));
  if (!row) return undefined;
  const { ownerActive, owner, ...facts } = row;
  return { ...facts, owner: ownerActive ? owner : null };
}

/** The allotment an estate event is about (by the event's entity: the allotment, a service request on it, or a
 * show-cause notice on it), its number and plot, and its holder now when their account is active. */
export interface AllotmentFacts {
  id: string;
  allotmentNumber: string;
  assetCode: string | null;
  holder: Recipient | null;
}

export async function findAllotmentFacts(
  db: Database,
  entityType: 'allotment' | 'service_request' | 'show_cause',
  entityId: string,
): Promise<AllotmentFacts | undefined> {
  let allotmentId: string | null | undefined = entityId;
  if (entityType === 'service_request') {
    const [request] = await db
      .select({ allotmentId: serviceRequests.allotmentId })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, entityId));
    allotmentId = request?.allotmentId;
  } else if (entityType === 'show_cause') {
    const [notice] = await db
      .select({ allotmentId: showCauses.allotmentId })
      .from(showCauses)
      .where(eq(showCauses.id, entityId));
    allotmentId = notice?.allotmentId;
  }
  if (!allotmentId) return undefined;
  const [row] = await db
    .select({
      id: allotments.id,
      allotmentNumber: allotments.allotmentNumber,
      assetCode: assets.assetCode,
      holder: recipientColumns,
      holderActive: users.isActive,
    })
    .from(allotments)
    .innerJoin(users, eq(users.id, allotments.holderUserId))
    .leftJoin(assets, eq(assets.id, allotments.assetId))
    .where(eq(allotments.id, allotmentId));
  if (!row) return undefined;
  const { holderActive, holder, ...facts } = row;
  return { ...facts, holder: holderActive ? holder : null };
}

/** The active account registered with an email (a transfer's transferee), if any. */
export async function activeUserByEmail(db: Database, email: string): Promise<Recipient | undefined> {
  const [row] = await db
    .select(recipientColumns)
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.isActive, true)));
  return row;
}

/** Who raised a query (null when the portal did, or the user is gone). */
export async function findQueryRaiser(db: Database, queryId: string): Promise<string | null> {
  const [row] = await db
    .select({ raisedBy: applicationQueries.raisedBy })
    .from(applicationQueries)
    .where(eq(applicationQueries.id, queryId));
  return row?.raisedBy ?? null;
}

/** An unpaid invoice the reminder sweep tells its owner about. */
export interface InvoiceReminder {
  invoiceId: string;
  invoiceNumber: string;
  invoiceType: string;
  amount: number;
  dueDate: string;
  applicationId: string;
  applicationNumber: string;
  owner: Recipient;
}

/**
 * Up to `limit` unpaid invoices due in [from, to] whose owner (an active account) has no notification with the key
 * `keyOf` makes yet: the key is one unique-index probe per invoice, so a sweep that runs again finds only what it
 * has not told.
 */
export async function invoicesToRemind(
  db: Database,
  options: { from?: string; to: string; key: (invoiceId: SQL, dueDate: SQL) => SQL; limit: number },
): Promise<InvoiceReminder[]> {
  const rows = await db
    .select({
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceType: invoices.invoiceType,
      amount: invoices.amount,
      dueDate: invoices.dueDate,
      applicationId: applications.id,
      applicationNumber: applications.applicationNumber,
      owner: recipientColumns,
    })
    .from(invoices)
    .innerJoin(applications, eq(applications.id, invoices.applicationId))
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    // A service fee is its requester's (after a transfer, the new holder's); any other invoice the applicant's.
    .leftJoin(serviceRequests, eq(serviceRequests.id, invoices.serviceRequestId))
    .innerJoin(users, eq(users.id, sql`coalesce(${serviceRequests.userId}, ${applicants.userId})`))
    .where(
      and(
        eq(invoices.status, 'pending'),
        options.from ? sql`${invoices.dueDate} >= ${options.from}` : undefined,
        lte(invoices.dueDate, options.to),
        eq(users.isActive, true),
        sql`not exists (select 1 from ${notifications} where ${notifications.dedupeKey} = ${options.key(
          sql`${invoices.id}::text`,
          sql`${invoices.dueDate}::text`,
        )})`,
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(options.limit);
  return rows;
}

/** A case past its due date while waiting on an officer role. */
export interface OverdueCase {
  id: string;
  applicationNumber: string;
  status: string;
  stageDueOn: string;
  assignedTo: string | null;
  /** The zone of the case's plot. */
  zone: string | null;
}

/** The due order of the inbox index (applications_waiting_running_idx). */
const DUE = sql<string>`coalesce(${applications.stageDueOn}, '9999-12-31'::date)`;

/** The next `limit` cases waiting on `role` with a running clock due before `today`, after `after` in the inbox
 * index's order (due date, then id), so each batch is one index range. */
export async function overdueCasesOfRole(
  db: Database,
  role: Role,
  today: string,
  after: { dueOn: string; id: string } | null,
  limit: number,
): Promise<OverdueCase[]> {
  const rows = await db
    .select({
      id: applications.id,
      applicationNumber: applications.applicationNumber,
      status: applications.status,
      stageDueOn: sql<string>`${DUE}::text`,
      assignedTo: applications.assignedTo,
      zone: sql<string | null>`(select ${assets.zone} from ${assets} where ${assets.id} = ${applications.assetId})`,
    })
    .from(applications)
    .where(
      and(
        eq(applications.waitingOn, role),
        isNull(applications.clockPausedAt),
        lt(DUE, today),
        after ? sql`(${DUE}, ${applications.id}) > (${after.dueOn}::date, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(DUE), asc(applications.id))
    .limit(limit);
  return rows;
}

/** Notifications for one user, newest first (for checks in code). */
export async function listNotificationsOfUser(db: Database, userId: string): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(sql`${notifications.createdAt} desc`, sql`${notifications.id} desc`);
}

/** An unmet milestone of an active allotment that the sweep reminds of. */
export interface MilestoneReminder {
  milestoneId: string;
  kind: MilestoneKind;
  dueOn: string;
  allotmentId: string;
  allotmentNumber: string;
  applicationId: string;
  holder: Recipient;
  holderName: string;
}

/**
 * Up to `limit` unmet milestones of active allotments due in [from, to] (by kind, on the partial index of unmet
 * milestones) for which `key` names no notification yet: each is told once per key however often the sweep runs.
 */
export async function milestonesToRemind(
  db: Database,
  options: { from: string; to: string; key: (milestoneId: SQL, dueOn: SQL) => SQL; limit: number },
): Promise<MilestoneReminder[]> {
  return db
    .select({
      milestoneId: allotmentMilestones.id,
      kind: allotmentMilestones.kind,
      dueOn: allotmentMilestones.dueOn,
      allotmentId: allotments.id,
      allotmentNumber: allotments.allotmentNumber,
      applicationId: allotments.applicationId,
      holder: recipientColumns,
      holderName: users.fullName,
    })
    .from(allotmentMilestones)
    .innerJoin(allotments, eq(allotments.id, allotmentMilestones.allotmentId))
    .innerJoin(users, eq(users.id, allotments.holderUserId))
    .where(
      and(
        isNull(allotmentMilestones.metOn),
        inArray(allotmentMilestones.kind, [...MILESTONE_KINDS]),
        sql`${allotmentMilestones.dueOn} >= ${options.from}`,
        lte(allotmentMilestones.dueOn, options.to),
        eq(allotments.status, 'active'),
        eq(users.isActive, true),
        sql`not exists (select 1 from ${notifications} where ${notifications.dedupeKey} = ${options.key(
          sql`${allotmentMilestones.id}::text`,
          sql`${allotmentMilestones.dueOn}::text`,
        )})`,
      ),
    )
    .orderBy(asc(allotmentMilestones.dueOn), asc(allotmentMilestones.id))
    .limit(options.limit);
}
