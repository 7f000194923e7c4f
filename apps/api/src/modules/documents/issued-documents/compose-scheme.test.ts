// A scheme's result sheet in each language: every word filled (no placeholder left), the commitment, the seed, the
// list and the result in it, and the words set in the reader's script.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO_ORG } from '../../../config';
import { composeSchemeResultSheet, type SchemeSheetRecords } from './compose-scheme';
import { renderPdf } from './render-pdf';
import { documentLanguage } from './texts';

const records: SchemeSheetRecords = {
  scheme: {
    id: '00000000-0000-4000-8000-000000000018',
    schemeNumber: 'SCH-2026-000001',
    title: 'Plots of Phase II',
    mode: 'draw',
    opensAt: new Date('2026-11-01T04:30:00Z'),
    closesAt: new Date('2026-11-20T12:30:00Z'),
    commitment: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
    revealedSeed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
    decidedAt: new Date('2026-11-25T06:00:00Z'),
    beaconChain: {
      beacon_id: 'portal-sandbox',
      hash: 'ee480784770af99c149cac38ea3f1b1c1412727af99f5a982fff8069388bed6d',
    },
    beaconRound: 9_580_001,
    beaconRandomness: '9f2c1a7e5b3d4f6a8c0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e',
    beaconSignature: 'a4b1c2d3e4f5061728394a5b6c7d8e9fa0b1c2d3e4f5061728394a5b6c7d8e9fa0b1c2d3e4f5061728394a5b6c7d8e9f',
    qualifiedHash: '5d41402abc4b2a76b9719d911017c592aaf4be6b2e2b7e3f5d41402abc4b2a76',
  },
  decidedByName: 'Head Office Officer',
  qualified: [
    { position: 1, applicationNumber: 'APP-2026-000101', plotCode: 'HYD-PL-001', category: 'general' },
    { position: 2, applicationNumber: 'APP-2026-000102', plotCode: 'HYD-PL-001', category: 'sc' },
  ],
  result: [
    { applicationNumber: 'APP-2026-000102', plotCode: 'HYD-PL-001', outcome: 'won', rank: 1, amount: null },
    { applicationNumber: 'APP-2026-000101', plotCode: 'HYD-PL-001', outcome: 'lost', rank: 2, amount: null },
  ],
  bids: [],
  corporation: DEMO_ORG.name,
  publicUrl: 'https://portal.example.in/scheme-results/SCH-2026-000001',
};

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('the scheme result sheet', () => {
  it.each([
    ['en', 'Scheme Result Sheet', 'Allotted', 'Scheme Result Sheet', 'General'],
    ['hi', 'योजना परिणाम पत्रक', 'आवंटित', 'योजना', 'सामान्य'],
    ['te', 'పథకం ఫలిత పత్రం', 'కేటాయించబడింది', 'పథకం', 'సాధారణ'],
  ] as const)(
    'is written in %s, with every word filled and the record in it',
    async (code, title, won, readBack, general) => {
      const language = documentLanguage(code);
      const content = composeSchemeResultSheet(language, records);
      expect(content).toMatchObject({
        kind: 'scheme_result_sheet',
        subjectId: records.scheme.id,
        applicationId: null,
        documentNumber: 'SCH-2026-000001',
        language: code,
        title,
      });
      expect(JSON.stringify(content.blocks)).not.toContain('{{');
      expect(JSON.stringify(content.blocks)).toContain(won);
      expect(JSON.stringify(content.blocks)).toContain(general);
      const bytes = await renderPdf({
        content,
        letterhead: DEMO_ORG,
        language,
        verification: { code: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ23', url: 'https://portal.example.in/verify/ABCD' },
        issuedAt: records.scheme.decidedAt,
      });
      const text = await pdfText(bytes);
      const compact = text.replace(/\s+/g, '');
      expect(compact).toContain(records.scheme.commitment);
      expect(compact).toContain(records.scheme.revealedSeed!);
      // The beacon's round, its signature, the list's hash and the order's seed they make (decision 034).
      expect(compact).toContain(records.scheme.beaconRandomness!);
      expect(compact).toContain(records.scheme.beaconSignature!);
      expect(compact).toContain(records.scheme.qualifiedHash!);
      const orderSeed = createHash('sha256')
        .update(
          Buffer.from(
            records.scheme.revealedSeed! + records.scheme.beaconRandomness! + records.scheme.qualifiedHash!,
            'hex',
          ),
        )
        .digest('hex');
      expect(compact).toContain(orderSeed);
      expect(text).toContain('APP-2026-000102');
      // Shaped scripts read back with their vowel signs reordered: a word without them is read back as written.
      expect(text).toContain(readBack);
    },
  );

  it.each(['en', 'hi', 'te'] as const)(
    "speaks of an auction's bids and H1/H2 rule, never of a seed or a draw to recompute (%s)",
    (code) => {
      const auction: SchemeSheetRecords = {
        ...records,
        scheme: { ...records.scheme, mode: 'auction', revealedSeed: null },
        bids: [{ plotCode: 'HYD-PL-001', amount: 2_600_000, placedAt: new Date('2026-11-24T06:00:00Z') }],
      };
      const words = JSON.stringify(composeSchemeResultSheet(documentLanguage(code), auction).blocks);
      expect(words).toContain('H1');
      expect(words).toContain('H2');
      expect(words).not.toContain(records.scheme.commitment);
      expect(words).not.toContain('SHA-256');
      const firstCome = composeSchemeResultSheet(documentLanguage(code), {
        ...records,
        scheme: { ...records.scheme, mode: 'first_come', revealedSeed: null },
      });
      expect(JSON.stringify(firstCome.blocks)).not.toContain('SHA-256');
    },
  );
});
