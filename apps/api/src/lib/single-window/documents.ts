/** A CAF's documents, fetched from the single window's URLs before anything is written (decision 036): each is read
 * up to the portal's upload limit (one byte more is refused), its SHA-256 compared with the one the CAF gives, and its
 * type checked by its name and its own bytes as an upload's is. Any fault is a 422 naming the document's field. */
import crypto from 'node:crypto';
import {
  type CafDocument,
  DOCUMENT_RULES,
  extensionOf,
  isAcceptedExtension,
  MAX_UPLOAD_BYTES,
  SINGLE_WINDOW_LIMITS,
} from '@portal/contract';
import { invalidField } from '../../core/http-error';
import { bytesMatchExtension, CONTENT_TYPES, sanitiseFileName } from '../file-signatures';

export interface FetchedDocument {
  documentType: CafDocument['document_type'];
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

async function readLimited(url: string, field: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(SINGLE_WINDOW_LIMITS.documentFetchTimeoutMs),
    });
  } catch {
    throw invalidField(`${field}.url`, 'The document could not be fetched from its address');
  }
  if (!response.ok || !response.body) {
    throw invalidField(`${field}.url`, `The document's address answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) {
    await response.body.cancel();
    throw invalidField(`${field}.url`, 'The document is larger than 5 MB');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_UPLOAD_BYTES) {
      await reader.cancel();
      throw invalidField(`${field}.url`, 'The document is larger than 5 MB');
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** Fetches and checks every document, in order; the first fault refuses the CAF. */
export async function fetchCafDocuments(documents: readonly CafDocument[]): Promise<FetchedDocument[]> {
  const fetched: FetchedDocument[] = [];
  for (const [index, document] of documents.entries()) {
    const field = `body.documents.${index}`;
    const fileName = sanitiseFileName(document.file_name);
    const extension = extensionOf(fileName);
    const accepted = DOCUMENT_RULES[document.document_type].extensions;
    if (!isAcceptedExtension(fileName, accepted)) {
      throw invalidField(
        `${field}.file_name`,
        `This file type is not accepted for ${document.document_type}. Accepted types: ${accepted.join(', ').toUpperCase()}`,
      );
    }
    const bytes = await readLimited(document.url, field);
    if (bytes.length === 0) throw invalidField(`${field}.url`, 'The document is empty');
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    if (sha256 !== document.sha256) {
      throw invalidField(
        `${field}.sha256`,
        "The document's SHA-256 is not the one given: it changed or is another file",
      );
    }
    if (!bytesMatchExtension(bytes, extension)) {
      throw invalidField(`${field}.file_name`, `The file's content is not a valid ${extension.toUpperCase()} file`);
    }
    fetched.push({
      documentType: document.document_type,
      fileName,
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      bytes,
    });
  }
  return fetched;
}
