/** The stored public records of schemes (public_scheme_records): one row a scheme, written with the facts it shows. */
import { eq, sql } from 'drizzle-orm';
import type { PublicScheme } from '@portal/contract';
import type { Database } from '../../../db/client';
import { publicSchemeRecords, schemes } from '../../../db/schema';
import { clock } from '../../../core/clock';

/** The stored record of the scheme numbered `schemeNumber`, if one has been written. */
export async function findStoredPublicScheme(db: Database, schemeNumber: string): Promise<PublicScheme | undefined> {
  const [row] = await db
    .select({ record: publicSchemeRecords.record })
    .from(publicSchemeRecords)
    .innerJoin(schemes, eq(schemes.id, publicSchemeRecords.schemeId))
    .where(eq(schemes.schemeNumber, schemeNumber));
  return row?.record;
}

/** The stored record of the scheme `schemeId`, if one has been written. */
export async function findStoredPublicSchemeById(db: Database, schemeId: string): Promise<PublicScheme | undefined> {
  const [row] = await db
    .select({ record: publicSchemeRecords.record })
    .from(publicSchemeRecords)
    .where(eq(publicSchemeRecords.schemeId, schemeId));
  return row?.record;
}

/** Writes the record, replacing the stored one (a change of the facts, in the same transaction as the change). */
export async function saveStoredPublicScheme(db: Database, schemeId: string, record: PublicScheme): Promise<void> {
  await db
    .insert(publicSchemeRecords)
    .values({ schemeId, record, refreshedAt: clock.now() })
    .onConflictDoUpdate({
      target: publicSchemeRecords.schemeId,
      set: { record: sql`excluded.record`, refreshedAt: sql`excluded.refreshed_at` },
    });
}

/** Writes the record only if none is stored: a reader filling in a scheme that had none never overwrites what a change
 * wrote meanwhile (the change's own write waits for, or wins over, this one). */
export async function storePublicSchemeIfAbsent(db: Database, schemeId: string, record: PublicScheme): Promise<void> {
  await db
    .insert(publicSchemeRecords)
    .values({ schemeId, record, refreshedAt: clock.now() })
    .onConflictDoNothing({ target: publicSchemeRecords.schemeId });
}
