/** Applicant profiles. */
import { and, eq } from 'drizzle-orm';
import type { Applicant } from '@portal/contract';
import type { Database } from '../../../db/client';
import { applicants } from '../../../db/schema';
import { clock } from '../../../core/clock';

export type ApplicantRow = typeof applicants.$inferSelect;
export type ApplicantValues = Omit<typeof applicants.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'userId'>;

export function toApplicant(row: ApplicantRow): Applicant {
  return {
    id: row.id,
    user_id: row.userId,
    organization_name: row.organizationName,
    pan_number: row.panNumber,
    gst_number: row.gstNumber,
    category: row.category,
    constitution: row.constitution,
    address: row.address,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    bank_name: row.bankName,
    bank_account: row.bankAccount,
    bank_ifsc: row.bankIfsc,
    sdp_reference: row.sdpReference,
    kyc_verified: row.kycVerified,
    bank_verified_at: row.bankVerifiedAt ? row.bankVerifiedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findApplicantByUserId(db: Database, userId: string): Promise<ApplicantRow | undefined> {
  const [row] = await db.select().from(applicants).where(eq(applicants.userId, userId));
  return row;
}

export async function findApplicantById(db: Database, id: string): Promise<ApplicantRow | undefined> {
  const [row] = await db.select().from(applicants).where(eq(applicants.id, id));
  return row;
}

/** Inserts a profile; answers undefined when the user already has one. */
export async function insertApplicant(
  db: Database,
  userId: string,
  values: ApplicantValues,
): Promise<ApplicantRow | undefined> {
  const [row] = await db
    .insert(applicants)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: applicants.userId })
    .returning();
  return row;
}

export async function updateApplicant(
  db: Database,
  userId: string,
  values: Partial<ApplicantValues>,
): Promise<ApplicantRow | undefined> {
  const [row] = await db
    .update(applicants)
    .set({ ...values, updatedAt: clock.now() })
    .where(eq(applicants.userId, userId))
    .returning();
  return row;
}

/** Marks the applicant's bank details verified by `userId`, only if they are still the ones the verifier saw (a change
 * meanwhile answers undefined). A later change of bank name, account or IFSC clears the mark (migration 0013's trigger). */
export async function markBankVerified(
  db: Database,
  id: string,
  seen: { bankName: string; bankAccount: string; bankIfsc: string },
  userId: string,
): Promise<ApplicantRow | undefined> {
  const [row] = await db
    .update(applicants)
    .set({ bankVerifiedAt: clock.now(), bankVerifiedBy: userId })
    .where(
      and(
        eq(applicants.id, id),
        eq(applicants.bankName, seen.bankName),
        eq(applicants.bankAccount, seen.bankAccount),
        eq(applicants.bankIfsc, seen.bankIfsc),
      ),
    )
    .returning();
  return row;
}
