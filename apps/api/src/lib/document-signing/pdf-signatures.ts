/** Reads and checks the signatures of a PDF (decision 035): each signature dictionary's /ByteRange names the bytes it
 * signed, and the gap between its two ranges is its /Contents, a detached CMS SignedData (PKCS#7) over them. The CMS
 * is verified with pkijs; the signer's certificate chain against the corporation's CA (the configured one or the
 * DEMO CA) and, for an allottee's eSign, against the trusted eSign CAs; nothing else is a trust anchor. */
import * as asn1js from 'asn1js';
import { Certificate, CertificateChainValidationEngine, ContentInfo, SignedData } from 'pkijs';
import type { FileSignatureVerdict, SignatureState } from '@portal/contract';
import { machineNow } from '../../core/clock';

/** The certificates (PEM) a signature may chain to. */
export interface SignatureTrust {
  /** The corporation's CA certificates: the configured chain's, or the DEMO CA. */
  corporation: string[];
  /** The DEMO CA, when one was ever made: a signature chaining to it is a DEMO signature. */
  demo: string | undefined;
  /** The eSign CAs whose signatures (an allottee's eSign) are trusted (ESIGN_TRUSTED_CA_PEM). */
  esign: string[];
}

export interface PdfSignature {
  /** The signing certificate's subject common name ('' when the signature cannot be read). */
  signer: string;
  state: SignatureState;
  /** The signed ranges run from the first byte to the last, leaving out only the signature itself. */
  coversWholeFile: boolean;
  /** Chains to the corporation's CA. */
  byCorporation: boolean;
  /** Chains to the DEMO CA. */
  demo: boolean;
  /** The signing time the signer put in the signature, if any. */
  signedAt: Date | null;
}

export type PdfSignatureChecker = (pdf: Buffer) => Promise<PdfSignature[]>;

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
const OID_COMMON_NAME = '2.5.4.3';
const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';

function certificateOf(pem: string): Certificate {
  const base64 = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return Certificate.fromBER(new Uint8Array(Buffer.from(base64, 'base64')));
}

function commonName(certificate: Certificate | undefined): string {
  const attribute = certificate?.subject.typesAndValues.find((entry) => entry.type === OID_COMMON_NAME);
  return attribute ? String(attribute.value.valueBlock.value) : '';
}

function signingTimeOf(signedData: SignedData): Date | null {
  const attribute = signedData.signerInfos[0]?.signedAttrs?.attributes.find((entry) => entry.type === OID_SIGNING_TIME);
  const value = attribute?.values[0];
  return value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime ? value.toDate() : null;
}

/** Whether the signer's certificate, with the certificates the signature carries, chains to one of `anchors` at
 * `when`. */
async function chainsTo(signedData: SignedData, signer: Certificate, anchors: Certificate[], when: Date) {
  if (anchors.length === 0) return false;
  const carried = (signedData.certificates ?? []).filter(
    (certificate): certificate is Certificate => certificate instanceof Certificate && certificate !== signer,
  );
  // The engine starts its path from the last certificate it is given.
  const engine = new CertificateChainValidationEngine({
    trustedCerts: anchors,
    certs: [...carried, signer],
    checkDate: when,
  });
  try {
    return (await engine.verify()).result;
  } catch {
    return false;
  }
}

interface Trusted {
  corporation: Certificate[];
  demo: Certificate[];
  esign: Certificate[];
}

/** /ByteRange [start firstLength second secondLength]: the signed bytes are the two ranges, the gap the signature. */
type ByteRange = [number, number, number, number];

