// The signer and the reader of PDF signatures on their own: a signed PDF verifies over its byte ranges against the
// corporation's CA; a changed byte, bytes added after the signature, a stranger's certificate and a broken signature
// each read as they should; and a PDF signed twice (the corporation, then an allottee's eSign) reports both, the eSign
// trusted only when its CA is one of the trusted eSign CAs.
import PDFDocument from 'pdfkit';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDocumentSigner, type DocumentSigner } from './document-signer';
import { identityFromDemo, makeDemoIdentity, type DemoIdentityPems } from './identity';
import { fileSignatureVerdict, pdfSignatureChecker } from './pdf-signatures';

const ORGANISATION = { name: 'Signature Test Corporation', address: '1 Test Road, Hyderabad' };

function unsignedPdf(text: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', info: { Title: text } });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text(text);
    doc.end();
  });
}

function signerOf(pems: DemoIdentityPems, esignTrustedCas: string[] = []): DocumentSigner {
  return createDocumentSigner(identityFromDemo(pems), {
    demo: true,
    demoCa: pems.caCertificate,
    esignTrustedCas,
    organisation: ORGANISATION,
  });
}

/** The offset of a byte inside the first signed range: a letter of the document's title. */
const titleByte = (pdf: Buffer) => pdf.indexOf('Letter of allotment') + 3;

describe('PDF signatures', () => {
  let corporation: DemoIdentityPems;
  let stranger: DemoIdentityPems;
  let signer: DocumentSigner;
  let signed: Buffer;

  beforeAll(async () => {
    corporation = makeDemoIdentity(ORGANISATION.name, new Date('2026-01-01T00:00:00Z'));
    stranger = makeDemoIdentity('Somebody Else', new Date('2026-01-01T00:00:00Z'));
    signer = signerOf(corporation);
    signed = await signer.signPdf(await unsignedPdf('Letter of allotment'));
  });

  it('signs with a detached CMS over the byte ranges, which reads valid, whole and DEMO', async () => {
    expect(signed.toString('latin1')).toContain('/SubFilter /adbe.pkcs7.detached');
    expect(signer.signerName).toBe('DEMO Signature Test Corporation document signing');
    const signatures = await signer.checkSignatures(signed);
    expect(signatures).toEqual([
      {
        signer: 'DEMO Signature Test Corporation document signing',
        state: 'valid',
        coversWholeFile: true,
        byCorporation: true,
        demo: true,
        signedAt: expect.any(Date),
      },
    ]);
    expect(fileSignatureVerdict(signatures)).toBe('valid');
  });

  it('reads a changed byte inside the signed range as altered', async () => {
    const changed = Buffer.from(signed);
    changed[titleByte(changed)]! ^= 0x20;
    const signatures = await signer.checkSignatures(changed);
    expect(signatures).toMatchObject([{ state: 'altered', coversWholeFile: true }]);
    expect(fileSignatureVerdict(signatures)).toBe('altered');
  });

  it('reads bytes added after the signature (an incremental edit) as altered, the signature itself intact', async () => {
    const edited = Buffer.concat([signed, Buffer.from('\n1 0 obj\n<< /Title (Edited) >>\nendobj\n%%EOF\n')]);
    const signatures = await signer.checkSignatures(edited);
    expect(signatures).toMatchObject([{ state: 'valid', coversWholeFile: false }]);
    expect(fileSignatureVerdict(signatures)).toBe('altered');
  });

  it("reads a stranger's self-made certificate as untrusted, and not the corporation's or DEMO", async () => {
    const foreign = await signerOf(stranger).signPdf(await unsignedPdf('Letter of allotment'));
    const signatures = await signer.checkSignatures(foreign);
    expect(signatures).toMatchObject([
      { signer: 'DEMO Somebody Else document signing', state: 'untrusted', byCorporation: false, demo: false },
    ]);
    expect(fileSignatureVerdict(signatures)).toBe('untrusted');
  });

  it('reads a PDF without a signature as missing, and a signature that is not a CMS as altered', async () => {
    const plain = await unsignedPdf('Letter of allotment');
    expect(await signer.checkSignatures(plain)).toEqual([]);
    expect(fileSignatureVerdict([])).toBe('missing');

    const placeholder = plainAddPlaceholder({
      pdfBuffer: plain,
      reason: 'test',
      contactInfo: 'test',
      name: 'test',
      location: 'test',
    });
    // A placeholder never signed is no signature; a signature whose contents are not a CMS is a broken one.
    expect(await signer.checkSignatures(placeholder)).toEqual([]);
    const [, first, second] = /\/ByteRange \[0 (\d+) (\d+) \d+\]/.exec(signed.toString('latin1'))!.map(Number);
    const forged = Buffer.from(signed);
    forged.fill('ab', first! + 1, second! - 1);
    const signatures = await signer.checkSignatures(forged);
    expect(signatures).toMatchObject([{ signer: '', state: 'altered' }]);
    expect(fileSignatureVerdict(signatures)).toBe('altered');
    // Something written into the padding after the CMS, outside the signed ranges, is a change too.
    const padded = Buffer.from(signed);
    padded[second! - 3] = 0x31;
    expect(await signer.checkSignatures(padded)).toMatchObject([{ state: 'altered' }]);
  });

  it('reports each signature of a PDF signed twice; the eSign is trusted only when its CA is listed', async () => {
    const twice = await signerOf(stranger).signPdf(signed);
    const corporationOnly = await signer.checkSignatures(twice);
    expect(corporationOnly).toMatchObject([
      { signer: 'DEMO Signature Test Corporation document signing', state: 'valid', coversWholeFile: false },
      { signer: 'DEMO Somebody Else document signing', state: 'untrusted', coversWholeFile: true },
    ]);
    expect(fileSignatureVerdict(corporationOnly)).toBe('untrusted');

    const withEsign = await signerOf(corporation, [stranger.caCertificate]).checkSignatures(twice);
    expect(withEsign).toMatchObject([
      { state: 'valid', byCorporation: true, coversWholeFile: false },
      { state: 'valid', byCorporation: false, demo: false, coversWholeFile: true },
    ]);
    expect(fileSignatureVerdict(withEsign)).toBe('valid');
    // Signed only by a trusted eSign CA, a file is not the corporation's.
    const esignOnly = await pdfSignatureChecker({
      corporation: [corporation.caCertificate],
      demo: undefined,
      esign: [stranger.caCertificate],
    })(await signerOf(stranger).signPdf(await unsignedPdf('Letter of allotment')));
    expect(esignOnly).toMatchObject([{ state: 'valid', byCorporation: false }]);
    expect(fileSignatureVerdict(esignOnly)).toBe('untrusted');
  });
});
