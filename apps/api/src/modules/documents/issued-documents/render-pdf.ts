/** Lays a document's blocks out as an A4 PDF with pdfkit: the corporation's letterhead (name, address, GSTIN), the
 * title, the blocks, and the verification panel (QR code, address and code of the public verify page). Text goes
 * through fontRuns, so each script is set (and shaped) in a font that has it. */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { OrgIdentity } from '../../../config';
import type { Block, DocumentContent } from './content';
import { fontFaces, fontRuns, type FontWeight } from './fonts';
import { fill, type DocumentLanguage } from './texts';

export interface RenderInput {
  content: Pick<DocumentContent, 'title' | 'documentNumber' | 'blocks'>;
  letterhead: OrgIdentity;
  language: DocumentLanguage;
  /** The verify page's code and address; a document not kept for verification (a challan) has none. */
  verification?: { code: string; url: string };
  issuedAt: Date;
}

type Doc = PDFKit.PDFDocument;

const MARGIN = 56;
const BODY_SIZE = 10;
const SMALL_SIZE = 8.5;
const RULE_COLOUR = '#555555';
const QR_SIZE = 80;

interface WriteOptions {
  weight?: FontWeight;
  size?: number;
  x?: number;
  y?: number;
  width?: number;
  align?: 'left' | 'right' | 'center' | 'justify';
}

function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function bottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `height` more points fit on this one. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** Wrapped text, each run in its own face; the runs continue one another on the same lines. */
function write(doc: Doc, text: string, options: WriteOptions = {}): void {
  const runs = fontRuns(text, options.weight);
  if (runs.length === 0) return;
  const x = options.x ?? doc.page.margins.left;
  const width = options.width ?? doc.page.width - doc.page.margins.right - x;
  doc.fontSize(options.size ?? BODY_SIZE);
  runs.forEach((run, index) => {
    doc.font(run.face);
    const textOptions = {
      width,
      align: options.align ?? 'left',
      continued: index < runs.length - 1,
      lineGap: 1,
    };
    if (index === 0) doc.text(run.text, x, options.y ?? doc.y, textOptions);
    else doc.text(run.text, textOptions);
  });
  doc.x = doc.page.margins.left;
}

/** One line placed by measuring its runs (centred or right-aligned text of several fonts); a line too long for the
 * width is wrapped instead. */
function writeLine(doc: Doc, text: string, options: WriteOptions & { align: 'center' | 'right' }): void {
  const runs = fontRuns(text, options.weight);
  const size = options.size ?? BODY_SIZE;
  const x = options.x ?? doc.page.margins.left;
  const width = options.width ?? contentWidth(doc);
  const widths = runs.map((run) => doc.font(run.face).fontSize(size).widthOfString(run.text));
  const total = widths.reduce((sum, next) => sum + next, 0);
  if (total > width || runs.length === 1) {
    write(doc, text, { ...options, x, width });
    return;
  }
  const y = options.y ?? doc.y;
  let at = options.align === 'center' ? x + (width - total) / 2 : x + width - total;
  runs.forEach((run, index) => {
    doc.font(run.face).fontSize(size).text(run.text, at, y, { lineBreak: false });
    at += widths[index]!;
  });
  doc.x = doc.page.margins.left;
  doc.y = y + doc.currentLineHeight(true) + 1;
}

function rule(doc: Doc, weight = 1): void {
  const y = doc.y;
  doc
    .save()
    .lineWidth(weight)
    .strokeColor(RULE_COLOUR)
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .stroke()
    .restore();
}

function letterhead(doc: Doc, input: RenderInput): void {
  const { letterhead: org, language, content } = input;
  writeLine(doc, org.name.toUpperCase(), { weight: 'bold', size: 16, align: 'center' });
  writeLine(doc, org.address, { size: 9, align: 'center' });
  writeLine(doc, fill(language.texts.letterhead.gstin, { gstin: org.gstin }), { size: 9, align: 'center' });
  doc.moveDown(0.4);
  rule(doc, 1.5);
  doc.moveDown(0.6);
  writeLine(doc, content.title, { weight: 'bold', size: 14, align: 'center' });
  doc.moveDown(0.6);
}

