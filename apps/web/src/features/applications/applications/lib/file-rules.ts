/** The browser's check of a chosen file against the contract's rules (the server checks again). */
import { isAcceptedExtension, MAX_UPLOAD_BYTES, type FileExtension } from '@portal/contract';

export type FileProblem = { kind: 'tooLarge' } | { kind: 'wrongType'; types: string };

export function acceptedTypesText(extensions: readonly FileExtension[]): string {
  return extensions.map((extension) => extension.toUpperCase()).join(', ');
}

/** The first rule the file breaks, or null. */
export function fileProblem(file: File, extensions: readonly FileExtension[]): FileProblem | null {
  if (file.size > MAX_UPLOAD_BYTES) return { kind: 'tooLarge' };
  if (!isAcceptedExtension(file.name, extensions)) return { kind: 'wrongType', types: acceptedTypesText(extensions) };
  return null;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
