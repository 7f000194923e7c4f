/** The entrepreneur's applications: creation, submission (which generates the first invoices), documents and
 * the timeline. Officers' status changes live in the workflow module. */
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  isApplicant,
  DEFAULT_STAGE,
  DOCUMENT_RULES,
  DOCUMENT_TYPES,
  roundRupees,
  statusesFor,
  type Application,
  type ApplicationDocument,
  type ApplicationListItem,
  type ApplicationListQuery,
  type ApplicationStatus,
  closingReasonOf,
  type ClosingReason,
  type createApplicationRequestSchema,
  type DocumentChecklist,
  type DocumentType,
  type SubmitApplicationResponse,
  type TimelineEvent,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { loadOwnApplication, loadVisibleApplication, APPLICATION_NOT_FOUND } from '../../../case/access';
import { applicationSearchFor } from '../rules/inbox';
import { emptyPage, type Page } from '../../../core/list-page';
import { badRequest, conflict, notFound, unprocessable } from '../../../core/http-error';
import { assertAcceptedFile, type ReceivedFile } from '../../../lib/uploads';
import { actorOf, type CurrentUser } from '../../../plugins/auth';
import type { FileStorage } from '../../../plugins/storage';
import { findApplicantByUserId } from '../repositories/applicants';
import {
  insertApplication,
  lockApplication,
  searchApplications,
  toApplication,
  toApplicationListItems,
  type ApplicationRow,
} from '../../../repositories/applications';
import { findAssetById } from '../../../repositories/assets';
import { nextNumber } from '../../../repositories/counters';
import {
  documentChecklist,
  findDocument,
  insertDocument,
  replaceRejectedDocuments,
  searchDocuments,
  toDocument,
  type DocumentListQuery,
  type DocumentRow,
} from '../../../repositories/documents';
import { fire } from '../rules/transition';
import { lockSchemeOf, releaseWithdrawnWinner } from '../../schemes/rules/scheme-withdrawal';
import { recordEvent } from '../../../case/events';
import { assertNotOfferedInScheme, assertSchemeTakes } from '../../schemes/rules/scheme-window';
import { findLatestMoveInto, searchTimeline, type TimelineListQuery } from '../../../repositories/timeline';
import { findTransferredAwayAt } from '../../../repositories/allotments';
import { clock } from '../../../core/clock';

export const PROFILE_REQUIRED = 'Please complete your profile first';
export const SUBMITTED_MESSAGE = 'Application submitted successfully. Invoices have been generated.';

export type CreateApplicationBody = z.output<typeof createApplicationRequestSchema>;

/** An entrepreneur sees their own applications (none without a profile); staff see all that were submitted; each
 * comes with its organisation, asset code and zone. `inbox=true` narrows to what waits on the caller. */
export async function listVisibleApplications(
  db: Database,
  user: CurrentUser,
  query: ApplicationListQuery,
): Promise<Page<Application | ApplicationListItem>> {
  const staff = !isApplicant(user);
  let applicantId: string | undefined;
  if (!staff) {
    const profile = await findApplicantByUserId(db, user.id);
    if (!profile) return emptyPage();
    applicantId = profile.id;
  }
  const page = await searchApplications(db, {
    applicantId,
    ...applicationSearchFor(user, query),
  });
  // The applicant's cards name the plot and its zone too, so one application can be told from another (one query a page).
  return { ...page, items: await toApplicationListItems(db, page.items) };
}

export async function getApplication(db: Database, user: CurrentUser, id: string): Promise<Application> {
  const row = await loadVisibleApplication(db, user, id);
  return { ...toApplication(row), closing_reason: await closingReasonOfRow(db, row) };
}

/** Why a rejected or withdrawn application ended, read from the move that ended it; null for any other. */
async function closingReasonOfRow(db: Database, row: ApplicationRow): Promise<ClosingReason | null> {
  if (row.status !== 'rejected' && row.status !== 'withdrawn') return null;
  const params = await findLatestMoveInto(db, row.id, row.status);
  return params ? closingReasonOf(params) : null;
}

