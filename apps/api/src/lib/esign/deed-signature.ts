/** The allottee's signature in the PDF: the document is prepared with a signature placeholder added as an incremental
 * update (after whatever the PDF holds already, the corporation's signature included, which it leaves intact), the
 * SHA-256 of the bytes the signature will cover is what the ESP signs, and the ESP's PKCS#7 is checked against that
 * hash and its signer before it is written into the placeholder. */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import { Certificate, ContentInfo, IssuerAndSerialNumber, SignedData } from 'pkijs';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { findByteRange, SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';

/** Room for the PKCS#7 in the placeholder: a 4096-bit signer, an ESP's chain of three certificates and more, in bytes
 * (the placeholder holds twice as many hex digits). */
export const SIGNATURE_ROOM_BYTES = 16_384;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  commonName: '2.5.4.3',
} as const;

export interface SignatureDetails {
  /** The signer as the PDF names them before the certificate does (the allotment's holder). */
  name: string;
  reason: string;
  location: string;
  signingTime: Date;
}

/** A prepared PDF and the SHA-256 (hex) of the bytes its placeholder's signature will cover. */
export interface PreparedPdf {
  pdf: Buffer;
  documentHash: string;
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** The last signature dictionary's byte range, and its /Contents as the gap between the two ranges. */
function lastByteRange(pdf: Buffer): [number, number, number, number] | null {
  const all = [...pdf.toString('latin1').matchAll(BYTE_RANGE)];
  const last = all.at(-1);
  return last ? [Number(last[1]), Number(last[2]), Number(last[3]), Number(last[4])] : null;
}

function coveredBytes(pdf: Buffer, [start, firstLength, second, secondLength]: number[]): Buffer {
  return Buffer.concat([pdf.subarray(start, start! + firstLength!), pdf.subarray(second, second! + secondLength!)]);
}

/** Adds the allottee's signature field and an empty /Contents of SIGNATURE_ROOM_BYTES as an incremental update, fills
 * in its /ByteRange (everything but the /Contents), and answers the prepared bytes and the hash the ESP must sign. */
export function preparePdfForSignature(pdf: Buffer, details: SignatureDetails): PreparedPdf {
  let prepared = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: details.reason,
    contactInfo: '',
    name: details.name,
    location: details.location,
    signingTime: details.signingTime,
    signatureLength: SIGNATURE_ROOM_BYTES,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
  });
  // As @signpdf/signpdf places a signature, split in two: the byte range now, the PKCS#7 when the ESP answers.
  const { byteRangePlaceholder, byteRangePlaceholderPosition } = findByteRange(prepared);
  if (!byteRangePlaceholder || byteRangePlaceholderPosition === undefined) {
    throw new Error('The signature placeholder was not added');
  }
  const byteRangeEnd = byteRangePlaceholderPosition + byteRangePlaceholder.length;
  const contentsStart = prepared.indexOf('<', prepared.indexOf('/Contents ', byteRangeEnd));
  const contentsEnd = prepared.indexOf('>', contentsStart) + 1;
  const byteRange = [0, contentsStart, contentsEnd, prepared.length - contentsEnd];
  const written = `/ByteRange [${byteRange.join(' ')}]`.padEnd(byteRangePlaceholder.length, ' ');
  prepared = Buffer.concat([
    prepared.subarray(0, byteRangePlaceholderPosition),
    Buffer.from(written, 'latin1'),
    prepared.subarray(byteRangeEnd),
  ]);
  return { pdf: prepared, documentHash: documentHashOf(prepared) };
}

/** SHA-256 (hex) of the bytes the last signature of `pdf` covers. */
export function documentHashOf(pdf: Buffer): string {
  const range = lastByteRange(pdf);
  if (!range) throw new Error('The PDF has no signature byte range');
  return crypto.createHash('sha256').update(coveredBytes(pdf, range)).digest('hex');
}

/** The bytes the prepared PDF's placeholder signature covers. */
export function signedBytesOf(prepared: Buffer): Buffer {
  const range = lastByteRange(prepared);
  if (!range) throw new Error('The PDF has no signature byte range');
  return coveredBytes(prepared, range);
}

