/** Issued documents: the PDF of an acknowledgment, receipt, allotment letter or possession certificate is made the
 * first time it is asked for, signed with the corporation's certificate, stored with its SHA-256 and a verification
 * code, and the same bytes are served every time after. A final allotment letter supersedes the application's
 * provisional one. Anyone holding a code, or the file itself, can check the document on the public verify page. */
import crypto from 'node:crypto';
import {
  isApplicant,
  ALLOTTEE_SERVICES,
  can,
  issuedDocumentFactsSchema,
  normaliseVerificationCode,
  ROUTES,
  VERIFICATION_CODE_PATTERN,
  verifyPagePath,
  type IssuedDocument,
  type IssuedDocumentKind,
  type CheckedFile,
  type IssuedDocumentStatus,
  type VerifiedDocument,
} from '@portal/contract';
import type { OrgIdentity } from '../../../config';
import type { Database } from '../../../db/client';
import type { DocumentSigner } from '../../../lib/document-signing/document-signer';
import { fileSignatureVerdict } from '../../../lib/document-signing/pdf-signatures';
import { loadVisibleAllotment, loadVisibleApplication } from '../../../case/access';
import { conflict, forbidden, invalidField, notFound, wrongState } from '../../../core/http-error';
import type { CurrentUser } from '../../../plugins/auth';
import type { FileStorage } from '../../../plugins/storage';
import { findAllotmentWithOwner } from '../../../repositories/allotments';
import { findApplicantById, findApplicantByUserId } from '../../applications/repositories/applicants';
import { findApplicationById } from '../../../repositories/applications';
import { findAssetById } from '../../../repositories/assets';
import { findInvoiceById, listInvoices } from '../../../repositories/invoices';
import {
  findCurrentIssuedDocument,
  findIssuedDocumentByCode,
  findIssuedDocumentById,
  findIssuedDocumentBySha256,
  findPaymentWithOwner,
  findUserLanguage,
  insertIssuedDocument,
  lockIssuing,
  revokeIssuedDocumentIfNot,
  supersedeIssuedDocuments,
  type IssuedDocumentRow,
} from '../repositories/issued-documents';
import {
  findServiceRequestForOrder,
  findShowCauseForOrder,
  firstTransferAfter,
  holderAt,
  lastTransferAt,
  supersedeLettersByTransfer,
} from '../repositories/issued-orders';
import { findDeemedMove } from '../../deadlines/repositories/escalation';
import { findPossessionByAllotment } from '../../estate/repositories/possessions';
import {
  findDecidedBids,
  findQualifiedList,
  findSchemeById,
  findSchemeResult,
  findUserName,
  lockScheme,
  userAppliedInScheme,
} from '../../schemes/repositories/schemes';
import { findStoredPublicSchemeById } from '../../schemes/repositories/public-scheme-records';
import { findUserById } from '../../../repositories/users';
import {
  addressLines,
  composeAcknowledgment,
  composeAllotmentLetter,
  composePossessionCertificate,
  composeReceipt,
} from './compose';
import { composeDeemedApprovalLetter } from './compose-deemed';
import { composeSchemeResultSheet } from './compose-scheme';
import { composeServiceOrder, composeShowCauseNotice, composeShowCauseOrder, type OrderHolder } from './compose-orders';
import type { DocumentContent } from './content';
import { renderPdf } from './render-pdf';
import { documentLanguage, type DocumentLanguage } from './texts';
import { newVerificationCode } from './verification-code';
import { refreshPublicScheme } from '../../schemes/rules/public-scheme-record';
import { clock } from '../../../core/clock';

export const UNKNOWN_CODE = 'No document has this verification code';
const PAYMENT_NOT_FOUND = 'Payment not found';
const POSSESSION_NOT_FOUND = 'No possession has been recorded for this allotment';
const RECORD_MISSING = 'A record this document needs is missing';
const REQUEST_NOT_FOUND = 'Service request not found';
const SHOW_CAUSE_NOT_FOUND = 'Show-cause notice not found';
/** The web page of a scheme's public result. */
const schemePublicPagePath = (schemeNumber: string) => ROUTES.schemeResult.path.replace(':schemeNumber', schemeNumber);
const NO_DEEMED_APPROVAL = 'No stage of this application was deemed approved';

