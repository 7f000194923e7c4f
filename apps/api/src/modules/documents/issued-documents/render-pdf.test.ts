// The PDF renderer on its own: letterhead, blocks and verification panel come out as text a reader can extract, and
// Devanagari and Telugu are set in (and shaped by) their own Noto fonts, so a Hindi or Telugu table only needs words.
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO_ORG } from '../../../config';
import type { DocumentContent } from './content';
import { fontRuns } from './fonts';
import { renderPdf } from './render-pdf';
import { documentLanguage } from './texts';

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The fonts a PDF embeds, by their PostScript names (without the subset tag). */
function embeddedFonts(bytes: Buffer): string[] {
  const names = bytes.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g);
  return [...new Set([...names].map((match) => match[1]!))].sort();
}

const HINDI = 'भूखंड आवंटन पत्र क्षेत्रफल';
const TELUGU = 'కేటాయింపు లేఖ';

function content(blocks: DocumentContent['blocks']): DocumentContent {
  return {
    kind: 'provisional_allotment_letter',
    subjectId: '00000000-0000-4000-8000-000000000001',
    applicationId: '00000000-0000-4000-8000-000000000002',
    documentNumber: 'ALT-2026-000001',
    holderName: 'Test Works',
    assetCode: 'HYD-PL-001',
    facts: {},
    language: 'en',
    title: 'Provisional Allotment Letter',
    blocks,
  };
}

const render = (blocks: DocumentContent['blocks']) =>
  renderPdf({
    content: content(blocks),
    letterhead: DEMO_ORG,
    language: documentLanguage('en'),
    verification: { code: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ23', url: 'https://portal.example.in/verify/ABCD' },
    issuedAt: new Date('2026-03-05T10:00:00Z'),
  });

describe('issued document PDF', () => {
  it('prints the letterhead, the blocks and the verification panel as extractable text', async () => {
    const bytes = await render([
      { type: 'meta', left: 'Ref. No. ALT-2026-000001', right: 'Date: 5 Mar 2026' },
      { type: 'facts', rows: [['Valuation', '₹18,50,000 (Rupees Eighteen Lakh Fifty Thousand Only)']] },
      { type: 'numbered', items: ['The allotment is subject to execution of the lease deed.'] },
      { type: 'signatures', captions: ['Signature of the allottee'] },
    ]);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      DEMO_ORG.name.toUpperCase(),
      DEMO_ORG.address,
      `GSTIN: ${DEMO_ORG.gstin}`,
      'Provisional Allotment Letter',
      'Ref. No. ALT-2026-000001',
      '₹18,50,000 (Rupees Eighteen Lakh Fifty Thousand Only)',
      'Verification code: ABCD-EFGH-JKMN-PQRS-TVWX-YZ23',
      'https://portal.example.in/verify/ABCD',
      'Signature of the allottee',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('sets Devanagari in Noto Sans Devanagari and Telugu in Noto Sans Telugu, and they read back as written', async () => {
    const latinOnly = embeddedFonts(await render([{ type: 'paragraph', text: 'Plain English only.' }]));
    expect(latinOnly.some((name) => name.startsWith('NotoSansDevanagari'))).toBe(false);

    const bytes = await render([
      { type: 'heading', text: HINDI },
      { type: 'facts', rows: [['क्षेत्र', `${HINDI} 1,125`]] },
      { type: 'paragraph', text: TELUGU },
    ]);
    const fonts = embeddedFonts(bytes);
    expect(fonts).toContain('NotoSansDevanagari-Regular');
    expect(fonts).toContain('NotoSansDevanagari-Bold');
    expect(fonts).toContain('NotoSansTelugu-Regular');
    // Each word's conjuncts and vowel signs were shaped and map back to the same characters (the reader may put a
    // space inside a word where glyphs are positioned apart, so spaces are not compared).
    const text = (await pdfText(bytes)).normalize('NFC').replace(/\s/g, '');
    for (const word of [...HINDI.split(' '), TELUGU.replace(/\s/g, ''), '1,125']) expect(text).toContain(word);
  });

  it('sets Telugu clusters whose marks have a null anchor in the font (ప్ర), regular and bold', async () => {
    // fontkit threw "Cannot read properties of null (reading 'xCoordinate')" on these before the guard in fonts.ts.
    const words = 'ప్రీమియం ప్రకారం ప్రశ్నకు ఉత్తరప్రత్యుత్తరాలలో';
    const bytes = await render([
      { type: 'heading', text: words },
      { type: 'paragraph', text: words },
    ]);
    expect(embeddedFonts(bytes)).toEqual(expect.arrayContaining(['NotoSansTelugu-Regular', 'NotoSansTelugu-Bold']));
  });

  it('cuts mixed text into runs of one font each, keeping spaces and marks with their word', () => {
    expect(fontRuns('Area ₹5 क्षेत्र')).toEqual([
      { face: 'latin', text: 'Area ' },
      { face: 'latin-ext', text: '₹' },
      { face: 'latin', text: '5 ' },
      { face: 'devanagari', text: 'क्षेत्र' },
    ]);
    expect(fontRuns('लेख', 'bold')).toEqual([{ face: 'devanagari-bold', text: 'लेख' }]);
  });
});