function factsTable(doc: Doc, rows: ReadonlyArray<readonly [string, string]>): void {
  const x0 = doc.page.margins.left;
  const width = contentWidth(doc);
  const labelWidth = Math.round(width * 0.36);
  const padding = 4;
  for (const [label, value] of rows) {
    // An estimate in the Latin face, to keep a row on one page; the drawn height comes from the text itself.
    doc.font(fontFaces().regular[0]!.name).fontSize(BODY_SIZE);
    const estimate = Math.max(
      doc.heightOfString(label, { width: labelWidth - 2 * padding }),
      doc.heightOfString(value, { width: width - labelWidth - 2 * padding }),
    );
    ensureSpace(doc, estimate * 1.3 + 2 * padding);
    const y0 = doc.y;
    write(doc, label, { weight: 'bold', x: x0 + padding, y: y0 + padding, width: labelWidth - 2 * padding });
    const labelEnd = doc.y;
    write(doc, value || ' ', {
      x: x0 + labelWidth + padding,
      y: y0 + padding,
      width: width - labelWidth - 2 * padding,
    });
    const height = Math.max(labelEnd, doc.y) - y0 + padding - 1.5;
    doc
      .save()
      .lineWidth(0.6)
      .strokeColor(RULE_COLOUR)
      .rect(x0, y0, labelWidth, height)
      .rect(x0 + labelWidth, y0, width - labelWidth, height)
      .stroke()
      .restore();
    doc.y = y0 + height;
  }
  doc.x = x0;
  doc.moveDown(0.5);
}

function numbered(doc: Doc, items: string[]): void {
  const x0 = doc.page.margins.left;
  items.forEach((item, index) => {
    ensureSpace(doc, 28);
    const y = doc.y;
    write(doc, `${index + 1}.`, { x: x0 + 4, y, width: 18 });
    write(doc, item, { x: x0 + 22, y, width: contentWidth(doc) - 22 });
    doc.moveDown(0.1);
  });
  doc.moveDown(0.2);
}

function signatures(doc: Doc, captions: string[]): void {
  const height = 64;
  const gap = 24;
  doc.moveDown(1);
  ensureSpace(doc, height + 10);
  const y0 = doc.y;
  const width = (contentWidth(doc) - gap * (captions.length - 1)) / captions.length;
  captions.forEach((caption, index) => {
    const x = doc.page.margins.left + index * (width + gap);
    doc.save().lineWidth(0.8).strokeColor('#000000').rect(x, y0, width, height).stroke().restore();
    writeLine(doc, caption, { size: SMALL_SIZE, align: 'center', x, y: y0 + height - 16, width });
  });
  doc.y = y0 + height + 8;
  doc.x = doc.page.margins.left;
}

/** A table whose header is drawn again at the top of every page it runs onto; each row is kept on one page. */
function table(
  doc: Doc,
  columns: Extract<Block, { type: 'table' }>['columns'],
  rows: ReadonlyArray<ReadonlyArray<string>>,
): void {
  const x0 = doc.page.margins.left;
  const width = contentWidth(doc);
  const share = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / share) * width);
  const padding = 3;
  const size = SMALL_SIZE;
  const lineHeight = () => {
    doc.font(fontFaces().regular[0]!.name).fontSize(size);
    return doc.currentLineHeight(true) + 1;
  };
  const drawRow = (cells: ReadonlyArray<string>, header: boolean) => {
    doc.font(fontFaces().regular[0]!.name).fontSize(size);
    const estimate = Math.max(
      lineHeight(),
      ...cells.map((cell, index) => doc.heightOfString(cell || ' ', { width: widths[index]! - 2 * padding })),
    );
    return {
      estimate: estimate * 1.3 + 2 * padding,
      draw: () => {
        const y0 = doc.y;
        let x = x0;
        let end = y0;
        cells.forEach((cell, index) => {
          const cellWidth = widths[index]! - 2 * padding;
          const align = columns[index]!.align ?? 'left';
          if (align === 'right' && !header) {
            writeLine(doc, cell || ' ', { size, align: 'right', x: x + padding, y: y0 + padding, width: cellWidth });
          } else {
            write(doc, cell || ' ', {
              size,
              weight: header ? 'bold' : 'regular',
              x: x + padding,
              y: y0 + padding,
              width: cellWidth,
            });
          }
          end = Math.max(end, doc.y);
          x += widths[index]!;
        });
        const height = end - y0 + padding - 1;
        if (header) doc.save().fillOpacity(0.08).rect(x0, y0, width, height).fill('#000000').restore();
        doc.save().lineWidth(0.5).strokeColor(RULE_COLOUR).rect(x0, y0, width, height).stroke().restore();
        doc.y = y0 + height;
        doc.x = x0;
      },
    };
  };
  const header = drawRow(
    columns.map((column) => column.label),
    true,
  );
  ensureSpace(doc, header.estimate * 2);
  header.draw();
  for (const cells of rows) {
    const row = drawRow(cells, false);
    if (doc.y + row.estimate > bottom(doc)) {
      doc.addPage();
      drawRow(
        columns.map((column) => column.label),
        true,
      ).draw();
    }
    row.draw();
  }
  doc.moveDown(0.6);
}

