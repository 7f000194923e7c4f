/** The eSign API 2.1 messages the portal exchanges with an ESP: the request it signs as the ASP (Esign, one InputHash
 * of the document to sign, a PKCS#7 answer asked for), and the ESP's answer (EsignResp), read only through the
 * content the ESP's signature covers. */
import type { EsignConfig } from './config';
import { verifyEnveloped, signEnveloped } from './xml-signature';

/** The form fields the browser carries the two messages in, as ESPs name them. */
export const ESIGN_REQUEST_FIELD = 'eSignRequest';
export const ESIGN_RESPONSE_FIELD = 'eSignResponse';

export interface EsignRequestFields {
  txn: string;
  /** Lower-case hex SHA-256 of the bytes to sign. */
  documentHash: string;
  /** What the signer is shown about the document. */
  docInfo: string;
  /** Where the ESP sends the browser back with its answer. */
  responseUrl: string;
  now: Date;
}

/** The eSign API's timestamps: Indian Standard Time, without a zone, to the second. */
export function esignTimestamp(date: Date): string {
  return new Date(date.getTime() + 330 * 60 * 1000).toISOString().slice(0, 19);
}

function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** The ASP-signed Esign request: OTP authentication (AuthMode 1) of an Aadhaar holder (ekycIdType A) who gives their
 * consent (sc Y), for a detached PKCS#7 signature over one SHA-256 hash. */
export function signedEsignRequest(config: EsignConfig, fields: EsignRequestFields): string {
  const attributes = {
    ver: '2.1',
    sc: 'Y',
    ts: esignTimestamp(fields.now),
    txn: fields.txn,
    ekycId: '',
    ekycIdType: 'A',
    aspId: config.aspId,
    AuthMode: '1',
    responseSigType: 'pkcs7',
    preVerified: 'n',
    organizationFlag: 'n',
    responseUrl: fields.responseUrl,
  };
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<Esign ${Object.entries(attributes)
      .map(([name, value]) => `${name}="${escapeXml(value)}"`)
      .join(' ')}>` +
    `<Docs><InputHash id="1" hashAlgorithm="SHA256" docInfo="${escapeXml(fields.docInfo)}">${fields.documentHash}</InputHash></Docs>` +
    '</Esign>';
  return signEnveloped(xml, config.aspKeyPem, config.aspCertPem);
}

/** What an ESP's answer says, once read. */
export type EsignResponse =
  /** Not an EsignResp at all. */
  | { kind: 'unreadable' }
  /** Its signature does not verify with the ESP's certificate: nothing in it is believed but the txn it names, which
   * only finds the transaction to record the refusal on. */
  | { kind: 'unverified'; txn: string | null }
  /** The ESP did not sign (status 0): its error code and message. */
  | { kind: 'refused'; txn: string; errCode: string; errMsg: string }
  /** Signed (status 1), but without the signer's certificate or the document's signature. */
  | { kind: 'incomplete'; txn: string }
  /** Signed: the signer's certificate and the PKCS#7 over the document's hash (DER). */
  | { kind: 'signed'; txn: string; certificate: Buffer; pkcs7: Buffer };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function base64Of(text: string | null | undefined): Buffer | null {
  const compact = (text ?? '').replace(/\s+/g, '');
  return compact && BASE64.test(compact) ? Buffer.from(compact, 'base64') : null;
}

/** The XML a browser posted: as it is, or base64 of it (some ESPs encode it). */
export function xmlOfField(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.startsWith('<')) return trimmed;
  const decoded = base64Of(trimmed)?.toString('utf8').trim();
  return decoded?.startsWith('<') ? decoded : null;
}

/** Reads an EsignResp, believing it only through what the ESP's signature (`espCertPem`) covers. */
export function readEsignResponse(xml: string, espCertPem: string): EsignResponse {
  const claimedTxn = /<EsignResp\b[^>]*\btxn="([^"]{1,200})"/.exec(xml)?.[1] ?? null;
  if (!/^\s*(<\?xml[^>]*\?>\s*)?<EsignResp\b/.test(xml)) return { kind: 'unreadable' };
  const covered = verifyEnveloped(xml, espCertPem, 'EsignResp');
  if (!covered) return { kind: 'unverified', txn: claimedTxn };
  const txn = covered.getAttribute('txn') ?? '';
  if (covered.getAttribute('status') !== '1') {
    return {
      kind: 'refused',
      txn,
      errCode: covered.getAttribute('errCode') || 'NA',
      errMsg: covered.getAttribute('errMsg') || '',
    };
  }
  const certificate = base64Of(covered.getElementsByTagName('UserX509Certificate')[0]?.textContent);
  const signatures = Array.from(covered.getElementsByTagName('DocSignature'));
  const document = signatures.length === 1 && signatures[0]!.getAttribute('id') === '1' ? signatures[0] : undefined;
  const pkcs7 = document?.getAttribute('sigHashAlgorithm') === 'SHA256' ? base64Of(document.textContent) : null;
  if (!certificate || !pkcs7) return { kind: 'incomplete', txn };
  return { kind: 'signed', txn, certificate, pkcs7 };
}
