/** Documents uploaded with an application. */
import { and, desc, eq } from 'drizzle-orm';
import type { ApplicationDocument, DocumentStatus, DocumentType } from '@portal/contract';
import type { Database } from '../db/client';
import { documents } from '../db/schema';

export type DocumentRow = typeof documents.$inferSelect;

export function toDocument(row: DocumentRow): ApplicationDocument {
  return {
    id: row.id,
    application_id: row.applicationId,
    document_type: row.documentType,
    file_name: row.fileName,
    file_size: row.fileSize,
    uploaded_at: row.uploadedAt.toISOString(),
    verified: row.verified,
    verification_status: row.verificationStatus,
  };
}

export interface NewDocument {
  applicationId: string;
  documentType: DocumentType;
  fileName: string;
  storageKey: string;
  fileSize: number;
  contentType: string;
}

export async function insertDocument(db: Database, values: NewDocument): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  return row!;
}

export async function listDocuments(db: Database, applicationId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(eq(documents.applicationId, applicationId))
    .orderBy(desc(documents.uploadedAt));
}

export async function findDocument(
  db: Database,
  applicationId: string,
  documentId: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.applicationId, applicationId)));
  return row;
}

/** Verifies or rejects a document that is still pending; undefined means it was already decided. */
export async function setDocumentVerificationIfPending(
  db: Database,
  documentId: string,
  status: Exclude<DocumentStatus, 'pending'>,
  verifiedBy: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(documents)
    .set({ verificationStatus: status, verified: status === 'verified', verifiedBy, verifiedAt: new Date() })
    .where(and(eq(documents.id, documentId), eq(documents.verificationStatus, 'pending')))
    .returning();
  return row;
}
