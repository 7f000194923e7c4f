/** The document-signing settings (decision 035): DOCUMENT_SIGNING_P12 (the path of a PKCS#12 file with the signing
 * key, its certificate and the CA chain) and DOCUMENT_SIGNING_PASSPHRASE; without them the DEMO identity kept in the
 * database signs, which NODE_ENV=production refuses. ESIGN_TRUSTED_CA_PEM: the path of a PEM file of the eSign CAs
 * whose signatures (an allottee's eSign of the lease deed) a check of a PDF trusts; none by default. */
import fs from 'node:fs';
import { certificatesFromPem, identityFromP12, type SigningIdentity } from './identity';

export interface DocumentSigningConfig {
  /** The configured identity; undefined: the DEMO identity. */
  identity: SigningIdentity | undefined;
  /** The eSign CAs' certificates (PEM). */
  esignTrustedCas: string[];
  /** What the portal says when it starts (a configured certificate outside its validity, outside production). */
  warnings: string[];
}

/** Nothing configured: the DEMO identity, no eSign CA. */
export const DEMO_DOCUMENT_SIGNING: DocumentSigningConfig = { identity: undefined, esignTrustedCas: [], warnings: [] };

function readSetting(name: string, file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch {
    throw new Error(`${name} names a file that cannot be read: "${file}"`);
  }
}

/** Throws what keeps the portal from starting; `now` is the machine's time (a certificate's validity is). */
export function documentSigningConfigFrom(env: NodeJS.ProcessEnv, now: Date): DocumentSigningConfig {
  const production = env.NODE_ENV === 'production';
  const p12File = env.DOCUMENT_SIGNING_P12?.trim() || undefined;
  const passphrase = env.DOCUMENT_SIGNING_PASSPHRASE;
  const esignFile = env.ESIGN_TRUSTED_CA_PEM?.trim() || undefined;
  const esignTrustedCas = esignFile
    ? certificatesFromPem(readSetting('ESIGN_TRUSTED_CA_PEM', esignFile).toString('utf8'), 'ESIGN_TRUSTED_CA_PEM')
    : [];
  if (!p12File) {
    if (production) {
      throw new Error(
        'NODE_ENV=production needs DOCUMENT_SIGNING_P12 and DOCUMENT_SIGNING_PASSPHRASE: the corporation signs every ' +
          'issued document with its own certificate, never the DEMO one',
      );
    }
    return { identity: undefined, esignTrustedCas, warnings: [] };
  }
  if (production && !passphrase) {
    throw new Error('NODE_ENV=production needs DOCUMENT_SIGNING_PASSPHRASE beside DOCUMENT_SIGNING_P12');
  }
  const identity = identityFromP12(
    readSetting('DOCUMENT_SIGNING_P12', p12File),
    passphrase ?? '',
    'DOCUMENT_SIGNING_P12',
  );
  const warnings: string[] = [];
  const outside =
    now < identity.notBefore
      ? `is not valid before ${identity.notBefore.toISOString()}`
      : now > identity.notAfter
        ? `expired on ${identity.notAfter.toISOString()}`
        : undefined;
  if (outside) {
    const problem = `The document-signing certificate in DOCUMENT_SIGNING_P12 (${identity.signerName}) ${outside}`;
    if (production) throw new Error(`${problem}: a production portal does not sign with it`);
    warnings.push(`${problem}: documents signed with it will not validate`);
  }
  return { identity, esignTrustedCas, warnings };
}
