/** The fonts of issued documents: Noto Sans (Latin, with the rupee sign in its Latin Extended file), Noto Sans
 * Devanagari and Noto Sans Telugu, read from the @fontsource packages (WOFF, which fontkit reads and shapes with the
 * fonts' OpenType tables). Each package splits a family into files by script, so a line of text is cut into runs,
 * each set in the first face that has every one of its characters. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export type FontWeight = 'regular' | 'bold';

export interface FontFace {
  /** The name the face is registered under in a PDF document. */
  name: string;
  bytes: Buffer;
  /** The code points the file has glyphs for. */
  covers: ReadonlySet<number>;
  /** The font as fontkit reads it, to try a run's shaping before pdfkit sets it. */
  font: { layout(text: string, features?: Record<string, boolean>): unknown };
}

/** In order of preference: a character goes to the first face that has it. */
const FILES: Record<FontWeight, readonly (readonly [name: string, file: string])[]> = {
  regular: [
    ['latin', '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'],
    ['latin-ext', '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'],
    ['devanagari', '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff'],
    ['telugu', '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff'],
  ],
  bold: [
    ['latin-bold', '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'],
    ['latin-ext-bold', '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff'],
    ['devanagari-bold', '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff'],
    ['telugu-bold', '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff'],
  ],
};

interface AnchorApplying {
  applyAnchor(markRecord: { markAnchor?: unknown } | null, baseAnchor: unknown, baseGlyphIndex: number): void;
}

/** fontkit dereferences every GPOS anchor, but OpenType lets a mark-positioning subtable leave one null ("no anchor
 * for this class here"): Noto Sans Telugu does, and "ప్ర" then throws. HarfBuzz skips such an attachment, and so does
 * the fix proposed to fontkit (foliojs/fontkit#374, for issue #367): until it is released, the same guard is put on
 * the GPOS processor's prototype, which pdfkit's copy of fontkit shares. */
function guardNullAnchors(font: fontkit.Font): void {
  font.layout('a');
  const engine = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: object } } })._layoutEngine;
  const processor = engine?.engine?.GPOSProcessor;
  if (!processor) return;
  const prototype = Object.getPrototypeOf(processor) as AnchorApplying & { nullAnchorsGuarded?: boolean };
  if (prototype.nullAnchorsGuarded) return;
  const applyAnchor = prototype.applyAnchor;
  prototype.applyAnchor = function (this: unknown, markRecord, baseAnchor, baseGlyphIndex) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  prototype.nullAnchorsGuarded = true;
}

function loadFace(name: string, file: string): FontFace {
  const bytes = fs.readFileSync(require.resolve(file));
  const font = fontkit.create(bytes);
  if (!('characterSet' in font)) throw new Error(`${file} is a font collection, not a font`);
  guardNullAnchors(font);
  return { name, bytes, covers: new Set(font.characterSet), font };
}

let loaded: Record<FontWeight, FontFace[]> | undefined;

/** Every face, read once per process. */
export function fontFaces(): Record<FontWeight, FontFace[]> {
  loaded ??= {
    regular: FILES.regular.map(([name, file]) => loadFace(name, file)),
    bold: FILES.bold.map(([name, file]) => loadFace(name, file)),
  };
  return loaded;
}

export interface TextRun {
  face: string;
  text: string;
}

/** Characters that belong to the run they stand in (joiners, variation selectors, combining marks): they never
 * start a run of their own, so a cluster is shaped by one font. */
const CLUSTER_PART = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;

/** Cuts text into runs of one face each: a character stays in the current run while its face has it (spaces and
 * punctuation between words of one script stay with them), otherwise it starts a run in the first face that has it. */
export function fontRuns(text: string, weight: FontWeight = 'regular'): TextRun[] {
  const faces = fontFaces()[weight];
  const runs: TextRun[] = [];
  let current: FontFace | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (current && (current.covers.has(codePoint) || CLUSTER_PART.test(char))) {
      runs[runs.length - 1]!.text += char;
      continue;
    }
    const next: FontFace = faces.find((face) => face.covers.has(codePoint)) ?? current ?? faces[0]!;
    if (next === current) runs[runs.length - 1]!.text += char;
    else runs.push({ face: next.name, text: char });
    current = next;
  }
  return runs;
}