/** Writes the PKCS#7 into the prepared PDF's empty placeholder. */
export function embedSignature(prepared: Buffer, pkcs7: Buffer): Buffer {
  const range = lastByteRange(prepared);
  if (!range) throw new Error('The PDF has no signature byte range');
  const [, contentsStart, contentsEnd] = range;
  const room = contentsEnd - contentsStart - 2;
  const placeholder = prepared.subarray(contentsStart + 1, contentsEnd - 1).toString('latin1');
  if (prepared[contentsStart] !== 0x3c || prepared[contentsEnd - 1] !== 0x3e || !/^0+$/.test(placeholder)) {
    throw new Error('The prepared PDF has no empty signature placeholder');
  }
  const hex = pkcs7.toString('hex');
  if (hex.length > room) throw new Error(`The signature (${hex.length} hex digits) exceeds its room (${room})`);
  return Buffer.concat([
    prepared.subarray(0, contentsStart + 1),
    Buffer.from(hex.padEnd(room, '0'), 'latin1'),
    prepared.subarray(contentsEnd - 1),
  ]);
}

/** Why an ESP's PKCS#7 is not the signature asked for. */
export type Pkcs7Problem =
  /** Not a detached CMS SignedData with one signer and signed attributes. */
  | 'malformed'
  /** Its messageDigest is not the hash of the document. */
  | 'hash_mismatch'
  /** Its signer's certificate is not the response's UserX509Certificate. */
  | 'certificate_mismatch'
  /** Its signature does not verify with its signer's certificate. */
  | 'signature_invalid';

export type Pkcs7Check = { ok: true; signerName: string } | { ok: false; problem: Pkcs7Problem };

function signedDataOf(der: Buffer): SignedData | null {
  try {
    const parsed = asn1js.fromBER(new Uint8Array(der));
    if (parsed.offset === -1) return null;
    const info = new ContentInfo({ schema: parsed.result });
    return info.contentType === OID.signedData ? new SignedData({ schema: info.content }) : null;
  } catch {
    return null;
  }
}

export function commonNameOf(certificate: Certificate): string {
  const attribute = certificate.subject.typesAndValues.find((entry) => entry.type === OID.commonName);
  return attribute ? String(attribute.value.valueBlock.value) : '';
}

/** Checks that `pkcs7` is a detached CMS SignedData by the holder of `certificate` (DER) over `signedBytes`, whose
 * messageDigest attribute is `documentHash` (hex). */
export async function checkDocumentSignature(
  pkcs7: Buffer,
  expected: { documentHash: string; certificate: Buffer; signedBytes: Buffer },
): Promise<Pkcs7Check> {
  const signedData = signedDataOf(pkcs7);
  const signerInfo = signedData?.signerInfos.length === 1 ? signedData.signerInfos[0] : undefined;
  if (
    !signedData ||
    !signerInfo?.signedAttrs ||
    signedData.encapContentInfo.eContentType !== OID.data ||
    signedData.encapContentInfo.eContent !== undefined
  ) {
    return { ok: false, problem: 'malformed' };
  }
  const digests = signerInfo.signedAttrs.attributes.filter((attribute) => attribute.type === OID.messageDigest);
  const digest = digests.length === 1 && digests[0]!.values.length === 1 ? digests[0]!.values[0] : undefined;
  if (!(digest instanceof asn1js.OctetString)) return { ok: false, problem: 'malformed' };
  if (Buffer.from(digest.valueBlock.valueHexView).toString('hex') !== expected.documentHash) {
    return { ok: false, problem: 'hash_mismatch' };
  }
  let user: Certificate;
  try {
    user = Certificate.fromBER(new Uint8Array(expected.certificate));
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  const sid = signerInfo.sid;
  if (
    sid instanceof IssuerAndSerialNumber &&
    !(user.serialNumber.isEqual(sid.serialNumber) && user.issuer.isEqual(sid.issuer))
  ) {
    return { ok: false, problem: 'certificate_mismatch' };
  }
  // The response's certificate first: the check uses it whatever other certificates the signature carries.
  signedData.certificates = [user, ...(signedData.certificates ?? [])];
  // In extended mode pkijs answers (or throws) what it found: the signer's certificate and whether the signature holds.
  type Outcome = { signatureVerified?: boolean | null; signerCertificate?: Certificate | null };
  let verified: Outcome;
  try {
    verified = (await signedData.verify({
      signer: 0,
      data: new Uint8Array(expected.signedBytes).buffer,
      extendedMode: true,
    })) as unknown as Outcome;
  } catch (error) {
    verified = error as Outcome;
  }
  if (verified.signerCertificate !== user) return { ok: false, problem: 'certificate_mismatch' };
  if (verified.signatureVerified !== true) return { ok: false, problem: 'signature_invalid' };
  return { ok: true, signerName: commonNameOf(user) };
}
