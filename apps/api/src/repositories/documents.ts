/** Documents uploaded with an application. */
import { and, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CHECKLIST_DOCUMENT_TYPES,
  CHECKLIST_STATE_PRIORITY,
  DOCUMENT_LIST,
  DOCUMENT_RULES,
  type ApplicationDocument,
  type DocumentChecklist,
  type DocumentStatus,
  type DocumentType,
  type documentListQuerySchema,
} from '@portal/contract';
import type { Database } from '../db/client';
import { documents } from '../db/schema';
import { likePattern, type Page, pageOfTable, type SortExpression } from '../core/list-page';
import { clock } from '../core/clock';

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
  return (await documentChecklist(db, applicationId))
    .filter((item) => item.required)
    .map((item) => ({ type: item.document_type, state: item.state }));
}

/** Where each document type stands, required types first, read from the current (not replaced) documents. */
export async function documentChecklist(db: Database, applicationId: string): Promise<DocumentChecklist> {
  const current = await db
    .select({
      id: documents.id,
      type: documents.documentType,
      status: documents.verificationStatus,
      rejectionReason: documents.rejectionReason,
    })
    .from(documents)
    .where(and(eq(documents.applicationId, applicationId), isNull(documents.replacedAt)))
    // The latest of a type and state speaks for it.
    .orderBy(desc(documents.uploadedAt), desc(documents.id));
  return CHECKLIST_DOCUMENT_TYPES.map((type) => {
    const ofType = current.filter((row) => row.type === type);
    const state = CHECKLIST_STATE_PRIORITY.find((status) => ofType.some((row) => row.status === status));
    const document = state && ofType.find((row) => row.status === state);
    return {
      document_type: type,
      required: DOCUMENT_RULES[type].required,
      state: state ?? 'missing',
      document_id: document?.id ?? null,
      rejection_reason: state === 'rejected' ? (document?.rejectionReason ?? null) : null,
    };
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

/**
 * Marks the current rejected documents of a type as replaced by a new upload, and answers them (none when the
 * type has no rejected document). Only a rejected document is replaced: a pending or verified one stays current.
 */
export async function replaceRejectedDocuments(
  db: Database,
  applicationId: string,
  documentType: DocumentType,
  at: Date,
): Promise<DocumentRow[]> {
  return db
    .update(documents)
    .set({ replacedAt: at })
    .where(
      and(
        eq(documents.applicationId, applicationId),
        eq(documents.documentType, documentType),
        eq(documents.verificationStatus, 'rejected'),
        isNull(documents.replacedAt),
      ),
    )
    .returning();
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

/** The officer's decision on a document: verified, or rejected with the reason the applicant is shown. */
export type DocumentDecision = { status: 'verified' } | { status: 'rejected'; reason: string };

/** Verifies or rejects a current document that is still pending; undefined means it was already decided. */
export async function setDocumentVerificationIfPending(
  db: Database,
  documentId: string,
  decision: DocumentDecision,
  verifiedBy: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(documents)
    .set({
      verificationStatus: decision.status,
      verified: decision.status === 'verified',
      rejectionReason: decision.status === 'rejected' ? decision.reason : null,
      verifiedBy,
      verifiedAt: clock.now(),
    })
    .where(and(eq(documents.id, documentId), eq(documents.verificationStatus, 'pending'), isNull(documents.replacedAt)))
    .returning();
  return row;
}
