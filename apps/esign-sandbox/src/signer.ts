/** The signer's side of the sandbox ESP: a certificate issued by the TEST CA for the name given on the OTP page, and a
 * detached CMS SignedData (PKCS#7) over the hash the ASP sent, as an ESP's `responseSigType="pkcs7"` answer carries it:
 * its signed attributes are contentType (data), signingTime and messageDigest, which is the InputHash itself. The
 * document never reaches the ESP, so the SignedData is built from the hash alone. */
import crypto from 'node:crypto';
import forge from 'node-forge';
import { SANDBOX_CA_CERT_PEM, SANDBOX_CA_KEY_PEM } from './test-keys';

const { asn1, pki } = forge;
const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

export interface SignerIdentity {
  certificate: forge.pki.Certificate;
  /** PEM (PKCS#8). */
  privateKeyPem: string;
}

const caCertificate = pki.certificateFromPem(SANDBOX_CA_CERT_PEM);
const caKey = pki.privateKeyFromPem(SANDBOX_CA_KEY_PEM);

/** A signer's certificate as an eSign CA issues one for a signing: the name the signer gave, valid from an hour before
 * `now` (clocks differ) for two years, for signatures only. node:crypto makes the key (node-forge's takes seconds). */
export function issueSignerCertificate(name: string, now: Date): SignerIdentity {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificate = pki.createCertificate();
  certificate.publicKey = pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // Positive and at most 20 bytes, as RFC 5280 asks.
  certificate.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  certificate.validity.notAfter = new Date(now.getTime() + 2 * 365 * 24 * 60 * 60 * 1000);
  certificate.setSubject([
    // A name in any script: a UTF8String.
    { name: 'commonName', value: name, valueTagClass: asn1.Type.UTF8 as number as forge.asn1.Class },
    { name: 'organizationName', value: 'TEST MODE: Aadhaar eSign sandbox' },
    { name: 'countryName', value: 'IN' },
  ]);
  certificate.setIssuer(caCertificate.subject.attributes);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(caKey, forge.md.sha256.create());
  return { certificate, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

const oid = (value: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const sequence = (value: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, value);
const set = (value: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, value);
const integer = (value: number) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const algorithm = (value: string) =>
  sequence([oid(value), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')]);
const attribute = (type: string, value: forge.asn1.Asn1) => sequence([oid(type), set([value])]);

/** UTCTime for years 1950 to 2049 and GeneralizedTime after, as RFC 5280 has it for the signingTime attribute too. */
function timeOf(date: Date): forge.asn1.Asn1 {
  return date.getUTCFullYear() < 2050
    ? asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTCTIME, false, asn1.dateToUtcTime(date))
    : asn1.create(asn1.Class.UNIVERSAL, asn1.Type.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(date));
}

/** The DER of a detached CMS SignedData over a document whose SHA-256 is `digest`, signed by `signer`, carrying the
 * signer's certificate and the CA's. */
export function detachedSignedData(digest: Buffer, signer: SignerIdentity, signingTime: Date): Buffer {
  if (digest.length !== 32) throw new Error('A SHA-256 digest is 32 bytes');
  // DER orders a SET OF by its members' encodings; a verifier that encodes the attributes again (NSS) gets these bytes.
  const signedAttributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.signingTime, timeOf(signingTime)),
    attribute(
      OID.messageDigest,
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, digest.toString('binary')),
    ),
  ]
    .map((member) => ({ member, der: Buffer.from(asn1.toDer(member).getBytes(), 'binary') }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ member }) => member);
  // The signature is over the DER of the attributes as a SET OF; in the SignerInfo they are [0] IMPLICIT.
  const signedBytes = Buffer.from(asn1.toDer(set(signedAttributes)).getBytes(), 'binary');
  const signature = crypto.sign('sha256', signedBytes, signer.privateKeyPem);
  const certificate = signer.certificate;
  const signerInfo = sequence([
    integer(1),
    // IssuerAndSerialNumber.
    sequence([
      pki.distinguishedNameToAsn1(certificate.issuer),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, forge.util.hexToBytes(certificate.serialNumber)),
    ]),
    algorithm(OID.sha256),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, signedAttributes),
    algorithm(OID.rsaEncryption),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, signature.toString('binary')),
  ]);
  const signedData = sequence([
    integer(1),
    set([algorithm(OID.sha256)]),
    // Detached: the content type alone, no content.
    sequence([oid(OID.data)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      pki.certificateToAsn1(certificate),
      pki.certificateToAsn1(caCertificate),
    ]),
    set([signerInfo]),
  ]);
  const contentInfo = sequence([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]);
  return Buffer.from(asn1.toDer(contentInfo).getBytes(), 'binary');
}

/** A certificate's DER, base64: how the EsignResp's UserX509Certificate carries it. */
export function certificateBase64(certificate: forge.pki.Certificate): string {
  return forge.util.encode64(asn1.toDer(pki.certificateToAsn1(certificate)).getBytes());
}
