/** CSV as RFC 4180 reads it (quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF, LF or CR, and
 * a leading byte-order mark, which spreadsheets add), read by csv-parse. Blank lines are not records; each record
 * carries the line of the file it starts on, and a syntax error the line it was found on. */
import { CsvError, parse } from 'csv-parse/sync';

export interface CsvRecord {
  /** The line of the file the record starts on, counting from 1. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** Our words for csv-parse's syntax errors (the import report shows them); any other keeps the library's. */
const SYNTAX_MESSAGES: Record<string, string> = {
  INVALID_OPENING_QUOTE: 'A quote may only open a field',
  CSV_INVALID_CLOSING_QUOTE: 'Text follows a closing quote',
  CSV_QUOTE_NOT_CLOSED: 'A quoted field is not closed',
};

const LINE_BREAKS = /\r\n|\r|\n/g;

export function parseCsv(text: string): CsvRecord[] {
  let parsed: { record: string[]; raw: string }[];
  try {
    // With `raw`, each record comes with its text; the library's types do not say so.
    parsed = parse(text, {
      bom: true,
      relax_column_count: true,
      raw: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as { record: string[]; raw: string }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 1);
      throw new CsvSyntaxError(line, SYNTAX_MESSAGES[error.code] ?? error.message);
    }
    throw error;
  }
  // Each raw record holds its line breaks (those inside quotes and the one that ends it), so counting them gives the
  // line the next record starts on; blank lines come as records of one empty field and are dropped after counting.
  const records: CsvRecord[] = [];
  let line = 1;
  for (const { record, raw } of parsed) {
    if (!(record.length === 1 && record[0] === '')) records.push({ line, fields: record });
    line += raw.match(LINE_BREAKS)?.length ?? 0;
  }
  return records;
}
