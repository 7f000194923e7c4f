// The portal's signer as each process sets it up (decision 035): the DEMO identity is made once however many
// processes start at once, and every process signs with it; a configured certificate signs instead, and a document
// signed earlier with the DEMO identity still reads as DEMO, no longer as the corporation's.
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSigningIdentities } from '../../db/schema';
import type { DatabaseHandle } from '../../db/client';
import { openPreparedDatabase, TEST_DB_KIND } from '../../test/harness';
import { demoSigningIdentity, documentSignerOf } from './document-signer';
import { identityFromP12, makeDemoIdentity, pkcs12Of } from './identity';
import { DEMO_DOCUMENT_SIGNING } from './settings';

const ORGANISATION = { name: 'Race Test Corporation', address: '2 Test Road, Hyderabad' };

function unsignedPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text('Possession certificate');
    doc.end();
  });
}

describe(`the document signer of each process (${TEST_DB_KIND})`, () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, drop } = await openPreparedDatabase(false));
    // The run's template already holds one: this database starts as a first start does, without.
    await handle.db.delete(documentSigningIdentities);
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it('makes the DEMO identity once when processes start together, and each signs with it', async () => {
    const [first, second, third] = await Promise.all([
      demoSigningIdentity(handle.db, ORGANISATION.name),
      demoSigningIdentity(handle.db, ORGANISATION.name),
      demoSigningIdentity(handle.db, ORGANISATION.name),
    ]);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(await handle.db.select().from(documentSigningIdentities)).toHaveLength(1);

    const one = await documentSignerOf(DEMO_DOCUMENT_SIGNING, handle.db, ORGANISATION);
    const other = await documentSignerOf(DEMO_DOCUMENT_SIGNING, handle.db, ORGANISATION);
    expect(one).toMatchObject({ signerName: 'DEMO Race Test Corporation document signing', demo: true });
    expect(await other.checkSignatures(await one.signPdf(await unsignedPdf()))).toMatchObject([
      { state: 'valid', byCorporation: true, demo: true },
    ]);
  });

  it("signs with a configured certificate, and reads a DEMO signature as DEMO and not the corporation's", async () => {
    const demo = await documentSignerOf(DEMO_DOCUMENT_SIGNING, handle.db, ORGANISATION);
    const earlier = await demo.signPdf(await unsignedPdf());

    const real = makeDemoIdentity('Configured Corporation', new Date('2026-01-01T00:00:00Z'));
    const identity = identityFromP12(pkcs12Of(real, 'a passphrase'), 'a passphrase');
    const configured = await documentSignerOf({ identity, esignTrustedCas: [], warnings: [] }, handle.db, ORGANISATION);
    expect(configured).toMatchObject({ signerName: 'DEMO Configured Corporation document signing', demo: false });
    expect(await configured.checkSignatures(await configured.signPdf(await unsignedPdf()))).toMatchObject([
      { state: 'valid', byCorporation: true, demo: false },
    ]);
    expect(await configured.checkSignatures(earlier)).toMatchObject([
      { state: 'untrusted', byCorporation: false, demo: true },
    ]);
  });
});
