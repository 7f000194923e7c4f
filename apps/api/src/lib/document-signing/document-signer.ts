/** Signs every PDF the portal issues (decision 035), right after it is drawn and before its SHA-256 is taken: an
 * invisible signature field added by an incremental update (@signpdf/placeholder-plain), then a detached CMS
 * signature over its byte ranges with the signing time and the certificate chain (@signpdf/signpdf, P12Signer). The
 * identity is the configured PKCS#12, or the DEMO one, made once and kept in the database so every process signs
 * with the same certificate. */
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { machineNow } from '../../core/clock';
import type { Database } from '../../db/client';
import {
  findDemoSigningIdentity,
  insertDemoSigningIdentity,
  type DocumentSigningIdentityRow,
} from '../../repositories/document-signing-identities';
import { identityFromDemo, makeDemoIdentity, type SigningIdentity } from './identity';
import { pdfSignatureChecker, type PdfSignatureChecker } from './pdf-signatures';
import type { DocumentSigningConfig } from './settings';

export interface DocumentSigner {
  signPdf(pdf: Buffer): Promise<Buffer>;
  /** The signing certificate's subject common name. */
  signerName: string;
  /** Whether it is the DEMO identity. */
  demo: boolean;
  /** Reads and checks a PDF's signatures against the corporation's CA and the trusted eSign CAs. */
  checkSignatures: PdfSignatureChecker;
}

/** The organisation the signature names as its location and contact. */
export interface SigningOrganisation {
  name: string;
  address: string;
}

/** Room for the CMS besides its certificates: the RSA signature, the signed attributes and the ASN.1 around them. */
const CMS_OVERHEAD_BYTES = 4096;

/** The DEMO identity, made and stored by the first process to ask (the key generation runs only then). */
export async function demoSigningIdentity(db: Database, orgName: string): Promise<DocumentSigningIdentityRow> {
  const stored = await findDemoSigningIdentity(db);
  if (stored) return stored;
  await insertDemoSigningIdentity(db, makeDemoIdentity(orgName, machineNow()));
  const kept = await findDemoSigningIdentity(db);
  if (!kept) throw new Error('The DEMO document-signing identity could not be stored');
  return kept;
}

export function createDocumentSigner(
  identity: SigningIdentity,
  options: { demo: boolean; demoCa: string | undefined; esignTrustedCas: string[]; organisation: SigningOrganisation },
): DocumentSigner {
  const signing = new SignPdf();
  const signatureLength = Math.ceil((identity.chainBytes + CMS_OVERHEAD_BYTES) / 1024) * 1024;
  return {
    signerName: identity.signerName,
    demo: options.demo,
    checkSignatures: pdfSignatureChecker({
      corporation: identity.caCertificates,
      demo: options.demoCa,
      esign: options.esignTrustedCas,
    }),
    async signPdf(pdf) {
      const prepared = plainAddPlaceholder({
        pdfBuffer: pdf,
        reason: `Issued by ${options.organisation.name}`,
        location: options.organisation.name,
        contactInfo: options.organisation.address,
        name: identity.signerName,
        signatureLength,
      });
      // A P12Signer reads its PKCS#12 through a buffer that its first signature uses up: one per signature.
      return signing.sign(prepared, new P12Signer(identity.p12, { passphrase: identity.passphrase }));
    },
  };
}

/** The signer of this portal: the configured identity, or the DEMO one (made now if no process has made it yet). */
export async function documentSignerOf(
  config: DocumentSigningConfig,
  db: Database,
  organisation: SigningOrganisation,
): Promise<DocumentSigner> {
  if (config.identity) {
    // A portal that ran in demo before keeps reading its DEMO signatures as DEMO.
    const demo = await findDemoSigningIdentity(db);
    return createDocumentSigner(config.identity, {
      demo: false,
      demoCa: demo?.caCertificate,
      esignTrustedCas: config.esignTrustedCas,
      organisation,
    });
  }
  const demo = await demoSigningIdentity(db, organisation.name);
  return createDocumentSigner(identityFromDemo(demo), {
    demo: true,
    demoCa: demo.caCertificate,
    esignTrustedCas: config.esignTrustedCas,
    organisation,
  });
}
