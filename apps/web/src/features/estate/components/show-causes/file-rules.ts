/** The browser's check of a file chosen for a show-cause reply (the server checks again), and its size in words. */
import { isAcceptedExtension, MAX_UPLOAD_BYTES, type FileExtension } from '@portal/contract';

/** What a reply may attach: a PDF or a picture. */
export const SHOW_CAUSE_DOCUMENT_EXTENSIONS: readonly FileExtension[] = ['pdf', 'jpg', 'jpeg', 'png'];

export function acceptedTypesText(extensions: readonly FileExtension[]): string {
  return extensions.map((extension) => extension.toUpperCase()).join(', ');
}

/** Why the file may not be attached, or null. */
export function fileProblem(file: File, extensions: readonly FileExtension[]): 'tooLarge' | 'wrongType' | null {
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  if (!isAcceptedExtension(file.name, extensions)) return 'wrongType';
  return null;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