export async function createApplication(
  db: Database,
  user: CurrentUser,
  body: CreateApplicationBody,
): Promise<Application> {
  return db.transaction(async (tx) => {
    const profile = await findApplicantByUserId(tx, user.id);
    if (!profile) throw badRequest(PROFILE_REQUIRED);
    const asset = await findAssetById(tx, body.asset_id);
    if (!asset) throw notFound('Asset not found');
    // A scheme holds its plots (reserved) for the applications made in it.
    const open = asset.status === 'available' || (Boolean(body.scheme_id) && asset.status === 'reserved');
    if (!open) throw conflict('This asset is no longer available. Please choose another.');
    const estimatedInvestment = roundRupees(body.estimated_investment);
    if (body.scheme_id) {
      await assertSchemeTakes(tx, {
        schemeId: body.scheme_id,
        assetId: asset.id,
        applicantId: profile.id,
        estimatedInvestment,
      });
    } else {
      await assertNotOfferedInScheme(tx, asset.id);
    }
    const number = await nextNumber(tx, 'application');
    const row = await insertApplication(tx, {
      applicationNumber: number,
      applicantId: profile.id,
      assetId: asset.id,
      applicationType: body.application_type,
      status: 'draft',
      currentStage: DEFAULT_STAGE.draft,
      estimatedInvestment,
      employmentGeneration: body.employment_generation,
      projectDescription: body.project_description,
      schemeId: body.scheme_id ?? null,
    });
    await recordEvent(tx, actorOf(user), {
      applicationId: row.id,
      code: 'application_created',
      params: { application_number: number, asset_code: asset.assetCode },
      entityType: 'application',
      entityId: row.id,
    });
    return toApplication(row);
  });
}

