/** The eSign API's XML signatures, as the sandbox ESP makes and checks them: one enveloped XML-DSig signature over the
 * whole document (Reference URI=""), RSA-SHA256 with SHA-256 digests and exclusive canonicalisation, its certificate in
 * KeyInfo. A document is believed only through the content the signature covers. */
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

const XMLDSIG = 'http://www.w3.org/2000/09/xmldsig#';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const EXCLUSIVE_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

/** Parses XML, or answers null for anything that is not well-formed. */
export function parseXml(xml: string): Document | null {
  let failed = false;
  const document = new DOMParser({
    errorHandler: { warning: () => undefined, error: () => (failed = true), fatalError: () => (failed = true) },
  }).parseFromString(xml, 'text/xml');
  return failed || !document?.documentElement ? null : document;
}

/** `xml` with an enveloped signature by `keyPem` appended to its root element. */
export function signEnveloped(xml: string, keyPem: string, certPem: string): string {
  const signature = new SignedXml({
    privateKey: keyPem,
    publicCert: certPem,
    canonicalizationAlgorithm: EXCLUSIVE_C14N,
    signatureAlgorithm: RSA_SHA256,
  });
  signature.addReference({
    xpath: '/*',
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', EXCLUSIVE_C14N],
    isEmptyUri: true,
  });
  signature.computeSignature(xml, { location: { reference: '/*', action: 'append' } });
  return signature.getSignedXml();
}

/** The root element of `xml` as its signature covers it, when the signature verifies with `certPem`: exactly one
 * Signature, a child of the root `rootName`, RSA-SHA256, over the whole document. Null otherwise. */
export function verifyEnveloped(xml: string, certPem: string, rootName: string): Element | null {
  const document = parseXml(xml);
  const root = document?.documentElement;
  if (!root || root.localName !== rootName || root.namespaceURI) return null;
  const signatures = Array.from(root.getElementsByTagNameNS(XMLDSIG, 'Signature'));
  if (signatures.length !== 1 || signatures[0]!.parentNode !== root) return null;
  const verifier = new SignedXml({ publicCert: certPem, getCertFromKeyInfo: () => null });
  try {
    verifier.loadSignature(signatures[0]!);
    if (verifier.signatureAlgorithm !== RSA_SHA256 || !verifier.checkSignature(xml)) return null;
  } catch {
    return null;
  }
  const signed = verifier.getSignedReferences();
  const covered = signed.length === 1 ? parseXml(signed[0]!)?.documentElement : undefined;
  return covered && covered.localName === rootName ? covered : null;
}
