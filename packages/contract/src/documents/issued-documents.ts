/** Issued documents (decision record 012): the PDFs the server makes (acknowledgment, receipts, allotment letters,
 * possession certificate), their download paths, and the public verification of a document by its code. */
import { z } from 'zod';
import { ASSET_TYPES, ASSET_UNITS, INVOICE_TYPES } from '../enums';
import { MILESTONE_KINDS, SERVICE_ORDER_KINDS } from '../estate/estate';

export const ISSUED_DOCUMENT_KINDS = [
  'acknowledgment',
  'payment_receipt',
  'provisional_allotment_letter',
  'final_allotment_letter',
  'possession_certificate',
  // Orders of the allotment's life (decision 014): one per service request that took effect, and the show-cause
  // notice and its order.
  ...SERVICE_ORDER_KINDS,
  'show_cause_notice',
  'cancellation_order',
  // Money (decision 016): the account of an allotment stood clear on the day it was issued.
  'no_dues_certificate',
  // Deadlines (decision 017): a deemable stage left undecided past its limit was moved on by the portal.
  'deemed_approval_letter',
  // Competitive allotment (decision 018): a scheme's result, with its commitment, seed or bids, and winners.
  'scheme_result_sheet',
  // The portal's lease deed (decision 035): what the allottee signs with Aadhaar eSign instead of uploading a scan.
  'lease_deed',
] as const;
export type IssuedDocumentKind = (typeof ISSUED_DOCUMENT_KINDS)[number];

/** valid; superseded (a provisional letter once the allotment is final); revoked by an administrator. */
export const ISSUED_DOCUMENT_STATUSES = ['valid', 'superseded', 'revoked'] as const;
export type IssuedDocumentStatus = (typeof ISSUED_DOCUMENT_STATUSES)[number];

/** Where each PDF is downloaded, under /api (same access as the record it is about). */
export const ISSUED_DOCUMENT_PATHS = {
  acknowledgment: (applicationId: string) => `/applications/${applicationId}/acknowledgment.pdf`,
  paymentReceipt: (paymentId: string) => `/payments/${paymentId}/receipt.pdf`,
  allotmentLetter: (allotmentId: string) => `/allotments/${allotmentId}/letter.pdf`,
  possessionCertificate: (allotmentId: string) => `/allotments/${allotmentId}/possession/certificate.pdf`,
  /** The order of a service request that took effect (extension, transfer, change, NOC, subletting, surrender). */
  serviceOrder: (serviceRequestId: string) => `/service-requests/${serviceRequestId}/order.pdf`,
  showCauseNotice: (showCauseId: string) => `/show-causes/${showCauseId}/notice.pdf`,
  /** The order that decided a show-cause notice (cancelled or dropped). */
  showCauseOrder: (showCauseId: string) => `/show-causes/${showCauseId}/order.pdf`,
  /** The allotment's latest no-dues certificate (issued by POST /allotments/{id}/no-dues-certificate). */
  noDuesCertificate: (allotmentId: string) => `/allotments/${allotmentId}/no-dues-certificate.pdf`,
  /** The application's latest letter of deemed approval (decision 017). */
  deemedApprovalLetter: (applicationId: string) => `/applications/${applicationId}/deemed-approval-letter.pdf`,
  /** The portal's lease deed of the allotment, the one its allottee may eSign (decision 035). */
  leaseDeed: (allotmentId: string) => `/allotments/${allotmentId}/lease-deed.pdf`,
} as const;

/** Crockford's base32 (no I, L, O or U), six groups of four: 120 random bits, printed and typed without confusion. */
export const VERIFICATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFICATION_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){5}$/;

/** A code as typed or scanned: upper-cased and trimmed; anything else is compared as it is. */
export function normaliseVerificationCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The page a document's QR code opens. */
export const verifyPagePath = (code: string) => `/verify/${encodeURIComponent(code)}`;

/** Look-ups of GET /api/verify/{code} per client address per minute. */
export const VERIFY_REQUESTS_PER_MINUTE = 30;

/** Checks of a file (POST /api/verify) per client address per minute: each reads up to MAX_CHECKED_PDF_BYTES. */
export const VERIFY_FILE_REQUESTS_PER_MINUTE = 10;
/** The largest PDF POST /api/verify reads (a larger one answers 413). */
export const MAX_CHECKED_PDF_BYTES = 20 * 1024 * 1024;

/** One signature of a PDF (decision 035): valid (it verifies over the bytes it signed, and its certificate chains to
 * the corporation's CA or a trusted eSign CA); altered (the bytes it signed were changed, or it cannot be read);
 * untrusted (intact, but made with a certificate the portal does not trust). */
export const SIGNATURE_STATES = ['valid', 'altered', 'untrusted'] as const;
export type SignatureState = (typeof SIGNATURE_STATES)[number];
/** A whole file: valid (every signature valid, one by the corporation, and nothing added after the last); altered (a
 * signature does not verify, or bytes were added after the last one); untrusted (intact, but a signer is not trusted,
 * or none is the corporation); missing (no signature). */
export const FILE_SIGNATURE_VERDICTS = [...SIGNATURE_STATES, 'missing'] as const;
export type FileSignatureVerdict = (typeof FILE_SIGNATURE_VERDICTS)[number];

/** What the verify page may show of a document: facts printed on it, never a PAN, bank details or an amount the
 * document does not state. Unknown keys are dropped when the answer is sent. */
