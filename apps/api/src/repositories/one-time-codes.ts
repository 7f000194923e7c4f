/** One-time codes (decision 037): only their HMAC is kept; a code is spent once, within its minutes, in at most its
 * tries. A new code for a number and purpose replaces the ones before. Times are the database's own clock: codes are
 * about people's attempts, not business time (decision 026). */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { OneTimeCodePurpose } from '@portal/contract';
import type { Database } from '../db/client';
import { oneTimeCodes, users } from '../db/schema';

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

/** Keeps a new code for the number and purpose, spending the unused ones before it. */
export async function replaceOneTimeCode(
  db: Database,
  code: { purpose: OneTimeCodePurpose; mobile: string; userId: string | null; codeHash: string; validMinutes: number },
): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(oneTimeCodes.mobile, code.mobile), eq(oneTimeCodes.purpose, code.purpose), isNull(oneTimeCodes.usedAt)),
    );
  await db.insert(oneTimeCodes).values({
    purpose: code.purpose,
    mobile: code.mobile,
    userId: code.userId,
    codeHash: code.codeHash,
    expiresAt: sql`now() + ${code.validMinutes}::double precision * interval '1 minute'`,
  });
}

/** The number's live code for the purpose, locked for the check (one check at a time spends a try). */
export async function lockLiveCode(
  tx: Database,
  mobile: string,
  purpose: OneTimeCodePurpose,
  maxTries: number,
): Promise<OneTimeCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.mobile, mobile),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
        lt(oneTimeCodes.attempts, maxTries),
      ),
    )
    .orderBy(sql`${oneTimeCodes.createdAt} desc`)
    .limit(1)
    .for('update');
  return row;
}

export async function spendTry(tx: Database, id: string): Promise<void> {
  await tx
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id));
}

export async function markCodeUsed(tx: Database, id: string): Promise<void> {
  await tx
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()`, attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id));
}

/** The active account whose verified mobile this is. */
export async function findUserByVerifiedMobile(db: Database, mobile: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), sql`${users.mobileVerifiedAt} is not null`));
  return row;
}

/** Sets a user's verified mobile; answers false when another account already has the number. */
export async function setVerifiedMobile(tx: Database, userId: string, mobile: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), sql`${users.id} <> ${userId}`));
  if (other) return false;
  await tx
    .update(users)
    .set({ mobile, mobileVerifiedAt: sql`now()` })
    .where(eq(users.id, userId));
  return true;
}

export async function removeMobile(tx: Database, userId: string): Promise<void> {
  await tx.update(users).set({ mobile: null, mobileVerifiedAt: null }).where(eq(users.id, userId));
}

export async function setSmsOptedOut(tx: Database, userId: string, optedOut: string[]) {
  const [row] = await tx.update(users).set({ smsOptedOut: optedOut }).where(eq(users.id, userId)).returning();
  return row;
}
