/** Reading the CSV files the exports stream, as a spreadsheet would (RFC 4180: quoted cells may hold commas, doubled
 * quotes and line breaks; records end with CRLF). */
import { parse } from 'csv-parse/sync';

export function parseCsv(text: string): string[][] {
  return parse(text, { record_delimiter: '\r\n', relax_column_count: true });
}