export const issuedDocumentFactsSchema = z
  .object({
    application_number: z.string(),
    /** YYYY-MM-DD */
    submitted_on: z.string(),
    receipt_number: z.string(),
    invoice_number: z.string(),
    invoice_type: z.enum(INVOICE_TYPES),
    /** The receipt's own amount, in rupees. */
    amount: z.number(),
    /** ISO timestamp */
    payment_date: z.string(),
    allotment_number: z.string(),
    allotment_date: z.string(),
    expiry_date: z.string().nullable(),
    asset_type: z.enum(ASSET_TYPES),
    /** "location, zone" */
    location: z.string(),
    area: z.number(),
    area_unit: z.enum(ASSET_UNITS),
    certificate_number: z.string(),
    possession_date: z.string(),
    area_handed_over: z.number(),
    /** Orders: the order's number, and what it ordered. */
    order_number: z.string(),
    request_number: z.string(),
    milestone: z.enum(MILESTONE_KINDS),
    /** YYYY-MM-DD: a milestone's due date before and after an extension. */
    previous_due_on: z.string(),
    due_on: z.string(),
    /** A transfer's previous and new holder (organisation names, as printed). */
    transferor: z.string(),
    transferee: z.string(),
    /** A change order: what changed (name, constitution, activity) and its new value. */
    changed: z.enum(['name', 'constitution', 'activity']),
    new_value: z.string(),
    lender: z.string(),
    loan_amount: z.number(),
    sub_lessee: z.string(),
    sublet_area: z.number(),
    months: z.number(),
    ended_on: z.string(),
    /** A show-cause notice: the last day to reply; its order: cancelled or dropped. */
    reply_by: z.string(),
    outcome: z.enum(['cancelled', 'dropped']),
    /** A no-dues certificate: the day the account stood clear (YYYY-MM-DD). */
    as_on: z.string(),
  })
  .partial();
export type IssuedDocumentFacts = z.infer<typeof issuedDocumentFactsSchema>;

/** GET /api/verify/{code}: public, no sign-in. */
export const verifiedDocumentSchema = z.object({
  verification_code: z.string(),
  kind: z.enum(ISSUED_DOCUMENT_KINDS),
  document_number: z.string(),
  /** The holder's organisation. */
  holder_name: z.string(),
  asset_code: z.string().nullable(),
  issued_at: z.string(),
  language: z.string(),
  status: z.enum(ISSUED_DOCUMENT_STATUSES),
  /** The document that replaced this one; issued_at is null while the replacement has not been issued yet. */
  superseded_by: z
    .object({
      kind: z.enum(ISSUED_DOCUMENT_KINDS),
      document_number: z.string(),
      issued_at: z.string().nullable(),
    })
    .nullable(),
  revoked_at: z.string().nullable(),
  /** SHA-256 of the issued PDF's bytes, lower-case hex. */
  sha256: z.string(),
  /** Who signed the issued PDF (its certificate's subject name) and whether that is the DEMO identity, not for real
   * use; null for a document issued before documents were signed. */
  signature: z.object({ signer: z.string(), demo: z.boolean() }).nullable(),
  facts: issuedDocumentFactsSchema,
});
export type VerifiedDocument = z.infer<typeof verifiedDocumentSchema>;

export const checkedSignatureSchema = z.object({
  /** The signing certificate's subject name ('' when the signature cannot be read). */
  signer: z.string(),
  state: z.enum(SIGNATURE_STATES),
  /** Whether it signs the whole file but itself (an earlier signature of a file signed twice signs less). */
  covers_whole_file: z.boolean(),
  /** Made with the corporation's certificate. */
  by_corporation: z.boolean(),
  /** Made with the DEMO identity, not for real use. */
  demo: z.boolean(),
  /** The signing time the signer stated, ISO. */
  signed_at: z.string().nullable(),
});
export type CheckedSignature = z.infer<typeof checkedSignatureSchema>;

/** POST /api/verify (public, no sign-in): a PDF's signatures, and the issued document that is exactly this file. */
export const checkedFileSchema = z.object({
  signature: z.enum(FILE_SIGNATURE_VERDICTS),
  /** Each signature, in the order they were made. */
  signatures: z.array(checkedSignatureSchema),
  /** Whether a signature was made with the DEMO identity. */
  demo: z.boolean(),
  /** The issued document whose stored PDF has exactly this file's SHA-256, or null. */
  issued: z
    .object({
      verification_code: z.string(),
      kind: z.enum(ISSUED_DOCUMENT_KINDS),
      document_number: z.string(),
      status: z.enum(ISSUED_DOCUMENT_STATUSES),
    })
    .nullable(),
  /** The file's SHA-256, lower-case hex. */
  sha256: z.string(),
});
export type CheckedFile = z.infer<typeof checkedFileSchema>;

/** POST /api/issued-documents/{id}/revoke (admin). */
export const revokeIssuedDocumentRequestSchema = z.object({
  reason: z.string().trim().min(1, 'Enter the reason for revoking the document').max(500),
});
export type RevokeIssuedDocumentRequest = z.infer<typeof revokeIssuedDocumentRequestSchema>;

export const issuedDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ISSUED_DOCUMENT_KINDS),
  document_number: z.string(),
  holder_name: z.string(),
  application_id: z.uuid().nullable(),
  status: z.enum(ISSUED_DOCUMENT_STATUSES),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
});
export type IssuedDocument = z.infer<typeof issuedDocumentSchema>;

/** GET /api/organization: the corporation's letterhead (ORG_NAME, ORG_ADDRESS, ORG_GSTIN), public. */
export const organizationSchema = z.object({
  name: z.string(),
  address: z.string(),
  gstin: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;
