/** Users: the only place that reads or writes the users table. */
import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { USER_LIST, type Language, type Me, type Role, type User, type UserListQuery } from '@portal/contract';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { preparedPerHandle } from '../core/prepared-query';
import { likePattern, type Page, pageOfTable, type SortExpression } from '../core/list-page';

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    role: row.role,
    is_active: row.isActive,
    zone: row.zone,
    created_at: row.createdAt.toISOString(),
  };
}

/** The user as GET /auth/me answers: the record and their language. */
export function toMe(row: UserRow): Me {
  return { ...toUser(row), language: (row.language as Language) ?? 'en' };
}

/** Sets the language of a user's screens, mail and letters; answers the updated row. */
export async function updateUserLanguage(db: Database, id: string, language: Language): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ language }).where(eq(users.id, id)).returning();
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

const sessionUserQuery = preparedPerHandle((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      isActive: users.isActive,
      zone: users.zone,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
      ),
    )
    .prepare('find_session_user'),
);

/** What every authenticated request needs of its user, read with its session in one query (two primary-key
 * lookups): no row when the session is unknown, revoked or expired, or belongs to another user, so signing out or
 * resetting a password ends a token at once in every API process. No password hash. */
export async function findSessionUser(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<Pick<UserRow, 'id' | 'email' | 'fullName' | 'role' | 'isActive' | 'zone'> | undefined> {
  const [row] = await sessionUserQuery(db).execute({ userId, sessionId });
  return row;
}

/** Inserts a user; answers undefined when the email is taken. */
export async function insertUser(
  db: Database,
  values: { email: string; passwordHash: string; fullName: string; role: Role; zone?: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

const USER_SORT_COLUMNS = {
  full_name: users.fullName,
  email: users.email,
  role: users.role,
  created_at: users.createdAt,
} satisfies Record<(typeof USER_LIST.sort)[number], SortExpression>;

/** One page of accounts in the requested order, with its total. */
export async function searchUsers(db: Database, query: UserListQuery): Promise<Page<UserRow>> {
  const conditions: SQL[] = [];
  if (query.role?.length) conditions.push(inArray(users.role, query.role));
  if (query.is_active) conditions.push(eq(users.isActive, query.is_active === 'true'));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(users.fullName, pattern), ilike(users.email, pattern))!);
  }
  return pageOfTable(db, {
    table: users,
    request: query,
    sortColumns: USER_SORT_COLUMNS,
    conditions,
    total: 'capped',
  });
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<Pick<UserRow, 'role' | 'isActive' | 'fullName' | 'zone'>>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** Sets a new password hash; run in a transaction, so the audit trail records who changed it (not the hash). */
export async function updateUserPassword(db: Database, id: string, passwordHash: string): Promise<boolean> {
  const rows = await db.update(users).set({ passwordHash }).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}
