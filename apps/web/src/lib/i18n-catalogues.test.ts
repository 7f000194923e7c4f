// Every catalogue is complete in every language: each English key has a Hindi and a Telugu value, with the same
// placeholders, written in the language's own script. A value left in English fails, except for the acronyms and names
// that stay in Latin letters in Hindi and Telugu too (KEPT_IN_LATIN).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const OTHER_LANGUAGES = { hi: /[\u0900-\u097F]/, te: /[\u0C00-\u0C7F]/ } as const;

/** Acronyms and names a Hindi or Telugu reader sees in Latin letters on official papers. */
export const KEPT_IN_LATIN = [
  'PAN',
  'GST',
  'GSTIN',
  'EMD',
  'DPR',
  'IIC',
  'SMTP_URL',
  'CLOCK=movable',
  'SMTP',
  'PDF',
  'CSV',
  'JSON',
  'QR',
  'SHA-256',
  'SHA256',
  'ID',
  'NOC',
  'EOT',
  'URL',
  'UPI',
  'NEFT',
  'RTGS',
  'UTR',
  'IFSC',
  'MSME',
  'SLSC',
  'SLAC',
  'SIPC',
  'INR',
  'OTP',
  'API',
  'HTTP',
  'A4',
  'am',
  'pm',
  'AM',
  'PM',
  'sq ft',
  'sqft',
  'sq m',
  'sqm',
  'PNG',
  'JPG',
  'JPEG',
  'MB',
  'KB',
  'dd/mm/yyyy',
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'e.g.',
  'Noto',
  'English',
  // SMS (decision 037): the word on every phone, and the name of its 7-bit alphabet.
  'SMS',
  'GSM-7',
];

function cataloguesIn(directory: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) found.push(...cataloguesIn(full));
    else if (entry.name === 'en.json' && path.basename(directory) === 'i18n') found.push(full);
  }
  return found;
}

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  if (typeof value === 'string') flat.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      for (const [innerKey, text] of flatten(inner, prefix ? `${prefix}.${key}` : key)) flat.set(innerKey, text);
    }
  }
  return flat;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|\$t\([^)]*\)/g)].map((m) => m[0]).sort();

/** What is left of a value once placeholders, nestings, addresses and the kept acronyms are taken out. */
function wordsOf(text: string): string {
  let rest = text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|https?:\/\/\S+|\S+@\S+\.\S+|<\/?\w+[^>]*>/g, ' ');
  for (const kept of [...KEPT_IN_LATIN].sort((a, b) => b.length - a.length)) {
    rest = rest.replace(
      new RegExp(`(^|[^A-Za-z])${kept.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![A-Za-z])`, 'g'),
      '$1 ',
    );
  }
  return rest;
}

const catalogues = cataloguesIn(SRC);

describe('the catalogues', () => {
  it('are found', () => {
    expect(catalogues.length).toBeGreaterThan(15);
  });

  for (const english of catalogues) {
    const name = path.relative(SRC, english);
    for (const [language, script] of Object.entries(OTHER_LANGUAGES)) {
      it(`${name} is complete in ${language}`, () => {
        const file = path.join(path.dirname(english), `${language}.json`);
        expect(fs.existsSync(file), `${path.relative(SRC, file)} is missing`).toBe(true);
        const source = flatten(JSON.parse(fs.readFileSync(english, 'utf8')));
        const translated = flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
        const problems: string[] = [];
        for (const [key, text] of source) {
          const value = translated.get(key);
          if (value === undefined) {
            problems.push(`${key}: missing`);
            continue;
          }
          if (placeholders(value).join() !== placeholders(text).join()) {
            problems.push(`${key}: placeholders ${placeholders(value).join()} instead of ${placeholders(text).join()}`);
          }
          const words = wordsOf(value);
          if (/[A-Za-z]{2,}/.test(words)) problems.push(`${key}: English left in "${value}"`);
          else if (/\p{L}/u.test(words) && !script.test(words)) problems.push(`${key}: not in ${language} script`);
        }
        for (const key of translated.keys()) if (!source.has(key)) problems.push(`${key}: not in English`);
        expect(problems).toEqual([]);
      });
    }
  }
});
