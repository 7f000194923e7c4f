/** Issued documents (letters, receipts, certificates): their verification codes, stored PDFs and hashes, and the
 * supersession of a provisional allotment letter by the final one. Also the one look-up of a payment with its
 * owner that a receipt needs. */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { IssuedDocumentFacts, IssuedDocumentKind } from '@portal/contract';
import type { Database } from '../../../db/client';
import {
  applicants,
  applications,
  invoices,
  issuedDocuments,
  payments,
  serviceRequests,
  users,
} from '../../../db/schema';
import type { PaymentRow } from '../../money/repositories/payments';

export type IssuedDocumentRow = typeof issuedDocuments.$inferSelect;

export interface NewIssuedDocument {
  verificationCode: string;
  kind: IssuedDocumentKind;
  subjectId: string;
  /** Null for a document about no one application (a scheme's result sheet). */
  applicationId: string | null;
  documentNumber: string;
  holderName: string;
  assetCode: string | null;
  facts: IssuedDocumentFacts;
  language: string;
  storageKey: string;
  sha256: string;
  /** Who signed the PDF, and whether that was the DEMO identity. */
  signerName: string;
  signedDemo: boolean;
  /** The moment printed on the document. */
  issuedAt: Date;
}

/** The newest document of this kind about this record that has not been revoked: the one a download serves. */
export async function findCurrentIssuedDocument(
  db: Database,
  kind: IssuedDocumentKind,
  subjectId: string,
): Promise<IssuedDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.kind, kind),
        eq(issuedDocuments.subjectId, subjectId),
        ne(issuedDocuments.status, 'revoked'),
      ),
    )
    .orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.id))
    .limit(1);
  return row;
}

/** Holds, until the transaction ends, the right to issue this kind of document about this record: two first
 * downloads at once make one document, not two. */
export async function lockIssuing(db: Database, kind: IssuedDocumentKind, subjectId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`issued-document:${kind}:${subjectId}`}))`);
}

export async function insertIssuedDocument(db: Database, values: NewIssuedDocument): Promise<IssuedDocumentRow> {
  const [row] = await db.insert(issuedDocuments).values(values).returning();
  return row!;
}

/** Marks the application's still-valid documents of `kind` superseded by `byId`; answers how many. */
export async function supersedeIssuedDocuments(
  db: Database,
  applicationId: string,
  kind: IssuedDocumentKind,
  byId: string,
): Promise<number> {
  const rows = await db
    .update(issuedDocuments)
    .set({ status: 'superseded', supersededBy: byId })
    .where(
      and(
        eq(issuedDocuments.applicationId, applicationId),
        eq(issuedDocuments.kind, kind),
        eq(issuedDocuments.status, 'valid'),
      ),
    )
    .returning({ id: issuedDocuments.id });
  return rows.length;
}

export async function findIssuedDocumentByCode(db: Database, code: string): Promise<IssuedDocumentRow | undefined> {
  const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.verificationCode, code));
  return row;
}

/** The issued document whose stored PDF has this SHA-256 (hex): every issued PDF carries its own code, so at most one. */
export async function findIssuedDocumentBySha256(db: Database, sha256: string): Promise<IssuedDocumentRow | undefined> {
  const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.sha256, sha256)).limit(1);
  return row;
}

export async function findIssuedDocumentById(db: Database, id: string): Promise<IssuedDocumentRow | undefined> {
  const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.id, id));
  return row;
}

/** Revokes a document unless it already is; undefined when it was (or does not exist). */
export async function revokeIssuedDocumentIfNot(
  db: Database,
  id: string,
  reason: string,
): Promise<IssuedDocumentRow | undefined> {
  const [row] = await db
    .update(issuedDocuments)
    .set({ status: 'revoked', revokedAt: sql`portal_now()`, revokedReason: reason })
    .where(and(eq(issuedDocuments.id, id), ne(issuedDocuments.status, 'revoked')))
    .returning();
  return row;
}

/** The payment with the user id and language of its application's owner, for ownership checks and the receipt. */
export async function findPaymentWithOwner(
  db: Database,
  id: string,
): Promise<{ payment: PaymentRow; ownerUserId: string } | undefined> {
  const [row] = await db
    .select({ payment: payments, applicantUserId: applicants.userId, requesterUserId: serviceRequests.userId })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, invoices.serviceRequestId))
    .where(eq(payments.id, id));
  // A service fee's payment is the one who asked for the service (the new holder after a transfer).
  return row && { payment: row.payment, ownerUserId: row.requesterUserId ?? row.applicantUserId };
}

/** The language the user reads: a document is written in its recipient's. */
export async function findUserLanguage(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language;
}
