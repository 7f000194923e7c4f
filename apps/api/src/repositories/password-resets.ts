/** One-time password reset links. Only the SHA-256 of a link's token is stored; a user has at most one live link
 * (a new one deletes the earlier ones), and using it is one conditional update, so it works once. */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { passwordResetTokens } from '../db/schema';

/** Deletes the user's earlier links (voiding any still unused), then stores the new one, valid for
 * lifetimeMinutes from now. Run both in one transaction. With userId null (no such account) only the same kind of
 * delete runs, finding nothing, so the work done is alike either way. */
export async function replaceResetToken(
  db: Database,
  userId: string | null,
  tokenHash: string,
  lifetimeMinutes: number,
): Promise<void> {
  // The nil uuid names no user: the statement costs what the real one does.
  await db
    .delete(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, userId ?? '00000000-0000-0000-0000-000000000000'));
  if (!userId) return;
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + ${lifetimeMinutes}::double precision * interval '1 minute'`,
  });
}

/** The user of a link that is known, unused and unexpired; undefined otherwise. Reads only. */
export async function findUsableResetToken(db: Database, tokenHash: string): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > now()`,
      ),
    );
  return row;
}

/** Marks the link used if it still is usable; answers its user, or undefined when it was not (so of two requests
 * with one link, only one gets it). */
export async function consumeResetToken(db: Database, tokenHash: string): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row;
}

/** Deletes the links past their time, used or not; answers how many went (the scheduled clean-up). */
export async function deleteExpiredResetTokens(db: Database): Promise<number> {
  const rows = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, sql`now()`))
    .returning({ id: passwordResetTokens.id });
  return rows.length;
}