/** What issuing needs besides the records: where PDFs are kept, the letterhead, the signer, and the address the QR
 * code opens. */
export interface IssuingContext {
  db: Database;
  storage: FileStorage;
  org: OrgIdentity;
  signer: DocumentSigner;
  /** The portal's address (PUBLIC_URL, or the one the request came to), without a trailing slash. */
  baseUrl: string;
}

/** The download's file name (ASCII, the same in every language). */
const FILE_NAMES: Record<IssuedDocumentKind, string> = {
  acknowledgment: 'acknowledgment',
  payment_receipt: 'receipt',
  provisional_allotment_letter: 'provisional-allotment-letter',
  final_allotment_letter: 'final-allotment-letter',
  possession_certificate: 'possession-certificate',
  extension_order: 'extension-order',
  transfer_order: 'transfer-order',
  change_order: 'change-order',
  mortgage_noc: 'mortgage-noc',
  subletting_permission: 'subletting-permission',
  surrender_acceptance: 'surrender-acceptance',
  show_cause_notice: 'show-cause-notice',
  cancellation_order: 'cancellation-order',
  no_dues_certificate: 'no-dues-certificate',
  deemed_approval_letter: 'deemed-approval-letter',
  scheme_result_sheet: 'scheme-result-sheet',
  lease_deed: 'lease-deed',
};

export function downloadName(row: IssuedDocumentRow): string {
  return `${FILE_NAMES[row.kind as IssuedDocumentKind]}-${row.documentNumber}.pdf`;
}

