/** An outside judge of a PDF's signatures for tests: poppler's pdfsig (Debian's poppler-utils), trusting only the CA
 * certificates it is given, through an NSS database made for the call with certutil (libnss3-tools). */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const installed = (command: string) => spawnSync(command, ['-h'], { stdio: 'ignore' }).error === undefined;
/** Why pdfsig cannot judge here (CI installs both: .ci/run), or undefined. */
export const PDFSIG_MISSING = !installed('pdfsig')
  ? 'pdfsig is not installed (apt-get install poppler-utils)'
  : !installed('certutil')
    ? 'certutil is not installed (apt-get install libnss3-tools)'
    : undefined;

export interface PdfsigSignature {
  signer: string;
  /** "Signature is Valid.": the signature verifies over the bytes it covers. */
  valid: boolean;
  /** "Certificate is Trusted.": its certificate chains to a trusted CA. */
  trusted: boolean;
  /** "Total document signed": it covers the whole file but itself. */
  wholeDocument: boolean;
}

/** Each signature of `pdf` as pdfsig reports it, in the order they were made, with `trustedCaPems` as the only trust
 * anchors. */
export function pdfsig(pdf: Buffer, trustedCaPems: string[]): PdfsigSignature[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pdfsig-'));
  try {
    const nss = `sql:${path.join(dir, 'nss')}`;
    fs.mkdirSync(path.join(dir, 'nss'));
    execFileSync('certutil', ['-N', '-d', nss, '--empty-password']);
    trustedCaPems.forEach((pem, index) => {
      const file = path.join(dir, `ca-${index}.pem`);
      fs.writeFileSync(file, pem);
      execFileSync('certutil', ['-A', '-n', `ca-${index}`, '-t', 'CT,C,C', '-i', file, '-d', nss]);
    });
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    // pdfsig exits non-zero when a signature does not verify; its report is what is read either way.
    let report: string;
    try {
      report = execFileSync('pdfsig', ['-nssdir', nss, file], { encoding: 'utf8' });
    } catch (error) {
      report = String((error as { stdout?: string }).stdout ?? '');
    }
    return report
      .split(/^Signature #\d+:$/m)
      .slice(1)
      .map((block) => ({
        signer: /Signer Certificate Common Name: (.*)$/m.exec(block)?.[1]?.trim() ?? '',
        valid: block.includes('Signature Validation: Signature is Valid.'),
        trusted: block.includes('Certificate Validation: Certificate is Trusted.'),
        wholeDocument: block.includes('Total document signed'),
      }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
