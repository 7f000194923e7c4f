/** Checks a file's own first bytes against its extension, so a renamed executable is not taken for a PDF. */
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // legacy .doc
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // .docx is a zip

const SIGNATURES: Record<string, number[][]> = {
  pdf: [PDF],
  png: [PNG],
  jpg: [JPEG],
  jpeg: [JPEG],
  doc: [OLE],
  docx: [ZIP],
};

export const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function bytesMatchExtension(bytes: Uint8Array, extension: string): boolean {
  const candidates = SIGNATURES[extension];
  if (!candidates) return false;
  return candidates.some((signature) => signature.every((byte, index) => bytes[index] === byte));
}

/** A name safe to echo in Content-Disposition: no path, no control or quote characters. */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (cleaned || 'file').slice(0, 200);
}
