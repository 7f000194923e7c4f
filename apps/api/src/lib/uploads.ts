/** Reads one multipart upload, checks its size, extension and magic bytes, and stores it. */
import type { FastifyRequest } from 'fastify';
import { extensionOf, isAcceptedExtension, MAX_UPLOAD_BYTES, type FileExtension } from '@portal/contract';
import { bytesMatchExtension, CONTENT_TYPES, sanitiseFileName } from './file-signatures';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType, unprocessable } from '../core/http-error';

export interface ReceivedFile {
  fileName: string;
  extension: string;
  contentType: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

/** Parses the multipart body: text fields and one part named `file`. */
export async function receiveUpload(request: FastifyRequest): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw unprocessable(`Unexpected file field '${part.fieldname}'`);
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > MAX_UPLOAD_BYTES)
          throw payloadTooLarge('File size should not exceed 5MB');
        file = { fileName: sanitiseFileName(part.filename), bytes };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw unreadableMultipart(error);
  }
  if (!file) throw badRequest('Please select a file');
  if (file.bytes.length === 0) throw badRequest('The file is empty');
  const extension = extensionOf(file.fileName);
  return { ...file, extension, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', fields };
}

/** A multipart body the parser cannot read (no boundary, a part cut off) throws a plain error: it is the caller's
 * malformed request (400), not a fault of the server. Errors meant for the caller pass through. */
export function unreadableMultipart(error: unknown): unknown {
  if (error instanceof HttpError || (error as { statusCode?: number } | null)?.statusCode) return error;
  return badRequest('The upload could not be read: send it as well-formed multipart/form-data');
}

export function assertAcceptedFile(file: ReceivedFile, accepted: readonly FileExtension[]): void {
  const list = accepted.map((ext) => ext.toUpperCase()).join(', ');
  if (!isAcceptedExtension(file.fileName, accepted)) {
    throw unsupportedMediaType(`This file type is not accepted. Accepted types: ${list}`);
  }
  if (!bytesMatchExtension(file.bytes, file.extension)) {
    throw unsupportedMediaType(`The file's content is not a valid ${file.extension.toUpperCase()} file`);
  }
}
