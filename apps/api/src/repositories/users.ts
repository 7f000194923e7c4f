/** Users: the only place that reads or writes the users table. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Role, User } from '@portal/contract';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    role: row.role,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Inserts a user; answers undefined when the email is taken. */
export async function insertUser(
  db: Database,
  values: { email: string; passwordHash: string; fullName: string; role: Role },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function listUsers(db: Database, role?: Role): Promise<UserRow[]> {
  const query = db.select().from(users);
  return role ? query.where(eq(users.role, role)).orderBy(asc(users.fullName)) : query.orderBy(asc(users.fullName));
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<Pick<UserRow, 'role' | 'isActive' | 'fullName'>>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}
