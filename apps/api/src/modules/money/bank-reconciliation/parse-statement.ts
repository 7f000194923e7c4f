/** Reads a bank account statement exported as CSV (README: "Bank statement format"): any lines before the header
 * (the account's name and number, the period), the header `Txn Date,Value Date,Description,Ref No./Cheque No.,
 * Debit,Credit,Balance`, then one line per transaction with dd/mm/yyyy dates and amounts written with Indian
 * grouping commas ("1,05,000.00"). Each line is read on its own: a line that cannot be read is reported with its
 * number, a code and the column, and the others are still read. Nothing here touches the database. */
import { STATEMENT_COLUMNS, type StatementRowError } from '@portal/contract';
import { CsvSyntaxError, parseCsv } from '../../../lib/parse-csv';

export type StatementLine =
  | {
      kind: 'credit' | 'debit';
      line: number;
      valueDate: string;
      amount: number;
      description: string;
      reference: string;
      /** The challan number the description or reference quotes (CHL-YYYY-NNNNNN), if any. */
      quoted: string | null;
    }
  | { kind: 'malformed'; line: number; code: StatementRowError; field: string | null; reference: string | null };

export type StatementParse = { ok: true; lines: StatementLine[] } | { ok: false; detail: string };

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const EXPECTED_HEADER = STATEMENT_COLUMNS.map(squash);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** dd/mm/yyyy (or with - or . between), or as SBI writes it "01 Apr 2026" / "01-Apr-26", as YYYY-MM-DD when it is a
 * real day. A two-digit year is of this century. */
export function readStatementDate(text: string): string | null {
  const match = /^(\d{1,2})[/.\- ]([a-z]{3}|\d{1,2})[/.\- ](\d{4}|\d{2})$/i.exec(text.trim());
  if (!match) return null;
  const monthText = match[2]!.toLowerCase();
  const month = /^\d+$/.test(monthText) ? Number(monthText) : MONTHS.indexOf(monthText) + 1;
  const day = Number(match[1]);
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** "1,05,000.50" as 105000.5; blank as null; anything else (letters, a minus, three decimals) as NaN. Rupees and
 * paise are read as whole paise, so no float is accumulated. */
export function readStatementAmount(text: string): number | null {
  const trimmed = text.trim().replace(/^(₹|INR|Rs\.?)\s*/i, '');
  if (trimmed === '') return null;
  if (!/^\d{1,3}(,\d{2,3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  const [rupees, paise = ''] = trimmed.replace(/,/g, '').split('.');
  return (Number(rupees) * 100 + Number(paise.padEnd(2, '0'))) / 100;
}

/** The challan number a line quotes, however the payer wrote it: spaces, hyphens or slashes missing or added, any
 * case ("chl 2026 000123", "CHL2026000123"). */
export function quotedChallanNumber(...texts: string[]): string | null {
  for (const text of texts) {
    const match = /CHL(\d{4})(\d{6})(?!\d)/.exec(text.toUpperCase().replace(/[^A-Z0-9]/g, ''));
    if (match) return `CHL-${match[1]}-${match[2]}`;
  }
  return null;
}

export function parseStatement(text: string): StatementParse {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return { ok: false, detail: `The file is not a readable CSV (line ${error.line}: ${error.message})` };
    }
    throw error;
  }
  const headerIndex = records.findIndex((record) => squash(record.fields[0] ?? '') === EXPECTED_HEADER[0]);
  const header = records[headerIndex];
  if (!header) {
    return { ok: false, detail: `The file has no header line. Expected the columns: ${STATEMENT_COLUMNS.join(', ')}` };
  }
  const found = header.fields.map(squash);
  while (found.length > EXPECTED_HEADER.length && found.at(-1) === '') found.pop();
  if (found.length !== EXPECTED_HEADER.length || found.some((name, index) => name !== EXPECTED_HEADER[index])) {
    return {
      ok: false,
      detail: `Line ${header.line} has the columns ${header.fields.join(', ')}; expected ${STATEMENT_COLUMNS.join(', ')}`,
    };
  }

  const lines: StatementLine[] = [];
  for (const record of records.slice(headerIndex + 1)) {
    const fields = record.fields.map((field) => field.trim());
    // Exports often end every line with a comma, or add a blank line: neither is a transaction.
    while (fields.length > STATEMENT_COLUMNS.length && fields.at(-1) === '') fields.pop();
    if (fields.every((field) => field === '')) continue;
    const line = record.line;
    const reference = fields[3] ? fields[3].toUpperCase() : null;
    const malformed = (code: StatementRowError, field: string | null): StatementLine => ({
      kind: 'malformed',
      line,
      code,
      field,
      reference,
    });
    if (fields.length !== STATEMENT_COLUMNS.length) {
      lines.push(malformed('column_count', null));
      continue;
    }
    const [txnDate, valueDateText, description, , debitText, creditText] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!readStatementDate(txnDate)) {
      lines.push(malformed('bad_date', 'Txn Date'));
      continue;
    }
    const valueDate = readStatementDate(valueDateText);
    if (!valueDate) {
      lines.push(malformed('bad_date', 'Value Date'));
      continue;
    }
    const debit = readStatementAmount(debitText);
    const credit = readStatementAmount(creditText);
    if (debit !== null && Number.isNaN(debit)) {
      lines.push(malformed('bad_amount', 'Debit'));
      continue;
    }
    if (credit !== null && Number.isNaN(credit)) {
      lines.push(malformed('bad_amount', 'Credit'));
      continue;
    }
    const hasDebit = debit !== null && debit > 0;
    const hasCredit = credit !== null && credit > 0;
    if (hasDebit && hasCredit) {
      lines.push(malformed('debit_and_credit', 'Credit'));
      continue;
    }
    if (!hasDebit && !hasCredit) {
      lines.push(malformed('missing_amount', 'Credit'));
      continue;
    }
    if (hasDebit) {
      // Money going out is skipped, whatever its reference.
      lines.push({
        kind: 'debit',
        line,
        valueDate,
        amount: debit,
        description,
        reference: reference ?? '',
        quoted: null,
      });
      continue;
    }
    // A credit is kept once per bank reference (UTR): without one it could not be told from a repeat.
    if (!reference) {
      lines.push(malformed('missing_reference', 'Ref No./Cheque No.'));
      continue;
    }
    lines.push({
      kind: 'credit',
      line,
      valueDate,
      amount: credit!,
      description,
      reference,
      quoted: quotedChallanNumber(description, reference),
    });
  }
  return { ok: true, lines };
}
