/** The languages issued documents are written in: each a table of words (the shape of `en`), its formatters for
 * amounts and dates, and its way of writing an amount in words. A recipient whose language has no table gets English;
 * the document records which it got. */
import { amountInWords, formattersFor, type FormatLanguage, type Formatters } from '@portal/contract';
import { en, type DocumentTexts } from './en';
import { hi } from './hi';
import { te } from './te';

export type { DocumentTexts };

export interface DocumentLanguage {
  code: FormatLanguage;
  texts: DocumentTexts;
  /** Amounts in figures and dates as this language writes them (Western digits, Indian grouping). */
  format: Formatters;
  amountInWords(amount: number): string;
}

function language(code: FormatLanguage, texts: DocumentTexts): DocumentLanguage {
  return { code, texts, format: formattersFor(code), amountInWords: (amount) => amountInWords(amount, code) };
}

const LANGUAGES: Record<string, DocumentLanguage> = {
  en: language('en', en),
  hi: language('hi', hi),
  te: language('te', te),
};

export function documentLanguage(code: string | undefined): DocumentLanguage {
  return (code && Object.hasOwn(LANGUAGES, code) && LANGUAGES[code]) || LANGUAGES.en!;
}

/** Fills {{name}} placeholders; a missing parameter is left visible rather than printed as "undefined". */
export function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
