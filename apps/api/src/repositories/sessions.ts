/** Signed-in sessions: one row per sign-in, named by its tokens' `sid`. A token works only while its session exists,
 * is not revoked and has not expired (users.ts findSessionUser reads that with the user, in one query). */
import { and, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';

/** Opens a session for the user, lasting lifetimeSeconds from now (the database's clock); answers its id. */
export async function createSession(db: Database, userId: string, lifetimeSeconds: number): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt: sql`now() + ${lifetimeSeconds}::double precision * interval '1 second'` })
    .returning({ id: sessions.id });
  return row!.id;
}

/** Ends one session of the user; answers whether it was still open. */
export async function revokeSession(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every open session of the user but `keep` (the one asking, when there is one); answers how many ended. */
export async function revokeUserSessions(db: Database, userId: string, keep?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        ...(keep ? [ne(sessions.id, keep)] : []),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Deletes the user's sessions that can no longer be used (expired or revoked), so the table holds about one row
 * per live sign-in. Run at each sign-in, through the index on (user_id, expires_at). */
export async function deleteDeadSessions(db: Database, userId: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, sql`now()`), isNotNull(sessions.revokedAt))));
}

/** Deletes every session that can no longer be used, of any user; answers how many went (the scheduled clean-up). */
export async function deleteAllDeadSessions(db: Database): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}
