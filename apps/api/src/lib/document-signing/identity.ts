/** The identity that signs issued PDFs (decision 035): a PKCS#12 file (its key, its certificate and the chain up to
 * the corporation's CA) read once at start, or the DEMO CA and its document-signing certificate the portal makes on
 * its first start when none is configured. */
import crypto from 'node:crypto';
import forge from 'node-forge';

/** A signing identity ready for @signpdf's P12Signer, and what a reader of its signatures needs. */
export interface SigningIdentity {
  p12: Buffer;
  passphrase: string;
  /** The signing certificate's subject common name. */
  signerName: string;
  notBefore: Date;
  notAfter: Date;
  /** The CA certificates of the chain (PEM): the anchors a signature is trusted against. */
  caCertificates: string[];
  /** The DER size of every certificate the signature carries. */
  chainBytes: number;
}

/** The DEMO identity as the table document_signing_identities keeps it (PEM). */
export interface DemoIdentityPems {
  caCertificate: string;
  certificate: string;
  privateKey: string;
}

export const DEMO_CA_NAME = 'DEMO Industrial Infrastructure Corporation Document CA (not for real use)';
export const demoSignerName = (orgName: string) => `DEMO ${orgName} document signing`;
const DEMO_VALIDITY_YEARS = 10;
/** id-kp-documentSigning (RFC 9336), beside emailProtection, which NSS (and so pdfsig) asks of a PDF signer. */
const DOCUMENT_SIGNING_EKU = '1.3.6.1.5.5.7.3.36';

const commonNameOf = (certificate: forge.pki.Certificate): string =>
  String(certificate.subject.getField('CN')?.value ?? '');

const derBytes = (certificate: forge.pki.Certificate) =>
  forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).length();

function randomSerial(): string {
  // Positive: the high bit of the first byte clear.
  const bytes = crypto.randomBytes(16);
  bytes[0]! &= 0x7f;
  return bytes.toString('hex');
}

/** node:crypto makes the RSA keys (node-forge's pure JavaScript takes seconds for one); node-forge the certificates. */
function rsaKeyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

/** A new DEMO CA and a document-signing certificate it issued to the organisation, valid for ten years from `now`. */
export function makeDemoIdentity(orgName: string, now: Date): DemoIdentityPems {
  const caKeys = rsaKeyPair();
  const signerKeys = rsaKeyPair();
  // An hour early: a process whose clock runs a little behind the one that made it still signs within its validity.
  const notBefore = new Date(now.getTime() - 3_600_000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + DEMO_VALIDITY_YEARS);

  const caSubject = [
    { name: 'commonName', value: DEMO_CA_NAME },
    { name: 'organizationName', value: `DEMO ${orgName}` },
    { name: 'countryName', value: 'IN' },
  ];
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = randomSerial();
  ca.validity.notBefore = notBefore;
  ca.validity.notAfter = notAfter;
  ca.setSubject(caSubject);
  ca.setIssuer(caSubject);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const certificate = forge.pki.createCertificate();
  certificate.publicKey = signerKeys.publicKey;
  certificate.serialNumber = randomSerial();
  certificate.validity.notBefore = notBefore;
  certificate.validity.notAfter = notAfter;
  certificate.setSubject([
    { name: 'commonName', value: demoSignerName(orgName) },
    { name: 'organizationName', value: `DEMO ${orgName}` },
    { name: 'countryName', value: 'IN' },
  ]);
  certificate.setIssuer(caSubject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true, [DOCUMENT_SIGNING_EKU]: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  certificate.sign(caKeys.privateKey, forge.md.sha256.create());

  return {
    caCertificate: forge.pki.certificateToPem(ca),
    certificate: forge.pki.certificateToPem(certificate),
    privateKey: forge.pki.privateKeyToPem(signerKeys.privateKey),
  };
}

function identityOf(
  key: forge.pki.rsa.PrivateKey,
  certificates: forge.pki.Certificate[],
  p12: Buffer,
  passphrase: string,
  source: string,
): SigningIdentity {
  const signer = certificates.find((certificate) => {
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!signer) throw new Error(`${source} holds no certificate for its private key`);
  const cas = certificates.filter((certificate) => certificate !== signer);
  if (!cas.some((ca) => signer.isIssuer(ca))) {
    throw new Error(`${source} must also hold the certificate of the CA that issued its signing certificate`);
  }
  return {
    p12,
    passphrase,
    signerName: commonNameOf(signer),
    notBefore: signer.validity.notBefore,
    notAfter: signer.validity.notAfter,
    caCertificates: cas.map((ca) => forge.pki.certificateToPem(ca)),
    chainBytes: certificates.reduce((sum, certificate) => sum + derBytes(certificate), 0),
  };
}

/** A PKCS#12 file as @signpdf's P12Signer reads it: its shrouded key bag and its certificate bags. Throws, naming
 * `source`, when the passphrase does not open it or it lacks the key, its certificate or the CA's. */
export function identityFromP12(p12: Buffer, passphrase: string, source = 'The PKCS#12 file'): SigningIdentity {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))),
      passphrase,
    );
  } catch {
    throw new Error(`${source} cannot be read with its passphrase (or is not a PKCS#12 file)`);
  }
  const { pkcs8ShroudedKeyBag, certBag } = forge.pki.oids as Record<string, string>;
  const keyBags = parsed.getBags({ bagType: pkcs8ShroudedKeyBag! })[pkcs8ShroudedKeyBag!];
  const key = keyBags?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error(`${source} holds no encrypted RSA private key`);
  const certificates = (parsed.getBags({ bagType: certBag! })[certBag!] ?? [])
    .map((bag) => bag.cert)
    .filter((certificate): certificate is forge.pki.Certificate => Boolean(certificate));
  return identityOf(key, certificates, p12, passphrase, source);
}

/** A PKCS#12 file of the identity (key, certificate and CA) under `passphrase`. `count`: the key derivation's
 * iterations, which slow a guess at a file at rest. */
export function pkcs12Of(pems: DemoIdentityPems, passphrase: string, count = 2048): Buffer {
  const key = forge.pki.privateKeyFromPem(pems.privateKey);
  const certificates = [
    forge.pki.certificateFromPem(pems.certificate),
    forge.pki.certificateFromPem(pems.caCertificate),
  ];
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, certificates, passphrase, { algorithm: '3des', count });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** The DEMO identity from its stored PEMs, wrapped in a PKCS#12 for the signer. */
export function identityFromDemo(pems: DemoIdentityPems): SigningIdentity {
  // The file lives only in this process's memory under a random passphrase: no file at rest to guess at, and a
  // higher count would only slow every signature down (the signer opens the file each time).
  const passphrase = crypto.randomBytes(16).toString('hex');
  return identityFromP12(pkcs12Of(pems, passphrase, 1), passphrase, 'The DEMO signing identity');
}

/** The certificates of a PEM file (a CA bundle), each as PEM; throws when there are none or one cannot be read. */
export function certificatesFromPem(pem: string, source: string): string[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error(`${source} holds no PEM certificate`);
  for (const block of blocks) {
    try {
      new crypto.X509Certificate(block);
    } catch {
      throw new Error(`${source} holds a certificate that cannot be read`);
    }
  }
  return blocks;
}
