/** Lease deeds uploaded against an allotment; the latest one is the one that counts. */
import { and, desc, eq } from 'drizzle-orm';
import type { LeaseDeed, LeaseDeedVerdict } from '@portal/contract';
import type { Database } from '../db/client';
import { allotments, leaseDeeds } from '../db/schema';
import { clock } from '../core/clock';

export type LeaseDeedRow = typeof leaseDeeds.$inferSelect;

/** `esignedBy`: the name on the certificate of the allottee's eSign, null for an uploaded scan. */
export function toLeaseDeed(row: LeaseDeedRow, esignedBy: string | null): LeaseDeed {
  return {
    id: row.id,
    allotment_id: row.allotmentId,
    file_name: row.fileName,
    submission_date: row.submissionDate.toISOString(),
    verification_status: row.verificationStatus,
    remarks: row.remarks,
    verified_at: row.verifiedAt ? row.verifiedAt.toISOString() : null,
    esigned_by: esignedBy,
  };
}

export interface NewLeaseDeed {
  allotmentId: string;
  fileName: string;
  storageKey: string;
  fileSize: number;
}

export async function insertLeaseDeed(db: Database, values: NewLeaseDeed): Promise<LeaseDeedRow> {
  const [row] = await db
    .insert(leaseDeeds)
    .values({ ...values, verificationStatus: 'pending' })
    .returning();
  return row!;
}

export async function findLatestLeaseDeed(db: Database, allotmentId: string): Promise<LeaseDeedRow | undefined> {
  const [row] = await db
    .select()
    .from(leaseDeeds)
    .where(eq(leaseDeeds.allotmentId, allotmentId))
    .orderBy(desc(leaseDeeds.submissionDate), desc(leaseDeeds.id))
    .limit(1);
  return row;
}

/** Records the verdict only if the deed is still pending; undefined means someone decided first. */
export async function setLeaseDeedVerdictIfPending(
  db: Database,
  id: string,
  verdict: LeaseDeedVerdict,
  remarks: string | null,
  /** Null when the portal approved it (a deemed approval, decision 017). */
  verifiedBy: string | null,
): Promise<LeaseDeedRow | undefined> {
  const [row] = await db
    .update(leaseDeeds)
    .set({ verificationStatus: verdict, remarks, verifiedBy, verifiedAt: clock.now() })
    .where(and(eq(leaseDeeds.id, id), eq(leaseDeeds.verificationStatus, 'pending')))
    .returning();
  return row;
}

/** The state of the latest lease deed of the application's active allotment; undefined when there is none. */
export async function latestLeaseDeedStatusOfApplication(
  db: Database,
  applicationId: string,
): Promise<LeaseDeedRow['verificationStatus'] | undefined> {
  const [deed] = await db
    .select({ status: leaseDeeds.verificationStatus })
    .from(leaseDeeds)
    .innerJoin(allotments, eq(allotments.id, leaseDeeds.allotmentId))
    .where(and(eq(allotments.applicationId, applicationId), eq(allotments.status, 'active')))
    .orderBy(desc(leaseDeeds.submissionDate))
    .limit(1);
  return deed?.status;
}
