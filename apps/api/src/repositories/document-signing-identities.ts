/** The DEMO document-signing identity (migration 0035, decision 035): one row, made by whichever process starts
 * first and read by every other. */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { documentSigningIdentities } from '../db/schema';

export type DocumentSigningIdentityRow = typeof documentSigningIdentities.$inferSelect;

const DEMO_ID = 'demo';

export async function findDemoSigningIdentity(db: Database): Promise<DocumentSigningIdentityRow | undefined> {
  const [row] = await db.select().from(documentSigningIdentities).where(eq(documentSigningIdentities.id, DEMO_ID));
  return row;
}

/** Stores the DEMO identity unless one is stored already (two processes starting at once keep the first one's). */
export async function insertDemoSigningIdentity(
  db: Database,
  values: { caCertificate: string; certificate: string; privateKey: string },
): Promise<void> {
  await db
    .insert(documentSigningIdentities)
    .values({ id: DEMO_ID, ...values })
    .onConflictDoNothing({ target: documentSigningIdentities.id });
}
