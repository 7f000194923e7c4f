/** The document checklist of an application (GET /applications/{id}/documents/checklist): one row per document
 * type, required types first, saying where each stands so the applicant sees what to upload or upload again. */
import { z } from 'zod';
import { DOCUMENT_RULES, DOCUMENT_TYPES, type DocumentType } from './documents';

/** missing: no current document of the type; otherwise the status of its current (not replaced) document. */
export const DOCUMENT_CHECKLIST_STATES = ['missing', 'pending', 'verified', 'rejected'] as const;
export type DocumentChecklistState = (typeof DOCUMENT_CHECKLIST_STATES)[number];

export const documentChecklistItemSchema = z.object({
  document_type: z.enum(DOCUMENT_TYPES),
  required: z.boolean(),
  state: z.enum(DOCUMENT_CHECKLIST_STATES),
  /** The current document the state is read from; null when missing. */
  document_id: z.uuid().nullable(),
  /** Why an officer rejected it; set only when the state is rejected. */
  rejection_reason: z.string().nullable(),
});
export type DocumentChecklistItem = z.infer<typeof documentChecklistItemSchema>;

export const documentChecklistSchema = z.array(documentChecklistItemSchema);
export type DocumentChecklist = z.infer<typeof documentChecklistSchema>;

/** Every document type in checklist order: the required ones first, each group in the order of DOCUMENT_TYPES. */
export const CHECKLIST_DOCUMENT_TYPES: readonly DocumentType[] = [
  ...DOCUMENT_TYPES.filter((type) => DOCUMENT_RULES[type].required),
  ...DOCUMENT_TYPES.filter((type) => !DOCUMENT_RULES[type].required),
];

/**
 * With several current documents of one type (an "other" may be uploaded more than once), one verified is
 * enough; otherwise pending (waiting on an officer) comes before rejected (waiting on the applicant).
 */
export const CHECKLIST_STATE_PRIORITY: readonly Exclude<DocumentChecklistState, 'missing'>[] = [
  'verified',
  'pending',
  'rejected',
];
