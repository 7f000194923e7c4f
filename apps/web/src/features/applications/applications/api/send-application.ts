/** The wizard's one send: create the application, upload each chosen document (in parallel), then, when the
 * applicant submits rather than saves a draft, submit it. Each way it can stop is an outcome the page words for the
 * applicant: anything after creation leaves a draft that can be finished from its own page. */
import {
  DOCUMENT_TYPES,
  type Application,
  type CreateApplicationRequest,
  type DocumentType,
  type SubmitApplicationResponse,
} from '@portal/contract';
import { createApplication, submitApplication, uploadDocument } from './applications';

export type SendIntent = 'submit' | 'draft';

export type SendOutcome =
  /** Nothing was created; the wizard keeps everything typed. */
  | { kind: 'create_failed'; error: unknown }
  /** A draft exists, but these documents did not arrive, so it was not submitted (whatever the intent). */
  | { kind: 'uploads_failed'; application: Application; failed: DocumentType[] }
  /** A draft exists with every document, but the submit call failed. */
  | { kind: 'submit_failed'; application: Application; error: unknown }
  /** Saved as a draft, as asked. */
  | { kind: 'saved'; application: Application }
  /** Submitted: the server raised the invoices. */
  | { kind: 'submitted'; application: Application; answer: SubmitApplicationResponse };

export interface SendRequest {
  intent: SendIntent;
  application: CreateApplicationRequest;
  files: Partial<Record<DocumentType, File>>;
  /** Called as each document starts (0) and while it goes (0..1). */
  onProgress?: (type: DocumentType, fraction: number) => void;
}

export async function sendApplication({ intent, application, files, onProgress }: SendRequest): Promise<SendOutcome> {
  let created: Application;
  try {
    created = await createApplication(application);
  } catch (error) {
    return { kind: 'create_failed', error };
  }

  const chosen = DOCUMENT_TYPES.filter((type) => files[type]);
  chosen.forEach((type) => onProgress?.(type, 0));
  const results = await Promise.allSettled(
    chosen.map((type) => uploadDocument(created.id, type, files[type]!, (fraction) => onProgress?.(type, fraction))),
  );
  const failed = chosen.filter((_, index) => results[index]!.status === 'rejected');
  if (failed.length > 0) return { kind: 'uploads_failed', application: created, failed };
  if (intent === 'draft') return { kind: 'saved', application: created };

  try {
    const answer = await submitApplication(created.id);
    return { kind: 'submitted', application: answer.application, answer };
  } catch (error) {
    return { kind: 'submit_failed', application: created, error };
  }
}