function block(doc: Doc, item: Block): void {
  switch (item.type) {
    case 'meta': {
      const y = doc.y;
      const half = contentWidth(doc) / 2;
      write(doc, item.left, { weight: 'bold', y, width: half });
      const leftEnd = doc.y;
      writeLine(doc, item.right, { align: 'right', y, x: doc.page.margins.left + half, width: half });
      doc.y = Math.max(leftEnd, doc.y);
      doc.moveDown(0.6);
      return;
    }
    case 'heading':
      ensureSpace(doc, 60);
      doc.moveDown(0.3);
      write(doc, item.text, { weight: 'bold', size: 12 });
      doc.moveDown(0.3);
      return;
    case 'paragraph':
      ensureSpace(doc, 30);
      write(doc, item.text, { weight: item.bold ? 'bold' : 'regular', align: 'left' });
      doc.moveDown(0.5);
      return;
    case 'lines':
      ensureSpace(doc, 14 * item.lines.length);
      for (const line of item.lines) write(doc, line);
      doc.moveDown(0.5);
      return;
    case 'facts':
      factsTable(doc, item.rows);
      return;
    case 'numbered':
      numbered(doc, item.items);
      return;
    case 'signatures':
      signatures(doc, item.captions);
      return;
    case 'table':
      table(doc, item.columns, item.rows);
      return;
    case 'signoff':
      doc.moveDown(0.6);
      ensureSpace(doc, 50);
      item.lines.forEach((line, index) => {
        if (index > 0) doc.moveDown(index === item.lines.length - 1 ? 1.2 : 0.2);
        writeLine(doc, line, { align: 'right', weight: index === item.lines.length - 1 ? 'bold' : 'regular' });
      });
      doc.moveDown(0.6);
      return;
  }
}

async function verificationPanel(
  doc: Doc,
  input: RenderInput & { verification: NonNullable<RenderInput['verification']> },
): Promise<void> {
  const { language, verification, issuedAt } = input;
  const words = language.texts.verification;
  const qr = await QRCode.toBuffer(verification.url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
  // At the foot of the last page when it fits there, else at the top of a page of its own.
  const height = QR_SIZE + 10;
  doc.moveDown(0.3);
  ensureSpace(doc, height);
  doc.y = Math.max(doc.y, bottom(doc) - height);
  rule(doc, 0.6);
  const y0 = doc.y + 8;
  const x0 = doc.page.margins.left;
  doc.image(qr, x0, y0, { width: QR_SIZE, height: QR_SIZE });
  const textX = x0 + QR_SIZE + 14;
  const textWidth = contentWidth(doc) - QR_SIZE - 14;
  write(doc, words.heading, { weight: 'bold', size: 11, x: textX, y: y0, width: textWidth });
  write(doc, fill(words.code, { code: verification.code }), { weight: 'bold', x: textX, width: textWidth });
  write(doc, fill(words.scan, { url: verification.url }), { size: SMALL_SIZE, x: textX, width: textWidth });
  write(doc, words.explain, { size: SMALL_SIZE, x: textX, width: textWidth });
  write(doc, fill(words.issuedOn, { date: language.format.dateTime(issuedAt) }), {
    size: SMALL_SIZE,
    x: textX,
    width: textWidth,
  });
  doc.y = Math.max(doc.y, y0 + QR_SIZE) + 6;
}

/** The document's PDF bytes. */
export async function renderPdf(input: RenderInput): Promise<Buffer> {
  const { content, letterhead: org, language } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 40, bottom: 40, left: MARGIN, right: MARGIN },
    lang: language.code === 'en' ? 'en-IN' : `${language.code}-IN`,
    displayTitle: true,
    info: {
      Title: content.title,
      Author: org.name,
      Subject: `${content.title} ${content.documentNumber}`,
      Creator: org.name,
      CreationDate: input.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const faces = fontFaces();
  for (const face of [...faces.regular, ...faces.bold]) doc.registerFont(face.name, face.bytes);
  doc.fillColor('#000000');

  letterhead(doc, input);
  for (const item of content.blocks) block(doc, item);
  if (input.verification) await verificationPanel(doc, { ...input, verification: input.verification });
  doc.end();
  return ended;
}
