/** A small RFC 4180 CSV reader: quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF or LF,
 * and a leading byte-order mark (spreadsheets add one). */

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

export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let quotedFieldEnded = false;
  let line = 1;
  let recordLine = 1;

  const endField = () => {
    fields.push(field);
    field = '';
    quotedFieldEnded = false;
  };
  const endRecord = () => {
    endField();
    // A blank line is not a record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
  };

  for (let index = 0; index < input.length; index++) {
    const char = input[index]!;
    if (inQuotes) {
      if (char === '"') {
        if (input[index + 1] === '"') {
          field += '"';
          index++;
        } else {
          inQuotes = false;
          quotedFieldEnded = true;
        }
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field !== '' || quotedFieldEnded) throw new CsvSyntaxError(line, 'A quote may only open a field');
      inQuotes = true;
    } else if (char === ',') {
      endField();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && input[index + 1] === '\n') index++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      if (quotedFieldEnded) throw new CsvSyntaxError(line, 'Text follows a closing quote');
      field += char;
    }
  }
  if (inQuotes) throw new CsvSyntaxError(recordLine, 'A quoted field is not closed');
  if (field !== '' || fields.length > 0 || quotedFieldEnded) endRecord();
  return records;
}