async function checkOne(
  pdf: Buffer,
  [start, firstLength, second, secondLength]: ByteRange,
  trusted: Trusted,
): Promise<PdfSignature> {
  const coversWholeFile = start === 0 && second + secondLength === pdf.length;
  const broken: PdfSignature = {
    signer: '',
    state: 'altered',
    coversWholeFile,
    byCorporation: false,
    demo: false,
    signedAt: null,
  };
  // The gap between the ranges must be the signature's hex string, <...>, and nothing else.
  const gapStart = start + firstLength;
  if (
    start !== 0 ||
    second <= gapStart ||
    second + secondLength > pdf.length ||
    pdf[gapStart] !== 0x3c ||
    pdf[second - 1] !== 0x3e
  ) {
    return broken;
  }
  const hex = pdf
    .subarray(gapStart + 1, second - 1)
    .toString('latin1')
    .replace(/\s+/g, '');
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) return broken;

  let signedData: SignedData;
  try {
    const contents = Buffer.from(hex, 'hex');
    const parsed = asn1js.fromBER(new Uint8Array(contents));
    // The CMS, then nothing but the placeholder's zero padding: anything else there was written after signing.
    if (parsed.offset === -1 || contents.subarray(parsed.offset).some((byte) => byte !== 0)) return broken;
    signedData = new SignedData({ schema: new ContentInfo({ schema: parsed.result }).content });
  } catch {
    return broken;
  }
  const signedBytes = Buffer.concat([pdf.subarray(start, gapStart), pdf.subarray(second, second + secondLength)]);
  const signedAt = signingTimeOf(signedData);
  let signer: Certificate | undefined;
  let intact = false;
  try {
    const data = new Uint8Array(signedBytes).buffer;
    const result = await signedData.verify({ signer: 0, data, extendedMode: true });
    signer = result.signerCertificate ?? undefined;
    intact = result.signatureVerified === true;
  } catch (error) {
    signer = (error as { signerCertificate?: Certificate }).signerCertificate;
  }
  if (!intact || !signer) return { ...broken, signer: commonName(signer), signedAt };

  // A certificate is judged as it stood when the document was signed: a letter outlives the certificate.
  const when = signedAt ?? machineNow();
  const byCorporation = await chainsTo(signedData, signer, trusted.corporation, when);
  const demo = await chainsTo(signedData, signer, trusted.demo, when);
  const trustedSigner = byCorporation || (await chainsTo(signedData, signer, trusted.esign, when));
  return {
    signer: commonName(signer),
    state: trustedSigner ? 'valid' : 'untrusted',
    coversWholeFile,
    byCorporation,
    demo,
    signedAt,
  };
}

/** A checker of PDFs' signatures against `trust`, in the order they were made (an earlier one signs a shorter
 * prefix of the file). */
export function pdfSignatureChecker(trust: SignatureTrust): PdfSignatureChecker {
  const trusted: Trusted = {
    corporation: trust.corporation.map(certificateOf),
    demo: trust.demo ? [certificateOf(trust.demo)] : [],
    esign: trust.esign.map(certificateOf),
  };
  return async (pdf) => {
    const ranges = new Map<string, ByteRange>();
    for (const match of pdf.toString('latin1').matchAll(BYTE_RANGE)) {
      ranges.set(match.slice(1, 5).join(' '), match.slice(1, 5).map(Number) as ByteRange);
    }
    const signatures = [...ranges.values()].sort((a, b) => a[2] + a[3] - (b[2] + b[3]));
    return Promise.all(signatures.map((range) => checkOne(pdf, range, trusted)));
  };
}

/** The file's answer in one word: missing (no signature); altered (a signature does not verify, or bytes were
 * added after the last one); untrusted (intact, but a signer is not trusted or none is the corporation); valid. */
export function fileSignatureVerdict(signatures: PdfSignature[]): FileSignatureVerdict {
  if (signatures.length === 0) return 'missing';
  if (signatures.some((signature) => signature.state === 'altered')) return 'altered';
  if (!signatures.some((signature) => signature.coversWholeFile)) return 'altered';
  if (signatures.some((signature) => signature.state === 'untrusted')) return 'untrusted';
  return signatures.some((signature) => signature.byCorporation) ? 'valid' : 'untrusted';
}
