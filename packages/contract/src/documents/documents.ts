/** Document types, their accepted extensions and the upload size limit (spec section 5). */

export const MAX_UPLOAD_BYTES = 5_242_880;

export const DOCUMENT_TYPES = [
  'dpr',
  'pan_card',
  'bank_proof',
  'gst_certificate',
  'caste_certificate',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
export type FileExtension = (typeof FILE_EXTENSIONS)[number];

const IMAGE_OR_PDF = ['pdf', 'jpg', 'jpeg', 'png'] as const;

export const DOCUMENT_RULES: Record<DocumentType, { required: boolean; extensions: readonly FileExtension[] }> = {
  dpr: { required: true, extensions: ['pdf', 'doc', 'docx'] },
  pan_card: { required: true, extensions: IMAGE_OR_PDF },
  bank_proof: { required: true, extensions: IMAGE_OR_PDF },
  gst_certificate: { required: false, extensions: IMAGE_OR_PDF },
  caste_certificate: { required: false, extensions: IMAGE_OR_PDF },
  other: { required: false, extensions: ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'] },
};

/** The documents an application needs, verified, before it may go past scrutiny. */
export const REQUIRED_DOCUMENT_TYPES: readonly DocumentType[] = DOCUMENT_TYPES.filter(
  (type) => DOCUMENT_RULES[type].required,
);

export const LEASE_DEED_EXTENSIONS: readonly FileExtension[] = ['pdf'];

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isAcceptedExtension(fileName: string, accepted: readonly FileExtension[]): boolean {
  return (accepted as readonly string[]).includes(extensionOf(fileName));
}

/** The `accept` attribute for a file input. */
export function acceptAttribute(accepted: readonly FileExtension[]): string {
  return accepted.map((ext) => `.${ext}`).join(',');
}

/** Plain English names of the document types, for server-written text such as timeline details. */
export const DOCUMENT_TYPE_NAMES: Record<DocumentType, string> = {
  dpr: 'DPR',
  pan_card: 'PAN card',
  bank_proof: 'Bank account proof',
  gst_certificate: 'GST certificate',
  caste_certificate: 'Caste certificate',
  other: 'Other document',
};
