// The portal's lease deed in each language (decision 035): every word filled (no placeholder left), the parties, the
// plot, the premium in figures and words, the term and the covenants of the estate in it, in the reader's script.
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO_ORG } from '../../../config';
import type { AllotmentRow } from '../../../repositories/allotments';
import type { ApplicantRow } from '../../applications/repositories/applicants';
import type { ApplicationRow } from '../../../repositories/applications';
import type { AssetRow } from '../../../repositories/assets';
import { composeLeaseDeed, type LeaseDeedRecords } from './compose-lease-deed';
import { renderPdf } from './render-pdf';
import { documentLanguage } from './texts';

const records: LeaseDeedRecords = {
  allotment: {
    id: '00000000-0000-4000-8000-000000000035',
    allotmentNumber: 'ALT-2026-000035',
    allotmentDate: '2026-11-02',
    expiryDate: '2027-05-01',
    applicationId: '00000000-0000-4000-8000-000000000036',
  } as AllotmentRow,
  application: {
    id: '00000000-0000-4000-8000-000000000036',
    applicationNumber: 'APP-2026-000036',
  } as ApplicationRow,
  applicant: {
    organizationName: 'Rao Precision Works',
    address: '14 Industrial Area Road',
    city: 'Hyderabad',
    state: 'Telangana',
    pincode: '500032',
    panNumber: 'ABCPR1234K',
  } as ApplicantRow,
  asset: {
    assetCode: 'HYD-PL-035',
    type: 'plot',
    location: 'Phase II Industrial Park',
    zone: 'Hyderabad',
    surveyNumber: '112/4',
    plotNumber: 'P-35',
    totalArea: 1200,
    unit: 'sqm',
    valuation: 4_800_000,
  } as AssetRow,
  premium: 4_800_000,
  corporation: { name: DEMO_ORG.name, address: DEMO_ORG.address },
  drawnOn: new Date('2026-11-29T06:00:00Z'),
};

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe("the portal's lease deed", () => {
  it.each([
    ['en', 'Lease Deed', 'Forty Eight Lakh', '99 years'],
    ['hi', 'पट्टा विलेख', 'अड़तालीस लाख', '99 वर्ष'],
    ['te', 'లీజు దస్తావేజు', 'నలభై ఎనిమిది లక్షల', '99 సంవత్సరాలు'],
  ] as const)('is written in %s, with every word filled and the deed in it', async (code, title, premium, term) => {
    const language = documentLanguage(code);
    const content = composeLeaseDeed(language, records);
    expect(content).toMatchObject({
      kind: 'lease_deed',
      subjectId: records.allotment.id,
      applicationId: records.application.id,
      documentNumber: 'ALT-2026-000035',
      holderName: 'Rao Precision Works',
      language: code,
      title,
    });
    const words = JSON.stringify(content.blocks);
    expect(words).not.toContain('{{');
    expect(words).toContain(DEMO_ORG.name);
    expect(words).toContain('HYD-PL-035');
    expect(words).toContain(premium);
    expect(words).toContain(term);
    const text = await pdfText(
      await renderPdf({
        content,
        letterhead: DEMO_ORG,
        language,
        verification: { code: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ23', url: 'https://portal.example.in/verify/ABCD' },
        issuedAt: records.drawnOn,
      }),
    );
    expect(text).toContain('ALT-2026-000035');
    expect(text).toContain('Rao Precision Works');
  });
});