/** Submits a draft: status submitted, and the processing fee and EMD invoices made, all in one transaction. */
export async function submitApplication(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<SubmitApplicationResponse> {
  await loadOwnApplication(db, user, id);
  return db.transaction(async (tx) => {
    const now = clock.now();
    const current = await lockApplication(tx, id);
    if (!current) throw notFound(APPLICATION_NOT_FOUND);
    if (current.status !== 'draft') throw conflict('Only a draft application can be submitted');
    if (current.schemeId) {
      // A scheme's window is checked again: a draft made in time is not submitted after the scheme closes.
      await assertSchemeTakes(
        tx,
        {
          schemeId: current.schemeId,
          assetId: current.assetId,
          applicantId: current.applicantId,
          estimatedInvestment: current.estimatedInvestment,
          applicationId: current.id,
        },
        now,
      );
    }
    // The case engine raises the processing fee and EMD invoices with the move.
    const moved = await fire(tx, current, {
      event: 'submit',
      by: { user, isOwner: true },
      also: { submittedAt: now },
      timelineCode: 'application_submitted',
    });
    return {
      message: SUBMITTED_MESSAGE,
      application: toApplication(moved.application),
      invoices_generated: moved.invoices.length,
    };
  });
}

/** The applicant withdraws their application before allotment (the lifecycle's `withdraw`, from any status after
 * submission until allotment): in one transaction the status becomes withdrawn, its service clock stops, the timeline
 * records it with the reason and the applicant gets a receipt. Its unpaid invoices are cancelled by rule and a paid
 * EMD becomes a refund due (GET /refunds/due); a scheme's winner gives its plot back (decision 023). Another's application answers 404; a draft (deleted instead) or
 * an allotted one 409. */
export async function withdrawApplication(
  db: Database,
  user: CurrentUser,
  id: string,
  reason: string | undefined,
): Promise<Application> {
  const own = await loadOwnApplication(db, user, id);
  return db.transaction(async (tx) => {
    // A scheme's row is locked before its application's, as the scheme's own writers do.
    const scheme = await lockSchemeOf(tx, own);
    const current = await lockApplication(tx, id);
    if (!current) throw notFound(APPLICATION_NOT_FOUND);
    const moved = await fire(tx, current, {
      event: 'withdraw',
      by: { user, isOwner: true },
      timelineCode: 'application_withdrawn',
      params: { reason: reason?.trim() || null },
    });
    await releaseWithdrawnWinner(tx, scheme, moved.application);
    return toApplication(moved.application);
  });
}

export async function listApplicationDocuments(
  db: Database,
  user: CurrentUser,
  id: string,
  query: DocumentListQuery,
): Promise<Page<ApplicationDocument>> {
  await loadVisibleApplication(db, user, id);
  const page = await searchDocuments(db, id, query);
  return { ...page, items: page.items.map(toDocument) };
}

/** Uploads are taken while the application waits on its documents (the lifecycle's upload_document); an open query
 * falls within them, since queries are raised only under scrutiny or before the committee. */
function assertUploadAllowed(status: ApplicationStatus): void {
  if (!statusesFor('upload_document').includes(status)) {
    throw conflict('Documents can no longer be added to this application');
  }
}

/** Checked before the body is read, so a refused caller never has a file stored. */
export async function checkDocumentUpload(db: Database, user: CurrentUser, id: string): Promise<void> {
  const application = await loadOwnApplication(db, user, id);
  assertUploadAllowed(application.status);
}

/** Stores an upload as a pending document. A type whose current document was rejected is uploaded again: the new
 * document replaces the rejected one (kept for the record with replaced_at) and waits for verification. */
export async function uploadDocument(
  db: Database,
  storage: FileStorage,
  user: CurrentUser,
  id: string,
  file: ReceivedFile,
): Promise<ApplicationDocument> {
  const documentType = file.fields.document_type;
  if (!documentType) throw unprocessable('document_type: Choose the document type');
  if (!(DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
    throw unprocessable(`document_type: Unknown document type '${documentType}'`);
  }
  const type = documentType as DocumentType;
  assertAcceptedFile(file, DOCUMENT_RULES[type].extensions);

  const storageKey = await storage.save(file.bytes);
  try {
    return await db.transaction(async (tx) => {
      const application = await lockApplication(tx, id);
      if (!application) throw notFound(APPLICATION_NOT_FOUND);
      assertUploadAllowed(application.status);
      const replaced = await replaceRejectedDocuments(tx, id, type, clock.now());
      const row = await insertDocument(tx, {
        applicationId: id,
        documentType: type,
        fileName: file.fileName,
        storageKey,
        fileSize: file.bytes.length,
        contentType: file.contentType,
      });
      await recordEvent(tx, actorOf(user), {
        applicationId: id,
        code: 'document_uploaded',
        params: { document_type: type, file_name: file.fileName, replaced: replaced.length > 0 },
        entityType: 'document',
        entityId: row.id,
      });
      return toDocument(row);
    });
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

/** Where each document type stands, for the owner and for staff. */
export async function getDocumentChecklist(db: Database, user: CurrentUser, id: string): Promise<DocumentChecklist> {
  await loadVisibleApplication(db, user, id);
  return documentChecklist(db, id);
}

export async function openDocumentFile(
  db: Database,
  storage: FileStorage,
  user: CurrentUser,
  id: string,
  documentId: string,
): Promise<{ document: DocumentRow; stream: Readable }> {
  await loadVisibleApplication(db, user, id);
  const document = await findDocument(db, id, documentId);
  if (!document) throw notFound('Document not found');
  return { document, stream: storage.open(document.storageKey) };
}

export async function getTimeline(
  db: Database,
  user: CurrentUser,
  id: string,
  query: TimelineListQuery,
): Promise<Page<TimelineEvent>> {
  await loadVisibleApplication(db, user, id);
  // An applicant who transferred the plot reads the history up to the transfer.
  const until = isApplicant(user) ? await findTransferredAwayAt(db, id, user.id) : undefined;
  return searchTimeline(db, id, query, !isApplicant(user), { until });
}
