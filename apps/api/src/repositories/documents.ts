/** Documents uploaded with an application. */
import { and, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DOCUMENT_LIST,
  REQUIRED_DOCUMENT_TYPES,
  type ApplicationDocument,
  type DocumentStatus,
  type DocumentType,
  type documentListQuerySchema,
} from '@portal/contract';
import type { Database } from '../db/client';
import { documents } from '../db/schema';
import { likePattern, type Page, pageOfTable, type SortExpression } from '../lib/list-page';

export type DocumentListQuery = z.output<typeof documentListQuerySchema>;

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
    rejection_reason: row.rejectionReason,
    replaced_at: row.replacedAt ? row.replacedAt.toISOString() : null,
  };
}

/** The state of each required document type: its current (not replaced) document's status, or missing. */
export type RequiredDocumentState = { type: DocumentType; state: DocumentStatus | 'missing' };

export async function requiredDocumentStates(db: Database, applicationId: string): Promise<RequiredDocumentState[]> {
  const current = await db
    .select({ type: documents.documentType, status: documents.verificationStatus })
    .from(documents)
    .where(and(eq(documents.applicationId, applicationId), isNull(documents.replacedAt)));
  return REQUIRED_DOCUMENT_TYPES.map((type) => {
    const states = current.filter((row) => row.type === type).map((row) => row.status);
    // With several current documents of one type, one verified is enough; otherwise pending before rejected.
    const state = states.includes('verified')
      ? 'verified'
      : states.includes('pending')
        ? 'pending'
        : states.includes('rejected')
          ? 'rejected'
          : 'missing';
    return { type, state };
  });
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

const DOCUMENT_SORT_COLUMNS = {
  uploaded_at: documents.uploadedAt,
} satisfies Record<(typeof DOCUMENT_LIST.sort)[number], SortExpression>;

/** One page of an application's documents, with its total (counted: one application's are few). */
export async function searchDocuments(
  db: Database,
  applicationId: string,
  query: DocumentListQuery,
): Promise<Page<DocumentRow>> {
  const conditions: SQL[] = [eq(documents.applicationId, applicationId)];
  if (query.q) conditions.push(ilike(documents.fileName, likePattern(query.q)));
  return pageOfTable(db, {
    table: documents,
    request: query,
    sortColumns: DOCUMENT_SORT_COLUMNS,
    conditions,
    total: 'all',
  });
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