export function sha256Hex(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

export function verifyUrl(baseUrl: string, code: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${verifyPagePath(code)}`;
}

export interface Composed {
  content: DocumentContent;
  language: DocumentLanguage;
}

export interface IssueOptions {
  /** Whether a document already issued still serves (an allotment letter issued before a transfer does not). */
  stillServes?: (row: IssuedDocumentRow) => boolean;
  /** Run in the transaction that records the new document (the supersession of the documents it replaces). */
  afterIssue?: (tx: Database, row: IssuedDocumentRow) => Promise<unknown>;
}

/** The document of this kind about this record: the one already issued, or a new one made, stored and recorded now.
 * Rendering happens outside the transaction; a second request that raced this one keeps the first one's document. */
export async function issue(
  ctx: IssuingContext,
  kind: IssuedDocumentKind,
  subjectId: string,
  compose: () => Promise<Composed>,
  options: IssueOptions = {},
): Promise<IssuedDocumentRow> {
  const serves = (row: IssuedDocumentRow | undefined) =>
    row && (!options.stillServes || options.stillServes(row)) ? row : undefined;
  const existing = serves(await findCurrentIssuedDocument(ctx.db, kind, subjectId));
  if (existing) return existing;

  const { content, language } = await compose();
  const code = newVerificationCode();
  const issuedAt = clock.now();
  const bytes = await ctx.signer.signPdf(
    await renderPdf({
      content,
      letterhead: ctx.org,
      language,
      verification: { code, url: verifyUrl(ctx.baseUrl, code) },
      issuedAt,
    }),
  );
  const storageKey = await ctx.storage.save(bytes);
  try {
    const { row, fresh } = await ctx.db.transaction(async (tx) => {
      await lockIssuing(tx, kind, subjectId);
      const raced = serves(await findCurrentIssuedDocument(tx, kind, subjectId));
      if (raced) return { row: raced, fresh: false };
      const row = await insertIssuedDocument(tx, {
        verificationCode: code,
        kind,
        subjectId,
        applicationId: content.applicationId,
        documentNumber: content.documentNumber,
        holderName: content.holderName,
        assetCode: content.assetCode,
        facts: content.facts,
        language: content.language,
        storageKey,
        sha256: sha256Hex(bytes),
        signerName: ctx.signer.signerName,
        signedDemo: ctx.signer.demo,
        issuedAt,
      });
      if (kind === 'final_allotment_letter' && content.applicationId) {
        await supersedeIssuedDocuments(tx, content.applicationId, 'provisional_allotment_letter', row.id);
      }
      await options.afterIssue?.(tx, row);
      return { row, fresh: true };
    });
    if (!fresh) await ctx.storage.remove(storageKey);
    return row;
  } catch (error) {
    await ctx.storage.remove(storageKey);
    throw error;
  }
}

/** The recipient's language: the applicant's user's. */
async function languageOf(db: Database, ownerUserId: string): Promise<DocumentLanguage> {
  return documentLanguage(await findUserLanguage(db, ownerUserId));
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error(RECORD_MISSING);
  return value;
}

export async function acknowledgmentFor(
  ctx: IssuingContext,
  user: CurrentUser,
  applicationId: string,
): Promise<IssuedDocumentRow> {
  const application = await loadVisibleApplication(ctx.db, user, applicationId);
  if (application.status === 'draft' || !application.submittedAt) {
    throw wrongState('The application has not been submitted yet, so there is no acknowledgment', 'not_submitted');
  }
  return issue(ctx, 'acknowledgment', application.id, async () => {
    const applicant = required(await findApplicantById(ctx.db, application.applicantId));
    const asset = required(await findAssetById(ctx.db, application.assetId));
    // The fees raised on submission; a service request's fee is not one of them.
    const invoices = (await listInvoices(ctx.db, { applicationId: application.id })).filter(
      (invoice) => invoice.serviceRequestId === null && invoice.invoiceType !== 'premium_instalment',
    );
    const language = await languageOf(ctx.db, applicant.userId);
    return { language, content: composeAcknowledgment(language, { application, applicant, asset, invoices }) };
  });
}

export async function receiptFor(
  ctx: IssuingContext,
  user: CurrentUser,
  paymentId: string,
): Promise<IssuedDocumentRow> {
  const found = await findPaymentWithOwner(ctx.db, paymentId);
  // As the payments list: an entrepreneur sees only their own, staff with read:finance see all.
  if (isApplicant(user)) {
    if (!found || found.ownerUserId !== user.id) throw notFound(PAYMENT_NOT_FOUND);
  } else {
    if (!can(user.role, 'read:finance')) throw forbidden();
    if (!found) throw notFound(PAYMENT_NOT_FOUND);
  }
  const { payment, ownerUserId } = found;
  if (payment.status !== 'success')
    throw wrongState('Only a successful payment has a receipt', 'payment_not_successful');
  return issue(ctx, 'payment_receipt', payment.id, async () => {
    const invoice = required(await findInvoiceById(ctx.db, payment.invoiceId));
    const application = required(await findApplicationById(ctx.db, payment.applicationId));
    const applicant = required(await findApplicantById(ctx.db, application.applicantId));
    const asset = await findAssetById(ctx.db, application.assetId);
    const language = await languageOf(ctx.db, ownerUserId);
    return { language, content: composeReceipt(language, { payment, invoice, application, applicant, asset }) };
  });
}

/** The provisional or the final letter, as the allotment now stands. */
export async function allotmentLetterFor(
  ctx: IssuingContext,
  user: CurrentUser,
  allotmentId: string,
): Promise<IssuedDocumentRow> {
  const allotment = await loadVisibleAllotment(ctx.db, user, allotmentId);
  const ownerUserId = allotment.holderUserId;
  if (!allotment.letterGenerated)
    throw wrongState('No letter has been generated for this allotment', 'letter_not_generated');
  const kind = allotment.allotmentType === 'final' ? 'final_allotment_letter' : 'provisional_allotment_letter';
  // After a transfer the letter is the new holder's: one issued before it no longer serves (it reads superseded by
  // the transfer order), and the next download issues a new letter in the holder's name.
  const transferredAt = await lastTransferAt(ctx.db, allotment.id);
  return issue(
    ctx,
    kind,
    allotment.id,
    async () => {
      const application = required(await findApplicationById(ctx.db, allotment.applicationId));
      const applicant = required(
        (await findApplicantByUserId(ctx.db, ownerUserId)) ??
          (await findApplicantById(ctx.db, application.applicantId)),
      );
      const asset = required(await findAssetById(ctx.db, allotment.assetId));
      const language = await languageOf(ctx.db, ownerUserId);
      return {
        language,
        content: composeAllotmentLetter(language, {
          allotment,
          application,
          applicant,
          asset,
          corporation: ctx.org.name,
        }),
      };
    },
    { stillServes: (row) => !transferredAt || row.issuedAt >= transferredAt },
  );
}

export async function possessionCertificateFor(
  ctx: IssuingContext,
  user: CurrentUser,
  allotmentId: string,
): Promise<IssuedDocumentRow> {
  const allotment = await loadVisibleAllotment(ctx.db, user, allotmentId);
  const ownerUserId = allotment.holderUserId;
  const possession = await findPossessionByAllotment(ctx.db, allotment.id);
  if (!possession) throw notFound(POSSESSION_NOT_FOUND);
  return issue(ctx, 'possession_certificate', allotment.id, async () => {
    const application = required(await findApplicationById(ctx.db, allotment.applicationId));
    const applicant = required(await findApplicantById(ctx.db, application.applicantId));
    const asset = required(await findAssetById(ctx.db, allotment.assetId));
    const language = await languageOf(ctx.db, ownerUserId);
    return {
      language,
      content: composePossessionCertificate(language, {
        possession,
        allotment,
        applicant,
        asset,
        corporation: ctx.org.name,
      }),
    };
  });
}

/** The holder an order is addressed to: their applicant profile's organisation and address, else their name. */
async function orderHolder(
  db: Database,
  language: DocumentLanguage,
  userId: string,
  fallbackName?: string,
): Promise<OrderHolder> {
  const applicant = await findApplicantByUserId(db, userId);
  if (applicant) return { name: applicant.organizationName, address: addressLines(language, applicant) };
  const user = await findUserById(db, userId);
  return { name: fallbackName || user?.fullName || '', address: [] };
}

/** The order of a service request that took effect. The user who raised it, the transferee of a transfer, the
 * allotment's holder now and staff who read every allotment may download it; another entrepreneur gets 404. Written
 * to the holder (for a transfer, the new holder), in their language. Issuing a transfer order marks the allotment's
 * letters issued before the transfer superseded by it. */
export async function serviceOrderFor(
  ctx: IssuingContext,
  user: CurrentUser,
  serviceRequestId: string,
): Promise<IssuedDocumentRow> {
  const request = await findServiceRequestForOrder(ctx.db, serviceRequestId);
  const found = request?.allotmentId ? await findAllotmentWithOwner(ctx.db, request.allotmentId) : undefined;
  if (isApplicant(user)) {
    const outcome = request?.outcome ?? {};
    const mayRead =
      request &&
      (request.userId === user.id ||
        request.transfereeUserId === user.id ||
        outcome.transferee_user_id === user.id ||
        found?.ownerUserId === user.id);
    if (!mayRead) throw notFound(REQUEST_NOT_FOUND);
  } else {
    if (!can(user.role, 'read:allotments:any')) throw forbidden();
    if (!request) throw notFound(REQUEST_NOT_FOUND);
  }
  if (!request.tookEffectAt || !request.orderNumber || !found) {
    throw conflict('The request has not taken effect yet, so no order has been issued', 'order_not_issued');
  }
  const { allotment } = found;
  const tookEffectAt = request.tookEffectAt;
  const kind = ALLOTTEE_SERVICES[request.requestType].order;
  const outcome = request.outcome ?? {};
  const transfereeId =
    typeof outcome.transferee_user_id === 'string' ? outcome.transferee_user_id : request.transfereeUserId;
  const recipientId =
    kind === 'transfer_order' && transfereeId
      ? transfereeId
      : await holderAt(ctx.db, allotment.id, allotment.holderUserId, new Date(tookEffectAt.getTime() - 1));
  return issue(
    ctx,
    kind,
    request.id,
    async () => {
      const asset = required(await findAssetById(ctx.db, allotment.assetId));
      const language = await languageOf(ctx.db, recipientId);
      const fallbackName = kind === 'transfer_order' ? String(outcome.transferee ?? '') : undefined;
      const holder = await orderHolder(ctx.db, language, recipientId, fallbackName);
      return {
        language,
        content: composeServiceOrder(language, { request, allotment, asset, holder, corporation: ctx.org.name }),
      };
    },
    kind === 'transfer_order'
      ? { afterIssue: (tx, row) => supersedeLettersByTransfer(tx, allotment.id, tookEffectAt, row.id) }
      : {},
  );
}

/** A show-cause notice, or the order that decided it. The allotment's holder when the notice was issued and staff who
 * read every allotment may download them; another entrepreneur gets 404. The order only once decided (409 before). */
export async function showCauseDocumentFor(
  ctx: IssuingContext,
  user: CurrentUser,
  showCauseId: string,
  which: 'notice' | 'order',
): Promise<IssuedDocumentRow> {
  const showCause = await findShowCauseForOrder(ctx.db, showCauseId);
  const found = showCause ? await findAllotmentWithOwner(ctx.db, showCause.allotmentId) : undefined;
  const recipientId =
    showCause && found
      ? await holderAt(ctx.db, found.allotment.id, found.allotment.holderUserId, showCause.issuedAt)
      : undefined;
  if (isApplicant(user)) {
    if (!showCause || !found || recipientId !== user.id) throw notFound(SHOW_CAUSE_NOT_FOUND);
  } else {
    if (!can(user.role, 'read:allotments:any')) throw forbidden();
    if (!showCause || !found) throw notFound(SHOW_CAUSE_NOT_FOUND);
  }
  if (which === 'order' && (!showCause.outcome || !showCause.decidedAt)) {
    throw conflict('The notice has not been decided yet, so no order has been issued', 'order_not_issued');
  }
  const { allotment } = found;
  const holderId = required(recipientId);
  return issue(ctx, which === 'notice' ? 'show_cause_notice' : 'cancellation_order', showCause.id, async () => {
    const asset = required(await findAssetById(ctx.db, allotment.assetId));
    const language = await languageOf(ctx.db, holderId);
    const holder = await orderHolder(ctx.db, language, holderId);
    const records = { showCause, allotment, asset, holder, corporation: ctx.org.name };
    return {
      language,
      content:
        which === 'notice' ? composeShowCauseNotice(language, records) : composeShowCauseOrder(language, records),
    };
  });
}

/** The letter of a deemed move (decision 017), issued once per move: by the deadline sweep right after the move,
 * or on the first download if that did not happen. Written to the applicant, in their language. */
export async function issueDeemedApprovalLetter(ctx: IssuingContext, eventId: string): Promise<IssuedDocumentRow> {
  const move = await findDeemedMove(ctx.db, { eventId });
  if (!move) throw notFound(NO_DEEMED_APPROVAL);
  return issue(ctx, 'deemed_approval_letter', move.eventId, async () => {
    const application = required(await findApplicationById(ctx.db, move.applicationId));
    const applicant = required(await findApplicantById(ctx.db, application.applicantId));
    const asset = required(await findAssetById(ctx.db, application.assetId));
    const language = await languageOf(ctx.db, applicant.userId);
    return {
      language,
      content: composeDeemedApprovalLetter(language, {
        application,
        applicant,
        asset,
        move,
        corporation: ctx.org.name,
      }),
    };
  });
}

/** The application's latest letter of deemed approval, for whoever may read the application (404 otherwise, and
 * when no stage of it was deemed). */
export async function deemedApprovalLetterFor(
  ctx: IssuingContext,
  user: CurrentUser,
  applicationId: string,
): Promise<IssuedDocumentRow> {
  const application = await loadVisibleApplication(ctx.db, user, applicationId);
  const move = await findDeemedMove(ctx.db, { applicationId: application.id });
  if (!move) throw notFound(NO_DEEMED_APPROVAL);
  return issueDeemedApprovalLetter(ctx, move.eventId);
}

const SCHEME_NOT_FOUND = 'Scheme not found';

/** A decided scheme's result sheet (decision 018), in the language of the officer who decided it (English when the
 * portal closed an auction). Its subject is the scheme; it is about no one application. */
export async function issueSchemeResultSheet(ctx: IssuingContext, schemeId: string): Promise<IssuedDocumentRow> {
  const scheme = await findSchemeById(ctx.db, schemeId);
  if (!scheme) throw notFound(SCHEME_NOT_FOUND);
  if (scheme.status !== 'decided' || !scheme.decidedAt) {
    throw conflict(`Scheme ${scheme.schemeNumber} is not decided yet: it has no result sheet`, 'scheme_state');
  }
  const decidedAt = scheme.decidedAt;
  const sheet = await issue(ctx, 'scheme_result_sheet', scheme.id, async () => {
    const language = documentLanguage(scheme.decidedBy ? await findUserLanguage(ctx.db, scheme.decidedBy) : undefined);
    const qualified = await findQualifiedList(ctx.db, scheme.id);
    const result = await findSchemeResult(ctx.db, scheme.id);
    return {
      language,
      content: composeSchemeResultSheet(language, {
        scheme: { ...scheme, decidedAt },
        decidedByName: await findUserName(ctx.db, scheme.decidedBy),
        qualified: qualified.map((line) => ({
          position: line.listPosition,
          applicationNumber: line.applicationNumber,
          plotCode: line.plotCode,
          category: line.category,
        })),
        result,
        bids: scheme.mode === 'auction' ? await findDecidedBids(ctx.db, scheme.id) : [],
        corporation: ctx.org.name,
        publicUrl: `${ctx.baseUrl.replace(/\/+$/, '')}${schemePublicPagePath(scheme.schemeNumber)}`,
      }),
    };
  });
  // The public record gives the current sheet's verification code: when it gives another (the sheet was issued now),
  // it is stored again under the scheme's lock, so no change of the scheme's facts is overwritten by an older reading.
  if ((await findStoredPublicSchemeById(ctx.db, scheme.id))?.verification_code !== sheet.verificationCode) {
    await ctx.db.transaction(async (tx) => {
      await lockScheme(tx, scheme.id);
      await refreshPublicScheme(tx, scheme.id);
    });
  }
  return sheet;
}

/** The result sheet for staff who read schemes and for an entrepreneur who applied in it (404 for anyone else). */
export async function schemeResultSheetFor(
  ctx: IssuingContext,
  user: CurrentUser,
  schemeId: string,
): Promise<IssuedDocumentRow> {
  const allowed = isApplicant(user)
    ? await userAppliedInScheme(ctx.db, schemeId, user.id)
    : can(user.role, 'read:schemes');
  if (!allowed) {
    if (!isApplicant(user)) throw forbidden();
    throw notFound(SCHEME_NOT_FOUND);
  }
  return issueSchemeResultSheet(ctx, schemeId);
}

function replacement(row: IssuedDocumentRow): NonNullable<VerifiedDocument['superseded_by']> {
  return {
    kind: row.kind as IssuedDocumentKind,
    document_number: row.documentNumber,
    issued_at: row.issuedAt.toISOString(),
  };
}

const LETTER_KINDS: ReadonlySet<string> = new Set<IssuedDocumentKind>([
  'provisional_allotment_letter',
  'final_allotment_letter',
]);

/** A document's status as a reader should see it. A provisional letter whose allotment has since become final reads
 * superseded even before the final letter is downloaded (the record is then marked when the final letter is issued);
 * so does a letter issued before a transfer of the allotment, replaced by the transfer order. */
async function statusNow(
  db: Database,
  row: IssuedDocumentRow,
): Promise<{ status: IssuedDocumentStatus; supersededBy: VerifiedDocument['superseded_by'] }> {
  let status = row.status as IssuedDocumentStatus;
  let supersededBy: VerifiedDocument['superseded_by'] = null;
  if (row.supersededBy) {
    const by = await findIssuedDocumentById(db, row.supersededBy);
    if (by) supersededBy = replacement(by);
  }
  if (status === 'valid' && LETTER_KINDS.has(row.kind)) {
    // A letter issued before a transfer names the previous holder: the transfer order replaces it.
    const transfer = await firstTransferAfter(db, row.subjectId, row.issuedAt);
    if (transfer) {
      status = 'superseded';
      const order = await findCurrentIssuedDocument(db, 'transfer_order', transfer.id);
      supersededBy = order
        ? replacement(order)
        : { kind: 'transfer_order', document_number: transfer.orderNumber ?? transfer.requestNumber, issued_at: null };
    }
  }
  if (status === 'valid' && row.kind === 'provisional_allotment_letter') {
    const found = await findAllotmentWithOwner(db, row.subjectId);
    if (found?.allotment.allotmentType === 'final') {
      status = 'superseded';
      const final = await findCurrentIssuedDocument(db, 'final_allotment_letter', row.subjectId);
      supersededBy = final
        ? replacement(final)
        : { kind: 'final_allotment_letter', document_number: found.allotment.allotmentNumber, issued_at: null };
    }
  }
  return { status, supersededBy };
}

/** The public answer for a code. */
export async function verifyDocument(db: Database, rawCode: string): Promise<VerifiedDocument> {
  const code = normaliseVerificationCode(rawCode);
  if (!VERIFICATION_CODE_PATTERN.test(code)) throw notFound(UNKNOWN_CODE);
  const row = await findIssuedDocumentByCode(db, code);
  if (!row) throw notFound(UNKNOWN_CODE);
  const { status, supersededBy } = await statusNow(db, row);
  return {
    verification_code: row.verificationCode,
    kind: row.kind as IssuedDocumentKind,
    document_number: row.documentNumber,
    holder_name: row.holderName,
    asset_code: row.assetCode,
    issued_at: row.issuedAt.toISOString(),
    language: row.language,
    status,
    superseded_by: supersededBy,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    sha256: row.sha256,
    signature: row.signerName ? { signer: row.signerName, demo: row.signedDemo ?? false } : null,
    // Only the facts the contract names: nothing else stored there can reach the public page.
    facts: issuedDocumentFactsSchema.parse(row.facts),
  };
}

/** A PDF may be preceded by a few bytes of something else; its header comes within the first kilobyte. */
const PDF_HEADER_WITHIN = 1024;

/** The public check of a file a reader brings: its signatures, one word for them all, and the issued document that
 * is exactly this file (by its SHA-256), if any. */
export async function checkFile(ctx: Pick<IssuingContext, 'db' | 'signer'>, pdf: Buffer): Promise<CheckedFile> {
  if (!pdf.subarray(0, PDF_HEADER_WITHIN).includes('%PDF-')) throw invalidField('body', 'The file is not a PDF');
  const sha256 = sha256Hex(pdf);
  const [signatures, row] = await Promise.all([
    ctx.signer.checkSignatures(pdf),
    findIssuedDocumentBySha256(ctx.db, sha256),
  ]);
  return {
    signature: fileSignatureVerdict(signatures),
    signatures: signatures.map((signature) => ({
      signer: signature.signer,
      state: signature.state,
      covers_whole_file: signature.coversWholeFile,
      by_corporation: signature.byCorporation,
      demo: signature.demo,
      signed_at: signature.signedAt?.toISOString() ?? null,
    })),
    demo: signatures.some((signature) => signature.demo),
    issued: row
      ? {
          verification_code: row.verificationCode,
          kind: row.kind as IssuedDocumentKind,
          document_number: row.documentNumber,
          status: (await statusNow(ctx.db, row)).status,
        }
      : null,
    sha256,
  };
}

export function toIssuedDocument(row: IssuedDocumentRow): IssuedDocument {
  return {
    id: row.id,
    kind: row.kind as IssuedDocumentKind,
    document_number: row.documentNumber,
    holder_name: row.holderName,
    application_id: row.applicationId,
    status: row.status as IssuedDocumentStatus,
    issued_at: row.issuedAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_reason: row.revokedReason,
  };
}

/** An administrator withdraws a document (issued in error, or replaced): its code then reads revoked, and the next
 * download of that record issues a new document from the records as they stand. */
export async function revokeIssuedDocument(db: Database, id: string, reason: string): Promise<IssuedDocument> {
  return db.transaction(async (tx) => {
    const row = await revokeIssuedDocumentIfNot(tx, id, reason.trim());
    if (row) return toIssuedDocument(row);
    if (!(await findIssuedDocumentById(tx, id))) throw notFound('Issued document not found');
    throw wrongState('This document has already been revoked', 'already_revoked');
  });
}
