/** Possession handed over on an allotment: at most one per allotment (unique), so a second insert answers undefined. */
import { eq } from 'drizzle-orm';
import { possessionCertificateNumber, type Possession } from '@portal/contract';
import type { Database } from '../../../db/client';
import { possessions } from '../../../db/schema';

export type PossessionRow = typeof possessions.$inferSelect;

export function toPossession(row: PossessionRow): Possession {
  return {
    id: row.id,
    allotment_id: row.allotmentId,
    certificate_number: possessionCertificateNumber(row.id),
    possession_date: row.possessionDate,
    area_verified: row.areaVerified,
    boundary_marked: row.boundaryMarked,
    remarks: row.remarks,
    created_at: row.createdAt.toISOString(),
  };
}

export interface NewPossession {
  allotmentId: string;
  possessionDate: string;
  areaVerified: number;
  boundaryMarked: boolean;
  remarks: string | null;
  recordedBy: string;
}

export async function insertPossessionIfNone(db: Database, values: NewPossession): Promise<PossessionRow | undefined> {
  const [row] = await db
    .insert(possessions)
    .values(values)
    .onConflictDoNothing({ target: possessions.allotmentId })
    .returning();
  return row;
}

export async function findPossessionByAllotment(db: Database, allotmentId: string): Promise<PossessionRow | undefined> {
  const [row] = await db.select().from(possessions).where(eq(possessions.allotmentId, allotmentId));
  return row;
}
